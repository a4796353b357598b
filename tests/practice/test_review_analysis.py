"""The practice review's analysis, after a whole deal of each game played through the pages:
each card the learner chose (among more than one) with its verdict from the learner's own view
at that moment (tricks, points, or the chance to go out), the costly ones first, each real
mistake told in words at its trick with a link to that very moment and a retry; the switch to
every hand open, a link that works without JavaScript, labelled with its finesse sentence;
Tarneeb's and Tarneeb 41's double-dummy table; in Arabic, English and French. The numbers are
the analysis API's for the same moments."""

import html
import random
import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from cardgames import analysis
from cardgames.games import game as described
from cardgames.table import PARTNERSHIPS, SEATS
from cardtable.words import vocabulary
from practice import mistakes
from practice.costs import ABOUT_AS_GOOD
from rulebook import analyses, costs, games
from tests.web.test_writing import visible

from .helpers import learner_token
from .test_pages import match_of, new_match, play, table_url

pytestmark = pytest.mark.django_db

LANGS = ("ar", "en", "fr")
MAX_DEALS = 6


@pytest.fixture(autouse=True)
def roomy_budget(settings):
    """These tests check what an answer says, not how fast it comes (``make bench`` times it;
    a loaded test machine is slower): a budget no search reaches, but where a test sets its own."""
    settings.ANALYSIS_SECONDS = 30
    settings.ANALYSIS_SAMPLES = 8  # what the review says, not how steady it is (make bench)


def finished_deal_with_cards(client, game: str) -> str:
    """A practice match whose current deal is over and held some of the learner's cards (a
    thrown-in deal is followed by the next): its table's path, without the language."""
    rng = random.Random(game)
    url = table_url(new_match(client, game))
    for _ in range(MAX_DEALS):
        match = match_of(url)
        while not (practice := match.replay()).deal_over:
            assert play(client, url, learner_token(practice, rng)).status_code == 303
        if moments(practice):  # a deal of forced cards only is told as such (below)
            return url.split("/", 2)[2]
        client.post(url + "next/", {"deal": practice.deal_number})
    raise AssertionError(f"{game}: no card of the learner's in {MAX_DEALS} deals")


def section(body: str, name: str = "analysis") -> str:
    found = re.search(rf'(?s)<section class="{name}"[^>]*id="analysis".*?</section>', body)
    assert found, "no analysis on the page"
    return found[0]


def whole(client, url: str) -> str:
    """The review's analysis once every card is judged: asked again while some are left, as
    the page's script (or its "Judge the rest" link) asks."""
    for _ in range(30):
        response = client.get(url)
        assert response.status_code == 200
        box = section(response.content.decode())
        if 'data-pending="0"' in box:
            return box
    raise AssertionError("the review's judging did not end")


def moments(practice):
    """The learner's cards chosen among more than one, as the review judges them."""
    position = practice.position()
    return list(
        analysis.moments(practice.game, position.start_state(), practice.moves, {practice.seat})
    )


def judged(practice, view: str) -> dict[int, dict]:
    """What the analysis says of each of those moments, alone (the API's numbers)."""
    return {
        ply: analyses.judge(practice.game, practice.position(ply), seat, view)
        for ply, seat, _move, _state in moments(practice)
    }


