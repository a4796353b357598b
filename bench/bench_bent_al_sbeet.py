"""Bent Al Sbeet engine speed against rule-blind baselines timed in the same run.

- ``random deals, pass to end``: N deals played by a random legal chooser from the first pass
  to the score (``legal_moves`` + ``push``), against dealing the same number of shuffled hands
  and playing random cards with no rules at all.
- ``random deals, play() copies``: the same through ``play()`` (a new state every move), the
  path the web layer uses, against the same baseline.
"""

import random
import time

from cardgames.cards import PACK_52, cards_in
from cardgames.penalty import bent_al_sbeet as engine

DEALS = 2000
SEED = 20240611


def _hands(rng: random.Random, deck: list[int]) -> list[int]:
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for j, c in enumerate(deck):
        hands[j & 3] |= 1 << c
    return hands


def _engine_push(rules: engine.Rules, deals: int) -> float:
    rng = random.Random(SEED)
    deck = cards_in(PACK_52)
    start = time.perf_counter()
    for i in range(deals):
        deal = engine.new_deal(rules, _hands(rng, deck), i & 3, deal_number=1 + (i & 1))
        push, legal, choice = deal.push, deal.legal_moves, rng.choice
        while deal.to_act is not None:
            push(choice(legal()))
        deal.points()
    return time.perf_counter() - start


def _engine_play(rules: engine.Rules, deals: int) -> float:
    rng = random.Random(SEED)
    deck = cards_in(PACK_52)
    start = time.perf_counter()
    for i in range(deals):
        deal = engine.new_deal(rules, _hands(rng, deck), i & 3, deal_number=1 + (i & 1))
        while deal.to_act is not None:
            deal = deal.play(rng.choice(deal.legal_moves()))
        deal.points()
    return time.perf_counter() - start


def _baseline(deals: int) -> float:
    """Deal shuffled hands and play 52 random cards, following no rule."""
    rng = random.Random(SEED)
    deck = cards_in(PACK_52)
    start = time.perf_counter()
    for i in range(deals):
        hands = _hands(rng, deck)
        seat = i & 3
        for _ in range(52):
            card = rng.choice(cards_in(hands[seat]))
            hands[seat] ^= 1 << card
            seat = (seat - 1) & 3
    return time.perf_counter() - start


def run() -> list[tuple[str, float, float]]:
    rows = []
    baseline = _baseline(DEALS)
    for preset in sorted(engine.PRESETS):
        rules = engine.PRESETS[preset]
        rows.append(
            (f"{preset}: {DEALS} deals, pass to end (push)", _engine_push(rules, DEALS), baseline)
        )
    rules = engine.PRESETS[engine.DEFAULT_PRESET]
    rows.append((f"qahwa: {DEALS} deals, play() copies", _engine_play(rules, DEALS), baseline))
    return rows


if __name__ == "__main__":
    for what, seconds, base in run():
        print(f"{what:44} {seconds:8.4f}s  baseline {base:8.4f}s  {DEALS / seconds:8.0f} deals/s")
