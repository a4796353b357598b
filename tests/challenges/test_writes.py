"""Results written by processes killed as a machine losing power would kill them (SIGKILL, no
transaction ended), then started again: not one result lost, not one counted twice, on SQLite
and PostgreSQL. Each writer is a guest playing every deal of one challenge to its end through
the practice table's own code (``tests/challenges/writers.py``)."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests import servers

ROOT = Path(__file__).resolve().parents[2]
WRITERS = 6
KILLED = 3
DEALS = 3

pytestmark = pytest.mark.xdist_group("postgres")


@pytest.fixture(params=["sqlite", "postgresql"])
def env(request, tmp_path):
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'site.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres")("challenge_writes")
    env = servers.site_env(url)
    servers.prepare(env)
    return env


def _run(env, *args) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "tests.challenges.writers", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _writer(env, challenge, n):
    return subprocess.Popen(
        [sys.executable, "-m", "tests.challenges.writers", "play", challenge, f"guest{n}", str(n)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def test_killed_writers_lose_no_result_and_count_none_twice(env):
    challenge = _run(env, "open", str(DEALS)).strip()
    writers = [_writer(env, challenge, n) for n in range(WRITERS)]
    for n in range(KILLED):
        # Killed once its first deal is in, wherever it then is in the next: mid-deal, where
        # a move's transaction may be the one that ends the deal and writes its result.
        line = writers[n].stdout.readline()
        assert line.startswith("deal"), writers[n].stderr.read()[-3000:]
        os.killpg(writers[n].pid, signal.SIGKILL)
        writers[n].wait(60)
        writers[n] = _writer(env, challenge, n)  # started again: it goes on where it was
    for w in writers:
        out, err = w.communicate(timeout=900)
        assert w.returncode == 0 and out.strip().endswith("done"), err[-3000:]
    counts = json.loads(_run(env, "verify", challenge))
    scored = WRITERS * DEALS
    assert counts == {
        "over": scored,
        "unscored": 0,  # 0 lost
        "scored": scored,
        "seat_tallies": scored,  # 0 doubled
        "score_tallies": scored,
        "lead_tallies": counts["lead_tallies"],  # a deal thrown in has no lead
        "deals_done": scored,
        "results": scored,
        "entries": WRITERS,
        "finished": WRITERS,
    }
    assert counts["lead_tallies"] <= scored
