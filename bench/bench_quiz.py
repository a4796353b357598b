"""Quiz question generation against the engine's own random playouts, timed in the same run.

For each game and kind: generating ``QUESTIONS`` fresh questions (the cache cleared: every seed
deals, plays forward to a teaching moment, retries derived seeds, then replays the position
and asks the engine for the answer), against playing the same number of whole random deals
with ``legal_moves`` + ``push``. The ratio is what a question costs in deals: rare moments
(a moon shot, a debt being paid) show up as higher ratios.
"""

import random
import time

from cardgames import shuffle
from quiz import questions
from rulebook import games

QUESTIONS = 200


def _generate(game: str, variant: str, kind: str) -> float:
    questions._generate.cache_clear()
    start = time.perf_counter()
    for i in range(QUESTIONS):
        questions.generate(game, variant, kind, f"bench-{i}")
    return time.perf_counter() - start


def _baseline(game: str, variant: str) -> float:
    engine = games.GAMES[game].engine
    rules = engine.PRESETS[variant]
    rng = random.Random(game)
    start = time.perf_counter()
    for i in range(QUESTIONS):
        state = engine.new_deal(rules, shuffle.deal(f"bench-{i}", engine.PACK), i & 3)
        while state.to_act is not None:
            state.push(rng.choice(state.legal_moves()))
    return time.perf_counter() - start


def run() -> list[tuple[str, float, float]]:
    out = []
    for game, kinds in questions.KINDS.items():
        variant = games.GAMES[game].default_variant
        baseline = _baseline(game, variant)
        for kind in kinds:
            out.append((f"{game} {kind} x{QUESTIONS}", _generate(game, variant, kind), baseline))
    return out
