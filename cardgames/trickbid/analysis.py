"""The trick-and-bid family's analysis hooks: what a seat knows of the other hands (the voids
shown), a drawn deal rebuilt through its auction, what a deal is worth to a seat (its side's
tricks; Tarneeb 41's own), each card valued with every hand open by the double-dummy solver
(``solver``: DDS, or Tarneeb 41's own tricks searched by hand), the deals that fit the auction
kept for the expert's rollouts, and the tuning measured for its deals."""

from dataclasses import dataclass

from ..contract import Phase, Tuning
from ..players.seat import build
from ..search.hooks import Hooks, Objective
from ..search.sampling import suits
from ..table import side_of
from . import moves as calls
from . import solver
from .deal import new_deal
from .moves import NT, TRICKS, TRUMP
from .players import club
from .scoring import score_deal

# Measured (``cardgames.analysis``): 48 deals a seat's view, enough that the best card of one
# seed is judged costly by another in under 5% of positions (``bench_verdict``); rollouts valued
# by the deal's score, for the expert. A quarter of a trick is the least a player counts; tricks
# are written to a tenth.
TUNING = Tuning(
    samples=48,
    exact_cards=13,
    playouts=1,
    bounded_plies=None,
    expert_samples=96,
    rolled_out=frozenset({Phase.PLAY}),
    tolerance=0.0,
    material=0.25,
    places=1,
)
# Tarneeb's deals drawn for a seat's view go to the double-dummy solver from this many cards a
# hand (the fourth trick): a few milliseconds a deal, where a full hand takes a fifth of a
# second (48 deals: 10 s); before, the club player plays them out.
DOUBLE_DUMMY_CARDS = 10
# Tarneeb 41's own tricks (no double-dummy solver counts one seat against three): searched to
# the end in a drawn deal's last cards only.
OWN_EXACT_CARDS = 3
# Tarneeb's endings from this many cards a hand: each card valued double dummy (DDS, exact with
# the hands open, and a millisecond a deal), which sees an unblock that the club player's
# rollouts miss.
SOLVED_CARDS = 4


@dataclass(frozen=True)
class Tricks(Objective):
    """A deal is worth its tricks: the side's (Tarneeb), or the seat's own (Tarneeb 41)."""

    own: bool = False  # the seat's own tricks, not its side's

    def utility(self, state) -> float:
        if self.own:
            return float(state.tricks_won[self.seat])
        return float(state.side_tricks()[side_of(self.seat)])

    def value(self, utility: float) -> float:
        return utility


class TrickbidHooks(Hooks):
    def facts(self, view):
        """Who played each card (the record's tricks name them) and the voids shown."""
        record = view.table
        played_by = [0, 0, 0, 0]
        for cards, _ in record.tricks:
            for s, c in cards:
                played_by[s] |= 1 << c
        for s, c in record.trick:
            played_by[s] |= 1 << c
        cannot = [suits(v) for v in record.voids]
        holds = [0, 0, 0, 0]
        holds[view.seat] = view.hand
        return played_by, holds, cannot

    def rebuild(self, view, start):
        """The deal from its first call: the auction and the trump call replayed, then play."""
        record = view.table
        state = new_deal(view.rules, start, view.dealer)
        for _, call in record.bids:
            state.push(call)
        if state.phase == Phase.TRUMP:
            state.push(TRUMP + (NT if record.trump is None else record.trump))
        return state, list(record.plays)

    def objective(self, rules, seat: int) -> Objective:
        """Tarneeb's side's tricks; Tarneeb 41's, the seat's own (its partner's are theirs)."""
        own = solver.plays_for_itself_under(rules)
        return Tricks(seat, not own, own)

    def open_solved(self, state, seat):
        """DDS's tricks for a side; Tarneeb 41's own tricks by hand (exact beyond the small
        endings where the search ends within its budget)."""
        found, exact = solver.open_analysis(state, seat)
        return {m: float(v) for m, v in found.items()}, exact

    def ending(self, deal, seat, deadline=None):
        """Tarneeb 41's own tricks in a deal's last ``OWN_EXACT_CARDS`` cards a hand, searched
        to the end (Tarneeb's drawn deals go to DDS together: ``deals_values``)."""
        if deal.hands[seat].bit_count() > OWN_EXACT_CARDS:
            return None
        if not solver.plays_for_itself_under(deal.rules):
            return None
        found, exact = solver.own_analysis(deal, seat)
        return {m: float(v) for m, v in found.items()}, exact

    def deals_values(self, view, deals):
        """Tarneeb from ``DOUBLE_DUMMY_CARDS`` cards a hand: each card's tricks for the side in
        every drawn deal, DDS's (in batches)."""
        if solver.plays_for_itself_under(view.rules) or view.hand.bit_count() > DOUBLE_DUMMY_CARDS:
            return None
        per: dict[int, list[float]] = {}
        for values in solver.side_values_of_deals(deals):
            for move, tricks in values.items():
                per.setdefault(move, []).append(float(tricks))
        return per

    def has_table(self) -> bool:
        return True

    def table(self, state) -> dict:
        return solver.table(state)

    def fits_auction(self, view) -> bool:
        return bool(view.table.bids)

    def misfit(self, view, game, known, deal) -> int:
        """How far the club player's calls with ``deal``'s hands are from the calls the other
        seats made: 0 for each call the same, the tricks between two bids, 2 for a bid against
        a pass or a double."""
        start = [deal.hands[s] | known.played_by[s] for s in range(4)]
        state = new_deal(view.rules, start, view.dealer)
        off = 0
        for seat, call in view.table.bids:
            if seat != view.seat:
                seen = build(state, seat, game, view.deal_number, view.match_totals)
                ours = club(seen, game).move
                if ours != call and not (calls.is_bid(ours) and calls.is_bid(call)):
                    off += 2
                elif ours != call:
                    off += abs(calls.bid_level(ours) - calls.bid_level(call))
                    off += calls.bid_strain(ours) != calls.bid_strain(call)
            state.push(call)
        return off

    def solved(self, view, deal) -> dict | None:
        """Tarneeb's endings of ``SOLVED_CARDS`` cards a hand or fewer, valued by DDS (not
        Tarneeb 41's, whose own bids DDS cannot count): the deal's score from its side's tricks
        at the deal's end."""
        if view.counts[view.seat] > SOLVED_CARDS or solver.plays_for_itself_under(view.rules):
            return None
        side = side_of(view.seat)
        out = {}
        for move, tricks in solver.side_values(deal, view.seat).items():
            sides = [0, 0]
            sides[side], sides[1 - side] = tricks, TRICKS - tricks
            points = score_deal(deal.rules, deal.contract, sides)
            out[move] = float(points[side] - points[1 - side])
        return out


HOOKS = TrickbidHooks(TUNING)
