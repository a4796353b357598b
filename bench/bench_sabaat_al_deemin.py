"""Sab'at Al-Deemin: random playouts and replays, against a plain-Python baseline.

The baseline plays the same deals with the same random choices, written the obvious way (hands
as sets, the playable cards found by scanning the hand, no legality checks, no history), so the
ratio shows what the engine's checks and bookkeeping cost on top of the bare rules.
"""

import random
import time

from cardgames.cards import ACE, JACK, PACK_32, SEVEN, cards_in, parse_card
from cardgames.layout import sabaat_al_deemin as sad
from cardgames.shuffle import deal as shuffled_deal
from cardgames.table import left_of, right_of

DEALS = 2000
REPLAYS = 500
SEVEN_OF_DIAMONDS = parse_card("7D")


def _engine_playouts(deals, seed: int) -> int:
    rng = random.Random(seed)
    rules = sad.Rules()
    total = 0
    for dealer, hands in deals:
        deal = sad.new_deal(rules, hands, dealer, start="play")
        while deal.to_act is not None:
            legal = deal.legal_moves()
            deal.push(legal[int(rng.random() * len(legal))])
        total += sum(deal.points())
    return total


def _baseline_playouts(deals, seed: int) -> int:
    rng = random.Random(seed)
    total = 0
    for _dealer, bitsets in deals:
        hands = [set(cards_in(h)) for h in bitsets]
        top = [None, None, None, None]
        seat = next(s for s in range(4) if SEVEN_OF_DIAMONDS in hands[s])
        opened = False
        while True:
            hand = hands[seat]
            if not opened:
                playable = [SEVEN_OF_DIAMONDS]
                opened = True
            else:
                playable = sorted(
                    c
                    for c in hand
                    if (top[c // 13] is None and c % 13 == SEVEN) or c - 1 == top[c // 13]
                )
            if playable:
                c = playable[int(rng.random() * len(playable))]
                hand.remove(c)
                top[c // 13] = c
                if not hand:
                    break
            else:
                rng.random()  # the engine draws for its single move, a knock
            seat = right_of(seat)
        losers = hands[left_of(seat)] | hands[right_of(seat)]
        # jacks, queens and kings 10, aces 20
        points = sum(20 if c % 13 == ACE else 10 for c in losers if c % 13 >= JACK)
        points += 200 if c % 13 == SEVEN else 0
        total += points
    return total


def _engine_replays(games) -> int:
    total = 0
    rules = sad.Rules()
    for dealer, hands, moves in games:
        deal = sad.new_deal(rules, hands, dealer, start="play")
        for move in moves:
            deal = deal.play(move)  # a new state per move, as a position replay does
        total += len(deal.history)
    return total


def _baseline_replays(games) -> int:
    total = 0
    for _dealer, bitsets, moves in games:
        hands = [cards_in(h) for h in bitsets]
        history = []
        seat = next(s for s in range(4) if SEVEN_OF_DIAMONDS in hands[s])
        for move in moves:
            hands = [h[:] for h in hands]  # copy the state, as play() does
            history = history + [move]
            if move != sad.KNOCK:
                hands[seat].remove(move)
            seat = right_of(seat)
        total += len(history)
    return total


def _timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - start, result


def run() -> list[tuple[str, float, float]]:
    deals = [(k % 4, shuffled_deal(f"bench-{k}", PACK_32)) for k in range(DEALS)]
    engine_s, engine_total = _timed(_engine_playouts, deals, 7)
    base_s, base_total = _timed(_baseline_playouts, deals, 7)
    assert engine_total == base_total, (engine_total, base_total)  # the same games were played

    games = []
    rng = random.Random(11)
    for dealer, hands in deals[:REPLAYS]:
        deal = sad.new_deal(sad.Rules(), hands, dealer, start="play")
        while not deal.is_over:
            legal = deal.legal_moves()
            deal.push(rng.choice(legal))
        games.append((dealer, hands, deal.history))
    replay_s, _ = _timed(_engine_replays, games)
    replay_base_s, _ = _timed(_baseline_replays, games)
    return [
        (f"random playouts, {DEALS} deals (push)", engine_s, base_s),
        (f"replays with play(), {REPLAYS} deals", replay_s, replay_base_s),
    ]


if __name__ == "__main__":
    for what, seconds, baseline in run():
        ratio = seconds / baseline
        print(f"{what:44} {seconds:9.4f}s  baseline {baseline:8.4f}s  ratio {ratio:.2f}")
