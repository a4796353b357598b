"""What a visitor kept in their browser session becomes their account's when they sign up or
sign in: practice matches, score sheets, tutorial progress and the quiz, once, the better
record staying where both hold one; no account sees another's; deleting an account deletes
what only it holds."""

import html

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.test import Client

from accounts.models import Recovery
from plumbing.models import Owned
from practice.models import Match as PracticeMatch
from quiz.models import QuizProgress
from quiz.progress import merged as quiz_merged
from scoresheet.models import Match as SheetMatch
from tests.quiz.helpers import answer, score, start
from tests.web.test_sheet import new_match as new_sheet
from tutorials.models import Tutorial, TutorialProgress
from tutorials.progress import Progress
from tutorials.progress import merged as tutorial_merged

from .helpers import sign_in, sign_up, text_of

pytestmark = pytest.mark.django_db

SLUG = "sabaat-knock"


def first_question():
    tutorial = Tutorial.objects.get(slug=SLUG)
    for step, frame in zip(tutorial.steps.all(), tutorial.frames(), strict=True):
        if step.question:
            return step.number, frame.before.module.format_move(frame.answers()[0])
    raise AssertionError("no question")


def step_url(number):
    return f"/en/tutorials/{SLUG}/{number}/"


def keep_things(client, *, hint=False) -> dict:
    """A visitor's afternoon: a practice match, a score sheet, a tutorial question answered
    (after a hint, or not) and a quiz question."""
    started = client.post("/en/tarneeb/practice/", {"variant": "classic"})
    assert started.status_code == 303
    sheet = new_sheet(client)
    number, move = first_question()
    if hint:
        assert client.post(step_url(number), {"hint": "1"}).status_code == 302
    assert client.post(step_url(number), {"move": move}).status_code == 302
    answer(client, start(client, "tarneeb", "classic", "next-leader"))
    return {"table": started["Location"].split("?")[0], "sheet": sheet, "question": number}


def counts(user) -> tuple:
    quiz = QuizProgress.objects.filter(user=user).first()
    return (
        Owned.objects.filter(user=user).count(),
        TutorialProgress.objects.filter(user=user).count(),
        quiz.data["answered"] if quiz else 0,
        TutorialProgress.objects.filter(session__isnull=False).count(),
        QuizProgress.objects.filter(session__isnull=False).count(),
    )


def test_signing_up_keeps_the_session_s_things_and_another_browser_sees_them(content):
    phone = Client()
    kept = keep_things(phone)
    sign_up(phone, "amal")
    user = User.objects.get(username="amal")
    assert counts(user) == (2, 1, 1, 0, 0)

    desktop = Client()
    assert sign_in(desktop, "amal").status_code == 302
    mine = desktop.get("/en/mine/").content.decode()
    assert kept["table"] in mine and kept["sheet"] in mine
    assert 'id="kept-in-account"' in mine
    assert desktop.get(kept["table"]).status_code == 200  # the account owns it here too
    assert desktop.get(kept["sheet"]).status_code == 200
    listing = desktop.get("/en/tutorials/").content.decode()
    assert f'<li id="{SLUG}"' in listing and 'data-state="new"' not in listing.split(SLUG)[1][:400]
    assert score(desktop.get("/en/quiz/"))[:2] == (1, 1)
    # what the desktop starts signed in is the account's, and the phone sees it
    started = desktop.post("/en/tarneeb/practice/", {"variant": "classic"})
    assert started["Location"].split("?")[0] in phone.get("/en/mine/").content.decode()


def test_the_session_s_rows_are_adopted_exactly_once(content):
    sign_up(Client(), "amal")
    user = User.objects.get(username="amal")
    visitor = Client()
    keep_things(visitor)
    twin = Client()  # a second tab of the same browser, sending its sign-in at the same time
    twin.cookies = visitor.cookies.__class__(visitor.cookies)
    assert sign_in(visitor, "amal").status_code == 302
    after = counts(user)
    assert after == (2, 1, 1, 0, 0)
    assert sign_in(twin, "amal").status_code == 302  # the old session's key: moved, adopted
    assert sign_in(visitor, "amal").status_code == 302  # signing in again
    assert counts(user) == after
    assert score(visitor.get("/en/quiz/"))[:2] == (1, 1)


