"""The expert player: in card play (and Sab'at Al-Deemin's announcements), the move that does
best when the rest of the deal is played out by the club player in every seat, over deals
drawn from its own seat's view; everywhere else (passing, exposing, bidding, naming trumps),
the club player's decision.

Method (policy-improvement rollouts, Tesauro and Galperin 1996, over GIB's sampling of the
unseen hands): the expert draws deals consistent with the :class:`SeatView` it was given and
nothing else (``analysis.sampling``: the real hidden hands are never read; in the trick-and-bid
family the draws that fit the auction are kept, see ``drawn``). In each deal it makes every
legal move in turn and lets the club player play the rest of the deal for all four seats, each
seat deciding from its own view of the drawn deal; the engine's own result then values the
move for the expert's seat (``value``): the penalty points its side takes (the penalty family;
a side where the variant plays partnerships), the deal's score of its side against the other
side's (Tarneeb's contract made or failed, Tarneeb 41's four bids, Sab'at's score with its
double or triple). Every move is tried in the same deals against the same deterministic
players, so the comparison is paired and its noise small; as the club player's own move is
one of those tried, the expert gives up nothing against the club player but sampling noise.
Equal cards (touching in the hand, none still out between them, the same points) are rolled
out once for all. Per family, from measurements:

- penalty (Bent Al Sbeet, Leekha, Hearts): rollouts from the first trick. The earlier
  open-hand search to the trick's end with random playouts after it played worse than the
  club player (Bent Al Sbeet -2.6 a deal over 60 deals).
- trick-and-bid: rollouts, valued by the deal's score; Tarneeb's endings of ``SOLVED_CARDS``
  cards or fewer are valued double dummy (DDS), which sees an unblock the club player's
  rollouts miss. The earlier DDS values of every card counted tricks, not the contract's
  score, and Tarneeb 41's own tricks, not the four bids (Tarneeb 41: -1.7 a deal over 60).
- layout (Sab'at Al-Deemin): rollouts of the cards and of the announcements; the card play
  alone has too few choices to move the score. The club player's announcement stands unless
  another gains ``TOLERANCE`` points (a marginal double only doubles the spread).

Measured with ``make strength`` (``bench/strength.py``: 200 seeded deals a game, seats going
round, expert against club; the margin per deal in the expert's favour, its 95% interval, the
expert's win rate), with the club player's own margin on the same deals and seats beside it:

FIGURES

Time: deals are rolled out one at a time (every move in each), so the expert stops between two
deals: after ``SAMPLES`` deals; once ``MOVE_AIM`` seconds are spent (a move's median stays
under 300 ms); before a deal that would end past ``MOVE_BUDGET`` at the pace so far, or past
the caller's deadline (the web layer gives the computer players' replies to one request one
budget between them). A rollout of a whole deal takes a millisecond or two, so a move rolls
out some 10 to 96 deals. With no deal rolled out in time the expert plays the club player's
move, which takes milliseconds: a move is never missing and always legal.
"""

import time
from itertools import islice
from typing import NamedTuple

from ..contract import Phase
from ..table import side_of
from .knowledge import CARD_CODES
from .reasons import Advice, advise
from .view import build

# Seconds one move may search at most: 1 s is the worst a move may take (issue 32); the rest of
# the second builds the view and asks the club player.
MOVE_BUDGET = 0.8
# Seconds after which a move rolls out no further deal: a move's median under 300 ms on 2 cores
# (``make bench``'s ``bench_expert``).
MOVE_AIM = 0.25

# Deals drawn per move at most, by family.
SAMPLES = {"trickbid": 96, "penalty": 96, "layout": 96}

# The phases whose moves the expert rolls out, by family (the club player's decision in the
# others): card play, and Sab'at Al-Deemin's announcements, where a double or a redeal weighs
# the whole deal's score and the club player counts only the cards its hand lays unaided.
_PLAY, _ANNOUNCE = Phase.PLAY, Phase.ANNOUNCE
ROLLED_OUT = {"trickbid": {_PLAY}, "penalty": {_PLAY}, "layout": {_PLAY, _ANNOUNCE}}

# Deals are drawn this many at a time, and where the auction tells about the hands (the
# trick-and-bid family) each chunk keeps the best fitting of POOL times as many.
CHUNK = 8
POOL = 3

# Tarneeb's endings from this many cards a hand: each card valued double dummy (DDS, exact with
# the hands open, and a millisecond a deal), which sees an unblock or a squeeze that the
# club player's rollouts miss.
SOLVED_CARDS = 4