@pytest.mark.parametrize("game", list(games.GAMES))
def test_the_review_judges_each_card_the_learner_chose(client, rulebook, game):
    path = finished_deal_with_cards(client, game)
    practice = match_of("/en/" + path).replay()
    answers = judged(practice, "seat")
    assert answers
    for lang in LANGS:
        body = client.get(f"/{lang}/{path}").content.decode()
        box = section(body)
        assert 'data-view="seat"' in box and 'data-pending="0"' in box
        text = visible(box)
        with translation.override(lang):
            vocab = vocabulary(game)
            unit = costs.unit(game)
            items = re.findall(r'(?s)<li class="(costly|no-cost)" data-ply="(\d+)"(.*?)</li>', box)
            assert sorted(int(p) for _k, p, _i in items) == sorted(answers)
            plies = [int(p) for _k, p, _i in items]
            kinds = [k for k, _p, _i in items]
            assert kinds == sorted(kinds)  # the costly ones first ("costly" < "no-cost")
            for kind, ply, item in items:
                answer = answers[int(ply)]
                token = practice.module.format_move(practice.moves[int(ply)])
                cost = next(m["cost"] for m in answer["moves"] if m["move"] == token)
                seen = visible(item)
                # its link opens that very moment: the whole deal, at the card's ply
                link = re.search(r'<a href="([^"]+)"', item)[1]
                assert f"/{game}/position/?" in link and f"at={ply}" in link
                assert "analysis=seat" in link
                played = costs.move_words(vocab, token)  # a card by name, or a knock
                assert html.unescape(played) in html.unescape(item)
                if cost > 0:
                    assert kind == "costly"
                    # after «الكلفة:» a subject: «نقطتان», not «نقطتين»
                    assert html.unescape(unit.amount(cost, vocab.region, subject=True)) in seen
                else:
                    assert kind == "no-cost" and str(ABOUT_AS_GOOD) in seen
            # each real mistake told in words, with its moment and a retry
            told = re.findall(r'(?s)<li class="mistake" data-ply="(\d+)">(.*?)</li>', box)
            costly = [p for k, p in zip(kinds, plies, strict=True) if k == "costly"]
            assert [int(p) for p, _t in told] == costly
            for ply, item in told:
                state = practice.position(int(ply)).state
                family = analysis_family(game)
                assert mistakes.head(vocab, state, practice.seat, family) in html.unescape(item)
                assert "retry-trick" in item and 'class="moment"' in item
            # the switch to every hand open, labelled as such, a plain link
            switch = re.search(r'<a href="([^"]+)" class="view-open"', box)
            assert switch and str(costs.VIEW_NAMES["open"]) in text
            assert str(costs.VIEW_NOTES["seat"]) in text
            assert "retry-deal" in box
        open_box = whole(client, html.unescape(switch[1]).split("#")[0])
        with translation.override(lang):
            assert 'data-view="open"' in open_box
            assert str(costs.VIEW_NOTES["open"]) in visible(open_box)
            assert len(re.findall(r'<li class="(?:costly|no-cost)"', open_box)) == len(answers)


def analysis_family(game: str):
    return described(game).family


def test_a_reviews_link_opens_the_moment_of_that_card(client, rulebook):
    """The link of a card played at ply n opens the deal at move n of the whole deal (not a
    deal cut after n moves, "move 52 of 52"), the learner to act and that card legal, with
    the analysis of that moment."""
    path = finished_deal_with_cards(client, "bent-al-sbeet")
    practice = match_of("/en/" + path).replay()
    box = section(client.get(f"/en/{path}").content.decode())
    ply, link = re.search(
        r'<li class="(?:costly|no-cost)" data-ply="(\d+)"[^>]*><a href="([^"]+)"', box
    ).groups()
    page = client.get(html.unescape(link).split("#")[0]).content.decode()
    total = len(practice.moves)
    assert f"Move {ply} of {total}" in visible(page)
    card = practice.module.format_move(practice.moves[int(ply)])
    assert re.search(rf'data-move="{card}"', section(page, "analysis"))


@pytest.mark.parametrize("game", ["tarneeb"])
def test_the_review_gives_the_deals_double_dummy_table_in_the_games_words(client, rulebook, game):
    path = finished_deal_with_cards(client, game)
    practice = match_of("/en/" + path).replay()
    tricks = analyses.judge_deal_table(game, practice.position())
    for lang in LANGS:
        box = section(client.get(f"/{lang}/{path}").content.decode())
        dd = re.search(r'(?s)<div class="dd-table".*?</div>', box)[0]
        text = visible(dd)
        with translation.override(lang):
            vocab = vocabulary(game)
            for key in tricks:
                name = vocab.side(PARTNERSHIPS.index(key)) if key in PARTNERSHIPS else None
                name = name or vocab.seat(SEATS.index(key))
                assert name in text, (lang, key)
            strain = practice.state.strain
            if strain:
                sentence = re.search(r'<p class="dd-sentence">(.*?)</p>', dd)
                assert sentence, lang
                said = html.unescape(sentence[1])
                assert vocab.strain(strain) in said
                mine = SEATS[practice.seat]
                row = tricks[mine] if mine in tricks else tricks[PARTNERSHIPS[practice.seat % 2]]
                n = row[strain] if isinstance(row, dict) else row
                assert str(n) in said or n in (0, 1, 2)  # Arabic writes 1 and 2 as words


@pytest.mark.parametrize("lang", LANGS)
def test_a_review_past_the_budget_says_so_and_offers_to_try_again(client, rulebook, settings, lang):
    path = finished_deal_with_cards(client, "hearts")
    settings.ANALYSIS_SECONDS = 1e-9
    response = client.get(f"/{lang}/{path}")
    assert response.status_code == 200  # the rest of the review stands
    box = section(response.content.decode())
    # nothing judged yet: it says how far it got and goes on from there when asked again
    assert 'class="busy judging"' in box and 'class="judge-more"' in box and "#analysis" in box
    assert 'data-pending="0"' not in box
    settings.ANALYSIS_SECONDS = 30
    again = section(client.get(f"/{lang}/{path}").content.decode())
    assert 'data-pending="0"' in again and '<li class="' in again


