"""The checkable deal: a published seed always gives the same deal, on any machine.

Algorithm (version 1), stated so that anyone can reimplement it:

1. The pack is listed in card order: spades, hearts, diamonds, clubs, each from the two up to
   the ace (for the 32-card pack, from the seven up).
2. A stream of 64-bit numbers is drawn from SHA-256: block ``k`` (k = 0, 1, 2, ...) is
   ``SHA-256("diwaniya-deal-v1:" + seed + ":" + k)`` in UTF-8, read as four big-endian 64-bit
   numbers in order.
3. Fisher-Yates from the end: for ``i`` from ``n - 1`` down to 1, draw numbers until one is
   below ``2**64 - (2**64 mod (i + 1))`` (so every outcome is equally likely) and swap
   position ``i`` with position ``number mod (i + 1)``.
4. The shuffled pack is dealt one card at a time: card ``j`` goes to seat ``j mod 4`` counted
   clockwise from North (N, E, S, W).
"""

import hashlib
from functools import lru_cache

from .cards import PACK_52, cards_in, mask_of

ALGORITHM = "diwaniya-deal-v1"


def _numbers(seed: str):
    k = 0
    while True:
        block = hashlib.sha256(f"{ALGORITHM}:{seed}:{k}".encode()).digest()
        for i in range(0, 32, 8):
            yield int.from_bytes(block[i : i + 8], "big")
        k += 1


def shuffled(seed: str, pack: int = PACK_52) -> list[int]:
    deck = cards_in(pack)
    numbers = _numbers(str(seed))
    for i in range(len(deck) - 1, 0, -1):
        limit = 2**64 - (2**64 % (i + 1))
        x = next(numbers)
        while x >= limit:
            x = next(numbers)
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(seed: str, pack: int = PACK_52) -> list[int]:
    """Four hands, indexed by seat N, E, S, W, from ``seed``."""
    return list(_dealt(seed, pack))


@lru_cache(maxsize=4096)
def _dealt(seed: str, pack: int) -> tuple[int, ...]:
    # A practice deal is dealt again from its seed on every move made in it.
    return tuple(dealt_around(shuffled(seed, pack)))


def dealt_around(cards: list[int]) -> list[int]:
    """Four hands (bit sets, by seat N, E, S, W) from distinct ``cards`` dealt one at a time
    around the table: the j-th card to seat j % 4. Each hand is summed from its own slice,
    half the time of setting 52 bits one by one (a playout's deal is a tenth of its time)."""
    return [mask_of(cards[seat::4]) for seat in range(4)]
