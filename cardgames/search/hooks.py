"""What the search asks of a family: its hooks, one object per family (its ``analysis`` module's
``HOOKS``, named by its record). The search, the sampling, the rollouts and the expert call
these and nothing else of a family, so none of them names one.

A family's hooks are a sampler (``facts``: what a seat knows of the other hands from the public
record; ``rebuild``: a drawn deal as the engine's own state), an objective (``objective``: what
a finished deal is worth to a seat, for the analysis's verdicts; ``rollout_value``: the same
for the expert's rollouts), and their tuning (``tuning``: how many deals, how deep, how exact,
how fine a verdict), with what a family alone needs: a double-dummy solver's values and table,
equal cards to roll out once, an auction's fit, the points a trick carries.
"""

from ..contract import Tuning
from ..table import across, side_of
from .tree import Objective, open_values

__all__ = ["Hooks", "Objective"]


class Hooks:
    """The base of a family's hooks: what every family answers alike."""

    def __init__(self, tuning: Tuning):
        self.tuning = tuning

    # --- the sampler ---

    def facts(self, view) -> tuple[list[int], list[int], list[int]]:
        """From ``view``'s public record: the cards each seat played this deal, the cards each
        seat surely holds, and the cards each seat cannot hold (bit sets by seat)."""
        raise NotImplementedError

    def rebuild(self, view, start: list[int]):
        """The engine's state with the hands ``start`` as they were when the record began, and
        the moves to replay on it: ``(state, moves)``."""
        raise NotImplementedError

    # --- the search ---

    def weighs(self, move: int) -> bool:
        """Whether the search weighs ``move`` as it weighs a card (any other legal move, an
        exposure during play say, is a choice left to the player)."""
        return move < 52

    def objective(self, rules, seat: int) -> Objective:
        raise NotImplementedError

    def position_key(self, state) -> tuple:
        """What decides the rest of the deal, for the search's table of positions."""
        raise NotImplementedError

    def fast_playout(self, state) -> bool:
        """Whether the engine's own random playout (``state.playout``) may stand in for the
        search's, move by move."""
        return False

    def samples(self, rules) -> int:
        """Deals drawn for one answer from a seat's view under ``rules``."""
        return self.tuning.samples

    def open_solved(self, state, seat) -> tuple[dict[int, float], bool] | None:
        """Each move's value for ``seat`` (to act) with every hand open, by the family's own
        solver where it has one, and whether it is exact; None: the analysis searches the
        ending, or plays the deal out."""
        return None

    def ending(self, deal, seat, deadline=None) -> tuple[dict[int, float], bool] | None:
        """Each move's utility (``objective``: higher better) for ``seat`` (to act) in ``deal``
        with every hand open, searched to the deal's end where it is small enough for that
        (``tuning.exact_cards`` cards a hand), and whether it is exact; None where it is not."""
        if deal.hands[seat].bit_count() > self.tuning.exact_cards:
            return None
        goal = self.objective(deal.rules, seat)
        values, exact = open_values(self, deal, seat, deadline=deadline, exact=True)
        return {m: goal.utility_of_value(v) for m, v in values.items()}, exact

    def deals_values(self, view, deals) -> dict[int, list[float]] | None:
        """Each legal card's utility in every one of ``deals`` (drawn for ``view``) at once,
        where the family's solver values them all better than one by one; else None."""
        return None

    def has_table(self) -> bool:
        """Whether the family has a double-dummy table of a deal (``table``)."""
        return False

    def table(self, state) -> dict | None:
        """The deal's double-dummy table from its start, where the family has one."""
        return None

    def trick_points(self, before, state) -> int:
        """The points the trick just completed in ``state`` carried (``before``: the deal's
        ``points()`` before it): 0 where a trick carries none."""
        return 0

    # --- the rollouts ---

    def groups_cards(self) -> bool:
        """Whether cards of one suit with none still out between them are worth the same (a
        trick goes to the higher card); not where each card opens its own place."""
        return True

    def card_points(self, view) -> tuple[int, ...] | None:
        """Each card's points, where touching cards of unequal points are not equal."""
        return None

    def fits_auction(self, view) -> bool:
        """Whether the deals drawn for the expert are kept where they fit the calls made (the
        auction tells where the high cards are)."""
        return False

    def misfit(self, view, game, known, deal) -> int:
        """How far the calls made are from those the club player would make holding ``deal``'s
        hands (0: the same)."""
        return 0

    def solved(self, view, deal) -> dict | None:
        """Each legal card's value in ``deal`` with every hand open and best play by all, where
        a solver values it better than rollouts would; else None."""
        return None

    def rollout_value(self, view, state) -> float:
        """The finished deal's value for the view's seat, higher better: its side's score less
        the other side's (a deal scored by seats: the partners' together)."""
        seat, side = view.seat, side_of(view.seat)
        points = state.points()
        if len(points) == 2:  # by side
            mine, theirs = points[side], points[1 - side]
        else:
            mine = points[seat] + points[across(seat)]
            theirs = sum(points) - mine
        return float(mine - theirs)
