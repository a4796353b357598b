"""A game that exists only in this test, registered through the description alone: a Hearts
preset under a new slug (``toy-hearts``). The rulebook loader puts it in the test database, and
the site serves its rule page, a quiz question, a practice deal and a score sheet.

Nothing outside ``cardgames.games`` is told about it: where a page fails here, the place
that failed keeps a table of its own instead of reading the description
(``docs/adding-a-game.md``).
"""

import re
from dataclasses import replace

import pytest

from cardgames import games

SLUG = "toy-hearts"
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


@pytest.fixture
def toy(db):
    """The toy game, described and loaded; gone again after the test."""
    from django.urls import get_resolver

    from rulebook import games as site_games
    from rulebook.loader import Report, load_game

    assert get_resolver().url_patterns  # the addresses are read before the game is registered
    games.register(replace(games.game("hearts"), slug=SLUG))
    try:
        load_game(site_games.GAMES[SLUG], Report())
        yield games.game(SLUG)
    finally:
        games.unregister(SLUG)


def test_the_toy_game_is_described_as_hearts_under_its_own_slug(toy):
    from cardgames import bots
    from cardgames.penalty.sheet import PenaltySheet
    from rulebook import games as site_games

    assert toy.engine is games.game("hearts").engine
    assert site_games.get(SLUG).default_variant == toy.engine.DEFAULT_PRESET
    assert games.game(SLUG).sheet is PenaltySheet
    assert bots.REASONS[SLUG] == bots.REASONS["hearts"]


def test_its_rule_page_is_served(client, toy):
    response = client.get(f"/en/{SLUG}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Hearts" in html and "queen of spades" in html.lower()
    assert re.findall(r"\{\w+\}", html) == []  # every placeholder filled


def test_a_quiz_question_is_served(client, toy):
    start = client.get(
        "/en/quiz/start/",
        {"game": SLUG, "variant": toy.engine.DEFAULT_PRESET, "kind": "play"},
    )
    assert start.status_code == 302, start.content.decode()[:2000]
    assert f"/quiz/{SLUG}/" in start["Location"]
    question = client.get(start["Location"])
    assert question.status_code == 200
    assert 'name="move"' in question.content.decode()


def test_a_practice_deal_is_served(client, toy):
    form = client.get(f"/en/{SLUG}/practice/")
    assert form.status_code == 200
    started = client.post(f"/en/{SLUG}/practice/", {"variant": "", "seat": "S", "level": "club"})
    assert started.status_code == 303, started.content.decode()[:2000]
    table = client.get(started["Location"])
    assert table.status_code == 200
    html = table.content.decode()
    assert "Hearts: a practice match" in html and "Choose 3 cards to pass" in html
    assert '/move/" class="move-form' in html  # the learner's move, a form
    # The club player's hint, worded by the family's sentences (the description's parts).
    hinted = client.get(started["Location"], {"hint": "1"}).content.decode()
    assert 'id="hint"' in hinted and "The moves you can make:" in hinted


def test_a_score_sheet_is_served(client, toy):
    page = client.get(f"/en/{SLUG}/sheet/")
    assert page.status_code == 200
    variant = toy.engine.DEFAULT_PRESET
    started = client.post(f"/en/{SLUG}/sheet/", {"variant": variant})
    assert started.status_code in (302, 303), started.content.decode()[:2000]
    sheet = client.get(started["Location"])
    assert sheet.status_code == 200
    assert "hearts" in sheet.content.decode().lower()


def test_the_game_is_gone_once_unregistered(client, toy):
    games.unregister(SLUG)
    try:
        assert client.get(f"/en/{SLUG}/practice/").status_code == 404
        assert client.get(f"/en/{SLUG}/sheet/").status_code == 404
    finally:
        games.register(toy)


def test_its_pages_are_linked_by_name(client, toy):
    """The pages link to a game's rules and positions by name (``reverse``): the address
    converter reads the description, so a game registered later is linked too."""
    from django.urls import reverse
    from django.utils import translation

    with translation.override("en"):
        assert reverse("rules", args=[SLUG]) == f"/en/{SLUG}/"
        assert reverse("position", args=[SLUG]) == f"/en/{SLUG}/position/"
    # The position page reads the game's engine: a deal of the toy game is shown.
    position = client.get(f"/en/{SLUG}/position/", {"deal": DEAL})
    assert position.status_code == 200
    assert "two of clubs, can be played" in position.content.decode()
