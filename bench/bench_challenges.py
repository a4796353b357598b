"""Challenges at scale: 10,000 results on one deal.

- The ranking page (``/en/challenges/<id>/ranking/``: the entries' stored percentages, worked
  out again from the tallies at most once a minute for a field this size, and the page cached
  for everyone per ranking) against the trivial view of ``bench/site_urls.py``, served by
  gunicorn as ``bench_pages`` serves them, the trivial view measured on either side of each
  round: requests a second, as a ratio (target 0.5 or more).
- The time to write one result (its row and the field's tallies, in one transaction: what the
  move that ends a deal adds) with 20 writers at once, each its own process: the median and
  the 99th percentile.

On SQLite, and on PostgreSQL when its server is installed (``tests/servers.py`` starts a
throwaway cluster, as the tests do). ``BENCH_RESULTS`` changes the field's size.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench import bench_pages as pages
from tests import servers

ROOT = Path(__file__).resolve().parents[1]
RESULTS = int(os.environ.get("BENCH_RESULTS", 10_000))
WRITERS = 20
TIMED_WRITES = 20  # per writer, after the field is filled
ROUNDS = 5


def _writers(env, challenge: str, first: int, count: int, processes: int) -> list[float]:
    """``processes`` writers at once, each writing ``count`` results; every write's seconds."""

    def one(n):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "tests.challenges.writers",
                "record",
                challenge,
                str(first + n * count),
                str(count),
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(done.stdout)

    with ThreadPoolExecutor(processes) as pool:
        return [t for times in pool.map(one, range(processes)) for t in times]


def _measure(env, label: str) -> None:
    challenge = subprocess.run(
        [sys.executable, "-m", "tests.challenges.writers", "open", "1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # The field: RESULTS results, written by 4 writers (not timed).
    _writers(env, challenge, 0, RESULTS // 4, 4)
    times = sorted(_writers(env, challenge, RESULTS, TIMED_WRITES, WRITERS))
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    served = {**env, "DJANGO_SETTINGS_MODULE": "bench.site_settings"}
    page = f"/en/challenges/{challenge}/ranking/"
    with servers.gunicorn(served, workers=2) as base:
        pages._hammer(base, [page, pages.TRIVIAL], 40, pages.CLIENTS)  # warm both workers
        rates, ratios = [], []
        for _ in range(ROUNDS):
            before = pages._throughput(base, [pages.TRIVIAL])
            rate = pages._throughput(base, [page])
            after = pages._throughput(base, [pages.TRIVIAL])
            rates.append(rate)
            ratios.append(rate / ((before + after) / 2))
    print(
        f"bench_challenges {label:10} ranking page / trivial view,"
        f" {RESULTS + WRITERS * TIMED_WRITES} results on one deal:"
        f" median {statistics.median(ratios):.2f}, min {min(ratios):.2f}"
        f" (page {statistics.median(rates):.0f}/s)"
    )
    print(
        f"bench_challenges {label:10} one result written, {WRITERS} writers at once:"
        f" median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms"
    )


def run() -> list:
    with tempfile.TemporaryDirectory() as folder:
        env = servers.site_env(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
        servers.build(env)
        _measure(env, "SQLite")
    if servers.initdb() is not None:
        with servers.postgres_cluster() as create:
            env = servers.site_env(create("bench_challenges"))
            servers.build(env)
            _measure(env, "PostgreSQL")
    return []
