"""What issue 30 asks of accounts, one rule a test: sign-ups limited across workers (429
``rate_limited``), no account sees another's lessons or sheets, signing out ends the session,
a form sent back with errors is a 400 in the reader's language, an e-mail link that no longer
works is a 404 that says so, and every accounts form needs its CSRF token."""

import re
import sqlite3
import time

import pytest
from django.conf import settings
from django.contrib.auth import forms as auth
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.contrib.sessions.models import Session
from django.core import mail, validators
from django.test import Client
from django.utils import translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts.forms import RecoverForm
from plumbing import limits
from tests import servers
from tests.web.test_sheet import new_match as new_sheet

from .helpers import PASSWORD, sign_in, sign_out, sign_up, text_of

pytestmark = pytest.mark.django_db
LANGS = ("ar", "en", "fr")


def new_lesson(client) -> str:
    """A lesson from a fresh deal: its editor's address."""
    made = client.post("/en/lessons/new/", {"pick": "hearts:pagat"})
    assert made.status_code == 303, made.content.decode()[-500:]
    return made["Location"]


@pytest.mark.served
def test_signing_up_is_limited_across_workers(tmp_path):
    """The count is the database's, whichever of two gunicorn workers answers: a count left by
    another process (a third) is seen by both, and past the limit the page is a 429
    ``rate_limited`` with Retry-After."""
    db = tmp_path / "site.sqlite3"
    env = servers.site_env(f"sqlite:///{db}")
    env.pop("REDIS_URL", None)
    servers.prepare(env)
    per_address = next(limit for limit in limits.SIGNING_UP if limit.per == "ip")
    with sqlite3.connect(db) as counters:  # as if all but two sign-ups had been made already
        counters.execute(
            "INSERT INTO diwaniya_counter (key, count, expires) VALUES (?, ?, ?)",
            (
                f"signup:ip:127.0.0.1:{per_address.seconds}",
                per_address.count - 2,
                int(time.time()) + per_address.seconds,
            ),
        )
    statuses = []
    with servers.gunicorn(env, workers=2, log_dir=tmp_path) as base:
        for n in range(3):
            visitor = servers.Browser(base)  # a new browser each: only the address counts
            visitor.get("/fr/accounts/sign-up/")
            data = {"username": f"joueur{n}", "password1": PASSWORD, "password2": PASSWORD}
            status, body, headers = visitor.post("/fr/accounts/sign-up/", data)
            statuses.append(status)
    assert statuses == [302, 302, 429]
    assert 'data-code="rate_limited"' in body and int(headers["Retry-After"]) > 0
    assert "Beaucoup de comptes ont été créés depuis ce navigateur ou ce réseau" in body


def test_no_account_sees_another_s_lessons_or_sheets(rulebook):
    amal, badr = Client(), Client()
    amal_sheet, amal_lesson = new_sheet(amal), new_lesson(amal)
    sign_up(amal, "amal")
    badr_sheet, badr_lesson = new_sheet(badr), new_lesson(badr)
    sign_up(badr, "badr")
    laptop = Client()  # badr, signed in elsewhere
    assert sign_in(laptop, "badr").status_code == 302
    mine = laptop.get("/en/mine/").content.decode()
    assert badr_lesson in mine and badr_sheet in mine
    assert amal_lesson not in mine and amal_sheet not in mine
    assert laptop.get(amal_lesson).status_code == 404
    assert laptop.get(amal_sheet).status_code == 404
    assert laptop.get(badr_lesson).status_code == 200
    # and amal, signing in on the laptop after badr signs out, sees hers only
    sign_out(laptop)
    assert sign_in(laptop, "amal").status_code == 302
    mine = laptop.get("/en/mine/").content.decode()
    assert amal_lesson in mine and badr_lesson not in mine and badr_sheet not in mine
    assert laptop.get(badr_lesson).status_code == 404


