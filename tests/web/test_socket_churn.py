"""Nothing left behind (issue 44): 100 sockets of 25 tables opened and dropped round after
round against the site as ``make serve`` runs it (gunicorn, two uvicorn workers, Redis,
SQLite), closing together while frames are sent to them, crashing (no closing handshake) and
flooding (``tests/churn.py``). After every round: 0 connections counted, 0 seats "here", no
channel subscribed in Redis and no client subscribed. The workers' memory is read once they
are warm (``CHURN_WARMUP`` rounds: a worker's memory climbs to the peak of what it has
served, then holds) and after ``CHURN_ROUNDS`` more: within 10%. At the end the workers are
the same processes and their log holds no traceback and no repair (every end cleaned up
after itself).

``make test`` runs 6 + 3 rounds; ``make fuzz`` 12 + 40. Measured: a worker grows from about
92 MB to a plateau of about 107 MB in the first dozen rounds (how soon depends on which
worker the kernel hands the sockets of the floods to), then holds within 1 MB over 25 more."""

import asyncio
import os
import shutil

import pytest

from tests import churn, servers

WARMUP = int(os.environ.get("CHURN_WARMUP", "6"))
ROUNDS = int(os.environ.get("CHURN_ROUNDS", "3"))
TABLES = 25


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed (.ci/run installs it)")
    home = tmp_path_factory.mktemp("churn")
    db = home / "db.sqlite3"
    with servers.redis_server() as redis_url:
        env = servers.site_env(f"sqlite:///{db}")
        env["REDIS_URL"] = redis_url
        servers.prepare(env)
        server = servers.Killable(env, home, workers=2)
        try:
            server.start()
            yield server, db, redis_url
        finally:
            server.stop()


def test_sockets_opened_and_dropped_again_and_again_leave_nothing(site):
    server, db, redis_url = site
    tables = churn.create_tables(server.url, TABLES)
    workers = server.workers_now()
    assert len(workers) == 2
    clean = {"rows": 0, "here": 0}
    unsubscribed = {"channels": [], "subscribed_clients": 0}
    first = churn.rss(workers)  # before any socket: reported, the warm workers are compared
    start = first if WARMUP == 0 else None
    for number in range(WARMUP + ROUNDS):
        mode = churn.MODES[number % len(churn.MODES)]
        assert churn.run(churn.one_round(server.url, tables, mode)) == len(tables) * 4
        left = churn.settle(lambda: churn.left(db), clean)
        assert left == clean, (number, mode, left)
        subscribed = churn.settle(lambda: churn.subscriptions(redis_url), unsubscribed)
        assert subscribed == unsubscribed, (number, mode, subscribed)
        if number == WARMUP - 1:
            start = churn.rss(workers)
    assert server.workers_now() == workers  # none died and was replaced
    end = churn.rss(workers)
    print(
        f"\nchurn: {WARMUP} + {ROUNDS} rounds of {len(tables) * 4} sockets; "
        f"workers' RSS KiB {first} cold, {start} warm -> {end}"
    )
    for pid in workers:
        assert end[pid] <= start[pid] * 1.10, (pid, start[pid], end[pid])
    log = server.log_path.read_text()
    assert "Traceback" not in log and "Exception in ASGI" not in log, log[-3000:]
    assert "presence:" not in log, [line for line in log.splitlines() if "presence:" in line]
    # the positive control: a socket opened now is counted, and its seat is here
    assert churn.run(_one_open_socket(server.url, tables[0], db)) == {"rows": 1, "here": 1}


async def _one_open_socket(base, table, db):
    socket = await churn._open(base, table, "N")
    try:
        return churn.left(db)
    finally:
        await socket.close()


def test_a_worker_s_shutdown_ends_its_sockets_cleanly(site):
    """SIGTERM to both workers with sockets open (a deploy, gunicorn's max-requests): each
    closes its sockets (1012) and their ends clean up before it exits; the master starts
    new workers. Nothing is left: no row, no seat here, no subscription, no repair logged."""
    import signal

    server, db, redis_url = site
    tables = churn.create_tables(server.url, 5)

    async def scenario():
        sockets = await asyncio.gather(*(churn._open(server.url, t, "N") for t in tables))
        assert churn.left(db) == {"rows": 5, "here": 5}  # the positive control
        old = server.workers_now()
        for pid in old:
            os.kill(pid, signal.SIGTERM)
        codes = []
        for socket in sockets:
            await churn._drain(socket)
            codes.append(socket.close_code)
        return old, codes

    old, codes = churn.run(scenario())
    assert set(codes) == {1012}, codes
    assert churn.settle(lambda: bool(server.workers_now() - old), True)  # new ones
    assert churn.left(db) == {"rows": 0, "here": 0}
    unsubscribed = {"channels": [], "subscribed_clients": 0}
    assert churn.settle(lambda: churn.subscriptions(redis_url), unsubscribed) == unsubscribed
    log = server.log_path.read_text()
    assert "Traceback" not in log and "presence:" not in log, log[-3000:]
