"""Every benchmark still runs: ``make bench`` is not part of the suite (its figures are times),
so a benchmark that no longer matches the code it measures would otherwise go unnoticed until
someone runs it. Each runs here on a few deals, and only its output's shape is checked, never
a time. (``bench_pages``, ``bench_table``, ``bench_live`` and ``bench_challenges`` serve the
site with gunicorn, the second to Chromium, the third to hundreds of sockets, the fourth after
10,000 results written, and are left to ``make bench``.)"""

import importlib
import pkgutil
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
MODULES = sorted(
    m.name
    for m in pkgutil.iter_modules([str(BENCH)])
    if m.name.startswith("bench_")
    and m.name not in ("bench_pages", "bench_table", "bench_live", "bench_challenges")
)
# The sizes each module reads, made small: enough to run every path once.
SMALL = {
    "DEALS": 4,
    "ROUNDS": 1,
    "REPLAYS": 2,
    "QUESTIONS": 2,
    "COST_DEALS": 2,
    "POSITIONS": 2,
    "REVIEW_DEALS": 1,
}
# Where one module's paths all run in fewer: an expert deal is seconds of rollouts a game.
SMALLER = {"bench_expert": {"DEALS": 1}}


@pytest.mark.slow
@pytest.mark.parametrize("name", MODULES)
def test_every_benchmark_runs_against_the_code_as_it_is(name, tutorials, monkeypatch):
    module = importlib.import_module(f"bench.{name}")
    for constant, value in {**SMALL, **SMALLER.get(name, {})}.items():
        if hasattr(module, constant):
            monkeypatch.setattr(module, constant, value)
    results = module.run()
    assert results, name
    for what, seconds, baseline in results:
        assert isinstance(what, str) and what
        assert seconds > 0 and baseline > 0, what
