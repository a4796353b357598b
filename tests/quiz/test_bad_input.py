"""Forged and broken answers: a clear message in the page's language, a 4xx status, never a
500, and never a point on the score."""

import re
import time
from unittest import mock

import pytest
from django.test import Client

from cardgames import cards
from quiz import tokens
from quiz.models import Answered

from .helpers import answer_data, form_token, question_of, score, start, text_of

LANGS = ["ar", "en", "fr"]


def alert(response) -> str:
    found = re.search(r'role="alert"[^>]*>(.*?)</', response.content.decode(), re.S)
    assert found, "the refusal is shown as an alert"
    return found.group(1).strip()


def assert_refused(client, response, status, lang="en"):
    assert response.status_code == status, (response.status_code, text_of(response)[:300])
    markup = response.content.decode()
    assert f'<html lang="{lang}"' in markup
    assert alert(response)
    assert score(client.get(f"/{lang}/quiz/")) == (0, 0, 0)


def post(client, url, **fields):
    page = client.get(url)
    return client.post(url, {"token": form_token(page), **fields})


# --- names that do not exist (404) ----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "game,variant,kind",
    [
        ("bridge", "classic", "play"),  # no such game
        ("tarneeb", "nonesuch", "play"),  # no such variant
        ("tarneeb", "qahwa", "play"),  # another game's variant
        ("tarneeb", "classic", "guess"),  # no such kind
        ("bent-al-sbeet", "qahwa", "sheet"),  # a kind of another game
        ("sabaat-al-deemin", "classic", "next-leader"),  # no tricks in a layout game
    ],
)
def test_unknown_games_variants_and_kinds_are_404(client, quiz, lang, game, variant, kind):
    response = client.get(f"/{lang}/quiz/start/", {"game": game, "variant": variant, "kind": kind})
    assert_refused(client, response, 404, lang)
    # The same names in a question link, even one signed for them, are 404 too.
    token = tokens.question_token(game, variant, kind, "abc")
    response = client.get(f"/{lang}/quiz/{game}/{variant}/{kind}/{token}/")
    assert_refused(client, response, 404, lang)


def test_the_404_names_what_does_not_exist(client, quiz):
    response = client.get("/en/quiz/start/", {"game": "tarneeb", "variant": "x", "kind": "play"})
    assert "x" in alert(response) and "variant" in alert(response)
    response = client.get("/en/quiz/start/", {"game": "tarneeb", "variant": "classic", "kind": "q"})
    assert "q" in alert(response)
    assert "There is no" in alert(response)


# --- a question that was never issued (400) -------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_forged_question_link_is_400(client, quiz, lang):
    url = start(client, "tarneeb", "classic", "play", lang)
    seed, signature = url.rstrip("/").split("/")[-1].split(".")
    forged = [
        url.replace(f"{seed}.", "zzzzzzzz."),  # another seed, the old signature
        url.replace(signature, "A" * len(signature)),  # a made-up signature
        url.replace(f"{seed}.{signature}", seed),  # no signature at all
        url.replace("/classic/", "/egyptian/"),  # the signature binds the variant
        url.replace("/play/", "/legal-set/"),  # and the kind
        url.replace(f"{seed}.{signature}", f"{seed}.{signature[:-1]}"),  # a truncated one
        url.replace(f"{seed}.", "UPPER."),  # not a seed at all
    ]
    for link in forged:
        response = client.get(link)
        assert_refused(client, response, 400, lang)
        # Posting an answer to it is refused the same way, and not counted.
        response = client.post(link, {"token": "x", "cards": ["AS"]})
        assert_refused(client, response, 400, lang)


def test_a_hand_picked_seed_that_does_not_exist_is_404(client, quiz):
    token = tokens.question_token("tarneeb", "classic", "play", "pick-nonesuch")
    assert client.get(f"/en/quiz/tarneeb/classic/play/{token}/").status_code == 404
    # A real hand-picked key under the wrong kind is not that question either.
    token = tokens.question_token("tarneeb", "classic", "legal-set", "pick-a-small-trump-wins")
    assert client.get(f"/en/quiz/tarneeb/classic/legal-set/{token}/").status_code == 404


# --- a form that was never issued, or sent twice --------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_forged_form_token_is_400(client, quiz, lang):
    url = start(client, "bent-al-sbeet", "qahwa", "next-leader", lang)
    other = start(client, "bent-al-sbeet", "qahwa", "next-leader", lang)
    other_token = form_token(client.get(other))
    for token in ("", "nonsense", other_token, other_token[:-2] + "xx"):
        response = client.post(url, {"token": token, "seat": "N"})
        assert_refused(client, response, 400, lang)
    # A form token signed for this question but by someone without the key.
    with mock.patch("django.conf.settings.SECRET_KEY", "not-the-site-key" * 4):
        fake = tokens.form_token("/".join(url.split("/")[3:7]), "n0nce")
    assert_refused(client, client.post(url, {"token": fake, "seat": "N"}), 400, lang)


def test_an_expired_form_is_400_and_shows_the_question_again(client, quiz):
    url = start(client, "tarneeb", "classic", "next-leader")
    key = "/".join([*url.split("/")[3:6], url.split("/")[6].split(".")[0]])
    old = time.time() - tokens.FORM_MAX_AGE - 60
    with mock.patch("django.core.signing.time.time", return_value=old):
        token = tokens.form_token(key, "an-old-nonce")
    response = client.post(url, {"token": token, "seat": "N"})
    assert_refused(client, response, 400)
    assert form_token(response) != token  # a fresh form to answer with


