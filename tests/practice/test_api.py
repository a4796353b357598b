"""The practice JSON API, call by call as practice.md writes it, errors included, and what its
answers hide while a deal is in play."""

import hashlib
import json
import random

import pytest

from cardgames import cards, shuffle
from cardgames.games import game as described
from cardgames.table import SEATS
from practice.models import Match

from .helpers import PLAYABLE, hidden_cards

pytestmark = pytest.mark.django_db

FIELDS = {
    "id",
    "game",
    "variant",
    "rules",
    "seat",
    "level",
    "computer_seats",
    "deal_number",
    "totals",
    "commitment",
    "history",
    "sheet",
    "over",
    "winners",
    "position",
}


def post(client, path, body=None, token=None, **extra):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    data = body if isinstance(body, str) else json.dumps(body or {})
    return client.post(path, data, content_type="application/json", **headers, **extra)


def get(client, path, token=None, **extra):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return client.get(path, **headers, **extra)


def start(client, game="bent-al-sbeet", **body):
    response = post(client, f"/api/{game}/practice", body)
    assert response.status_code == 201, response.content
    data = response.json()
    return data, data["token"]


def act(client, data, token, what, **body):
    return post(client, f"/api/practice/{data['id']}/{what}", body, token)


def learner_move(data) -> str:
    return data["position"]["legal"][0]


@pytest.mark.parametrize("game,variant", PLAYABLE)
def test_a_new_match_answers_201_with_the_match_object_and_its_token(
    client, rulebook, game, variant
):
    response = post(client, f"/api/{game}/practice", {"variant": variant, "level": "beginner"})
    assert response.status_code == 201
    data = response.json()
    assert set(data) == FIELDS | {"token"}
    assert len(data["token"]) >= 22 and data["token"] not in json.dumps({**data, "token": ""})
    assert (data["game"], data["variant"], data["seat"], data["level"]) == (
        game,
        variant,
        "S",
        "beginner",
    )
    assert data["computer_seats"] == ["N", "E", "W"]
    assert data["deal_number"] == 1 and data["sheet"] == [] and data["over"] is False
    assert data["winners"] == []
    assert data["rules"] == described(game).engine.PRESETS[variant].as_dict()
    assert len(data["commitment"]) == 64 and "seed" not in data and "deal" not in data
    assert data["position"]["to_act"] == "S"  # the computers played up to the learner
    assert data["position"]["legal"]


def test_the_other_calls_need_the_token_and_say_nothing_without_it(client, rulebook):
    data, token = start(client)
    shown = get(client, f"/api/practice/{data['id']}", token)
    assert shown.status_code == 200 and shown.json() == {
        k: v for k, v in data.items() if k != "token"
    }
    wrong = get(client, f"/api/practice/{data['id']}", "x" * 32)
    unknown = get(client, "/api/practice/" + "A" * 16, token)
    none = get(client, f"/api/practice/{data['id']}")
    for response in (wrong, unknown, none):
        assert response.status_code == 404
        assert response.json() == wrong.json()  # the same answer: nothing says which
    for what in ("move", "undo", "next"):
        refused = act(client, data, "x" * 32, what, move=learner_move(data), ply=0)
        assert refused.status_code == 404
    assert len(Match.objects.get(public_id=data["id"]).deals.get().moves.split()) == len(
        data["history"]
    )


def test_a_move_answers_the_match_after_the_computers_replies(client, rulebook):
    data, token = start(client, "tarneeb", variant="classic")
    ply = len(data["history"])
    moved = act(client, data, token, "move", move="pass", ply=ply)
    assert moved.status_code == 200
    after = moved.json()
    assert after["history"][: ply + 1] == [*data["history"], {"seat": "S", "move": "pass"}]
    assert after["position"]["to_act"] in ("S", None)
    assert after["position"]["moves"].split() == [h["move"] for h in after["history"]]


def test_a_pass_is_several_of_the_learners_moves_at_once(client, rulebook):
    data, token = start(client, "bent-al-sbeet", variant="qahwa")
    hand = cards.parse_hand(data["position"]["hands"]["S"])
    picked = " ".join("pass:" + cards.card_code(c) for c in cards.display_order(hand)[:3])
    moved = act(client, data, token, "move", move=picked, ply=len(data["history"]))
    assert moved.status_code == 200
    assert [h["move"] for h in moved.json()["history"] if h["seat"] == "S"][:3] == picked.split()


