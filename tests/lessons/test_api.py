"""The lessons' JSON API, call by call, errors included (shared/spec/lessons.md)."""

import pytest
from django.test import Client

from lessons import store
from lessons.models import Lesson, Version
from plumbing import limits

from .helpers import API, bearer, post, put, tutorial_lesson, two_answers

pytestmark = pytest.mark.django_db


def created(client=None, obj=None):
    answer = post(client or Client(), obj or two_answers())
    assert answer.status_code == 201, answer.content
    return answer.json()


def test_create_answers_the_id_the_edit_key_the_version_and_the_addresses():
    body = created()
    assert set(body) == {"id", "edit_key", "version", "urls"}
    assert body["version"] == 1
    assert len(body["id"]) >= 16 and len(body["edit_key"]) >= 32
    assert body["urls"]["lesson"].endswith(f"/lessons/{body['id']}/")
    assert body["urls"]["edit"].endswith(f"/lessons/{body['id']}/edit/{body['edit_key']}/")
    assert Version.objects.filter(lesson__public_id=body["id"], number=1).count() == 1


def test_ids_are_not_guessable():
    ids = {created()["id"] for _ in range(3)}
    assert len(ids) == 3
    assert all(not i.isdigit() for i in ids)


def test_get_answers_the_lesson_with_its_id_and_version_and_never_the_key():
    body = created()
    answer = Client().get(f"{API}/{body['id']}")
    assert answer.status_code == 200
    lesson = answer.json()
    assert lesson["id"] == body["id"] and lesson["version"] == 1
    assert body["edit_key"] not in answer.content.decode()
    assert lesson["steps"][1]["question"]["accept"] == ["pass:QS", "pass:AH"]
    assert lesson["steps"][1]["question"]["why"] == {"pass:2C": "A low club is a card to keep."}
    assert lesson["learner"] == "S" and lesson["language"] == "en"
    assert lesson["translations"]["ar"]["title"] == "جولتك الأولى في بنت السبيت"


def test_put_with_the_key_and_the_current_version_saves_a_new_version():
    body = created()
    obj = two_answers()
    obj["title"] = "The first deal, retold"
    answer = put(Client(), body["id"], obj, body["edit_key"], 1)
    assert answer.status_code == 200, answer.content
    assert answer.json()["version"] == 2
    got = Client().get(f"{API}/{body['id']}").json()
    assert got["title"] == "The first deal, retold" and got["version"] == 2


def test_a_stale_version_is_409_with_the_current_lesson_and_changes_nothing():
    body = created()
    mine, theirs = two_answers(), two_answers()
    theirs["title"] = "Saved in the other tab"
    assert put(Client(), body["id"], theirs, body["edit_key"], 1).status_code == 200
    mine["title"] = "Saved in this tab, too late"
    answer = put(Client(), body["id"], mine, body["edit_key"], 1)
    assert answer.status_code == 409
    data = answer.json()
    assert data["error"]["code"] == "stale_version"
    assert data["version"] == 2 and data["lesson"]["title"] == "Saved in the other tab"
    assert data["lesson"]["version"] == 2
    # keeping one's own: save again on the version now current
    again = put(Client(), body["id"], mine, body["edit_key"], data["version"])
    assert again.status_code == 200 and again.json()["version"] == 3
    assert Version.objects.filter(lesson__public_id=body["id"]).count() == 3


@pytest.mark.parametrize("how", ["wrong key", "no key", "unknown lesson"])
def test_a_wrong_key_and_an_unknown_lesson_are_the_same_404(how):
    body = created()
    public_id = "nosuchlesson0000" if how == "unknown lesson" else body["id"]
    key = {"wrong key": "x" * 32, "no key": "", "unknown lesson": body["edit_key"]}[how]
    client = Client()
    answers = [
        put(client, public_id, two_answers(), key, 1),
        client.get(f"{API}/{public_id}/versions", **bearer(key)),
        client.get(f"{API}/{public_id}/results", **bearer(key)),
        client.delete(f"{API}/{public_id}", **bearer(key)),
    ]
    for answer in answers:
        assert answer.status_code == 404
        assert answer.json()["error"]["code"] == "not_found"
    assert len({a.content for a in answers}) == 1
    assert Lesson.objects.get(public_id=body["id"]).version == 1


