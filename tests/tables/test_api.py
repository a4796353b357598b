"""The live tables' JSON API (tables.md): creating a table, each key's view, moves and their
refusals, and 404 for a wrong or missing key."""

import json
import random

import pytest

from practice.match import WATCHER
from tables import service
from tables.models import Place, Table, digest

from .helpers import SEATS_2P, pick, secret_cards

pytestmark = pytest.mark.django_db


def post(client, path, body=None, key=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {key}"} if key else {}
    data = body if isinstance(body, str) else json.dumps(body or {})
    return client.post(path, data, content_type="application/json", **headers)


def get(client, path, key=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {key}"} if key else {}
    return client.get(path, **headers)


def create(client, **body):
    body = {"variant": "classic", "seats": SEATS_2P, **body}
    return post(client, "/api/tarneeb/tables", body)


def test_create_answers_201_with_a_key_for_each_place(client):
    answer = create(client, coach="S")
    assert answer.status_code == 201, answer.content
    data = answer.json()
    assert set(data["keys"]) == {"N", "S", "coach", "watch"}
    assert set(data["urls"]) == {"N", "S", "coach", "watch", "table"}
    table = Table.objects.get(public_id=data["id"])
    assert table.match.live and table.coach_seat == 2
    # only digests are kept
    stored = set(Place.objects.values_list("key_digest", flat=True))
    assert stored == {digest(k) for k in data["keys"].values()}
    assert not stored & set(data["keys"].values())


@pytest.mark.parametrize(
    "body, code",
    [
        ({"seats": {"N": "person"}}, "bad_seats"),
        ({"seats": {"N": "robot", "E": "person", "S": "person", "W": "person"}}, "bad_seats"),
        ({"seats": {s: "computer:club" for s in "NESW"}}, "bad_seats"),
        ({"seats": {**SEATS_2P, "E": "computer:grandmaster"}}, "bad_seats"),
        ({"coach": "E"}, "bad_coach"),
        ({"coach": "X"}, "bad_coach"),
        ({"coach": "NS"}, "bad_coach"),
        ({"coach": ["S"]}, "bad_coach"),
        ({"turn_seconds": 3}, "bad_turn_seconds"),
        ({"variant": "nonesuch"}, "unknown_variant"),
    ],
)
def test_create_refuses_what_cannot_be_played(client, body, code):
    answer = create(client, **body)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == code
    assert not Table.objects.exists()


def test_a_wrong_or_missing_key_is_404_alike(client):
    data = create(client).json()
    table_id, key = data["id"], data["keys"]["N"]
    other = create(client).json()
    answers = [
        get(client, f"/api/tables/{table_id}"),
        get(client, f"/api/tables/{table_id}", "x" * 32),
        get(client, f"/api/tables/{table_id}", other["keys"]["N"]),  # another table's key
        get(client, f"/api/tables/nonesuch{table_id}", key),
        post(client, f"/api/tables/{table_id}/move", {"move": "pass", "ply": 0}, "wrong"),
    ]
    assert {a.status_code for a in answers} == {404}
    assert len({a.content for a in answers}) == 1  # the same answer whatever was wrong
    assert get(client, f"/api/tables/{table_id}", key).status_code == 200


def test_each_key_sees_only_its_own_view_and_moves_are_checked(client):
    data = create(client, coach="S").json()
    table_id, keys = data["id"], data["keys"]
    table = Table.objects.get(public_id=table_id)
    rng = random.Random(3)
    moves = 0
    while moves < 30:
        match, deals = service.read(table)
        played = match.replay(deals)
        if played.deal_over:
            break
        views = {name: get(client, f"/api/tables/{table_id}", key) for name, key in keys.items()}
        for name, answer in views.items():
            seen = answer.json()
            assert "seat" not in seen and set(seen["seats"]) == set("NESW")
            viewer = WATCHER if name == "watch" else "NESW".index("S" if name == "coach" else name)
            text = json.dumps(seen["position"]["hands"]) + json.dumps(seen["history"])
            leaked = {c for c in secret_cards(played, viewer) if c in text}
            assert not leaked, (name, leaked)
        # the positive control: the seat's own cards are in its own view
        seat = "NESW"[played.state.to_act]
        assert seen is not None
        token = pick(played, rng)
        other = "N" if seat == "S" else "S"
        refused = post(
            client, f"/api/tables/{table_id}/move", {"move": token, "ply": played.ply}, keys[other]
        )
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "not_your_turn"
        coach = post(
            client,
            f"/api/tables/{table_id}/move",
            {"move": token, "ply": played.ply},
            keys["coach"],
        )
        assert coach.status_code == 403 and coach.json()["error"]["code"] == "not_a_player"
        stale = post(
            client,
            f"/api/tables/{table_id}/move",
            {"move": token, "ply": played.ply + 5},
            keys[seat],
        )
        assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale_ply"
        done = post(
            client, f"/api/tables/{table_id}/move", {"move": token, "ply": played.ply}, keys[seat]
        )
        assert done.status_code == 200, done.content
        replayed = post(
            client, f"/api/tables/{table_id}/move", {"move": token, "ply": played.ply}, keys[seat]
        )
        assert replayed.status_code in (409, 422)  # a replayed move changes nothing
        moves += 1
    assert moves > 0


def test_a_seats_own_hand_is_in_its_view(client):
    data = create(client).json()
    seen = get(client, f"/api/tables/{data['id']}", data["keys"]["N"]).json()
    assert isinstance(seen["position"]["hands"]["N"], str) and "." in seen["position"]["hands"]["N"]
    assert isinstance(seen["position"]["hands"]["S"], int)


def test_creating_tables_is_limited_per_address(client, monkeypatch):
    from plumbing import limits

    monkeypatch.setitem(limits.CREATING, "table", (limits.Limit("table", "ip", 2, 60),))
    made = [create(client).status_code for _ in range(3)]
    assert made == [201, 201, 429]
    refused = create(client)
    assert refused.json()["error"]["code"] == "rate_limited" and int(refused["Retry-After"]) > 0
    assert Table.objects.count() == 2
