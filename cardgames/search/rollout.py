"""Rollouts: a move of a seat valued by playing the rest of the deal out with the club player
in every seat, in deals drawn from that seat's view (the expert player's method: see
``expert.py`` for why and what it measured).

Everything here starts from a :class:`SeatView` and the deals ``sampling`` draws from it, never
from the table's real state: a rollout's seats each decide from their own view of the drawn
deal. ``drawn`` yields the deals, ``equals`` says which moves are worth the same, ``values``
values the moves in one deal: for the seat, higher is better (the family's ``rollout_value``).
What differs between families is asked of their hooks (``view.game.family.analysis``).
"""

from itertools import islice

from ..contract import Phase
from ..players.seat import build
from . import sampling

# Deals are drawn this many at a time, and where the auction tells about the hands (the
# family's ``fits_auction``) each chunk keeps the best fitting of POOL times as many.
CHUNK = 8
POOL = 3


def equals(view, club: int) -> dict[int, int]:
    """Each legal move -> the move rolled out in its place. In card play, cards of one suit in
    the hand with no card between them still out (and, where the family prices cards, worth
    the same points) are worth the same: a trick goes to the higher card, and none can come
    between them. One of them is rolled out for all: the club player's card where it is one of
    them, else the lowest. Not where each card opens its own place (a layout)."""
    legal = view.legal
    hooks = view.game.family.analysis
    if not hooks.groups_cards() or view.phase != Phase.PLAY:
        return {m: m for m in legal}
    known = sampling.knowledge(view)
    out = known.unseen | known.holds[0] | known.holds[1] | known.holds[2] | known.holds[3]
    out &= ~view.hand
    points = hooks.card_points(view)
    groups: list[list[int]] = []
    for c in sorted(m for m in legal if m < 52):
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


def drawn(view, count: int, seed: str):
    """Up to ``count`` deals consistent with ``view`` (one where its unseen cards admit one
    layout only), engine states at the view's moment drawn from the view alone, yielded
    ``CHUNK`` at a time as the rollouts ask (a move out of time draws no more). Where the
    family fits the auction, each chunk keeps the deals of its ``POOL`` times as many drawn
    where the club player, holding the drawn hands, would have made the calls the other
    three seats made: the auction tells where the high cards are."""
    known = sampling.knowledge(view)
    if sampling.unique(view, known):
        yield from sampling.deals(view, 1, seed)
        return
    yield from islice(_chunks(view, known, count, seed), count)


def _chunks(view, known, count: int, seed: str):
    """``drawn``'s deals, ``CHUNK`` at a time, each chunk drawn with its own seed."""
    game = view.game
    hooks = game.family.analysis
    fitting = hooks.fits_auction(view)
    for chunk in range(-(-count // CHUNK)):
        if not fitting:
            yield from sampling.deals(view, CHUNK, f"{seed}:{chunk}")
            continue
        pool = sampling.deals(view, CHUNK * POOL, f"{seed}:{chunk}")
        yield from sorted(pool, key=lambda deal: hooks.misfit(view, game, known, deal))[:CHUNK]


def values(view, deal, tried: dict[int, int]) -> dict[int, float]:
    """Each legal move of ``view`` -> its value in ``deal``: rolled out (the move ``tried`` in
    its place), or where the family's solver values it better (Tarneeb's endings), solved."""
    solved = view.game.family.analysis.solved(view, deal)
    if solved is not None:
        return solved
    rolled = {move: rollout(view, deal, move) for move in set(tried.values())}
    return {move: rolled[tried[move]] for move in view.legal}


def rollout(view, deal, move: int) -> float:
    """``move`` played in a copy of ``deal`` and the rest played by the club player in every
    seat, each from its own view of that deal: the deal's value for the view's seat (higher
    is better)."""
    return view.game.family.analysis.rollout_value(view, played_out(view, deal, move))


def played_out(view, deal, move: int, until=None):
    """A copy of ``deal`` once ``move`` is played and the club player has played on in every
    seat, each from its own view of that deal: to the end of the deal, or while ``until(state)``
    is false. The analysis reads the finished deal's value, and what happened on the way."""
    state = deal.copy()
    state.push(move)
    game = view.game
    club = game.family.players.club
    number, totals = view.deal_number, view.match_totals
    while state.to_act is not None and not (until is not None and until(state)):
        legal = state.legal_moves()
        if len(legal) == 1:
            state.push(legal[0])
            continue
        seat = state.to_act
        state.push(club(build(state, seat, game, number, totals), game).move)
    return state
