"""A practice request replays the whole match from what is stored (each deal's seed and
moves) before it answers: what does that cost against pushing the same moves straight into
the engine?

For each game, a whole match of a random learner against club players is played once from
fixed seeds; then ``Practice(setup, deals)`` (deal each seed, replay every move, add each deal
to the match as the game keeps it) is timed against dealing the same seeds and pushing the
same moves with ``parse_move`` + ``push``, in the same run. The ratio is the match layer's
overhead on every page and API call of that match.
"""

import random
import time
from itertools import count

from cardgames import shuffle
from practice.match import Practice, Setup, parse
from tests.practice.helpers import PLAYABLE, play_match

ROUNDS = 20


def _baseline(practice) -> float:
    module, rules = practice.module, practice.rules
    deals = [(r.seed, r.moves, n) for n, r in enumerate(practice.deals, 1)]
    # Each deal's dealer, as the match had it (worked out before the clock starts).
    # Each deal's dealer and its opening (a kingdom's owner), as the match had them (worked
    # out before the clock starts).
    replayed = [Practice(practice.setup, practice.deals[:n]) for n, _ in enumerate(deals, 1)]
    dealers = [match.dealer for match in replayed]
    extras = [match.extra for match in replayed]
    start = time.perf_counter()
    for _ in range(ROUNDS):
        for (seed, moves, number), dealer, extra in zip(deals, dealers, extras, strict=True):
            state = module.position_start(
                rules, shuffle.deal(seed, module.PACK), dealer, deal_number=number, **extra
            )
            for token in moves:
                state.push(parse(module, state, token))
    return time.perf_counter() - start


def run() -> list[tuple[str, float, float]]:
    out = []
    seen = set()
    for game, variant in PLAYABLE:
        if game in seen:
            continue  # one variant a game is enough to see the layer's cost
        seen.add(game)
        setup = Setup(game, variant, {}, 2, "club", 0)
        practice = play_match(setup, (f"bench:{n}" for n in count(1)), random.Random(1))
        start = time.perf_counter()
        for _ in range(ROUNDS):
            Practice(setup, practice.deals)
        seconds = time.perf_counter() - start
        name = f"{game} replay of {len(practice.deals)} deals x{ROUNDS}"
        out.append((name, seconds, _baseline(practice)))
    return out
