"""Rollouts: a move of a seat valued by playing the rest of the deal out with the club player
in every seat, in deals drawn from that seat's view (the expert player's method: see
``bots/expert.py`` for why and what it measured).

Everything here starts from a :class:`SeatView` and the deals ``sampling`` draws from it, never
from the table's real state: a rollout's seats each decide from their own view of the drawn
deal. ``drawn`` yields the deals, ``equals`` says which moves are worth the same, ``values``
values the moves in one deal: for the seat, higher is better (``value``).
"""

from itertools import islice

from ..contract import Phase
from ..players.knowledge import CARD_CODES
from ..players.seat import build
from ..table import across, side_of
from . import sampling

# Deals are drawn this many at a time, and where the auction tells about the hands (the
# trick-and-bid family) each chunk keeps the best fitting of POOL times as many.
CHUNK = 8
POOL = 3

# Tarneeb's endings from this many cards a hand: each card valued double dummy (DDS, exact with
# the hands open, and a millisecond a deal), which sees an unblock that the club player's
# rollouts miss.
SOLVED_CARDS = 4


def equals(view, family: str, club: int) -> dict[int, int]:
    """Each legal move -> the move rolled out in its place. In card play, cards of one suit in
    the hand with no card between them still out (and, in the penalty family, worth the same
    points) are worth the same: a trick goes to the higher card, and none can come between
    them. One of them is rolled out for all: the club player's card where it is one of them,
    else the lowest. Not in Sab'at Al-Deemin, where each card opens its own place."""
    legal = view.legal
    if family == "layout" or view.phase != Phase.PLAY:
        return {m: m for m in legal}
    known = sampling.knowledge(view)
    out = known.unseen | known.holds[0] | known.holds[1] | known.holds[2] | known.holds[3]
    out &= ~view.hand
    points = _card_points(view) if family == "penalty" else None
    groups: list[list[int]] = []
    for c in sorted(m for m in legal if m < len(CARD_CODES)):
        last = groups[-1][-1] if groups else None
        between = ((1 << c) - 1) & ~((2 << last) - 1) if groups else 0
        same = last is not None and last // 13 == c // 13 and not out & between
        if same and (points is None or points[c] == points[last]):
            groups[-1].append(c)
        else:
            groups.append([c])
    tried = {m: m for m in legal}
    for group in groups:
        for c in group:
            tried[c] = club if club in group else group[0]
    return tried


def _card_points(view) -> tuple[int, ...]:
    from ..penalty.players import card_points

    return card_points(view.rules, view.table.exposed)


def drawn(view, game, count: int, seed: str):
    """Up to ``count`` deals consistent with ``view`` (one where its unseen cards admit one
    layout only), engine states at the view's moment drawn from the view alone, yielded
    ``CHUNK`` at a time as the rollouts ask (a move out of time draws no more). In the
    trick-and-bid family each chunk keeps the deals of its ``POOL`` times as many drawn
    where the club player, holding the drawn hands, would have made the calls the other
    three seats made: the auction tells where the high cards are."""
    known = sampling.knowledge(view)
    if sampling.unique(view, known):
        yield from sampling.deals(view, 1, seed)
        return
    yield from islice(_chunks(view, game, known, count, seed), count)


def _chunks(view, game, known, count: int, seed: str):
    """``drawn``'s deals, ``CHUNK`` at a time, each chunk drawn with its own seed."""
    bidding = game.family.name == "trickbid" and bool(view.table.bids)
    for chunk in range(-(-count // CHUNK)):
        if not bidding:
            yield from sampling.deals(view, CHUNK, f"{seed}:{chunk}")
            continue
        pool = sampling.deals(view, CHUNK * POOL, f"{seed}:{chunk}")
        yield from sorted(pool, key=lambda deal: _misbid(view, game, known, deal))[:CHUNK]


def _misbid(view, game, known, deal) -> int:
    """How far the club player's calls with ``deal``'s hands are from the calls the other
    seats made: 0 for each call the same, the tricks between two bids, 2 for a bid against
    a pass or a double."""
    from ..trickbid import moves as calls

    club = game.part("players").club
    family, slug = game.family.name, view.game
    start = [deal.hands[s] | known.played_by[s] for s in range(4)]
    state = game.engine.new_deal(view.rules, start, view.dealer)
    off = 0
    for seat, call in view.table.bids:
        if seat != view.seat:
            mine = club(build(family, state, seat, slug, view.deal_number, view.match_totals), game)
            ours = mine.move
            if ours != call and not (calls.is_bid(ours) and calls.is_bid(call)):
                off += 2
            elif ours != call:
                off += abs(calls.bid_level(ours) - calls.bid_level(call))
                off += calls.bid_strain(ours) != calls.bid_strain(call)
        state.push(call)
    return off


def _solver(view, family: str):
    """The double-dummy solver's module where it values the cards of ``view``: Tarneeb's
    endings of ``SOLVED_CARDS`` cards a hand or fewer (not Tarneeb 41's, whose own bids DDS
    cannot count); else None."""
    if family != "trickbid" or view.counts[view.seat] > SOLVED_CARDS:
        return None
    from ..trickbid import solver as trick

    return None if view.rules.knobs()["scoring"] == "each_bid" else trick


def _solved(view, trick, deal) -> dict[int, float]:
    """Each legal card's value in ``deal`` with every hand open and best play by all (DDS):
    the deal's score from its side's tricks at the deal's end."""
    from ..trickbid.scoring import score_deal

    side = side_of(view.seat)
    out = {}
    for move, tricks in trick.side_values(deal, view.seat).items():
        sides = [0, 0]
        sides[side], sides[1 - side] = tricks, 13 - tricks
        points = score_deal(deal.rules, deal.contract, sides)
        out[move] = float(points[side] - points[1 - side])
    return out


def values(view, game, deal, tried: dict[int, int]) -> dict[int, float]:
    """Each legal move of ``view`` -> its value in ``deal``: rolled out
    (the move ``tried`` in its place), or in Tarneeb's endings double dummy."""
    solver = _solver(view, game.family.name)
    if solver is not None:
        return _solved(view, solver, deal)
    rolled = {move: rollout(view, game, deal, move) for move in set(tried.values())}
    return {move: rolled[tried[move]] for move in view.legal}


def rollout(view, game, deal, move: int) -> float:
    """``move`` played in a copy of ``deal`` and the rest played by the club player in every
    seat, each from its own view of that deal: the deal's value for the view's seat (higher
    is better)."""
    state = deal.copy()
    state.push(move)
    club = game.part("players").club
    family = game.family.name
    slug, number, totals = view.game, view.deal_number, view.match_totals
    while state.to_act is not None:
        legal = state.legal_moves()
        if len(legal) == 1:
            state.push(legal[0])
            continue
        seat = state.to_act
        state.push(club(build(family, state, seat, slug, number, totals), game).move)
    return value(view, family, state)


def value(view, family: str, state) -> float:
    """The finished deal's value for the view's seat, higher better: the penalty points its
    side takes, negated; elsewhere its side's score less the other side's."""
    seat, side = view.seat, side_of(view.seat)
    points = state.points()
    if len(points) == 2:  # per side: Tarneeb, Sab'at Al-Deemin
        mine, theirs = points[side], points[1 - side]
    elif family != "penalty" or view.rules.knobs()["partnership"] != "none":  # partners
        mine = points[seat] + points[across(seat)]
        theirs = sum(points) - mine
    else:
        mine, theirs = points[seat], 0
    if family == "penalty":  # the points its side takes: fewer is better
        return float(-mine)
    return float(mine - theirs)
