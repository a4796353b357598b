"""The quiz's "find the best card" (issue 32): puzzles found offline (``manage.py
findbestcards``), every hand open. Each stored puzzle still has the gap it claims when the
analysis searches it anew, its right cards are exactly those of cost 0, an answer is judged
against the stored cards with no search at answer time, in each language, with each card's
cost in words, and the page shows all four hands."""

import html
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import translation

from cardgames import analysis
from cardgames.positions import open_position
from cardgames.table import SEATS
from practice import best_cards
from quiz import loader, questions
from quiz.core import quizzed
from quiz.messages import best_card_words
from quiz.models import HandPicked
from rulebook import games

from .helpers import answer, verdict

LANGS = ("ar", "en", "fr")
PUZZLES = [
    (spec.slug, item)
    for spec in quizzed()
    for item in loader.read(spec)
    if item["kind"] == questions.BEST_CARD
]


def test_every_game_has_puzzles():
    found = {game for game, _item in PUZZLES}
    assert found == {g.slug for g in quizzed()}
    for game in found:
        assert sum(1 for g, _ in PUZZLES if g == game) >= 3


@pytest.mark.parametrize("game,item", PUZZLES, ids=[f"{g}-{i['key']}" for g, i in PUZZLES])
def test_a_stored_puzzle_still_has_its_gap_with_every_hand_open(game, item):
    spec = games.get(game)
    query = {k: item[k] for k in best_cards.POSITION_KEYS if k in item}
    position = open_position(spec.engine, query)
    found = analysis.analyse(game, position.state.copy(), None, "open", seed=best_cards.SEED)
    assert found.exact
    fmt = position.module.format_move
    costs = {fmt(m.move): m.cost for m in found.moves}
    solution = item["solution"]
    # the right cards are exactly those of cost 0, and every other card costs the gap or more
    assert set(solution["best"]) == {t for t, c in costs.items() if c == 0}
    others = [c for c in costs.values() if c > 0]
    assert others and min(others) >= best_cards.GAP[best_cards.unit(game)] - 1e-9
    assert min(others) == pytest.approx(solution["gap"])
    assert {m["move"]: m["cost"] for m in solution["moves"]} == pytest.approx(costs)
    assert len(solution["best"]) <= best_cards.MOST_BEST < len(costs)


def best_card_urls(client, game, lang="en"):
    markup = client.get(f"/{lang}/quiz/").content.decode()
    return [
        u.replace("&amp;", "&")
        for u in re.findall(rf'href="(/{lang}/quiz/{game}/[\w-]+/best-card/[^"]+)"', markup)
    ]


@pytest.fixture
def no_search(monkeypatch):
    """An answer is judged against the stored cards: any search now fails the test."""

    def refused(*args, **kwargs):
        raise AssertionError("the analysis was asked at answer time")

    monkeypatch.setattr(analysis, "analyse", refused)
    monkeypatch.setattr(analysis, "analyse_view", refused)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", [g.slug for g in quizzed()])
def test_a_right_and_a_wrong_answer_are_judged_so(client, quiz, no_search, game, lang):
    urls = best_card_urls(client, game, lang)
    assert len(urls) >= 3
    url = urls[0]
    page = client.get(url)
    assert page.status_code == 200
    markup = page.content.decode()
    # every hand open: the four seats' cards are on the table, face up
    for seat in SEATS:
        hand = re.search(rf'class="seat [^"]*\bseat-{seat} [^"]*open".*?</ul>', markup, re.S)
        assert hand and 'data-card="' in hand.group(0), seat
    q, right = answer(client, url, right=True)
    assert verdict(right) is True
    result = right.content.decode()
    row = HandPicked.objects.get(key=q.seed[len(questions.PICKED) :], game=game)
    assert set(q.expected["moves"]) == set(row.solution["best"])
    # each card's cost in words, in the page's language
    assert result.count('class="costly"') == len(row.solution["moves"]) - len(row.solution["best"])
    with translation.override(lang):
        sentence = best_card_words(q)["sentence"]
    assert html.escape(sentence) in result
    if lang == "fr":
        assert "\u00a0:" in sentence
    if lang == "ar":
        assert any("\u0600" <= ch <= "\u06ff" for ch in sentence)
    _q, wrong = answer(client, url, right=False)
    assert verdict(wrong) is False


@pytest.mark.parametrize("game", ["leekha", "sabaat-al-deemin"])
def test_the_finder_writes_the_committed_puzzles_again(game, tmp_path, monkeypatch):
    """The search is deterministic: the same seeds give the same file, byte for byte."""
    committed = loader.DATA / loader.FOUND[0] / f"{games.get(game).registry}.toml"
    monkeypatch.setattr(loader, "DATA", tmp_path)
    call_command("findbestcards", game, stdout=StringIO())
    written = tmp_path / loader.FOUND[0] / committed.name
    assert written.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8")