def test_where_both_hold_the_same_tutorial_the_better_record_stays(content):
    account = Client()
    sign_up(account, "amal")
    keep_things(account, hint=True)  # signed in: found after a hint, two stars
    user = User.objects.get(username="amal")
    number = first_question()[0]
    before = TutorialProgress.objects.get(user=user, slug=SLUG).data
    assert Progress(before).stars(number) == 2

    visitor = Client()
    keep_things(visitor)  # three stars, and a longer streak
    answer(visitor, start(visitor, "tarneeb", "classic", "next-leader"))
    assert sign_in(visitor, "amal").status_code == 302
    kept = TutorialProgress.objects.get(user=user, slug=SLUG)
    assert Progress(kept.data).stars(number) == 3
    assert TutorialProgress.objects.filter(slug=SLUG).count() == 1
    quiz = QuizProgress.objects.get(user=user).data
    assert quiz["best"] == 2 and quiz["answered"] == 2
    assert Owned.objects.filter(user=user).count() == 4  # both browsers' matches and sheets

    # a worse record does not replace a better one
    third = Client()
    keep_things(third, hint=True)
    assert sign_in(third, "amal").status_code == 302
    kept.refresh_from_db()
    assert Progress(kept.data).stars(number) == 3


def test_merging_keeps_each_question_s_better_answer_and_the_quiz_s_better_record():
    ours = {"seen": 5, "last": 5, "q": {"2": {"tries": 2, "hints": 0, "solved": True}}}
    found = {"tries": 0, "hints": 0, "solved": True}
    shown = {"tries": 1, "hints": 3, "solved": True}
    theirs = {"seen": 3, "last": 3, "q": {"2": found, "4": shown}}
    both = tutorial_merged(ours, theirs)
    assert both["seen"] == 5 and both["last"] == 5
    assert both["q"]["2"]["tries"] == 0 and both["q"]["4"]["hints"] == 3
    a = {"answered": 10, "right": 8, "streak": 0, "best": 6, "queue": [], "results": []}
    b = {
        **{"answered": 4, "right": 4, "streak": 4, "best": 4},
        "queue": [{"q": ["tarneeb", "classic", "play", "s1"], "due": 6}],
        "results": [{"nonce": "n1", "q": [], "answer": {}, "correct": True}],
    }
    quiz = quiz_merged(b, a)
    assert quiz["best"] == 6 and quiz["answered"] == 10
    assert quiz["queue"] == [{"q": ["tarneeb", "classic", "play", "s1"], "due": 12}]
    assert [r["nonce"] for r in quiz["results"]] == ["n1"]


def test_one_account_never_sees_another_s_things(content):
    first = Client()
    kept = keep_things(first)
    sign_up(first, "amal")
    second = Client()
    sign_up(second, "badr")
    mine = second.get("/en/mine/").content.decode()
    assert kept["table"] not in mine and kept["sheet"] not in mine
    assert second.get(kept["table"]).status_code == 404
    assert score(second.get("/en/quiz/"))[:2] == (0, 0)
    badr = User.objects.get(username="badr")
    assert counts(badr)[:3] == (0, 0, 0)
    # signing in as badr in amal's browser takes nothing of amal's along
    assert sign_in(first, "badr").status_code == 302
    assert counts(badr)[:3] == (0, 0, 0)
    assert kept["table"] not in first.get("/en/mine/").content.decode()


