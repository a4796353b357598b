"""Deals consistent with what one seat has seen, built from its :class:`SeatView` alone.

The view holds the seat's hand, how many cards each seat holds and the public record of its
family (``<family>.view``). From that record the family's hooks (``hooks.Hooks.facts``) read
who played each card, and so what each
other seat is known to hold (the cards this seat passed, exposed cards) and cannot hold (a suit
it failed to follow, a card its knock showed it lacks). The unseen cards are dealt among the
other seats, each to a seat that may hold it and leaves the others placeable; the deal is then
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
    """Read what ``view``'s seat knows from its public record (its family's hooks)."""
    game = view.game
    played_by, holds, cannot = game.family.analysis.facts(view)
    seen = view.hand | holds[0] | holds[1] | holds[2] | holds[3]
    for cards in played_by:
        seen |= cards
    unseen = game.engine.PACK & ~seen
    room = [0, 0, 0, 0]
    for s in range(4):
        if s != view.seat:
            room[s] = view.counts[s] - (holds[s] & ~view.hand).bit_count()
    return Knowledge(tuple(played_by), tuple(holds), tuple(cannot), unseen, tuple(room))


def voids(cannot: list, trick) -> None:
    """Add to ``cannot`` the suits the seats of ``trick`` (``(seat, card)`` in play order)
    showed they hold none of, by failing to follow the suit led."""
    if len(trick) < 2:
        return
    led = trick[0][1] // 13
    for s, c in trick[1:]:
        if c // 13 != led:
            cannot[s] |= 0x1FFF << (13 * led)


def suits(voided: int) -> int:
    """A bit set of suits (bit s: suit s) as the bit set of their cards."""
    return sum(0x1FFF << (13 * s) for s in range(4) if voided >> s & 1)


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


SEAT_SETS = range(1, 16)  # the non-empty sets of seats, as bit sets


def hands(view, known: Knowledge, rng: random.Random) -> list[int] | None:
    """One placing of the unseen cards: the hands each seat holds now (None: no placing
    exists). Each card, in a random order, goes to a seat chosen in proportion to the room it
    has left, among the seats that leave the rest placeable. The rest is placeable when, for
    every set of seats, the cards that only those seats may hold fit in their room (Hall's
    condition), so a draw never runs into a dead end: in a position where voids and known cards
    leave few layouts, picking seats blindly failed 97 draws in 100."""
    room = list(known.room)
    cards = _cards(known.unseen)
    rng.shuffle(cards)
    masks = [sum(1 << s for s in range(4) if not known.cannot[s] >> c & 1) for c in cards]
    need = [sum(1 for m in masks if m & ~t == 0) for t in range(16)]  # cards held within t
    cap = [sum(room[s] for s in range(4) if t >> s & 1) for t in range(16)]  # t's room
    if any(need[t] > cap[t] for t in SEAT_SETS):
        return None
    dealt = list(known.holds)
    for s in range(4):
        if s != view.seat:
            dealt[s] &= ~view.hand
    for c, m in zip(cards, masks, strict=True):
        for t in SEAT_SETS:
            if m & ~t == 0:
                need[t] -= 1
        fits = [
            s
            for s in range(4)
            if m >> s & 1 and room[s] and all(need[t] <= cap[t] - (t >> s & 1) for t in SEAT_SETS)
        ]
        s = rng.choices(fits, weights=[room[x] for x in fits])[0]
        dealt[s] |= 1 << c
        room[s] -= 1
        for t in SEAT_SETS:
            if t >> s & 1:
                cap[t] -= 1
    return dealt


def rebuild(view, now: list[int], known: Knowledge):
    """The engine's state with the seat's record and the hands ``now``: the hands at the start
    of play rebuilt from those held now and the cards each seat played, and the record replayed
    through ``push`` (the engine raises on any move the rebuilt hands could not have made)."""
    start = [now[s] | known.played_by[s] for s in range(4)]
    state, moves = view.game.family.analysis.rebuild(view, start)
    for move in moves:
        state.push(move)
    if state.to_act != view.to_act or state.hands[view.seat] != view.hand:
        raise ValueError("the rebuilt deal is not the seat's")
    return state


def deals(view, count: int, seed: str = "") -> list:
    """``count`` deals consistent with ``view`` (fewer only where draws keep failing), each as
    a searchable engine state at the view's moment."""
    known = knowledge(view)
    rng = random.Random(f"deals:{seed}:{view.game.slug}:{view.seat}:{view.ply}")
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
