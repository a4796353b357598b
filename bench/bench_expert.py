"""What an ``expert`` move costs on this machine, against the club move timed in the same
positions of the same run.

The first ``DEALS`` deals of ``bench_bots``' strength run, an expert seat (or partnership)
going round the table against club players, as ``make strength`` plays them. At each move of an
expert seat with more than one legal move in a phase the expert rolls out (card play, and
Sab'at Al-Deemin's announcements), the expert move (the seat's view built from the state, then
the decision, with the expert's own time budget and no caller's deadline) is timed once, then
the club move in the same position, once. Printed per game: the median and the worst expert
move (targets: 300 ms and 1 s on 2 cores) and the median club move; returned: the totals of
both.
"""

import statistics
import time

from bench.bench_bots import BENCHES
from cardgames import bots

DEALS = 3  # per game
MEDIAN_TARGET = 0.3  # seconds
WORST_TARGET = 1.0


def _timed_deal(bench, i: int) -> list[tuple[float, float]]:
    """Deal ``i`` played out: (expert, club) seconds at each expert move with a choice."""
    state = bench.new_deal(i)
    levels = bench.levels(i, "expert", "club")
    slug = bench.slug
    searched = bots.GAMES[slug].family.analysis.tuning.rolled_out
    perf = time.perf_counter
    out = []
    while state.to_act is not None:
        seat = state.to_act
        level = levels[seat]
        start = perf()
        view = bots.view_of(slug, state, seat)
        decision = bots.decide(view, level, f"s{i}")
        expert = perf() - start
        if level == "expert" and len(view.legal) > 1 and view.phase in searched:
            start = perf()
            bots.decide(bots.view_of(slug, state, seat), "club")
            out.append((expert, perf() - start))
        state.push(decision.move)
    return out


def run() -> list[tuple[str, float, float]]:
    rows = []
    for bench in BENCHES:
        timings = [t for i in range(DEALS) for t in _timed_deal(bench, i)]
        expert = [t[0] for t in timings]
        club = [t[1] for t in timings]
        print(
            f"bench_expert {bench.slug}: expert move in {len(expert)} positions: median "
            f"{statistics.median(expert) * 1000:.0f} ms, worst {max(expert) * 1000:.0f} ms "
            f"(targets {MEDIAN_TARGET * 1000:.0f} ms, {WORST_TARGET * 1000:.0f} ms); club move "
            f"median {statistics.median(club) * 1000:.2f} ms",
            flush=True,
        )
        rows.append((f"{bench.slug}: expert move, {len(expert)} positions", sum(expert), sum(club)))
    return rows


if __name__ == "__main__":
    for what, seconds, base in run():
        print(f"{what:44} {seconds:8.4f}s  club {base:8.4f}s  ratio {seconds / base:6.1f}")
