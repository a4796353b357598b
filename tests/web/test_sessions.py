"""Sessions are stored only when there is something to keep, expire when idle, live long when
they own a match, and never take a match with them when they go."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from plumbing import ownership
from plumbing.sessions import SessionStore
from quiz.models import QuizProgress
from scoresheet.models import Match
from tests.quiz.helpers import answer, score, start
from tutorials.models import Step, TutorialProgress

from .test_sheet import match_of, new_match, points

pytestmark = pytest.mark.django_db

READS = [
    "/en/",
    "/ar/tarneeb/",
    "/fr/bent-al-sbeet/sbeetah/",
    "/en/tutorials/",
    "/en/tutorials/sabaat-knock/",
    "/en/tutorials/sabaat-knock/1/",
    "/ar/tutorials/sabaat-knock/5/",
    "/en/quiz/",
    "/en/quiz/start/?game=tarneeb&variant=classic&kind=play",
    "/en/tarneeb/sheet/",
    "/en/mine/",
]


def test_reading_pages_stores_no_session(content):
    reader = Client()
    for url in READS:
        response = reader.get(url, follow=True)
        assert response.status_code == 200, url
    assert Session.objects.count() == 0
    assert "sessionid" not in reader.cookies


def test_an_answer_stores_one_session_and_reading_after_adds_none(content):
    learner = Client()
    url = start(learner, "tarneeb", "classic", "next-leader")
    assert Session.objects.count() == 0
    answer(learner, url)
    assert Session.objects.count() == 1 and QuizProgress.objects.count() == 1
    for page in READS:
        learner.get(page, follow=True)
    assert Session.objects.count() == 1


def test_a_tutorial_hint_stores_a_session_and_then_visits_are_kept(content):
    learner = Client()
    step = Step.objects.filter(tutorial__slug="sabaat-knock", question=True).first()
    learner.get(f"/en/tutorials/sabaat-knock/{step.number}/")
    assert Session.objects.count() == 0
    learner.post(f"/en/tutorials/sabaat-knock/{step.number}/", {"hint": "1"})
    assert Session.objects.count() == 1
    learner.get("/en/tutorials/sabaat-knock/2/")
    assert TutorialProgress.objects.get().data["last"] == 2


def test_idle_sessions_expire_but_an_owner_s_lives_long(content):
    learner, scorer = Client(), Client()
    answer(learner, start(learner, "tarneeb", "classic", "next-leader"))
    new_match(scorer)
    age = {s.session_key: s.expire_date - timezone.now() for s in Session.objects.all()}
    assert abs(age[learner.session.session_key].total_seconds() - settings.SESSION_COOKIE_AGE) < 60
    assert abs(age[scorer.session.session_key].total_seconds() - ownership.OWNER_AGE) < 60
    assert settings.SESSION_COOKIE_AGE < ownership.OWNER_AGE


def test_clearing_sessions_keeps_the_matches_and_their_link_restores_them(content):
    scorer = Client()
    url = new_match(scorer)
    assert points(scorer, url, 1, 3, 4).status_code == 302
    answer(scorer, start(scorer, "tarneeb", "classic", "next-leader"))
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    call_command("clearsessions")
    assert Session.objects.count() == 0 and QuizProgress.objects.count() == 0
    assert Match.objects.count() == 1 and match_of(url).entries.count() == 1
    # the browser's cookie now names nothing: it may not write, until it opens its link
    assert points(scorer, url, 2, 1, 1).status_code == 404
    assert scorer.get(match_of(url).scorer_url()).status_code == 303  # its link claims it
    assert scorer.get(url).status_code == 200
    assert points(scorer, url, 2, 1, 1).status_code == 302


def test_logging_in_keeps_the_quiz_score(content):
    learner = Client()
    answer(learner, start(learner, "tarneeb", "classic", "next-leader"))
    before = learner.session.session_key
    learner.force_login(User.objects.create_superuser("editor", "e@example.org", "pw"))
    assert learner.session.session_key != before  # the key changes at login...
    assert score(learner.get("/en/quiz/"))[1] == 1  # ...and the score follows it


def test_a_concurrent_save_does_not_drop_what_another_request_owned(content):
    scorer = Client()
    new_match(scorer)
    key = scorer.session.session_key
    stale, fresh = SessionStore(key), SessionStore(key)
    stale["other"] = 1  # a request that read the session before the second match
    stale.keys()
    fresh.load()
    fresh_data = fresh.load()
    fresh_data.setdefault(ownership.KEY, {}).setdefault("sheet", []).insert(0, "second-token")
    fresh._session_cache = fresh_data
    fresh.modified = True
    fresh.save()
    stale.save()  # saves what it read, and must keep the second match
    mine = SessionStore(key).load()[ownership.KEY]["sheet"]
    assert "second-token" in mine and len(mine) == 2
