"""A tutorial step page replays its whole script (that is what makes it trustworthy): what
does the replay cost against pushing the same moves straight into the engine?

For each shipped tutorial: ``content.frames_of`` (parse the tokens, replay every step, copy
the state at each step for its before and after positions) against a plain replay of the
same move list with ``parse_move`` + ``push``, timed in the same run. A step page does one
replay, so the ratio is the script layer's overhead per page.
"""

import time

from tutorials import content

ROUNDS = 50


def _baseline(frames) -> float:
    last = frames[-1].after
    tokens = [last.module.format_move(m) for m in last.moves]
    start = time.perf_counter()
    for _ in range(ROUNDS):
        # The deal's start in its match context (a later deal of a match has its own lead).
        state = last.start_state()
        for token in tokens:
            parse = state.parse_move
            state.push(parse(token))
    return time.perf_counter() - start


def run() -> list[tuple[str, float, float]]:
    out = []
    for data in content.read_all():
        frames = content.frames_of(data)
        if any(f.step.variant for f in frames):
            continue  # a restart under another variant has no single plain move list
        start = time.perf_counter()
        for _ in range(ROUNDS):
            content.frames_of(data)
        seconds = time.perf_counter() - start
        out.append((f"{data['slug']} x{ROUNDS}", seconds, _baseline(frames)))
    return out