def test_versions_are_listed_newest_first():
    body = created()
    put(Client(), body["id"], two_answers(), body["edit_key"], 1)
    answer = Client().get(f"{API}/{body['id']}/versions", **bearer(body["edit_key"]))
    assert answer.status_code == 200
    assert [v["version"] for v in answer.json()["versions"]] == [2, 1]


def test_copy_makes_a_new_lesson_for_the_caller_with_its_own_key():
    body = created()
    answer = Client().post(f"{API}/{body['id']}/copy")
    assert answer.status_code == 201
    new = answer.json()
    assert new["id"] != body["id"] and new["edit_key"] != body["edit_key"]
    original = Client().get(f"{API}/{body['id']}").json()
    copy = Client().get(f"{API}/{new['id']}").json()
    assert {**copy, "id": None} == {**original, "id": None}
    # the copy's key does not open the original
    assert put(Client(), body["id"], two_answers(), new["edit_key"], 1).status_code == 404


def test_delete_with_the_key_is_204_and_the_lesson_is_gone():
    body = created()
    answer = Client().delete(f"{API}/{body['id']}", **bearer(body["edit_key"]))
    assert answer.status_code == 204
    assert Client().get(f"{API}/{body['id']}").status_code == 404
    assert not Version.objects.filter(lesson__public_id=body["id"]).exists()


def test_results_count_reached_answered_and_right_first_by_card_never_who():
    body = created()
    row = Lesson.objects.get(public_id=body["id"])
    # three learners reach the pass question; two answer, one wrongly first
    store.reached(row, "learner-one", 2)
    store.answered(row, "learner-two", 2, "pass:QS", True)
    store.answered(row, "learner-three", 2, "pass:2C", False)
    # a second answer is not a first answer
    store.answered(row, "learner-three", 2, "pass:QS", True)
    answer = Client().get(f"{API}/{body['id']}/results", **bearer(body["edit_key"]))
    assert answer.status_code == 200
    data = answer.json()
    assert data["learners"] == 3
    first = next(q for q in data["questions"] if q["step"] == 2)
    assert first == {
        "step": 2,
        "reached": 3,
        "answered": 2,
        "right_first": 1,
        "first_answers": {"pass:QS": 1, "pass:2C": 1},
    }
    assert "learner-" not in answer.content.decode()
    steps_with_questions = [n for n, s in enumerate(two_answers()["steps"], 1) if s["question"]]
    assert [q["step"] for q in data["questions"]] == steps_with_questions


# ------------------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda o: o.pop("title"), "title"),
        (lambda o: o.update(game="nonesuch"), "game"),
        (lambda o: o.update(variant="nonesuch"), "variant"),
        (lambda o: o.update(deal="N:AKQ"), "deal"),
        (lambda o: o.update(learner="X"), "learner"),
        (lambda o: o.update(language="de"), "language"),
        (lambda o: o.update(rules={"nonesuch": "1"}), "rules.nonesuch"),
        (lambda o: o.update(rules={"target": "many"}), "rules.target"),
        (lambda o: o.update(steps=[]), "steps"),
        (lambda o: o["steps"][0].update(moves=["pass:QS", "XX"]), "steps[0].moves[1]"),
        (lambda o: o["steps"][1]["question"].update(accept=["ZZ"]), "steps[1].question.accept[0]"),
        (lambda o: o["steps"][2].update(open=["Q"]), "steps[2].open"),
        (lambda o: o["steps"][2].update(narration=7), "steps[2].narration"),
        (lambda o: o["steps"][2].update(narration="x" * 2001), "steps[2].narration"),
        (lambda o: o.update(title="Evil \u202egnirts"), "title"),
        (lambda o: o["translations"]["ar"].update(title="\u2066x"), "translations.ar.title"),
    ],
)
def test_a_lesson_that_cannot_be_read_is_400_bad_lesson_naming_the_field(change, field):
    obj = two_answers()
    change(obj)
    answer = post(Client(), obj)
    assert answer.status_code == 400, answer.content
    error = answer.json()["error"]
    assert error["code"] == "bad_lesson" and error["field"] == field
    assert field in error["message"]
    assert not Lesson.objects.exists()