# Values are means over the deals drawn: floats. A card whose mean is this close to the best
# one's is as good as the best.
EPSILON = 1e-9

# The club player's move stands while its mean cost is at most this, by family (the value's
# units: score points, penalty points, Sab'at's score). Rollouts compare moves in the same
# deals with the same players, so card play needs none; Sab'at's doubles are kept to clear
# gains, as a double that gains a point or two doubles a score of a hundred either way
# (``make strength``, 200 deals: margin +28.6, CI +8.4..+48.7, against +18.0, -2.9..+38.9
# with none).
TOLERANCE = {"trickbid": 0.0, "penalty": 0.0, "layout": 10.0}

# The expert's own reasons, by family: the code and its facts. ``deals``: the deals rolled out;
# the last fact, what the next best card gives up against the chosen one, summed over those
# deals: the tricks its side loses (the trick-and-bid family), the penalty points its side
# takes (the penalty family), or the chance of going out first lost, in hundredths (Sab'at
# Al-Deemin). At least 1: the chosen card does better by its value even where the next card
# gives up no trick (a Tarneeb 41 bid of one partner made rather than the other's).
CODES = {
    "trickbid": {"best_by_analysis": ("card", "deals", "tricks")},
    "penalty": {"fewest_points_by_analysis": ("card", "deals", "points")},
    "layout": {"best_chance_by_analysis": ("card", "deals", "percent")},
}


def expert(view, game, club: Advice, seed: str, deadline: float | None) -> Advice:
    """The expert's move in ``view`` (``game`` the described game), ``club`` the club
    player's advice there. ``deadline`` (``time.monotonic()``): when the caller's time runs
    out, or None."""
    start = time.monotonic()
    until = start + MOVE_BUDGET if deadline is None else min(start + MOVE_BUDGET, deadline)
    family = game.family.name
    if until <= start or view.phase not in ROLLED_OUT[family]:  # out of time, or the club's
        return club
    deals = drawn(view, game, SAMPLES[family], seed)
    totals: dict[int, list[float]] = {m: [0.0, 0.0] for m in view.legal}
    done = 0
    solved = _solver(view, family)
    tried = _equals(view, family, club.move)
    for deal in deals:
        if not _another(start, time.monotonic(), until, done):
            break
        if solved is not None:
            found = _solved(view, solved, deal)
        else:
            rolled = {move: rollout(view, game, deal, move) for move in set(tried.values())}
            found = {move: rolled[tried[move]] for move in view.legal}
        for move, (value, fact) in found.items():
            totals[move][0] += value
            totals[move][1] += fact
        done += 1
    if not done:
        return club
    explain = getattr(game.part("players"), "announcement", None)
    return choose(ranked(totals, done), done, club, family, lambda m: explain(view, game, m))


def _equals(view, family: str, club: int) -> dict[int, int]:
    """Each legal move -> the move rolled out in its place. In card play, cards of one suit in
    the hand with no card between them still out (and, in the penalty family, worth the same
    points) are worth the same: a trick goes to the higher card, and none can come between
    them. One of them is rolled out for all: the club player's card where it is one of them,
    else the lowest. Not in Sab'at Al-Deemin, where each card opens its own place."""
    legal = view.legal
    if family == "layout" or view.phase != _PLAY:
        return {m: m for m in legal}
    from ..analysis import sampling  # here: the analysis reads the bots' views, an import cycle

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
    from .penalty import card_points

    return card_points(view.rules, view.table.exposed)


def drawn(view, game, count: int, seed: str):
    """Up to ``count`` deals consistent with ``view`` (one where its unseen cards admit one
    layout only), engine states at the view's moment drawn from the view alone, yielded
    ``CHUNK`` at a time as the rollouts ask (a move out of time draws no more). In the
    trick-and-bid family each chunk keeps the deals of its ``POOL`` times as many drawn
    where the club player, holding the drawn hands, would have made the calls the other
    three seats made: the auction tells where the high cards are."""
    from ..analysis import sampling  # here: the analysis reads the bots' views, an import cycle

    known = sampling.knowledge(view)
    if sampling.unique(view, known):
        yield from sampling.deals(view, 1, seed)
        return
    yield from islice(_chunks(view, game, known, count, seed), count)


