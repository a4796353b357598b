"""Run every ``bench/bench_*.py`` (or those named: ``python -m bench pages bots``): each prints
its ratios against a baseline timed in the same run.

A benchmark module exposes ``run() -> list[tuple[str, float, float]]``: (what, seconds for the
engine, seconds for the baseline). Ratios, not absolute times, are comparable across machines.
A module whose figures are not times (``bench_pages``: throughput, p99, bytes) prints its own
lines and returns an empty list.
"""

import importlib
import pkgutil
import sys
from pathlib import Path


def main(only: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    if only:
        names = [n for n in names if n.removeprefix("bench_") in only]
    for name in names:
        module = importlib.import_module(f"bench.{name}")
        for what, seconds, baseline in module.run():
            print(
                f"{name:28} {what:44} {seconds:9.4f}s  baseline {baseline:8.4f}s  "
                f"ratio {seconds / baseline:7.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
