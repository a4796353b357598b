"""Deals consistent with what one seat has seen, built from its :class:`SeatView` alone.

The view holds the seat's hand, how many cards each seat holds and the public record
(``engine.views``). From that record this module reads who played each card, and so what each
other seat is known to hold (the cards this seat passed, exposed cards) and cannot hold (a suit
it failed to follow, a card its knock showed it lacks). The unseen cards are dealt among the
other seats, the most constrained card first, each to a seat that may hold it; the deal is then
rebuilt as the engine's own state, from the cards each seat held when play started, and the
card play replayed through the engine's ``push``. A deal whose replay the engine refuses
(a subtler inference: a forced discard not made, a heart led before hearts broke, a point card
thrown on a first trick) is drawn again, so every deal returned is one the table could have
seen, and the state returned can be searched as any other.

Every draw is seeded by the caller's seed and the view (its seat and ply): the same view and
seed give the same deals, whatever the hidden hands really are.
"""

import random
from dataclasses import dataclass

from ..errors import EngineError
from ..games import game as described
from ..table import Direction, next_seats
from ..tricks import trick_winner

TRUMP = 240  # the trick-and-bid family's trump call: TRUMP + strain (4: no trumps)
NO_TRUMPS = 4
DRAWS_PER_DEAL = 40  # draws tried for each deal before giving up on it


@dataclass(frozen=True)
class Knowledge:
    """What the seat knows of the other hands: who played each card so far, the cards each
    seat surely holds and those it cannot hold, and the unseen cards still to place."""

    played_by: tuple[int, int, int, int]  # the cards each seat played this deal
    holds: tuple[int, int, int, int]
    cannot: tuple[int, int, int, int]
    unseen: int  # the cards no one has shown: in another seat's hand, place unknown
    room: tuple[int, int, int, int]  # how many unseen cards each seat holds


def knowledge(view) -> Knowledge:
    """Read what ``view``'s seat knows from its public record (its family's)."""
    family = described(view.game).family.name
    if family == "penalty":
        played_by, holds, cannot = _penalty_facts(view)
    elif family == "trickbid":
        played_by, holds, cannot = _trickbid_facts(view)
    else:
        played_by, holds, cannot = _layout_facts(view)
    pack = described(view.game).engine.PACK
    seen = view.hand | holds[0] | holds[1] | holds[2] | holds[3]
    for cards in played_by:
        seen |= cards
    unseen = pack & ~seen
    room = [0, 0, 0, 0]
    for s in range(4):
        if s != view.seat:
            room[s] = view.counts[s] - (holds[s] & ~view.hand).bit_count()
    return Knowledge(tuple(played_by), tuple(holds), tuple(cannot), unseen, tuple(room))


def _penalty_facts(view):
    """Who played each card (the first leader, then each trick's winner), the voids shown,
    the exposed cards still held and the cards this seat passed, which its receiver holds
    until it plays them."""
    table = view.table
    played_by, holds, cannot = [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]
    step = next_seats(Direction(view.rules.knobs()["direction"]))
    plays = table.plays
    seat = table.leader
    trick: list[tuple[int, int]] = []
    for c in plays:
        trick.append((seat, c))
        played_by[seat] |= 1 << c
        if len(trick) == 4:
            _voids(cannot, trick)
            seat = trick_winner(trick)
            trick = []
        else:
            seat = step[seat]
    _voids(cannot, trick)
    for s in range(4):
        holds[s] |= table.exposed_held[s]
    if table.pass_to is not None:
        holds[table.pass_to] |= table.passed & ~table.played
    holds[view.seat] = view.hand
    return played_by, holds, cannot


def _trickbid_facts(view):
    table = view.table
    played_by = [0, 0, 0, 0]
    for cards, _ in table.tricks:
        for s, c in cards:
            played_by[s] |= 1 << c
    for s, c in table.trick:
        played_by[s] |= 1 << c
    cannot = [_suits(v) for v in table.voids]
    holds = [0, 0, 0, 0]
    holds[view.seat] = view.hand
    return played_by, holds, cannot