@pytest.mark.parametrize("body", [b"[1, 2]", b"not json", b'"a string"'])
def test_a_body_that_is_no_object_is_bad_lesson(body):
    answer = Client().post(API, body, content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_lesson"


@pytest.mark.parametrize(
    "change, step, code",
    [
        # South plays a spade on the first trick's club lead while holding clubs
        (lambda o: o["steps"][3].update(moves=["QS"]), 4, None),
        (
            lambda o: o["steps"][1]["question"].update(accept=["pass:QS", "pass:JS"]),
            2,
            "answer_not_legal",
        ),
        (
            lambda o: o["steps"][1]["question"].update(accept=["pass:AH"]),
            2,
            "played_move_not_an_answer",
        ),
        (
            lambda o: o["steps"][1]["question"].update(why={"pass:QS": "no"}),
            2,
            "why_for_a_right_answer",
        ),
        (lambda o: o.update(learner="N"), 2, "not_the_learners_turn"),
    ],
)
def test_a_lesson_that_does_not_replay_is_422_with_the_step_and_the_engines_code(
    change, step, code
):
    obj = two_answers()
    change(obj)
    answer = post(Client(), obj, HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 422, answer.content
    error = answer.json()["error"]
    assert error["code"] == "lesson_does_not_replay"
    assert error["step"] == step
    assert error["engine_code"] == (code or error["engine_code"])
    assert error["engine_code"]
    assert f"{step}" in error["message"] and "Step" not in error["message"]  # in French
    assert not Lesson.objects.exists()


def test_an_illegal_card_names_the_engines_own_code():
    obj = two_answers()
    obj["steps"][3]["moves"] = ["AS"]  # North holds it; it is not South's to play
    error = post(Client(), obj).json()["error"]
    assert error["step"] == 4
    assert error["engine_code"] in {"card_not_in_hand", "not_your_turn", "wrong_phase"}


def test_a_save_that_does_not_replay_keeps_the_saved_version():
    body = created()
    obj = two_answers()
    obj["steps"][3]["moves"] = ["AS"]
    answer = put(Client(), body["id"], obj, body["edit_key"], 1)
    assert answer.status_code == 422
    got = Client().get(f"{API}/{body['id']}").json()
    assert got["version"] == 1 and got["steps"][3]["moves"] == two_answers()["steps"][3]["moves"]


def test_an_oversized_lesson_is_413():
    obj = tutorial_lesson()
    long = "word " * 390
    for step in obj["steps"]:
        step["narration"] = long
    obj["steps"] = (obj["steps"] * 5)[:60]
    for lang in ("ar", "fr"):
        obj["translations"][lang]["steps"] = [{"narration": long} for _ in obj["steps"]]
    answer = post(Client(), obj)
    assert answer.status_code == 413
    assert answer.json()["error"]["code"] == "lesson_too_large"


def test_markup_is_kept_as_text_never_as_html():
    obj = two_answers()
    obj["title"] = '<script>alert(1)</script><a href="javascript:x()" onclick="y()">z</a>'
    body = created(obj=obj)
    got = Client().get(f"{API}/{body['id']}").json()
    assert got["title"] == obj["title"]  # JSON carries it as the text it is


def test_messages_are_in_the_language_asked_for():
    obj = two_answers()
    obj.pop("title")
    ar = post(Client(), obj, QUERY_STRING="lang=ar").json()["error"]["message"]
    en = post(Client(), obj).json()["error"]["message"]
    assert ar != en and any("\u0600" <= ch <= "\u06ff" for ch in ar)


def test_creating_is_rate_limited_per_address():
    per_minute = limits.CREATING["lesson"][1].count
    obj = tutorial_lesson("hearts-first-tricks")
    codes = [post(Client(), obj).status_code for _ in range(per_minute + 1)]
    assert codes.count(201) == per_minute
    assert codes[-1] == 429
    refused = post(Client(), obj)
    assert refused.json()["error"]["code"] == "rate_limited" and refused["Retry-After"]


def test_a_text_typed_in_a_browser_form_with_crlf_line_ends_is_read():
    obj = two_answers()
    obj["steps"][2]["narration"] = "First paragraph.\r\n\r\nSecond paragraph."
    assert post(Client(), obj).status_code == 201
    obj["steps"][2]["narration"] = "A form feed\x0c is refused."
    assert post(Client(), obj).json()["error"]["field"] == "steps[2].narration"
