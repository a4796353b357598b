"""The layout family's analysis hooks: what a seat knows of the other hands (every move is public;
a knock shows what the knocker lacks), a drawn deal rebuilt from its announcements (or from the
play, for a position opened there), what a deal is worth to a seat (the chance, 0 or 1, that its
side goes out first), and the tuning measured for its deals (``cardgames.search``)."""

from dataclasses import dataclass

from ..contract import Phase, Tuning
from ..search.hooks import Hooks
from ..search.tree import Objective
from ..table import side_of
from .deal import new_deal
from .moves import ANNOUNCEMENTS, KNOCK

# Measured: exact from the first card (8 cards a hand: median 0.004 s, worst 0.013 s), so each
# of the 48 deals of a seat's view is searched to its end; the expert rolls out the
# announcements too, where a double or a redeal weighs the whole deal, and keeps the club
# player's unless another gains 10 points (a marginal double only doubles the spread: ``make
# strength``, +28.6 against +18.0 with none). Five points of the chance to go out first are the
# least a player counts; the chance is written to a hundredth.
TUNING = Tuning(
    samples=48,
    exact_cards=8,
    playouts=6,
    bounded_plies=4,
    expert_samples=96,
    rolled_out=frozenset({Phase.PLAY, Phase.ANNOUNCE}),
    tolerance=10.0,
    material=0.05,
    places=2,
)


@dataclass(frozen=True)
class GoingOut(Objective):
    """A deal is worth 1 to the seat whose side went out first, else 0."""

    def utility(self, state) -> float:
        return 1.0 if state.winner_side == side_of(self.seat) else 0.0

    def value(self, utility: float) -> float:
        return utility

    @property
    def bounds(self) -> tuple[float, float]:
        return (0.0, 1.0)


class LayoutHooks(Hooks):
    def facts(self, view):
        """Who laid each card (every move is public) and what each knock showed."""
        record = view.table
        played_by = [0, 0, 0, 0]
        for move, actor in zip(record.moves, record.actors, strict=True):
            if move < 52:
                played_by[actor] |= 1 << move
        holds = [0, 0, 0, 0]
        holds[view.seat] = view.hand
        return played_by, holds, list(record.lacks)

    def rebuild(self, view, start):
        """From where the record starts: the announcements (every move of the deal is public,
        and none of them but a redeal, which ends the deal, depends on the cards held), or the
        play, for a position opened there (in play, no announcement in its record), with the
        multiplier it was opened with."""
        moves = list(view.table.moves)
        if view.phase != Phase.PLAY or any(m in ANNOUNCEMENTS for m in moves):
            return new_deal(view.rules, start, view.dealer), moves
        opened = new_deal(
            view.rules, start, view.dealer, start=Phase.PLAY, multiplier=view.table.multiplier
        )
        return opened, moves

    def weighs(self, move: int) -> bool:
        return move < 52 or move == KNOCK  # a knock is as much a move of the play as a card

    def objective(self, rules, seat: int) -> Objective:
        return GoingOut(seat, True)  # always played by sides

    def position_key(self, state) -> tuple:
        return (tuple(state.hands), state.to_act)

    def groups_cards(self) -> bool:
        return False  # each card opens its own place on the layout


HOOKS = LayoutHooks(TUNING)
