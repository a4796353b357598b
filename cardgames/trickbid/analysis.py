"""The trick-and-bid family's analysis hooks: what a seat knows of the other hands (the voids
shown), a drawn deal rebuilt through its auction, each card valued with every hand open by the
double-dummy solver (``solver``: DDS, or Tarneeb 41's own tricks searched by hand), the deals
that fit the auction kept for the expert's rollouts, and the tuning measured for its deals."""

from ..contract import Phase, Tuning
from ..players.seat import build
from ..search.hooks import Hooks
from ..search.sampling import suits
from ..table import side_of
from . import moves as calls
from . import solver
from .deal import new_deal
from .moves import NT, TRICKS, TRUMP
from .players import club
from .scoring import score_deal

# Measured (``cardgames.analysis``): Tarneeb 0.89 s for 12 deals of a seat's view, the worst of
# 52 positions; Tarneeb 41's own tricks are searched in Python (DDS counts only sides), so a
# quarter as many deals; rollouts valued by the deal's score, for the expert.
TUNING = Tuning(
    samples=12,
    deal_samples=4,
    exact_cards=13,
    playouts=1,
    bounded_plies=None,
    expert_samples=96,
    rolled_out=frozenset({Phase.PLAY}),
    tolerance=0.0,
)
OWN_TRICKS_SAMPLES = 4
# Tarneeb's endings from this many cards a hand: each card valued double dummy (DDS, exact with
# the hands open, and a millisecond a deal), which sees an unblock that the club player's
# rollouts miss.
SOLVED_CARDS = 4


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

    def samples(self, rules) -> int:
        return OWN_TRICKS_SAMPLES if solver.plays_for_itself_under(rules) else self.tuning.samples

    def open_values(self, state, seat, *, deadline=None, seed="", whole_deal=False, playouts=None):
        """DDS's tricks for a side; Tarneeb 41's own tricks by hand (a single answer tries the
        exact search beyond the small endings; a whole deal's review does not, or its
        thirteen cards take 5 to 18 s where they take a tenth of that)."""
        found, exact = solver.open_analysis(state, seat, 0 if whole_deal else None)
        return {m: float(v) for m, v in found.items()}, exact

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
