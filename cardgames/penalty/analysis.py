"""The penalty family's analysis hooks: what a seat knows of the other hands, a drawn deal rebuilt,
what a deal is worth to a seat (the penalty points its side takes, fewer better), and the
tuning measured for its deals (``cardgames.search``)."""

from ..cards import PACK_52
from ..contract import Phase, Tuning
from ..search.hooks import Hooks, Objective
from ..search.sampling import voids
from ..table import Direction, across, next_seats
from ..tricks import trick_winner
from .deal import new_deal
from .players import card_points
from .prepared import table
from .scoring import HEARTS_MASK

# Measured (``cardgames.search.tree`` and ``cardgames.analysis``): 48 deals a seat's view, enough
# that the best card of one seed is judged costly by another in under 5% of positions
# (``bench_verdict``), each deal's last 3 cards a hand searched exact (Hearts: median 0.015 s,
# worst 0.075 s; 4 cards take a quarter of a second), the rest played out by the club player;
# rollouts from the first trick for the expert. A cost under half a point is no cost (it would
# round to none), and points are whole.
TUNING = Tuning(
    samples=48,
    exact_cards=3,
    playouts=4,
    bounded_plies=None,
    expert_samples=96,
    rolled_out=frozenset({Phase.PLAY}),
    tolerance=0.0,
    material=0.5,
    places=0,
)


class PenaltyHooks(Hooks):
    def facts(self, view):
        """Who played each card (the first leader, then each trick's winner), the voids shown,
        a heart led before hearts were broken (its leader held nothing else), the exposed cards
        still held and the cards this seat passed, which its receiver holds until it plays
        them."""
        record = view.table
        rules = table(view.rules)
        played_by, holds, cannot = [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]
        step = next_seats(Direction(view.rules.knobs()["direction"]))
        seat = record.leader
        trick: list[tuple[int, int]] = []
        played = 0
        for c in record.plays:
            if not trick and rules.must_break and not played & rules.break_mask:
                if HEARTS_MASK >> c & 1:
                    cannot[seat] |= PACK_52 & ~HEARTS_MASK
            trick.append((seat, c))
            played |= 1 << c
            played_by[seat] |= 1 << c
            if len(trick) == 4:
                voids(cannot, trick)
                seat = trick_winner(trick)
                trick = []
            else:
                seat = step[seat]
        voids(cannot, trick)
        for s in range(4):
            holds[s] |= record.exposed_held[s]
        if record.pass_to is not None:
            holds[record.pass_to] |= record.passed & ~record.played
        holds[view.seat] = view.hand
        return played_by, holds, cannot

    def rebuild(self, view, start):
        """Play starts from the hands after the pass, with the exposures made."""
        record = view.table
        state = new_deal(
            view.rules,
            start,
            view.dealer,
            view.deal_number,
            view.match_totals,
            start="play",
            exposed=record.exposed,
            leader=record.leader,  # who led the first trick (Trix: the owner)
        )
        return state, list(record.plays)

    def objective(self, rules, seat: int) -> Objective:
        """The seat's own points, its side's only where the variant adds the partners' points
        together (``points_added``). Partners who keep separate scores (Leekha's
        ``individual_scores``) are each judged on their own points, the other three against
        them, as when every player is alone."""
        return Objective(seat, rules.knobs()["partnership"] == "points_added")

    def position_key(self, state) -> tuple:
        """The score depends on the cards each seat took and the exposures."""
        return (
            tuple(state.hands),
            state.to_act,
            tuple(state.taken),
            tuple(state.trick),
            state.exposed,
        )

    def fast_playout(self, state) -> bool:
        """The compiled engine's own loop, save where exposures run into play: it would expose
        at random, and the search leaves exposures to the player."""
        return state.rules.knobs()["expose_when"] != "until_played"

    def card_points(self, view) -> tuple[int, ...]:
        return card_points(view.rules, view.table.exposed)

    def trick_points(self, before, state) -> int:
        """The penalty points the cards of the trick just completed carried."""
        return sum(state.points()) - sum(before)

    def rollout_value(self, view, state) -> float:
        """The penalty points the seat's side takes, negated: fewer is better."""
        points = state.points()
        mine = points[view.seat]
        if view.rules.knobs()["partnership"] != "none":
            mine += points[across(view.seat)]
        return float(-mine)


HOOKS = PenaltyHooks(TUNING)