def test_a_stale_ply_is_409_and_changes_nothing(client, rulebook):
    data, token = start(client, "sabaat-al-deemin")
    ply = len(data["history"])
    first = act(client, data, token, "move", move=learner_move(data), ply=ply)
    assert first.status_code == 200
    again = act(client, data, token, "move", move=learner_move(data), ply=ply)
    assert again.status_code == 409 and again.json()["error"]["code"] == "stale_ply"
    assert get(client, f"/api/practice/{data['id']}", token).json() == first.json()


def test_an_illegal_move_is_422_with_the_positions_apis_code_and_message(client, rulebook):
    data, token = start(client, "bent-al-sbeet", variant="qahwa")
    ply = len(data["history"])
    hand = cards.parse_hand(data["position"]["hands"]["S"])
    mine = cards.card_code(cards.display_order(hand)[0])
    refused = post(
        client,
        f"/api/practice/{data['id']}/move?lang=fr",
        {"move": mine, "ply": ply},  # a card played during the pass
        token,
    )
    assert refused.status_code == 422
    error = refused.json()["error"]
    assert error["code"] == "wrong_phase" and error["move"] == 0
    assert "ne peut pas être joué" in error["message"]
    other = next(c for c in range(52) if not hand >> c & 1)
    refused = act(client, data, token, "move", move=f"pass:{cards.card_code(other)}", ply=ply)
    assert refused.json()["error"]["code"] == "card_not_in_hand"
    assert get(client, f"/api/practice/{data['id']}", token).json()["history"] == data["history"]


@pytest.mark.parametrize(
    "body,code",
    [
        ('{"move": "pass:QS"', "bad_body"),
        ("[1, 2]", "bad_body"),
        ({"move": "pass:QS"}, "bad_ply"),
        ({"move": "pass:QS", "ply": "many"}, "bad_ply"),
        ({"move": "pass:XX", "ply": 0}, "bad_card"),
        ({"move": "nonsense", "ply": 0}, "bad_move"),
        ({"move": "", "ply": 0}, "bad_move"),
        ({"move": 7, "ply": 0}, "bad_move"),
    ],
)
def test_an_unreadable_request_is_400(client, rulebook, body, code):
    data, token = start(client, "bent-al-sbeet", variant="qahwa")
    if isinstance(body, dict) and body.get("ply") == 0:
        body = {**body, "ply": len(data["history"])}
    refused = post(client, f"/api/practice/{data['id']}/move", body, token)
    assert refused.status_code == 400 and refused.json()["error"]["code"] == code
    assert refused.json()["error"]["message"]


@pytest.mark.parametrize(
    "game,body,status,code",
    [
        ("chess", {}, 404, "unknown_game"),
        ("tarneeb", {"variant": "nope"}, 400, "unknown_variant"),
        ("tarneeb", {"seat": "X"}, 400, "bad_seat"),
        ("tarneeb", {"level": "grandmaster"}, 400, "bad_level"),
        ("tarneeb", {"rule.nope": 3}, 400, "unknown_rule"),
        ("tarneeb", {"rule.target": "x"}, 400, "bad_rule_value"),
        ("tarneeb", {"rule.min_bid": 13, "rule.max_bid": 12}, 400, "rules_conflict"),
        ("tarneeb", '{"variant": ', 400, "bad_body"),
    ],
)
def test_a_match_that_cannot_be_started_is_refused(client, rulebook, game, body, status, code):
    refused = post(client, f"/api/{game}/practice", body)
    assert refused.status_code == status
    assert refused.json()["error"]["code"] == code
    assert Match.objects.count() == 0


def test_house_rules_in_json_are_read_as_variants_writes_them(client, rulebook):
    data, _ = start(
        client, "bent-al-sbeet", variant="qahwa", **{"rule.moon": False, "rule.target": 101}
    )
    assert data["rules"]["moon"] is False and data["rules"]["target"] == 101
    match = Match.objects.get(public_id=data["id"])
    assert match.overrides == {"moon": "false", "target": "101"}
    data, _ = start(client, "bent-al-sbeet", **{"rule.exposable": ["QS"]})
    assert data["rules"]["exposable"] == ["QS"]


def _to_the_end_of_the_deal(client, data, token, rng):
    while data["position"]["to_act"] is not None:
        move = rng.choice(data["position"]["legal"])
        response = act(client, data, token, "move", move=move, ply=len(data["history"]))
        assert response.status_code == 200, response.content
        data = response.json()
    return data


