"""The quiz's "choose the best contract" (issue 48): an owner's choice of contract in Trix, found
offline (``manage.py findbestcontracts``) by rolling each contract out from the owner's hand
alone. Each stored question still names the same best contract when rolled out anew on other
deals, an answer is judged against the stored contract with nothing rolled out at answer time,
only the contracts the owner may still choose are offered (a used one is refused in the
reader's words), and the verdict words every contract's cost in each language."""

import html
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import translation

from cardgames.positions import open_position
from cardgames.trix import bots
from practice import best_contracts
from quiz import loader, questions
from quiz.messages import best_contract_words, say
from quiz.models import HandPicked
from rulebook import games

from .helpers import answer, offered_moves, question_of, verdict

LANGS = ("ar", "en", "fr")
GAME = "trix"
ITEMS = [i for i in loader.read(games.get(GAME)) if i["kind"] == questions.BEST_CONTRACT]
POSITION = ("variant", "dealer", "deal", "moves", "owner", "used")


def position_of(item):
    return open_position(games.get(GAME).engine, {k: item[k] for k in POSITION if k in item})


def test_trix_has_best_contract_questions_and_only_the_choosing_games_do():
    assert len(ITEMS) >= 5
    assert {i["solution"]["best"][0] for i in ITEMS} >= {"trix", "queens"}  # not one answer
    assert any(i.get("used") for i in ITEMS) and any(not i.get("used") for i in ITEMS)
    assert [g for g in games.GAMES if best_contracts.chooses(g)] == [GAME]


@pytest.mark.slow
@pytest.mark.parametrize("item", ITEMS, ids=[i["key"] for i in ITEMS])
def test_a_stored_question_names_the_same_best_contract_on_other_deals(item):
    position = position_of(item)
    state = position.state
    offered = {position.module.format_move(m) for m in state.legal_moves()}
    stored = {m["move"]: m for m in item["solution"]["moves"]}
    assert set(stored) == offered  # every contract left, and no used one
    assert all(c not in offered for c in item.get("used", "").split(",") if c)
    best = item["solution"]["best"]
    assert [m for m, v in stored.items() if v["cost"] == 0] == best
    # the gap claimed holds: every other contract costs at least the finder's gap
    assert min(v["cost"] for v in stored.values() if v["cost"] > 0) >= best_contracts.GAP
    # 200 deals the finder never drew, rolled out from the owner's hand alone
    again = best_contracts.values_at(GAME, state, "checked-again", 200)
    assert max(again, key=again.get) == best[0], again


def test_the_finder_asks_only_an_owner_s_choice():
    item = ITEMS[0]
    position = position_of(item)
    first = position.module.format_move(position.state.legal_moves()[0])
    after = open_position(
        position.module, {**{k: item[k] for k in POSITION if k in item}, "moves": first}
    )
    assert best_contracts.puzzle_at(GAME, after) is None  # the contract is chosen: cards now


@pytest.fixture
def no_rollout(monkeypatch):
    """An answer is judged against the stored contract: any rollout now fails the test."""

    def refused(*args, **kwargs):
        raise AssertionError("the contracts were rolled out at answer time")

    monkeypatch.setattr(bots, "choice_values", refused)


def contract_urls(client, lang="en"):
    markup = client.get(f"/{lang}/quiz/").content.decode()
    return re.findall(rf'href="(/{lang}/quiz/{GAME}/[\w-]+/best-contract/[^"]+)"', markup)


@pytest.mark.parametrize("lang", LANGS)
def test_a_right_and_a_wrong_choice_are_judged_with_every_contract_s_cost(
    client, quiz, no_rollout, lang
):
    urls = contract_urls(client, lang)
    assert len(urls) == len(ITEMS)
    for url in urls:
        q = question_of(url)
        if q.position().state.used:
            break
    page = client.get(url)
    markup = page.content.decode()
    # the owner's hand only, and a button for each contract the owner may still choose
    assert len(re.findall(r'class="seat [^"]*\bopen"', markup)) == 1
    pos = q.position()
    left = [pos.module.format_move(m) for m in pos.state.legal_moves()]
    assert sorted(offered_moves(page)) == sorted(left)
    _q, right = answer(client, url, right=True)
    assert verdict(right) is True
    result = right.content.decode()
    row = HandPicked.objects.get(key=q.seed[len(questions.PICKED) :], game=GAME)
    assert q.expected["moves"] == row.solution["best"]
    assert result.count('class="costly"') == len(row.solution["moves"]) - 1
    with translation.override(lang):
        sentence = best_contract_words(q)["sentence"]
    assert html.escape(sentence) in result
    assert "400" in sentence
    if lang == "fr":
        assert "\u00a0:" in sentence and "royaume" in markup
    if lang == "ar":
        assert "أفضل طلب" in markup and "المملكة" in markup
        assert any("\u0600" <= ch <= "\u06ff" for ch in sentence)
    _q, wrong = answer(client, url, right=False)
    assert verdict(wrong) is False


@pytest.mark.parametrize("lang", LANGS)
def test_a_used_contract_sent_by_hand_is_refused_in_the_reader_s_words(client, quiz, lang):
    url = next(u for u in contract_urls(client, lang) if question_of(u).position().state.used)
    q = question_of(url)
    used = q.position().state.used[0]
    page = client.get(url)
    token = re.search(r'name="token" value="([^"]+)"', page.content.decode()).group(1)
    sent = client.post(url, {"token": token, "move": used})
    assert sent.status_code == 400
    with translation.override(lang):
        said = say("not_offered", {"move": used}, GAME)
    assert said in sent.content.decode()


@pytest.mark.slow
def test_the_finder_writes_the_committed_questions_again(tmp_path, monkeypatch):
    """The rollouts are seeded: the same seeds give the same file, byte for byte."""
    committed = loader.files(games.get(GAME))[2]
    monkeypatch.setattr(loader, "DATA", tmp_path)
    call_command("findbestcontracts", GAME, stdout=StringIO())
    written = tmp_path / committed.parent.name / committed.name
    assert written.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8")
