"""The kingdom family's analysis hooks: the Trix's rows, the one contract a kingdom plays as its own
game (``FAMILY.playing`` hands each trick contract to the penalty family, whose hooks value it).

What a seat knows is the layout family's (every card laid is public; a pass shows the passer
holds no card that fitted), read from the Trix's own record inside the kingdom's; a drawn deal
is rebuilt as the kingdom's deal, the owner's choice of the Trix replayed before the rows; a
finished deal is worth to a seat the points of its place (200, 150, 100, 50 by default).
"""

from dataclasses import dataclass

from ..contract import Tuning
from ..kingdom import CHOOSE, KingdomDeal
from ..layout.analysis import HOOKS as LAYOUT_HOOKS
from ..layout.moves import KNOCK
from ..search.hooks import Hooks
from ..search.tree import Objective
from ..table import across

# A seat's place waits on how fast every seat goes out, so the rows are searched whole only within
# ``exact_cards`` cards left in all four hands together (measured on 30 seeded deals: 28 cards
# left, 0.03 s a deal, 0.12 s at worst; 34 left, 0.17 s and 0.6 s), in each of 16 deals drawn
# from the seat's view; before that each card is valued by the club player's playouts.
TUNING = Tuning(
    samples=16,
    exact_cards=24,
    playouts=8,
    bounded_plies=2,
    expert_samples=16,
    rolled_out=frozenset(),
    tolerance=10.0,
    material=10.0,  # half the smallest gap between two places' points
    places=0,
)


@dataclass(frozen=True)
class Places(Objective):
    """A Trix is worth to a seat the points of the place it went out in (and its partner's,
    where partners add their points)."""

    def utility(self, state) -> float:
        points = state.points()
        return float(points[self.seat] + (points[across(self.seat)] if self.partners else 0))

    def value(self, utility: float) -> float:
        return utility

    @property
    def bounds(self) -> tuple[float, float]:
        return (0.0, 2000.0)  # a seat's, and a partner's, of the points a table may set


def _rows(view):
    """The Trix's own view inside a kingdom's: the layout family's rules and record."""
    return view._replace(rules=view.rules.layout(), table=view.table.table)


class KingdomHooks(Hooks):
    def facts(self, view):
        """The rows' record: who laid each card, what each pass showed; before the owner's
        choice, only the seat's own hand."""
        if view.table.contract is None:
            holds = [0, 0, 0, 0]
            holds[view.seat] = view.hand
            return [0, 0, 0, 0], holds, [0, 0, 0, 0]
        return LAYOUT_HOOKS.facts(_rows(view))

    def rebuild(self, view, start):
        """The kingdom's deal on the hands ``start``, then the owner's choice of the Trix and
        the rows' moves."""
        kingdom = view.table
        deal = KingdomDeal(
            view.rules,
            start,
            view.dealer,
            kingdom.owner,
            kingdom.used,
            view.deal_number or 1,
            view.match_totals or (0, 0, 0, 0),
        )
        if kingdom.contract is None:
            return deal, []
        choice = CHOOSE + view.rules.ALL_CONTRACTS.index(kingdom.contract)
        return deal, [choice, *kingdom.table.moves]

    def ending(self, deal, seat, deadline=None):
        """Searched whole only within ``exact_cards`` cards in all hands together."""
        if sum(h.bit_count() for h in deal.inner.hands) > self.tuning.exact_cards:
            return None
        return super().ending(deal, seat, deadline)

    def weighs(self, move: int) -> bool:
        return move < 52 or move == KNOCK  # a pass is as much a move of the rows as a card

    def objective(self, rules, seat: int) -> Objective:
        return Places(seat, rules.partners)

    def position_key(self, state) -> tuple:
        """The hands (the rows are every card not in them), who is to act, and the seats
        already out in their order: two orders of going out reach the same hands with other
        places."""
        rows = state.inner
        return (tuple(rows.hands), state.to_act, tuple(rows.out))

    def groups_cards(self) -> bool:
        return False  # each card opens its own place on a row

    def rollout_value(self, view, state) -> float:
        return self.objective(view.rules, view.seat).utility(state)


HOOKS = KingdomHooks(TUNING)