def test_the_decisions_list_opens_the_move_it_names(client, rulebook):
    """ "Move 53" in the list of decisions opens move 53 of the whole deal (the issue: it
    opened "move 52 of 52", the deal cut before the learner's move)."""
    path = finished_deal_with_cards(client, "bent-al-sbeet")
    practice = match_of("/en/" + path).replay()
    review = re.search(
        r'(?s)<ol class="decision-list">.*?</ol>', client.get(f"/en/{path}").content.decode()
    )[0]
    found = re.findall(r'<a href="([^"]+)">Move (\d+)</a>', review)
    assert found
    total = len(practice.moves)
    for link, n in found[:3] + found[-2:]:
        page = visible(client.get(html.unescape(link)).content.decode())
        assert f"Move {n} of {total}" in page, (n, link)


# the words of the review as a player of each region says them (issue 45)
REVIEW_WORDS = {
    ("bent-al-sbeet", "ar"): ("أكلة أكلة", "بما يراه اللاعب من مكانه", "بكشف الأيدي كلها"),
    ("tarneeb", "ar"): ("لمّة لمّة", "بما يراه اللاعب من مكانه", "بكشف الأيدي كلها"),
    ("tarneeb", "fr"): ("Pli par pli", "Du point de vue du joueur", "Toutes les mains ouvertes"),
    ("tarneeb", "en"): ("Trick by trick", "From the seat’s own view", "With every hand open"),
}


@pytest.mark.parametrize("game", ["bent-al-sbeet", "tarneeb"])
def test_the_review_speaks_each_regions_words(client, rulebook, game):
    path = finished_deal_with_cards(client, game)
    for (named, lang), said in REVIEW_WORDS.items():
        if named != game:
            continue
        page = visible(client.get(f"/{lang}/{path}").content.decode())
        for words in said:
            assert words in page, (game, lang, words)
        assert "حركة بعد حركة" not in page and "المقعد وحده" not in page


def test_the_double_dummy_table_heads_its_columns_with_suit_symbols(client, rulebook):
    """Five columns fit a 360 px phone without a word broken: the suits' symbols (the bidding
    box's NT), each column's name still there for a screen reader."""
    path = finished_deal_with_cards(client, "tarneeb")
    for lang in LANGS:
        body = client.get(f"/{lang}/{path}").content.decode()
        head = re.search(r'(?s)<table class="dd">.*?</thead>', body)[0]
        marks = re.findall(r'<span class="dd-mark[^"]*" aria-hidden="true">([^<]+)</span>', head)
        assert marks == ["♠", "♥", "♦", "♣", marks[4]] and len(marks[4].split()) <= 2, (lang, marks)
        names = re.findall(r'<span class="sr-only">([^<]+)</span>', head)
        with translation.override(lang):
            vocab = vocabulary("tarneeb")
            assert names == [
                html.escape(str(vocab.strain(s)[0].upper() + vocab.strain(s)[1:]))
                for s in ("S", "H", "D", "C", "NT")
            ], lang


# A Sab'at deal from a real practice match (a browser test's, whose wait for a judged review
# never ended): the learner, South, made eight moves and each was the only legal one.
FORCED = (
    "a7d016f8fd6f8d91c390eee2e69a06b3",
    "pass pass double pass pass 7D 7C knock 8C 8D 9C knock TC 9D TD knock JC QC 7H knock knock"
    " KC AC knock knock knock JD QD KD AD 8H knock 9H knock 7S",
)


@pytest.mark.parametrize("lang", LANGS)
def test_a_deal_of_forced_cards_only_says_there_is_nothing_to_judge(lang, rulebook):
    from practice import costs as review_costs
    from practice.match import DealRecord, Practice, Setup

    seed, moves = FORCED
    practice = Practice(Setup("sabaat-al-deemin", "classic", {}), [DealRecord(seed, moves.split())])
    assert practice.deal_over and not moments(practice)
    said = review_costs.review(practice, "seat", "/practice/x/")
    # South's six cards and its two knocks, each the only move it had
    assert said == {"forced": 8, "pending": 0}
    with translation.override(lang):
        body = render_to_string("practice/_review.html", {"analysis": said, "review": {}})
    told = {
        "ar": "لعبتَ 8 مرات ولم يكن لك في أيٍّ منها خيار، فليس هناك ما يُقيَّم.",
        "en": "Each of your 8 moves was the only one you could make: there is nothing to judge.",
        "fr": "Chacun de vos 8 coups était le seul possible\u00a0: il n’y a rien à juger.",
    }
    assert told[lang] in html.unescape(body) and 'data-pending="0"' in body