def _chunks(view, game, known, count: int, seed: str):
    """``drawn``'s deals, ``CHUNK`` at a time, each chunk drawn with its own seed."""
    from ..analysis import sampling

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
    from ..analysis import trick  # here: endplay is loaded only when first needed

    return None if view.rules.knobs()["scoring"] == "each_bid" else trick


def _solved(view, trick, deal) -> dict[int, tuple[float, float]]:
    """Each legal card's value and fact in ``deal`` with every hand open and best play by all
    (DDS): its side's tricks at the deal's end, and the deal's score from them."""
    from ..trickbid.scoring import score_deal

    side = side_of(view.seat)
    out = {}
    for move, tricks in trick.side_values(deal, view.seat).items():
        sides = [0, 0]
        sides[side], sides[1 - side] = tricks, 13 - tricks
        points = score_deal(deal.rules, deal.contract, sides)
        out[move] = (float(points[side] - points[1 - side]), float(tricks))
    return out


def rollout(view, game, deal, move: int) -> tuple[float, float]:
    """``move`` played in a copy of ``deal`` and the rest played by the club player in every
    seat, each from its own view of that deal: the deal's value for the view's seat (higher
    is better) and the fact its reason counts (tricks, penalty points, a win)."""
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


def value(view, family: str, state) -> tuple[float, float]:
    """The finished deal's value for the view's seat, higher better, and its reason's fact."""
    seat, side = view.seat, side_of(view.seat)
    points = state.points()
    if len(points) == 2:  # per side: Tarneeb, Sab'at Al-Deemin
        mine, theirs = points[side], points[1 - side]
    elif family != "penalty" or view.rules.knobs()["partnership"] != "none":  # partners
        mine = points[seat] + points[(seat + 2) % 4]
        theirs = sum(points) - mine
    else:
        mine, theirs = points[seat], 0
    if family == "penalty":  # the points its side takes: fewer is better
        return -mine, -mine
    if family == "layout":  # the score, and whether the side went out first
        return mine - theirs, float(state.winner_side == side)
    tricks = state.tricks_won[seat] + state.tricks_won[(seat + 2) % 4]
    return mine - theirs, tricks


def _another(start: float, now: float, until: float, done: int) -> bool:
    """Whether to roll out one more deal: the first always (in time), then while the aim is
    not spent and the next deal, at the pace so far, ends in time."""
    if not done:
        return now < until
    return now - start < MOVE_AIM and now + (now - start) / done <= until


def ranked(totals: dict[int, list[float]], deals: int) -> list:
    """Each card's mean value and fact over ``deals`` and its cost against the best, best
    first (higher values are better)."""
    best = max(total[0] for total in totals.values()) / deals
    order = sorted(totals.items(), key=lambda mt: (-mt[1][0], mt[0]))
    return [Valued(m, t[0] / deals, best - t[0] / deals, t[1] / deals) for m, t in order]


class Valued(NamedTuple):
    """A card's mean value over the deals the expert rolled out, its cost, and the mean of
    the fact its reason counts."""

    move: int
    value: float
    cost: float
    fact: float = 0.0


def choose(moves, samples, club: Advice, family: str, other=None) -> Advice:
    """The card among ``moves`` (``Valued``, best first) of cost 0: the club player's when
    it is one of them (or within ``TOLERANCE``), else the first. The club player's reason
    stands where every card costs the same (the rollouts find nothing to choose); else the
    expert's, counting what the next best card gives up. A move that is no card (Sab'at's
    announcements) is worded by ``other(move)``."""
    best = {m.move for m in moves if m.cost <= EPSILON}
    club_cost = next((m.cost for m in moves if m.move == club.move), None)
    if club.move not in best and club_cost is not None and club_cost <= TOLERANCE[family]:
        return club  # within the tolerance: the club player's card
    move = club.move if club.move in best else moves[0].move
    worse = [m for m in moves if m.cost > EPSILON]
    if not worse or move == club.move and move >= len(CARD_CODES):
        # No difference (then the club player's card is among the best), or the club
        # player's announcement: its move and reason.
        return club
    if move >= len(CARD_CODES):  # an announcement (a knock is never beside another move)
        return other(move)
    ((code, names),) = CODES[family].items()
    chosen = next(m for m in moves if m.move == move)
    nearest = min(worse, key=lambda m: m.cost)
    lost = abs(chosen.fact - nearest.fact)  # the penalty family's fact is its value
    given_up = max(1, round(lost * 100)) if family == "layout" else max(1, round(lost * samples))
    return advise(move, code, dict(zip(names, (CARD_CODES[move], samples, given_up), strict=True)))
