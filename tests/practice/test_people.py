"""A match with several people (a live table's): each person plays at their own seat, the
computer players reply up to a person's turn, each viewer's match object holds only what that
seat (or a watcher) may see, and a table's match is never reached through practice."""

import json
import random

import pytest

from practice import service
from practice.match import WATCHER, Practice, Setup
from practice.models import Match

# North and South are people, East and West computer players.
PEOPLE = (None, "club", None, "beginner")


def test_two_people_play_a_whole_deal_each_at_their_seat():
    practice = Practice.start(Setup("hearts", "pagat", {}, 0, "club", 1, PEOPLE), "people-1")
    rng = random.Random(1)
    assert practice.people == [0, 2] and set(practice.levels) == {1, 3}
    while not practice.deal_over:
        seat = practice.state.to_act
        assert seat in practice.people  # the computers have replied up to a person
        other = 2 - seat
        token = practice.module.format_move(rng.choice(practice.state.legal_moves()))
        with pytest.raises(Exception) as refused:
            practice.play([token], practice.ply, seat=other)
        assert refused.value.code == "not_your_turn"
        for viewer in (seat, other, WATCHER):
            position = practice.to_json("x", viewer)["position"]
            hands = [h for h in position["hands"].values() if isinstance(h, str)]
            assert len(hands) == (0 if viewer == WATCHER else 1)
            assert bool(position.get("legal")) == (viewer == seat)
        practice.play([token], practice.ply, seat=seat)
    assert practice.to_json("x", WATCHER)["seed"]  # revealed to everyone once it is over


def test_a_watcher_sees_no_hand_and_no_pass():
    practice = Practice.start(Setup("hearts", "pagat", {}, 0, "club", 1, PEOPLE), "people-2")
    seat = practice.state.to_act
    mine = practice.to_json("x", seat)
    watched = practice.to_json("x", WATCHER)
    assert isinstance(mine["position"]["hands"]["NESW"[seat]], str)
    assert all(isinstance(h, int) for h in watched["position"]["hands"].values())
    assert mine["position"]["legal"] and not watched["position"].get("legal")
    practice.play([m for m in mine["position"]["legal"][:1]], practice.ply, seat=seat)
    watched = practice.to_json("x", WATCHER)
    assert all(move["move"] == "pass:?" for move in watched["history"])


@pytest.mark.django_db
def test_a_tables_match_is_404_in_the_practice_api_and_pages(client):
    setup = Setup("tarneeb", "classic", {}, 0, "club", 0, PEOPLE)
    match, _practice = service.start(setup, live=True)
    auth = {"HTTP_AUTHORIZATION": f"Bearer {match.token}"}
    assert client.get(f"/api/practice/{match.public_id}", **auth).status_code == 404
    body = json.dumps({"move": "pass", "ply": 0})
    moved = client.post(
        f"/api/practice/{match.public_id}/move", body, content_type="application/json", **auth
    )
    assert moved.status_code == 404
    assert client.get(f"/en/practice/{match.public_id}/{match.token}/").status_code == 404
    # the same match as practice's own is reached (the positive control)
    Match.objects.filter(pk=match.pk).update(live=False)
    assert client.get(f"/api/practice/{match.public_id}", **auth).status_code == 200