def _layout_facts(view):
    table = view.table
    played_by = [0, 0, 0, 0]
    for move, actor in zip(table.moves, table.actors, strict=True):
        if move < 52:
            played_by[actor] |= 1 << move
    holds = [0, 0, 0, 0]
    holds[view.seat] = view.hand
    return played_by, holds, list(table.lacks)


def _voids(cannot: list, trick) -> None:
    if len(trick) < 2:
        return
    led = trick[0][1] // 13
    for s, c in trick[1:]:
        if c // 13 != led:
            cannot[s] |= 0x1FFF << (13 * led)


def _suits(voids: int) -> int:
    """A bit set of suits (bit s: suit s) as the bit set of their cards."""
    return sum(0x1FFF << (13 * s) for s in range(4) if voids >> s & 1)


def unique(view, known: Knowledge | None = None) -> bool:
    """Whether the unseen cards admit only one layout: each may go to one seat only."""
    known = known or knowledge(view)
    for c in _cards(known.unseen):
        if len(_fits(known, c, known.room)) != 1:
            return False
    return True


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _fits(known: Knowledge, c: int, room) -> list[int]:
    return [s for s in range(4) if room[s] and not known.cannot[s] >> c & 1]


def hands(view, known: Knowledge, rng: random.Random) -> list[int] | None:
    """One placing of the unseen cards: the hands each seat holds now (None: a dead end)."""
    room = list(known.room)
    cards = _cards(known.unseen)
    order = sorted(cards, key=lambda c: (len(_fits(known, c, room)), rng.random()))
    dealt = list(known.holds)
    for s in range(4):
        if s != view.seat:
            dealt[s] &= ~view.hand
    for c in order:
        fits = _fits(known, c, room)
        if not fits:
            return None
        s = rng.choice(fits)
        dealt[s] |= 1 << c
        room[s] -= 1
    return dealt


def rebuild(view, now: list[int], known: Knowledge):
    """The engine's state with the seat's record and the hands ``now``: the hands at the start
    of play rebuilt from those held now and the cards each seat played, and the play replayed
    through ``push`` (the engine raises on any move the rebuilt hands could not have made)."""
    module = described(view.game).engine
    family = described(view.game).family.name
    start = [now[s] | known.played_by[s] for s in range(4)]
    table = view.table
    if family == "penalty":
        state = module.new_deal(
            view.rules,
            start,
            view.dealer,
            view.deal_number,
            view.match_totals,
            start="play",
            exposed=table.exposed,
        )
        moves = list(table.plays)
    elif family == "layout":
        # From the announcements: every move of the deal is public, and none of them but a
        # redeal (which ends the deal) depends on the cards held.
        state = module.new_deal(view.rules, start, view.dealer)
        moves = list(table.moves)
    else:
        state = module.new_deal(view.rules, start, view.dealer)
        for _, call in table.bids:
            state.push(call)
        if state.phase == "trump":
            state.push(TRUMP + (NO_TRUMPS if table.trump is None else table.trump))
        moves = list(table.plays)
    for move in moves:
        state.push(move)
    if state.to_act != view.to_act or state.hands[view.seat] != view.hand:
        raise ValueError("the rebuilt deal is not the seat's")
    return state


def deals(view, count: int, seed: str = "") -> list:
    """``count`` deals consistent with ``view`` (fewer only where draws keep failing), each as
    a searchable engine state at the view's moment."""
    known = knowledge(view)
    rng = random.Random(f"deals:{seed}:{view.game}:{view.seat}:{view.ply}")
    out = []
    # One pool of draws for all the deals: a position where most draws fail (a Leekha
    # partnership's voids, say) still gets its ``count`` when the pool allows.
    for _ in range(count * DRAWS_PER_DEAL):
        if len(out) == count:
            break
        now = hands(view, known, rng)
        if now is None:
            continue
        try:
            out.append(rebuild(view, now, known))
        except (EngineError, ValueError):  # the replay refused: draw again
            continue
    return out