def test_deleting_the_account_deletes_everything_only_it_holds(content):
    phone = Client()
    kept = keep_things(phone)
    sign_up(phone, "amal")
    laptop = Client()
    assert sign_in(laptop, "amal").status_code == 302
    new_sheet(phone)  # a sheet another account also holds: it stays theirs
    shared = SheetMatch.objects.latest("pk")
    friend = Client()
    sign_up(friend, "badr")
    scorer_link = shared.scorer_url()
    assert friend.get(scorer_link).status_code == 303
    user = User.objects.get(username="amal")
    assert PracticeMatch.objects.count() == 1 and SheetMatch.objects.count() == 2

    refused = phone.post("/en/accounts/delete/", {"password": "not-it"})
    assert refused.status_code == 400 and User.objects.filter(username="amal").exists()
    done = phone.post("/en/accounts/delete/", {"password": "sand-dune-falcon-7"})
    assert done.status_code == 302 and done["Location"] == "/en/accounts/deleted/"
    assert not User.objects.filter(pk=user.pk).exists()
    assert not Owned.objects.filter(user_id=user.pk).exists()
    assert not TutorialProgress.objects.exists() and not QuizProgress.objects.exists()
    assert not Recovery.objects.filter(user_id=user.pk).exists()
    assert PracticeMatch.objects.count() == 0
    assert list(SheetMatch.objects.values_list("pk", flat=True)) == [shared.pk]
    assert shared.kept_url() in friend.get("/en/mine/").content.decode()
    assert kept["table"] not in phone.get("/en/mine/").content.decode()
    assert "amal" not in laptop.get("/en/").content.decode()  # the other browser: signed out
    assert Session.objects.filter(session_key=laptop.cookies["sessionid"].value).count() == 0


@pytest.mark.parametrize(
    "lang,words",
    [
        ("en", ["Sign in", "Forgot your password?", "Make an account"]),
        ("fr", ["Se connecter", "Mot de passe oublié\u00a0?", "Créer un compte"]),
        ("ar", ["تسجيل الدخول", "نسيت كلمة المرور؟", "إنشاء حساب"]),
    ],
)
def test_the_pages_speak_the_reader_s_language(content, lang, words):
    reader = Client()
    page = reader.get(f"/{lang}/accounts/sign-in/")
    assert page.status_code == 200
    text = html.unescape(page.content.decode())  # French spaces kept: no blank is folded
    assert all(w in text for w in words[:2])
    assert ('dir="rtl"' in page.content.decode()) == (lang == "ar")
    assert words[2] in text_of(reader.get(f"/{lang}/accounts/sign-up/"))
    sign_up(reader, f"reader-{lang}", lang=lang)
    mine = reader.get(f"/{lang}/mine/")
    assert f"reader-{lang}" in text_of(mine)
    for path in ("", "password/", "code/new/", "delete/", "forgot/", "reset/"):
        assert reader.get(f"/{lang}/accounts/{path}").status_code == 200, path


def test_the_sweep_keeps_what_an_account_holds_after_its_sessions_go(content):
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    phone = Client()
    keep_things(phone)
    sign_up(phone, "amal")
    Session.objects.all().delete()
    then = timezone.now() - timedelta(days=40)
    PracticeMatch.objects.update(updated=then, created=then)
    SheetMatch.objects.update(created=then)
    call_command("sweep")
    assert PracticeMatch.objects.count() == 1 and SheetMatch.objects.count() == 1
    assert TutorialProgress.objects.count() == 1 and QuizProgress.objects.count() == 1


def test_a_new_kind_is_adopted_and_deleted_through_the_hooks(content, monkeypatch):
    """What the lessons app does: its kind's tokens are adopted with no code of its own, and
    the deleter it registers (``ownership.keeps``) gets the tokens only the account held."""
    from plumbing import ownership

    deleted = []
    monkeypatch.setitem(ownership.DELETERS, "lesson", deleted.append)
    visitor = Client()
    keep_things(visitor)
    session = visitor.session
    session[ownership.KEY] = {**session[ownership.KEY], "lesson": ["mine-alone", "shared"]}
    session.save()
    sign_up(visitor, "amal")
    friend = Client()
    sign_up(friend, "badr")
    Owned.objects.create(user=User.objects.get(username="badr"), kind="lesson", token="shared")
    user = User.objects.get(username="amal")
    lessons = Owned.objects.filter(user=user, kind="lesson")
    assert sorted(lessons.values_list("token", flat=True)) == ["mine-alone", "shared"]
    assert (
        visitor.post("/en/accounts/delete/", {"password": "sand-dune-falcon-7"}).status_code == 302
    )
    assert deleted == [{"mine-alone"}]