def test_one_browser_signing_up_and_out_in_turn_is_limited_per_session():
    """Signing up signs in (a new session key) and signing out starts a new session: neither
    restarts the browser's count, so the per-session limit holds."""
    per_session = next(limit for limit in limits.SIGNING_UP if limit.per == "session")
    browser = Client()
    browser.get("/en/lessons/new/")  # a visitor's page: the session begins with the visit
    browser.post("/en/lessons/new/", {"pick": "hearts:pagat"})
    for n in range(per_session.count):
        sign_up(browser, f"visitor{n}")
        assert sign_out(browser).status_code == 302
    refused = browser.post(
        "/en/accounts/sign-up/",
        {"username": "one-too-many", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert refused.status_code == 429 and "Retry-After" in refused
    assert not User.objects.filter(username="one-too-many").exists()
    other = Client()  # another browser at the same address is not held by this one's count
    other.post("/en/lessons/new/", {"pick": "hearts:pagat"})
    sign_up(other, "neighbour")


def test_signing_out_ends_the_session_for_good():
    browser = Client()
    sign_up(browser, "amal")
    old = browser.cookies[settings.SESSION_COOKIE_NAME].value
    assert Session.objects.filter(session_key=old).exists()
    assert sign_out(browser).status_code == 302
    assert not Session.objects.filter(session_key=old).exists()
    replayed = Client()  # someone who kept the old cookie
    replayed.cookies[settings.SESSION_COOKIE_NAME] = old
    assert replayed.get("/en/accounts/").status_code == 302  # sent to sign in
    assert "amal" not in replayed.get("/en/mine/").content.decode()


def _messages(lang) -> dict[str, str]:
    """Each form's refusal, as Django or the site words it in ``lang``."""
    with translation.override(lang):
        name = User._meta.get_field("username").verbose_name
        return {
            "sign-up/": str(auth.UserCreationForm.error_messages["password_mismatch"]),
            "sign-in/": str(auth.AuthenticationForm.error_messages["invalid_login"])
            % {"username": name},
            "password/": str(auth.PasswordChangeForm.error_messages["password_incorrect"]),
            "forgot/": str(RecoverForm.error_messages["no_match"]),
            "reset/": str(validators.EmailValidator.message),
            "delete/": translation.gettext("This is not your password."),
            "code/new/": translation.gettext("This is not your password."),
            "reset-link": str(auth.SetPasswordForm.error_messages["password_mismatch"]),
        }


BAD = {
    "sign-up/": {"username": "nadia", "password1": PASSWORD, "password2": PASSWORD + "x"},
    "sign-in/": {"username": "amal", "password": "not-it"},
    "password/": {"old_password": "not-it", "new_password1": "a", "new_password2": "a"},
    "forgot/": {
        "username": "amal",
        "code": "AAAA-BBBB",
        "new_password1": "x",
        "new_password2": "x",
    },
    "reset/": {"email": "not an address"},
    "delete/": {"password": "not-it"},
    "code/new/": {"password": "not-it"},
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_form_sent_back_with_errors_is_a_400_in_the_reader_s_language(lang):
    owner = Client()
    sign_up(owner, "amal", email="amal@example.org")
    expected = _messages(lang)
    for path, data in BAD.items():
        browser = owner if path in ("password/", "delete/", "code/new/") else Client()
        refused = browser.post(f"/{lang}/accounts/{path}", data)
        assert refused.status_code == 400, path
        assert expected[path] in text_of(refused), (path, expected[path])
    assert User.objects.filter(username="amal").exists()

    # a reset link from the e-mail: a mismatch is a 400, a used or made-up link a 404 page
    assert Client().post(f"/{lang}/accounts/reset/", {"email": "amal@example.org"}).status_code
    link = re.search(rf"https?://[^/]+(/{lang}/accounts/reset/\S+/)", mail.outbox[-1].body)[1]
    stranger = Client()
    form = stranger.get(link, follow=True)
    assert form.status_code == 200
    mismatch = {"new_password1": "olive-grove-lantern-5", "new_password2": "olive-grove-x"}
    refused = stranger.post(form.redirect_chain[-1][0], mismatch)
    assert refused.status_code == 400 and expected["reset-link"] in text_of(refused)
    final = {"new_password1": "olive-grove-lantern-5", "new_password2": "olive-grove-lantern-5"}
    assert stranger.post(form.redirect_chain[-1][0], final).status_code == 302
    with translation.override(lang):
        title = translation.gettext("This link no longer works")
        gone = translation.gettext(
            "This link has already been used or is too old. Ask for a new one, or use your "
            "recovery code."
        )
    for dead in (link, f"/{lang}/accounts/reset/MQ/abc-0123456789abcdef/"):  # used, made up
        answer = Client().get(dead)
        assert answer.status_code == 404 and gone in text_of(answer), dead
        assert f"<h1>{title}</h1>" in answer.content.decode()


def test_the_refusals_are_written_in_each_language():
    """The test above compares each page with the catalogues: they do differ by language."""
    for path in BAD:
        assert len({_messages(lang)[path] for lang in LANGS}) == 3, path


POSTS = [*BAD, "sign-out/", "reset-link"]


@pytest.mark.parametrize("path", POSTS)
def test_every_accounts_post_needs_its_csrf_token(path):
    """Without the token: 403 and nothing done; with it, the same post gets through the check."""
    sign_up(Client(), "amal")
    user = User.objects.get(username="amal")
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(user)
    data = BAD.get(path, {})
    if path == "reset-link":  # the e-mail's link, which a form posts to as well
        uid = urlsafe_base64_encode(force_bytes(user.pk))
        path = f"reset/{uid}/{default_token_generator.make_token(user)}/"
    assert strict.post(f"/en/accounts/{path}", data).status_code == 403
    assert strict.get("/en/accounts/").status_code == 200  # still signed in: nothing was done
    token = strict.cookies[settings.CSRF_COOKIE_NAME].value
    sent = strict.post(f"/en/accounts/{path}", {**data, "csrfmiddlewaretoken": token})
    assert sent.status_code != 403, path


def test_every_field_is_typed_as_written_and_the_code_page_needs_no_script():
    """Every user name, password, code and address of every accounts form: left to right,
    with what a browser may fill in, never capitalised or corrected by a phone's keyboard."""
    browser = Client()
    data = {"username": "amal", "password1": PASSWORD, "password2": PASSWORD}
    made = browser.post("/ar/accounts/sign-up/", data)
    code_page = browser.get(made["Location"]).content.decode()
    # the code is text in its box; the copy button waits, hidden, for a script to show it
    assert re.search(r'<code id="recovery-code" dir="ltr" translate="no">[A-Z0-9-]{24}<', code_page)
    assert re.search(r'<button type="button" data-copy="recovery-code"[^>]* hidden>', code_page)
    assert re.search(r'<script src="[^"]*accounts/copy\.[^"]*js" defer>', code_page)
    pages = ["password/", "delete/", "code/new/"]
    inputs = [i for p in pages for i in _inputs(browser.get(f"/ar/accounts/{p}"))]
    sign_out(browser)
    for p in ("sign-up/", "sign-in/", "forgot/", "reset/"):
        inputs += _inputs(Client().get(f"/ar/accounts/{p}"))
    assert len(inputs) == 3 + 1 + 1 + 4 + 2 + 4 + 1
    for tag in inputs:
        assert 'dir="ltr"' in tag and 'autocapitalize="none"' in tag, tag
        assert re.search(r'autocomplete="(username|email|current-password|new-password|off)"', tag)


def _inputs(response) -> list[str]:
    assert response.status_code == 200
    form = re.search(r'<form[^>]*class="account-form".*?</form>', response.content.decode(), re.S)
    return re.findall(r"<input(?![^>]*hidden)[^>]*>", form[0])
