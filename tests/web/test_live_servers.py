"""A live table on two machines: two servers as ``make serve`` runs them (gunicorn with
uvicorn's workers) on two ports share one PostgreSQL and one Redis, each started by the test.
Four programs hold the four seats, two on each server, and play a whole deal over WebSocket;
one server loses its power mid-deal (SIGKILL), its players connect to the other with their
last ply, are sent what they missed, and the deal ends with every seat told the same."""

import shutil
import time

import pytest

from tests import live_players, servers
from tests.waiting import WAIT

# One worker runs every PostgreSQL test (make test: --dist loadgroup): its one cluster
# keeps one prepared database for them all (tests/servers.py, prepare).
pytestmark = [pytest.mark.served, pytest.mark.xdist_group("postgres")]


@pytest.fixture(scope="module")
def two(postgres, tmp_path_factory):
    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed (.ci/run installs it)")
    logs = tmp_path_factory.mktemp("live-servers")
    with servers.redis_server() as redis_url:
        env = servers.site_env(postgres("live_servers"))
        env["REDIS_URL"] = redis_url
        servers.prepare(env, "loadrulebook", "loadtutorials", "loadquiz")  # as the others
        # preloaded: a worker killed is forked again from the loaded site at once
        a = servers.Killable(env, logs, preload=True)
        b = servers.Killable(env, logs, preload=True)
        try:
            a.start()
            b.start()
            yield a, b
        finally:
            a.stop()
            b.stop()


def _turn(players: dict) -> tuple[live_players.Player, str] | None:
    """The seat to act and its move, from the stored match (through its own server), or None
    when the deal is over."""
    anyone = next(iter(players.values()))
    seat = anyone.look()["position"].get("to_act")
    if not seat:
        return None
    mover = players[seat]
    return mover, live_players.choose(mover.look())


def test_a_deal_on_two_servers_survives_one_of_them_dying(two):
    a, b = two
    table = live_players.create(a.url)
    players = {s: live_players.Player(table["id"], s, table["keys"][s]) for s in "NESW"}
    home = {"N": a, "S": a, "E": b, "W": b}
    for seat, player in players.items():
        player.connect(home[seat].url)
        player.read(10)  # its state
        assert player.state["you"] == seat and player.ply == 0
    played, killed = 0, False
    while (turn := _turn(players)) is not None:
        mover, token = turn
        mover.send_move(token)
        played += 1
        if not killed and played >= 20 and home[mover.seat] is a:
            # B dies just as A's player moves: E and W never hear of it from B
            b.kill()
            b.launch()  # started again, as a machine's supervisor would
            killed = True
            for seat in "EW":
                players[seat].connect(a.url)  # with the ply it has
        for player in players.values():
            player.until(played)
        for player in players.values():
            assert player.moves == players["N"].moves
    assert killed and played >= 52
    for player in players.values():
        player.settle()
        assert not player.errors, player.errors
    stored = players["N"].look()
    assert [h["move"] for h in stored["history"]] == players["N"].moves
    assert stored["totals"] and stored["position"].get("to_act") in (None, "")
    # the deal's end reached every seat as the same state: everything shown, nothing hidden
    ends = [p.state["match"] for p in players.values()]
    assert all(p.state["ply"] == played for p in players.values())
    for end in ends:
        assert end == {**ends[0], "position": end["position"]}
        assert end["history"] == stored["history"] and end["deal"] == stored["deal"]


TABLES, KILLS = 10, 30


def _sync(players, target: int, live, wait: float = 0.5) -> None:
    """Every player told of the stored match's ``target`` moves: those not told within
    ``wait`` seconds (their server died, or the one that stored a move died before telling
    anyone) connect again with their last ply and are sent what they missed."""
    end = time.monotonic() + wait
    behind = []
    for player in players:
        try:
            player.until(target, timeout=max(0.01, end - time.monotonic()))
        except Exception as error:  # noqa: BLE001 - its server died, or nobody told it
            if not (live_players.is_down(error) or isinstance(error, TimeoutError)):
                raise
            behind.append(player)
    for player in behind:
        player.connect(live.url)
        player.until(target, timeout=WAIT)


def test_thirty_kills_during_the_moves_of_ten_tables_lose_and_double_nothing(two):
    """Round after round, three of the ten tables move with their movers on server B, and
    B's process is killed with the moves in flight (SIGKILL to its worker, which holds the
    sockets and the database connection; its master, as a supervisor, starts another at
    once). Its players connect to A with their last ply and send their move again as it was
    (same ply): applied if it was lost, refused (``stale_ply``) if it was stored. Nothing a
    client was told is lost, nothing is applied twice, every client ends with the stored
    match."""
    a, b = two
    for server in two:
        server.ready()
    tables, views = [], []
    for _ in range(TABLES):
        data = live_players.create(a.url)
        players = {s: live_players.Player(data["id"], s, data["keys"][s]) for s in "NESW"}
        for player in players.values():
            player.connect(a.url)
            player.read(10)  # its state
        tables.append(players)
        views.append(players["N"].state["match"])
    told = [{} for _ in tables]  # table -> ply -> the move some client was told of
    resent = stale = 0
    for kill in range(KILLS):
        b.ready()
        moving = [(kill * 3 + j) % TABLES for j in range(3)]
        in_flight = []
        for number in moving:
            seat = views[number]["position"].get("to_act")
            if not seat:
                continue
            mover = tables[number][seat]
            token = live_players.choose(show_to(mover, a))
            if token is None:  # its view was old: a move sent again was stored since
                continue
            if mover.base != b.url:
                mover.connect(b.url)
            mover.send_move(token)
            in_flight.append(mover)
        b.kill_worker()
        for mover in in_flight:  # to A, and the move sent again as it was
            frame = mover.last_sent
            mover.connect(a.url)
            mover.socket.send(frame)
            resent += 1
        for number in moving:
            players = tables[number]
            views[number] = show_to(players["N"], a)
            _sync(players.values(), len(views[number]["history"]), a)
            for player in players.values():
                for ply, move in enumerate(player.moves, 1):
                    assert told[number].setdefault(ply, move) == move
    made = 0
    for number, players in enumerate(tables):
        stored = [h["move"] for h in show_to(players["N"], a)["history"]]
        _sync(players.values(), len(stored), a)
        for player in players.values():
            player.settle(0.05)
            stale += sum(e["code"] == "stale_ply" for e in player.errors)
            assert {e["code"] for e in player.errors} <= {"stale_ply"}, player.errors
            assert player.moves == stored, (number, player.seat)
        # whatever any client was told is stored, at its ply, once
        assert all(stored[ply - 1] == move for ply, move in told[number].items())
        cards = [m for m in stored if m != "pass" and not m[0].isdigit()]
        assert len(cards) == len(set(cards)), stored
        made += len(stored)
    # the rounds did move the tables: of the 90 moves tried, a move skipped because its
    # mover's view was already behind (a loaded machine) is tried again in a later round
    assert made >= KILLS * 2
    assert resent >= KILLS * 2 and stale > 0


def show_to(player, server) -> dict:
    """The stored match as ``player`` sees it, asked of ``server`` (one that is up)."""
    return live_players.show(server.url, player.table_id, player.key)
