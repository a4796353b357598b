"""A paranoid alpha-beta over any :class:`~cardgames.contract.DealState` with every hand
open: the seat's side picks its best card, every other seat the card worst for it, so a
position has one value (Sturtevant's "paranoid" reduction of a multi-player game to two).

The search knows no game's rules or scoring: it moves through the engine's own ``legal_moves``,
``copy`` and ``push``, and scores a finished deal through the family's :class:`Objective` (its
hooks'), which reads the engine's public result (``points()``; the layout's ``winner_side``).
What it weighs, how it keys a position and how deep it goes are the family's hooks and tuning.

Exact where the ending is small enough: with at most ``tuning.exact_cards`` cards left in the
hand of the seat to act, every continuation is searched (a transposition table keyed on the
hands, the cards each seat took and the trick in progress). Measured on this machine, compiled
penalty engine, one exact search of every card of the seat to act, 20 club-played endings each:

- the penalty family (Bent Al Sbeet, Leekha, Hearts): exact within 3 cards a hand (Hearts:
  median 0.015 s, worst 0.075 s); 4 cards take median 0.27 s, worst 1.2 s, too much for the
  seat's view, which searches one deal per sample; 5 cards run past 5 s;
- Sab'at Al-Deemin: exact from its first card (8 cards a hand: median 0.004 s, worst 0.013 s):
  the layout admits few cards a turn, so the open view is always 0 or 1.

Beyond that the search is bounded: it searches in paranoid form to the end of the trick in
progress (a whole trick when the seat leads: it sees who takes the trick it plays to) and judges
each position it stops there by the mean result of random playouts to the end of the deal
(``tuning.playouts``; uniform legal cards, through the compiled engine's own ``playout``), a
stated evaluation, not a proof: such an answer says ``exact: false``. The tunings measured:
the penalty family exact within 3 cards, 4 playouts; the layout exact within 8 (always), 6
playouts, 4 plies past that (never reached).
"""

import random
import time
from dataclasses import dataclass

from ..errors import EngineError, IllegalMove
from ..table import across, side_of

INF = float("inf")
CHECK_EVERY = 255  # nodes between two looks at the clock


class Unavailable(IllegalMove):
    """``analysis_unavailable``: not the card play, or the seat asked about is not the one to
    act. An ``IllegalMove``, so the API answers it as it answers one: 422 with the code."""

    def __init__(self, **details):
        super().__init__("analysis_unavailable", **details)


class Busy(EngineError):
    """``analysis_busy``: the deadline passed before the answer was whole (the web layer
    answers 503 with ``Retry-After``; no half answer is ever returned)."""

    def __init__(self, **details):
        super().__init__("analysis_busy", **details)


@dataclass(frozen=True)
class Objective:
    """What a finished deal is worth to ``seat``, higher better (``utility``), who plays on its
    side (``ours``), and how a utility reads as the answer's value (``value``): the positions
    spec's values, one objective per family (its hooks' ``objective``), through which the
    searches, the rollouts and the verdicts of ``cardgames.analysis`` score a finished deal.
    This one reads a deal's points (``points()``) as a cost, fewer better (the penalty
    family's); a family that values otherwise gives its hooks a subclass."""

    seat: int
    partners: bool  # the seat's partner plays for it (its side scores, or goes out, together)

    def ours(self, seat: int) -> bool:
        return seat == self.seat or (self.partners and side_of(seat) == side_of(self.seat))

    def utility(self, state) -> float:
        points = state.points()
        own = points[self.seat]
        if self.partners:
            own += points[across(self.seat)]
        return -float(own)  # penalty points: fewer is better

    def value(self, utility: float) -> float:
        return -utility

    def utility_of_value(self, value: float) -> float:
        return self.value(value)  # its own inverse: a sign

    @property
    def bounds(self) -> tuple[float, float]:
        return (-INF, INF)


def cards_left(state) -> int:
    return state.hands[state.to_act].bit_count()


