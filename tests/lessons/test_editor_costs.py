"""The lesson editor's costs (issue 32, "Where the learner meets it"): at a question's moment
the editor asks ``edit/costs/`` what each legal card of the learner costs, from the learner's
own view or with every hand open. The costs are the analysis's own for that moment, the call
is the owner's only, its refusals are worded in the teacher's language, and the cards it offers
to accept in one tap are exactly those of cost 0."""

import pytest
from django.core.cache import caches
from django.test import Client

from cardgames import analysis
from lessons import start
from lessons.models import Lesson
from plumbing import limits
from rulebook import analyses, games
from tests.web.test_analysis_api import card_play_position

from .helpers import post

pytestmark = pytest.mark.django_db
GAMES = list(games.GAMES)
ARABIC = ("\u0600", "\u06ff")


@pytest.fixture(autouse=True)
def fresh_cache():
    caches["countless"].clear()
    yield
    caches["countless"].clear()


def lesson_at(game: str):
    """A lesson whose one step holds the moves up to a moment of card play, South to act, and
    the editor's client (the owner)."""
    position = card_play_position(game)
    answer = post(Client(), start.from_position(game, position, learner=2))
    assert answer.status_code == 201, answer.content
    row = Lesson.objects.get(public_id=answer.json()["id"])
    client = Client()
    assert client.get(f"/en/lessons/{row.public_id}/edit/{row.edit_key}/").status_code == 303
    return row, client, position


def costs(client, row, moves, lang="en", **query):
    return client.get(
        f"/{lang}/lessons/{row.public_id}/edit/costs/", {"moves": " ".join(moves), **query}
    )


@pytest.mark.parametrize("view", ["seat", "open"])
@pytest.mark.parametrize("game", GAMES)
def test_the_costs_are_the_analysis_of_that_moment(game, view, settings):
    # the budget is tested below; here a loaded test machine must not turn an answer to 503
    settings.ANALYSIS_SECONDS = 60
    settings.ANALYSIS_SAMPLES = 8  # what the answer says, not how steady it is (make bench)
    row, client, position = lesson_at(game)
    answer = costs(client, row, position.move_tokens(), seat="S", view=view)
    assert answer.status_code == 200, answer.content
    body = answer.json()
    expected = analysis.analyse(game, position.state.copy(), 2, view, samples=8)
    fmt = position.module.format_move
    assert {m["move"]: m["cost"] for m in body["moves"]} == {
        fmt(m.move): analyses.number(m.cost) for m in expected.moves
    }
    assert body["view"] == view and body["seat"] == "S"
    legal = {fmt(m) for m in position.state.legal_moves()}
    assert {m["move"] for m in body["moves"]} == legal
    # the cards offered to accept in one tap: exactly those of cost 0
    assert set(body["free"]) == {fmt(m.move) for m in expected.moves if m.cost == 0}
    assert body["free"] and "move-costs" in body["html"]
    assert answer["Cache-Control"].startswith("no-store") or "no-cache" in answer["Cache-Control"]


def test_the_costs_are_the_owners_only():
    row, _client, position = lesson_at("hearts")
    for stranger in (Client(), Client(REMOTE_ADDR="10.1.2.3")):
        answer = costs(stranger, row, position.move_tokens())
        assert answer.status_code == 404
    assert costs(Client(), row, position.move_tokens(), lang="ar").status_code == 404


@pytest.mark.parametrize("game", ["tarneeb", "hearts"])
def test_outside_card_play_the_refusal_is_in_the_teachers_language(game):
    row, client, _position = lesson_at(game)
    answer = costs(client, row, [], lang="ar")  # the deal's start: bidding, or the pass
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["code"] == "analysis_unavailable"
    assert any(ARABIC[0] <= ch <= ARABIC[1] for ch in error["message"])
    assert "free" not in answer.json()


def test_moves_that_do_not_replay_or_a_bad_view_are_refused():
    row, client, position = lesson_at("leekha")
    assert costs(client, row, ["ZZ"]).status_code == 422
    answer = costs(client, row, position.move_tokens(), lang="fr", view="sideways")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_view"
    assert "\u00a0:" in answer.json()["error"]["message"]


def test_past_the_budget_it_is_503_busy_in_the_teachers_language(settings):
    row, client, position = lesson_at("bent-al-sbeet")
    settings.ANALYSIS_SECONDS = 1e-9
    answer = costs(client, row, position.move_tokens(), lang="fr", seat="S")
    assert answer.status_code == 503 and int(answer["Retry-After"]) >= 1
    error = answer.json()["error"]
    assert error["code"] == "analysis_busy" and "\u00a0:" in error["message"]


def test_a_teacher_asking_too_many_is_429(monkeypatch, settings):
    settings.ANALYSIS_SECONDS = 60
    row, client, position = lesson_at("sabaat-al-deemin")
    monkeypatch.setattr(limits, "ANALYSING", (limits.Limit("analysis", "session", 2, 60),))
    for _ in range(2):
        assert costs(client, row, position.move_tokens()).status_code == 200
    refused = costs(client, row, position.move_tokens(), lang="ar")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert refused.json()["error"]["code"] == "rate_limited"