def test_undo_takes_back_the_learners_move_and_is_409_once_the_deal_is_over(client, rulebook):
    rng = random.Random(2)
    data, token = start(client, "tarneeb", variant="classic")
    assert act(client, data, token, "undo").json()["error"]["code"] == "nothing_to_undo"
    ply = len(data["history"])
    moved = act(client, data, token, "move", move="pass", ply=ply).json()
    undone = act(client, moved, token, "undo", ply=len(moved["history"]))
    assert undone.status_code == 200 and undone.json()["history"] == data["history"]
    assert act(client, data, token, "undo", ply=ply + 5).json()["error"]["code"] == "stale_ply"
    over = _to_the_end_of_the_deal(client, undone.json(), token, rng)
    refused = act(client, over, token, "undo")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "deal_over"


def test_next_deals_the_next_hand_only_between_deals(client, rulebook):
    rng = random.Random(3)
    data, token = start(client, "sabaat-al-deemin", **{"rule.target": 1})
    early = act(client, data, token, "next")
    assert early.status_code == 409 and early.json()["error"]["code"] == "deal_in_play"
    over = _to_the_end_of_the_deal(client, data, token, rng)
    assert len(over["sheet"]) == 1
    row = over["sheet"][0]
    assert row["deal_number"] == 1 and set(row) == {"deal_number", "points", "totals"}
    assert row["totals"] == row["points"]
    if over["over"]:  # a target of 1: the first deal that scores ends the match
        refused = act(client, over, token, "next")
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "match_over"
        assert over["winners"] == [next(k for k, v in row["points"].items() if v > 0)]
        return
    following = act(client, over, token, "next", deal_number=1)  # after a redeal
    assert following.status_code == 200 and following.json()["deal_number"] == 2


def test_once_the_deal_is_over_everything_is_revealed_and_the_seed_deals_it(client, rulebook):
    rng = random.Random(4)
    data, token = start(client, "bent-al-sbeet", variant="sbeetah")
    commitment = data["commitment"]
    over = _to_the_end_of_the_deal(client, data, token, rng)
    assert over["commitment"] == commitment
    assert hashlib.sha256(over["seed"].encode()).hexdigest() == commitment
    hands = shuffle.deal(over["seed"])
    assert over["deal"] == cards.format_deal(hands)
    assert cards.parse_deal(over["position"]["deal"]) == hands
    assert "pass:?" not in over["position"]["moves"]
    assert all(isinstance(h, str) for h in over["position"]["hands"].values())
    assert over["position"]["match"]["totals"] == over["sheet"][0]["totals"]
    assert over["position"]["points"] == over["sheet"][0]["points"]


@pytest.mark.parametrize("game,variant", PLAYABLE)
def test_no_computer_card_is_in_an_answer_before_the_deal_is_over(client, rulebook, game, variant):
    rng = random.Random(variant)
    data, token = start(client, game, variant=variant, seat="W")
    while data["position"]["to_act"] is not None:
        practice = Match.objects.get(public_id=data["id"]).replay()
        hidden = hidden_cards(practice)
        position = data["position"]
        assert "deal" not in position and "seed" not in data and "deal" not in data
        assert all(isinstance(position["hands"][s], int) for s in SEATS if s != "W")
        # Everything but the ids, the rules (whose exposable cards name the queen) and the
        # calls, whose tokens can read as cards (the Egyptian bid 7C).
        calls = {
            i
            for i, (move, token) in enumerate(
                zip(practice.moves, practice.record.moves, strict=True)
            )
            if move >= 52 and ":" not in token
        }
        shown = {k: v for k, v in data.items() if k not in ("id", "commitment", "rules")}
        shown["history"] = [e for i, e in enumerate(data["history"]) if i not in calls]
        shown["position"] = {k: v for k, v in position.items() if k not in ("rules", "moves")}
        if position["phase"] == "bidding":
            del shown["position"]["legal"]
        text = json.dumps(shown)
        for code in hidden:  # nowhere as a code, whatever the field
            assert f'"{code}"' not in text and f":{code}" not in text, code
        assert position["hands"]["W"] == cards.format_hand(practice.state.hands[3])
        move = rng.choice(position["legal"])
        data = act(client, data, token, "move", move=move, ply=len(data["history"])).json()
