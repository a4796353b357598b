"""A live table on two machines: two servers as ``make serve`` runs them (gunicorn with
uvicorn's workers) on two ports share one PostgreSQL and one Redis, each started by the test.
Four programs hold the four seats, two on each server, and play a whole deal over WebSocket;
one server loses its power mid-deal (SIGKILL), its players connect to the other with their
last ply, are sent what they missed, and the deal ends with every seat told the same."""

import json
import shutil

import pytest

from tests import live_players, servers


@pytest.fixture(scope="module")
def two(postgres, tmp_path_factory):
    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed (.ci/run installs it)")
    logs = tmp_path_factory.mktemp("live-servers")
    with servers.redis_server() as redis_url:
        env = servers.site_env(postgres("live_servers"))
        env["REDIS_URL"] = redis_url
        servers.prepare(env)
        a = servers.Killable(env, logs)
        b = servers.Killable(env, logs)
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


def _sync(players, target: int, live) -> None:
    """Every player told of the stored match's ``target`` moves: one that does not hear of
    them (its server died, or the one that stored a move died before telling anyone)
    connects again with its last ply and is sent what it missed."""
    for player in players:
        try:
            player.until(target, timeout=3)
        except Exception as error:  # noqa: BLE001 - its server died, or nobody told it
            if not (live_players.is_down(error) or isinstance(error, TimeoutError)):
                raise
            player.connect(live.url)
            player.until(target, timeout=10)


def test_thirty_kills_during_the_moves_of_ten_tables_lose_and_double_nothing(two):
    """Each round every table makes a move (those of one server's players still in flight)
    and that server is killed; its players connect to the other, those whose move was in
    flight send it again with the same ply, and the server is started again and its players
    go back to it. Nothing a client was told is lost, nothing is applied twice, and every
    client ends with the stored match."""
    servers_ = list(two)
    tables = []
    for _ in range(TABLES):
        data = live_players.create(servers_[0].url)
        players = {s: live_players.Player(data["id"], s, data["keys"][s]) for s in "NESW"}
        tables.append(players)
    home = {"N": 0, "S": 0, "E": 1, "W": 1}
    for players in tables:
        for seat, player in players.items():
            player.connect(servers_[home[seat]].url)
            player.read(10)
    told = [{} for _ in tables]  # table -> ply -> the move some client was told of
    resent = stale = 0
    for kill in range(KILLS):
        dying, live = servers_[kill % 2], servers_[1 - kill % 2]
        live.ready()  # started again after the last round's kill
        for seat, index in home.items():  # its players go back to it
            if servers_[index] is live:
                for players in tables:
                    if players[seat].base != live.url:
                        players[seat].connect(live.url)
        # every table moves; then the server dies with some of them in flight
        in_flight = []
        for players in tables:
            match = players["N"].look()
            seat = match["position"].get("to_act")
            if not seat:
                continue
            mover = players[seat]
            token = live_players.choose(mover.look())
            mover.send_move(token)
            if mover.base == dying.url:
                in_flight.append((players, mover, mover.ply, token))
        dying.kill()
        dying.launch()
        for players in tables:
            for player in players.values():
                if player.base == dying.url:
                    player.connect(live.url)
        for players, mover, ply, token in in_flight:  # sent again, as it was
            _sync(players.values(), len(players["N"].look()["history"]), live)
            mover.socket.send(json.dumps({"type": "move", "ply": ply, "move": token}))
            resent += 1
        for number, players in enumerate(tables):
            stored = [h["move"] for h in players["N"].look()["history"]]
            _sync(players.values(), len(stored), live)
            for player in players.values():
                for ply, move in enumerate(player.moves, 1):
                    assert told[number].setdefault(ply, move) == move
    for dying in servers_:
        dying.ready()
    for number, players in enumerate(tables):
        stored_match = players["N"].look()
        stored = [h["move"] for h in stored_match["history"]]
        for player in players.values():
            player.settle(0.2)
            stale += sum(e["code"] == "stale_ply" for e in player.errors)
            assert {e["code"] for e in player.errors} <= {"stale_ply", "not_your_turn"}
            assert player.moves == stored, (number, player.seat)
        # whatever any client was told is stored, at its ply, once
        assert all(stored[ply - 1] == move for ply, move in told[number].items())
        cards = [m for m in stored if m != "pass" and not m[0].isdigit()]
        assert len(cards) == len(set(cards)), stored
        assert len(stored) >= KILLS // 2
    assert resent >= KILLS // 2 and stale > 0
