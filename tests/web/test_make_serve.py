"""`make serve`, the production command, started as the README gives it: with REDIS_URL its two
workers serve a live table whose sockets are held by both (a move reaches every seat,
whichever worker holds its socket); a second start on an unchanged checkout does no set-up
step again; several workers without REDIS_URL are refused in one line, before anything starts
(the system check ``tables.E001``)."""

import contextlib
import os
import signal
import subprocess
import time
import urllib.request

import pytest

from tests import live_players, servers

ROOT = servers.ROOT
SET_UP_STEPS = ("manage.py migrate", "loadrulebook", "loadtutorials", "loadquiz", "collectstatic")


def make_serve(env: dict) -> subprocess.Popen:
    """`make serve` in a process group of its own (make, gunicorn and its workers)."""
    return subprocess.Popen(
        ["make", "serve"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )


def stop(process: subprocess.Popen) -> str:
    """Stop the server (SIGTERM to its group, as a host does) and give back what it wrote."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        out, _ = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, _ = process.communicate()
    return out


def wait_until_up(base: str, process: subprocess.Popen, timeout: float = 300) -> None:
    """Until the site answers (the set-up of a new database comes first), or the command ends."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if process.poll() is not None:
            raise AssertionError(f"make serve ended: {process.stdout.read()}")
        with contextlib.suppress(OSError):
            with urllib.request.urlopen(base + "/robots.txt", timeout=5) as answer:
                if answer.status == 200:
                    return
        time.sleep(0.2)
    raise TimeoutError("make serve did not answer")


@pytest.fixture(scope="module")
def served_env(tmp_path_factory):
    home = tmp_path_factory.mktemp("make-serve")
    env = servers.site_env(f"sqlite:///{home / 'db.sqlite3'}")
    env.pop("WEB_CONCURRENCY", None)
    env.pop("REDIS_URL", None)
    servers.prepare(env, "loadrulebook")
    return env


def processes_holding(table_id: str, env: dict) -> set[str]:
    """The worker processes holding the table's sockets now, as the database records them."""
    code = (
        "import django; django.setup()\n"
        "from tables.models import Socket\n"
        f"rows = Socket.objects.filter(place__table__public_id={table_id!r})\n"
        "print(' '.join(sorted(set(rows.values_list('process', flat=True)))))\n"
    )
    env = {**env, "DJANGO_SETTINGS_MODULE": "diwaniya.settings"}
    out = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "-c", code], cwd=ROOT, env=env, capture_output=True,
        text=True, check=True,
    )  # fmt: skip
    return set(out.stdout.split())


def test_make_serve_plays_a_table_across_its_workers_and_starts_again_without_set_up(served_env):
    with servers.redis_server() as redis_url:
        port = servers.free_port()
        env = {**served_env, "REDIS_URL": redis_url, "BIND": f"127.0.0.1:{port}"}
        base = f"http://127.0.0.1:{port}"
        process = make_serve(env)
        try:
            wait_until_up(base, process)
            data = live_players.create(base)
            players = [live_players.Player(data["id"], seat, data["keys"][seat]) for seat in "NESW"]
            # each socket opened until the table's sockets are held by both workers (the
            # kernel hands each new connection to either)
            for attempt in range(40):
                for player in players:
                    player.connect(base)
                    player.read(15)  # its state: the socket is registered
                if len(processes_holding(data["id"], env)) >= 2:
                    break
                players[attempt % 4].close()
            assert len(processes_holding(data["id"], env)) == 2
            # the auction and the first tricks, each move made by its seat and seen by all
            for _ in range(20):
                for player in players:
                    player.settle(0.2)
                mover = next(
                    (p for p in players if p.state and live_players.choose(p.look())), None
                )
                if mover is None:
                    break
                ply = mover.ply
                mover.send_move(live_players.choose(mover.look()))
                for player in players:
                    player.until(ply + 1, timeout=30)
            moves = {tuple(p.moves) for p in players}
            assert len(moves) == 1 and len(next(iter(moves))) >= 8
            assert not [e for p in players for e in p.errors]
            for player in players:
                player.close()
        finally:
            first = stop(process)
        assert first.count("Booting worker") == 2, first  # two by default with REDIS_URL
        # an unchanged checkout: no set-up step runs again
        again = make_serve(env)
        try:
            wait_until_up(base, again, timeout=120)
        finally:
            second = stop(again)
        assert not [step for step in SET_UP_STEPS if step in second], second


def test_several_workers_without_redis_are_refused_in_one_line(served_env):
    env = {**served_env, "WEB_CONCURRENCY": "2", "BIND": f"127.0.0.1:{servers.free_port()}"}
    refused = subprocess.run(
        ["make", "-s", "serve"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert refused.returncode != 0
    lines = [line for line in refused.stderr.splitlines() if line.startswith("make serve:")]
    assert len(lines) == 1, refused.stderr
    assert "REDIS_URL" in lines[0] and "WEB_CONCURRENCY=1 make serve" in lines[0]
    assert "tables.E001" in lines[0]
    assert "gunicorn" not in refused.stdout


def test_the_system_check_refuses_only_several_workers_on_one_process_s_layer(monkeypatch):
    from django.test import override_settings

    from tables import checks

    memory = {"default": {"BACKEND": checks.IN_MEMORY}}
    redis = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer"}}
    for workers, layers, refused in (
        ("2", memory, True),
        ("1", memory, False),
        ("", memory, False),
        ("4", redis, False),
        ("x", memory, False),
    ):
        monkeypatch.setenv("WEB_CONCURRENCY", workers)
        with override_settings(CHANNEL_LAYERS=layers):
            found = [m.id for m in checks.one_channel_layer()]
        assert found == (["tables.E001"] if refused else []), (workers, layers)