@pytest.mark.parametrize("lang", LANGS)
def test_a_replayed_form_is_409_and_counted_once(client, quiz, lang):
    url = start(client, "sabaat-al-deemin", "classic", "knock", lang)
    page = client.get(url)
    q = question_of(url)
    data = {"token": form_token(page), **answer_data(q, right=True)}
    assert client.post(url, data).status_code == 303
    assert score(client.get(f"/{lang}/quiz/")) == (1, 1, 1)
    replay = client.post(url, data)
    assert replay.status_code == 409 and alert(replay)
    # From another browser (another session) too: the nonce is spent for everyone.
    stranger = Client()
    replay = stranger.post(url, data)
    assert replay.status_code == 409
    assert score(stranger.get(f"/{lang}/quiz/")) == (0, 0, 0)
    assert score(client.get(f"/{lang}/quiz/")) == (1, 1, 1)
    assert Answered.objects.count() == 1


# --- answers no honest form sends (400) -----------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_cards_that_do_not_parse_or_are_not_held_are_400(client, quiz, lang):
    url = start(client, "bent-al-sbeet", "qahwa", "play", lang)
    q = question_of(url)
    pos = q.position()
    held = pos.state.hands[pos.state.to_act]
    not_held = cards.card_code(next(c for c in range(52) if not held >> c & 1))
    for move in ("ZZ", "1S", "", "QS QS", "<script>", not_held, "pass", "knock"):
        response = post(client, url, move=move)
        assert_refused(client, response, 400, lang)
    assert "<script>" not in response.content.decode().split('role="alert"')[1][:200]
    url = start(client, "tarneeb", "classic", "legal-set", lang)
    q = question_of(url)
    pos = q.position()
    held = pos.state.hands[pos.state.to_act]
    not_held = cards.card_code(next(c for c in range(52) if not held >> c & 1))
    mine = cards.card_code(cards.cards_in(held)[0])
    for chosen in (["XX"], [mine, not_held], ["11H"], [mine, "S"]):
        assert_refused(client, post(client, url, cards=chosen), 400, lang)


def test_a_card_outside_the_32_card_pack_is_400(client, quiz):
    url = start(client, "sabaat-al-deemin", "classic", "play")
    assert_refused(client, post(client, url, move="2C"), 400)
    url = start(client, "sabaat-al-deemin", "classic", "legal-set")
    assert_refused(client, post(client, url, cards=["2C"]), 400)


def test_a_call_that_is_not_offered_is_400(client, quiz):
    url = next(
        u
        for u in (start(client, "tarneeb", "classic", "play") for _ in range(40))
        if question_of(u).position().state.phase == "bidding"
    )
    for move in ("double", "trump:S", "7C", "14", "5"):
        assert_refused(client, post(client, url, move=move), 400)


@pytest.mark.parametrize(
    "kind,fields",
    [
        ("next-leader", {"seat": "Q"}),
        ("next-leader", {}),
        ("trick-points", {"points_N": "x", "points_E": "0", "points_S": "0", "points_W": "0"}),
        ("trick-points", {"points_N": "-3", "points_E": "0", "points_S": "0", "points_W": "0"}),
        ("trick-points", {"points_N": "1"}),
        ("deal-points", {f"points_{s}": "123456" for s in "NESW"}),
    ],
)
def test_missing_or_impossible_answers_are_400(client, quiz, kind, fields):
    url = start(client, "bent-al-sbeet", "qahwa", kind)
    assert_refused(client, post(client, url, **fields), 400)


def test_broken_sheet_and_knock_answers_are_400(client, quiz):
    url = start(client, "tarneeb", "classic", "sheet")
    fields = {"entry_NS": "0", "entry_EW": "0", "debt_NS": "0", "debt_EW": "zero"}
    assert_refused(client, post(client, url, **fields), 400)
    url = start(client, "sabaat-al-deemin", "classic", "knock")
    assert_refused(client, post(client, url, may="perhaps", cost="0"), 400)
    assert_refused(client, post(client, url, may="yes"), 400)


def test_a_broken_answer_keeps_its_form_so_it_can_be_corrected(client, quiz):
    url = start(client, "bent-al-sbeet", "qahwa", "next-leader")
    page = client.get(url)
    token = form_token(page)
    refused = client.post(url, {"token": token, "seat": "Q"})
    assert refused.status_code == 400
    q = question_of(url)
    again = {"token": form_token(refused), "seat": q.expected["seat"]}
    assert client.post(url, again).status_code == 303


# --- CSRF and methods -----------------------------------------------------------------------------


def test_answers_need_the_csrf_token(quiz):
    browser = Client(enforce_csrf_checks=True)
    url = start(browser, "bent-al-sbeet", "qahwa", "next-leader")
    page = browser.get(url)
    q = question_of(url)
    data = {"token": form_token(page), "seat": q.expected["seat"]}
    assert browser.post(url, data).status_code == 403
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())[1]
    assert browser.post(url, {**data, "csrfmiddlewaretoken": csrf}).status_code == 303


def test_other_methods_are_refused(client, quiz):
    url = start(client, "bent-al-sbeet", "qahwa", "play")
    assert client.put(url).status_code == 405
    assert client.delete(url).status_code == 405


def test_garbage_never_makes_a_500(client, quiz):
    url = start(client, "tarneeb", "classic", "sheet")
    junk = ["", "\x00", "٣", "9" * 400, "1.5", " 7 ", "NaN", "+2"]
    for value in junk:
        fields = {"entry_NS": value, "entry_EW": value, "debt_NS": value, "debt_EW": value}
        response = post(client, url, **fields)
        assert response.status_code in (303, 400), value
    for path in ("/en/quiz/tarneeb/classic/sheet/%00/", "/en/quiz/tarneeb/classic/sheet/a.b.c/"):
        assert client.get(path).status_code in (400, 404)
