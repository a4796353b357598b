"""A live table on two machines: two servers as ``make serve`` runs them (gunicorn with
uvicorn's workers) on two ports share one PostgreSQL and one Redis, each started by the test.
Four programs hold the four seats, two on each server, and play a whole deal over WebSocket;
one server loses its power mid-deal (SIGKILL), its players connect to the other with their
last ply, are sent what they missed, and the deal ends with every seat told the same."""

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
