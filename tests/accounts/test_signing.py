"""Signing up, in and out; the recovery code shown once, which resets the password once; the
limits against guessing and mass sign-ups; CSRF on every form; reset by e-mail."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from accounts.models import Recovery
from plumbing import limits
from plumbing.models import Counter

from .helpers import PASSWORD, code_of, sign_in, sign_out, sign_up, text_of

pytestmark = pytest.mark.django_db


def test_sign_up_shows_the_recovery_code_once_and_it_resets_the_password_once(rulebook):
    browser = Client()
    code = sign_up(browser, "amal")
    assert re.fullmatch(r"[A-Z0-9]{4}(-[A-Z0-9]{4}){4}", code)
    assert code_of(browser.get("/en/accounts/code/")) is None  # shown once
    user = User.objects.get(username="amal")
    assert code not in user.recovery.code and user.recovery.code.startswith("md5$")  # a hash
    assert user.check_password(PASSWORD) and not user.email
    assert "amal" in browser.get("/en/").content.decode()  # signed in: the header names them

    stranger = Client()
    new = "palm-tree-harbour-31"
    data = {"username": "amal", "code": code.lower(), "new_password1": new, "new_password2": new}
    reset = stranger.post("/en/accounts/forgot/", data)
    assert reset.status_code == 302
    second = code_of(stranger.get(reset["Location"]))
    assert second and second != code
    user.refresh_from_db()
    assert user.check_password(new) and not user.check_password(PASSWORD)

    again = {**data, "new_password1": "other-pass-word-99", "new_password2": "other-pass-word-99"}
    refused = stranger.post("/en/accounts/forgot/", again)  # the code was used: never again
    assert refused.status_code == 400 and "do not go together" in text_of(refused)
    user.refresh_from_db()
    assert user.check_password(new)
    assert sign_in(Client(), "amal", new).status_code == 302


def test_a_weak_password_is_refused_with_django_s_validators(rulebook):
    refused = Client().post(
        "/en/accounts/sign-up/", {"username": "b", "password1": "123", "password2": "123"}
    )
    assert refused.status_code == 400 and not User.objects.exists()
    assert "too short" in text_of(refused)


def test_twenty_wrong_passwords_are_refused_and_the_count_is_in_the_database(rulebook):
    sign_up(Client(), "amal")
    guesser = Client()
    answers = [sign_in(guesser, "amal", f"wrong-{n}").status_code for n in range(20)]
    assert answers[:10] == [400] * 10  # the form again, with its error
    assert answers[10:] == [429] * 10
    refused = sign_in(guesser, "AMAL", PASSWORD, lang="fr")  # even the right one, any case
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "réessayez dans" in text_of(refused) or "Trop de" in text_of(refused)
    # the count is the database's, shared by every worker: another browser and another
    # address are refused for this name too, and someone else's name is not
    elsewhere = Client(REMOTE_ADDR="198.51.100.7")
    assert sign_in(elsewhere, "amal", PASSWORD).status_code == 429
    assert any(
        key.startswith("signin:name:") for key in Counter.objects.values_list("key", flat=True)
    )
    assert sign_in(elsewhere, "nobody", "x").status_code == 400


def test_signing_up_is_limited_per_address(rulebook, monkeypatch):
    monkeypatch.setitem(limits.CREATING, "account", (limits.Limit("signup", "ip", 2, 3600),))
    for n in range(2):
        sign_up(Client(), f"player{n}")
    data = {"username": "player9", "password1": PASSWORD, "password2": PASSWORD}
    refused = Client().post("/ar/accounts/sign-up/", data)
    assert refused.status_code == 429 and User.objects.count() == 2


@pytest.mark.parametrize(
    "path,data",
    [
        ("sign-in/", {"username": "amal", "password": PASSWORD}),
        ("sign-up/", {"username": "z", "password1": PASSWORD, "password2": PASSWORD}),
        ("forgot/", {"username": "amal", "code": "x"}),
        ("sign-out/", {}),
        ("delete/", {"password": PASSWORD}),
        ("password/", {}),
        ("reset/", {"email": "a@example.org"}),
    ],
)
def test_every_form_needs_its_csrf_token(rulebook, path, data):
    sign_up(Client(), "amal")
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(User.objects.get(username="amal"))
    assert strict.post(f"/en/accounts/{path}", data).status_code == 403
    assert Client(enforce_csrf_checks=True).post(f"/en/accounts/{path}", data).status_code in (
        403,
        302,  # a page for the signed-in only sends a visitor to sign in first
    )


def test_sign_out_is_a_post_and_forgets_the_browser(rulebook):
    browser = Client()
    sign_up(browser, "amal")
    assert browser.get("/en/accounts/sign-out/").status_code == 405
    assert sign_out(browser).status_code == 302
    assert "amal" not in browser.get("/en/").content.decode()
    assert browser.get("/en/accounts/").status_code == 302  # to sign in


def test_a_page_cached_for_everyone_never_holds_a_name(rulebook):
    browser = Client()
    sign_up(browser, "amal")
    first = browser.get("/en/tarneeb/")  # rendered and cached while amal reads it
    assert "amal" in first.content.decode() and "Sign out" in first.content.decode()
    other = Client().get("/en/tarneeb/")
    assert "amal" not in other.content.decode() and "Sign in" in other.content.decode()
    again = browser.get("/en/tarneeb/")  # from the cache, with amal's own part
    assert "amal" in again.content.decode()


def test_password_change_and_reset_by_e_mail(rulebook):
    browser = Client()
    sign_up(browser, "amal", email="amal@example.org")
    new = "palm-tree-harbour-31"
    changed = browser.post(
        "/en/accounts/password/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert changed.status_code == 302
    assert User.objects.get().check_password(new)

    stranger = Client()
    sent = stranger.post("/fr/accounts/reset/", {"email": "amal@example.org"})
    assert sent.status_code == 302 and len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/fr/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form = stranger.get(link, follow=True)
    assert form.status_code == 200
    final = "olive-grove-lantern-5"
    done = stranger.post(
        form.redirect_chain[-1][0], {"new_password1": final, "new_password2": final}
    )
    assert done.status_code == 302
    assert User.objects.get().check_password(final)
    assert Recovery.objects.count() == 1
