"""One verdict per card: how often it moves between two independent seeds, and what a whole
deal's review costs (``cardgames.analysis``, the seat's own view, its default deals).

Positions: the moments of card play met in seeded deals played by the club player in every
seat (every seat's turn in turn, the deal's first card to its last), where the seat to act has
more than one card to choose from, ``POSITIONS`` a game under its default rules. Each is
analysed twice, the position's own seed salted ``A`` and ``B``: two independent draws of the
hidden hands. Printed per game:

- the verdict moving: the best card of one draw judged costly by the other (the target,
  ``TARGET``: at most 5% of positions); with its 95% Wilson interval;
- for comparison, the best card itself differing (two cards about as good as each other may
  swap places from one draw to the next: neither is then called a mistake);
- the time of one answer: median and worst.

A review: ``REVIEW_DEALS`` deals a game played out by the club player, South's cards judged
one by one as the practice review judges a learner's (``analysis.moments``: every card chosen
among more than one), the time of each whole deal: median and worst. Returned: the reviews'
total against a baseline timed in the same run, the same deals played out by the club player
once (each position's view built and a card chosen), what the review's rollouts repeat.
"""

import statistics
import time

from bench.bench_bots import wilson
from cardgames import analysis, bots, shuffle
from cardgames.contract import Phase
from cardgames.games import GAMES

POSITIONS = 60  # a game
REVIEW_DEALS = 4  # a game
TARGET = 0.05
LEARNER = 2  # South, the practice table's default seat


def _deal(slug: str, i: int):
    module = GAMES[slug].engine
    rules = module.PRESETS[module.DEFAULT_PRESET]
    return module.new_deal(rules, shuffle.deal(f"bench-verdict-{slug}-{i}", module.PACK), i % 4)


def _played(slug: str, i: int):
    """Deal ``i`` played out by the club player: its start (play begun) and the moves after."""
    state = _deal(slug, i)
    while state.to_act is not None and state.phase != Phase.PLAY:
        state.push(bots.hint(slug, state, state.to_act).move)
    start = state.copy()
    moves = []
    while state.to_act is not None:
        move = bots.hint(slug, state, state.to_act).move
        moves.append(move)
        state.push(move)
    return start, moves


def positions(slug: str, count: int) -> list:
    """``count`` moments with a choice of cards, spread over seeded deals: every fifth one met,
    so each deal gives a few from its start to its end."""
    out, i = [], 0
    while len(out) < count:
        start, moves = _played(slug, i)
        i += 1
        if start.phase != Phase.PLAY:
            continue  # thrown in, redealt
        found = list(analysis.moments(slug, start, moves))
        out += [state for _ply, _seat, _move, state in found[i % 5 :: 5]]
    return out[:count]


def stability(slug: str, count: int) -> dict:
    moved = differ = 0
    times = []
    found = positions(slug, count)
    for state in found:
        answers = []
        for salt in ("A", "B"):
            began = time.perf_counter()
            answers.append(analysis.analyse(slug, state.copy(), seed=salt))
            times.append(time.perf_counter() - began)
        a, b = answers
        cost_a = {m.move: m.cost for m in a.moves}
        cost_b = {m.move: m.cost for m in b.moves}
        if cost_a[b.moves[0].move] > 0 or cost_b[a.moves[0].move] > 0:
            moved += 1
        if a.moves[0].move != b.moves[0].move:
            differ += 1
    return {"n": len(found), "moved": moved, "differ": differ, "times": times}


def review(slug: str, i: int) -> tuple[float, float, int]:
    """Deal ``i``'s review of South's cards and its baseline: seconds, seconds, cards."""
    start, moves = _played(slug, 100 + i)
    began = time.perf_counter()
    judged = analysis.analyse_deal(slug, start, moves, seats={LEARNER})
    seconds = time.perf_counter() - began
    chosen = sum(1 for play in analysis.card_plays(slug, start, moves, {LEARNER}) if play[4])
    assert len(judged) >= chosen
    began = time.perf_counter()
    _played(slug, 100 + i)
    return seconds, time.perf_counter() - began, chosen


def run() -> list[tuple[str, float, float]]:
    rows = []
    for slug in GAMES:
        if GAMES[slug].family.analysis is None:
            continue  # Trix: its trick contracts are the penalty family's, measured there
        found = stability(slug, POSITIONS)
        n = found["n"]
        low, high = wilson(found["moved"], n)
        times = found["times"]
        module = GAMES[slug].engine
        rules = module.PRESETS[module.DEFAULT_PRESET]
        deals = GAMES[slug].family.analysis.samples(rules)
        print(
            f"bench_verdict {slug}: {deals} deals a position; over {n} positions the best card of "
            f"one seed is costly by the other in {found['moved'] / n:.1%} "
            f"(95% {max(0.0, low):.1%} to {high:.1%}; target {TARGET:.0%}); the best card "
            f"differs in {found['differ'] / n:.1%}; an answer: median "
            f"{statistics.median(times):.2f} s, worst {max(times):.2f} s",
            flush=True,
        )
        reviews = [review(slug, i) for i in range(REVIEW_DEALS)]
        spent = [r[0] for r in reviews]
        print(
            f"bench_verdict {slug}: a deal's review (South's cards chosen among others: "
            f"{statistics.median([r[2] for r in reviews])}, median): median "
            f"{statistics.median(spent):.2f} s, worst "
            f"{max(spent):.2f} s",
            flush=True,
        )
        rows.append(
            (f"{slug}: {len(reviews)} reviews", sum(spent), sum(r[1] for r in reviews) or 1e-9)
        )
    return rows


if __name__ == "__main__":
    for what, seconds, base in run():
        print(f"{what:44} {seconds:8.4f}s  baseline {base:8.4f}s  ratio {seconds / base:6.1f}")