class Search:
    """One search: the family's hooks, its objective, its transposition table and its clock."""

    def __init__(
        self, hooks, goal: Objective, deadline: float | None = None, seed: str = "", playouts=None
    ):
        self.hooks = hooks
        self.tuning = hooks.tuning
        self.goal = goal
        self.playouts = playouts or self.tuning.playouts
        self.deadline = deadline
        self.table: dict = {}
        self.nodes = 0
        self.rng = random.Random(f"search:{seed}")
        self.fast = None  # whether the engine's own playout may be used (see ``playout``)

    # --- the clock ---

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes & CHECK_EVERY == 0 and self.deadline is not None:
            if time.monotonic() > self.deadline:
                raise Busy()

    # --- the root ---

    def values(self, state, exact: bool | None = None) -> tuple[dict[int, float], bool]:
        """The value (the objective's ``value``) of each move of the seat to act, and whether
        every continuation was searched. ``exact`` forces the choice (tests); by default the
        search is exact within ``EXACT_CARDS`` cards a hand."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise Busy()
        if exact is None:
            exact = cards_left(state) <= self.tuning.exact_cards
        depth = 10**6 if exact else self.horizon(state)
        lo, hi = self.goal.bounds
        out = {}
        for move in self.moves_of(state):
            child = state.copy()
            child.push(move)
            out[move] = self.goal.value(self.alphabeta(child, lo, hi, depth - 1))
        return out, exact

    def horizon(self, state) -> int:
        """The bounded search's plies: to the end of the trick in progress (a whole trick when
        the seat leads), so it sees who takes the trick it plays to, and no further; or the
        family's own number of plies."""
        plies = self.tuning.bounded_plies
        return 4 - len(state.trick) if plies is None else plies

    # --- the tree ---

    def alphabeta(self, state, alpha: float, beta: float, depth: int) -> float:
        """The paranoid value of ``state`` (a utility), exact when it lies inside
        ``(alpha, beta)``, else a bound on the side it fell (fail-soft)."""
        self.tick()
        if state.to_act is None:
            return self.goal.utility(state)
        if depth <= 0:
            return self.estimate(state)
        key = self.key(state, depth)
        low, high = self.table.get(key, (-INF, INF))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        a, b = max(alpha, low), min(beta, high)
        best = self.best_of(state, a, b, depth)
        if best <= a:
            self.table[key] = (low, best)
        elif best >= b:
            self.table[key] = (best, high)
        else:
            self.table[key] = (best, best)
        return best

    def best_of(self, state, alpha: float, beta: float, depth: int) -> float:
        maximise = self.goal.ours(state.to_act)
        best = -INF if maximise else INF
        for move in self.moves_of(state):
            child = state.copy()
            child.push(move)
            v = self.alphabeta(child, alpha, beta, depth - 1)
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def key(self, state, depth: int) -> tuple:
        """What decides the rest of the deal (the family's ``position_key``: the hands, the
        seat to act, and where the score depends on them the cards each seat took and the
        trick in progress); the bounded search keeps its depth too (a shallower look is
        another question)."""
        return (*self.hooks.position_key(state), depth if depth < 10**5 else -1)

    def moves_of(self, state) -> list[int]:
        """The moves the search weighs: the cards (and a knock); an exposure during play is a
        choice of its own that the search leaves to the player."""
        weighs = self.hooks.weighs
        return [m for m in state.legal_moves() if weighs(m)]

    # --- beyond the horizon ---

    def estimate(self, state) -> float:
        """The stated evaluation past the horizon: the mean utility of random playouts."""
        total = 0.0
        n = self.playouts
        for _ in range(n):
            total += self.goal.utility(self.playout(state.copy()))
        return total / n

    def playout(self, state):
        if self.fast is None:
            # The engine's own loop, where the family has one that plays as this one would.
            self.fast = self.hooks.fast_playout(state)
        if self.fast:
            return state.playout(self.rng.random)
        rng = self.rng
        while state.to_act is not None:
            legal = self.moves_of(state)
            state.push(legal[int(rng.random() * len(legal))])
        return state


def open_values(
    hooks, state, seat: int, *, deadline=None, seed: str = "", exact=None, playouts=None
) -> tuple[dict[int, float], bool]:
    """Each move's value for ``seat`` (to act in ``state``) with every hand open, searched with
    a family's ``hooks``; ``playouts`` at each position the bounded search stops at (the
    family's tuning by default)."""
    search = Search(hooks, hooks.objective(state.rules, seat), deadline, seed, playouts)
    return search.values(state, exact)
