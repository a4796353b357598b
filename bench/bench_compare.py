"""What comparing two rule sets costs (the engine's bounded search for examples), against
re-opening the examples it found through the positions API in the same run.

- ``every preset pair``: ``compare`` for every pair of presets of every game and each family's
  default pairs across games; baseline: opening both sides' example positions (``open_position``
  and ``to_json``), the least a page showing the comparison does with the result.
- The search's own counts (deals tried, moves played) are printed after the figures.
"""

import itertools
import time

from cardgames.compare import Side, compare
from cardgames.games import GAMES as DESCRIBED
from cardgames.positions import open_position

GAMES = {slug: game.engine for slug, game in DESCRIBED.items()}
FAMILIES = [("bent-al-sbeet", "leekha"), ("bent-al-sbeet", "hearts"), ("tarneeb", "tarneeb-41")]


def _pairs() -> list[tuple[Side, Side]]:
    pairs = [
        (Side(game, module, x), Side(game, module, y))
        for game, module in GAMES.items()
        for x, y in itertools.combinations(module.PRESETS, 2)
    ]
    for x, y in FAMILIES:
        mx, my = GAMES[x], GAMES[y]
        pairs.append((Side(x, mx, mx.DEFAULT_PRESET), Side(y, my, my.DEFAULT_PRESET)))
    return pairs


def run() -> list[tuple[str, float, float]]:
    pairs = _pairs()
    start = time.perf_counter()
    results = [compare(a, b) for a, b in pairs]
    seconds = time.perf_counter() - start
    examples = [
        (side, d["example"][key]["query"])
        for (a, b), result in zip(pairs, results, strict=True)
        for d in result["differences"]
        if d["example"]
        for side, key in ((a, "a"), (b, "b"))
    ]
    start = time.perf_counter()
    for side, query in examples:
        open_position(side.module, query).to_json(side.game)
    baseline = time.perf_counter() - start
    deals = sum(r["cost"]["deals"] for r in results)
    moves = sum(r["cost"]["moves"] for r in results)
    label = f"{len(pairs)} pairs ({deals} deals, {moves} moves searched)"
    return [(label, seconds, baseline)]


if __name__ == "__main__":
    for what, seconds, base in run():
        print(f"{what:60} {seconds:8.4f}s  re-opening the examples {base:8.4f}s")
