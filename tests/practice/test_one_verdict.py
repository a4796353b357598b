"""One verdict per card (issue 45): a moment of a seeded practice deal, in each game, gets the
very same values for every card wherever it is asked: the practice hint while the deal is in
play, the review once it is over, the position page the review links to (that very moment),
and the lesson editor's costs of a lesson made from that moment; and a quiz puzzle's stored
costs are the position page's. The cache is emptied before
each surface, so each searches the moment afresh: the values agree because one function,
seeded from the position as the seat sees it, computes them, not because one answer was kept.
(The deals each view is judged over are few here, ``ANALYSIS_SAMPLES``, for the suite's time:
how steady the verdict is between seeds is ``make bench``'s, ``bench_verdict``.)"""

import html
import random
import re
from urllib.parse import urlencode

import pytest
from django.core.cache import caches
from django.test import Client

from cardgames import analysis
from lessons import start
from lessons.models import Lesson
from practice import best_cards
from quiz import loader, questions
from quiz.core import quizzed
from rulebook import games
from tests.lessons.helpers import post

from .helpers import learner_token
from .test_pages import match_of, new_match, play, table_url

pytestmark = pytest.mark.django_db

COSTED = re.compile(r'data-move="([^"]+)" data-cost="([^"]+)" data-value="([^"]+)"')


@pytest.fixture(autouse=True)
def steady(settings):
    settings.ANALYSIS_SECONDS = 60  # what the values are, not how fast they come
    settings.ANALYSIS_SAMPLES = 8
    caches["countless"].clear()
    yield
    caches["countless"].clear()


def numbers(text: str) -> dict[str, tuple[float, float]]:
    return {move: (float(c), float(v)) for move, c, v in COSTED.findall(text)}


def section(body: str, name: str) -> str:
    found = re.search(rf'(?s)<(section|div) class="{name}".*?</\1>', body)
    assert found, name
    return found[0]


def review_item(review: str, ply: int) -> tuple[str, float, float]:
    """The review's judged card at move ``ply``: its token, cost and value."""
    item = re.search(
        rf'<li [^>]*data-ply="{ply}" data-move="([^"]+)" data-cost="([^"]+)" '
        rf'data-value="([^"]+)"',
        review,
    )
    assert item, ply
    return item[1], float(item[2]), float(item[3])


def learner_choice(practice) -> bool:
    return (
        practice.learner_to_act
        and practice.state.phase == "play"
        and len(analysis.choices(practice.game, practice.state)) > 1  # the choice: none
    )


@pytest.mark.parametrize("game", list(games.GAMES))
def test_one_moment_has_the_same_values_on_every_surface(client, rulebook, game):
    rng = random.Random(f"one verdict {game}")
    url = table_url(new_match(client, game))
    hinted = None
    for _ in range(6):  # a deal with a choice of cards (none are thrown in six times)
        practice = match_of(url).replay()
        while not practice.deal_over:
            if hinted is None and learner_choice(practice):
                caches["countless"].clear()
                body = client.get(url + "?hint=1").content.decode()
                hinted = (practice.deal_number, practice.ply, numbers(section(body, "hint-costs")))
            assert play(client, url, learner_token(practice, rng)).status_code == 303
            practice = match_of(url).replay()
        if hinted is not None:
            break
        client.post(url + "next/", {"deal": practice.deal_number})
    assert hinted is not None and hinted[0] == practice.deal_number
    _deal, ply, hint = hinted
    assert len(hint) > 1
    played = practice.module.format_move(practice.moves[ply])

    # the review: the card played at that moment
    caches["countless"].clear()
    body = client.get(url).content.decode()
    review = section(body, "analysis")
    assert 'data-pending="0"' in review
    move, cost, value = review_item(review, ply)
    assert move == played and (cost, value) == hint[played]

    # the position page at that very moment, as the review links it
    link = re.search(rf'<li [^>]*data-ply="{ply}"[^>]*><a href="([^"]+)"', review)[1]
    caches["countless"].clear()
    page = client.get(html.unescape(link))
    assert page.status_code == 200
    assert numbers(section(page.content.decode(), "analysis")) == hint

    # the lesson editor, on a lesson made from that moment
    caches["countless"].clear()
    position = practice.position(ply)
    made = post(Client(), start.from_position(game, position, learner=practice.seat))
    assert made.status_code == 201, made.content
    row = Lesson.objects.get(public_id=made.json()["id"])
    editor = Client()
    assert editor.get(f"/en/lessons/{row.public_id}/edit/{row.edit_key}/").status_code == 303
    answer = editor.get(
        f"/en/lessons/{row.public_id}/edit/costs/",
        {"moves": " ".join(position.move_tokens()), "view": "seat"},
    )
    assert answer.status_code == 200, answer.content
    assert {m["move"]: (m["cost"], m["value"]) for m in answer.json()["moves"]} == hint


@pytest.mark.parametrize("game", [g.slug for g in quizzed()])
def test_a_quiz_puzzles_stored_costs_are_the_position_pages(client, rulebook, game):
    """The quiz's "find the best card" judges with costs stored offline (every hand open,
    exact): the position page, asked with every hand open at that moment, shows the very same
    values for every card."""
    spec = games.get(game)
    item = next(i for i in loader.read(spec) if i["kind"] == questions.BEST_CARD)
    query = {k: item[k] for k in best_cards.POSITION_KEYS if k in item}
    page = client.get(f"/en/{game}/position/?{urlencode({**query, 'analysis': 'open'})}")
    assert page.status_code == 200
    shown = numbers(section(page.content.decode(), "analysis"))
    stored = {m["move"]: (float(m["cost"]), float(m["value"])) for m in item["solution"]["moves"]}
    assert shown == stored
