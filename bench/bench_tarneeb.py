"""Tarneeb engine speed, against baselines timed in the same run.

- random deals: whole deals (auction and 52 cards) played with random legal moves through
  ``legal_moves()`` and ``push()``; baseline: shuffling a 52-card list and making the same number
  of random picks, the least any random playout has to do.
- checked replay: rebuilding the finished deals from their move tokens with ``replay`` (parse
  every token, ``play()`` checks and copies); baseline: parsing the tokens alone.
- score sheet: entering deals with their carried debt; baseline: summing the signed scores.
"""

import random
import time

from cardgames import shuffle
from cardgames.trickbid.score_sheet import Sheet
from cardgames.trickbid.tarneeb import PRESETS, format_move, new_deal, parse_move, replay

DEALS = 2000


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _random_deals(rules, hands, seed):
    rng = random.Random(seed)
    finished = []
    for i, dealt in enumerate(hands):
        deal = new_deal(rules, dealt, i % 4)
        while deal.to_act is not None:
            legal = deal.legal_moves()
            deal.push(legal[int(rng.random() * len(legal))])
        finished.append(deal)
    return finished


def _shuffle_and_pick(moves_per_deal, seed):
    rng = random.Random(seed)
    deck = list(range(52))
    for moves in moves_per_deal:
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for j, card in enumerate(deck):
            hands[j & 3] |= 1 << card
        for _ in range(moves):
            deck[int(rng.random() * 52)]


def run() -> list[tuple[str, float, float]]:
    hands = [shuffle.deal(f"bench-{i}") for i in range(DEALS)]
    results = []
    finished = {}
    for slug in ("classic", "egyptian"):
        rules = PRESETS[slug]
        box = []
        seconds = _timed(lambda rules=rules, box=box: box.extend(_random_deals(rules, hands, 1)))
        moves = [len(d.history) for d in box]
        baseline = _timed(lambda moves=moves: _shuffle_and_pick(moves, 1))
        results.append((f"{DEALS} random deals, {slug}", seconds, baseline))
        finished[slug] = box

    rules = PRESETS["egyptian"]
    games = [
        (d.dealt, d.dealer, [format_move(m) for m in d.history], len(d.bids))
        for d in finished["egyptian"][:500]
    ]

    def replay_all():
        for dealt, dealer, tokens, _ in games:
            replay(rules, dealt, dealer, tokens)

    def parse_all():
        for _, _, tokens, calls in games:
            for i, token in enumerate(tokens):  # the same phase-aware reading, no rules
                parse_move(token, "bidding" if i < calls else "play")

    results.append(
        (f"{len(games)} checked replays (egyptian)", _timed(replay_all), _timed(parse_all))
    )

    outcomes = [
        (d.contract.bid, d.contract.side, d.side_tricks()[d.contract.side], d.points())
        for d in finished["classic"]
        if not d.thrown_in
    ]
    classic = PRESETS["classic"]

    def sheet_entries():
        sheet = Sheet(10**9)
        for bid, side, tricks, _ in outcomes:
            sheet.enter_deal(classic, bid, side, tricks)

    def plain_sums():
        totals = [0, 0]
        for _, _, _, (ns, ew) in outcomes:
            totals[0] += ns
            totals[1] += ew

    results.append((f"{len(outcomes)} sheet entries", _timed(sheet_entries), _timed(plain_sums)))
    return results


if __name__ == "__main__":
    for what, seconds, baseline in run():
        print(
            f"{what:44} {seconds:9.4f}s  baseline {baseline:8.4f}s  ratio {seconds / baseline:7.2f}"
        )
