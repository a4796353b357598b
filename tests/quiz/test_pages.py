"""The quiz's pages in three languages: choosing, answering rightly and wrongly, the reasons,
the rule links, the other variants, the score, the streak and the questions that come back."""

import html
import re

import pytest
from django.utils import translation

from cardgames import cards
from cardtable.words import vocabulary
from quiz import questions
from quiz.models import HandPicked
from quiz.progress import AGAIN_AFTER
from rulebook import games
from rulebook.messages import explain

from .helpers import (
    answer,
    form_token,
    next_url,
    question_of,
    score,
    start,
    text_of,
    verdict,
)

LANGS = ["ar", "en", "fr"]
EVERY_KIND = [(game, kind) for game, kinds in questions.KINDS.items() for kind in kinds]
DEFAULT = {slug: spec.default_variant for slug, spec in games.GAMES.items()}


@pytest.mark.parametrize("lang", LANGS)
def test_the_quiz_page_offers_each_game_its_variants_and_its_kinds(client, quiz, lang):
    response = client.get(f"/{lang}/quiz/")
    assert response.status_code == 200
    markup = response.content.decode()
    assert f'<html lang="{lang}" dir="{"rtl" if lang == "ar" else "ltr"}">' in markup
    for game, kinds in questions.KINDS.items():
        opening = f'<section class="quiz-game" aria-labelledby="quiz-{game}">'
        section = re.search(re.escape(opening) + ".*?</section>", markup, re.S).group(0)
        offered = re.findall(r'name="kind" value="([\w-]+)"', section)
        assert offered == [*kinds, "mixed"]  # only the kinds that apply to the game
        variants = re.findall(r'name="variant" value="([\w-]+)"', section)
        assert set(variants) == set(questions.games.GAMES[game].presets)
        assert section.count("checked") == 2  # a variant and a kind chosen by default
        for row in HandPicked.objects.filter(game=game):
            assert html.escape(getattr(row, f"title_{lang}")) in section
    assert f'action="/{lang}/quiz/start/"' in markup


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,kind", EVERY_KIND)
def test_each_kind_of_question_is_a_page_with_a_position_and_a_form(client, quiz, lang, game, kind):
    url = start(client, game, DEFAULT[game], kind, lang)
    assert url.startswith(f"/{lang}/quiz/{game}/{DEFAULT[game]}/{kind}/")
    response = client.get(url)
    assert response.status_code == 200
    markup = response.content.decode()
    assert 'name="csrfmiddlewaretoken"' in markup and form_token(response)
    assert re.search(r'<div class="felt[^"]*" dir="ltr"', markup)
    assert 'id="prompt"' in markup
    # The answer is not given away: no card is marked as playable before the answer.
    assert not re.search(r'class="card [^"]*\blegal\b', markup)
    q = question_of(url)
    pos = q.position()
    with translation.override(lang):
        if kind == questions.LEGAL_SET:
            # Each card of the hand is a checkbox whose label names the card in this language.
            hand = cards.display_order(pos.state.hands[pos.state.to_act])
            boxes = re.findall(
                r'<label class="pick" data-card="(\w\w)"><input type="checkbox" '
                r'name="cards" value="\1">.*?</label>',
                markup,
                re.S,
            )
            assert boxes == [cards.card_code(c) for c in hand]
            for c in hand:
                assert html.escape(vocabulary(game).card(c)) in markup
        if kind == questions.PLAY:
            offered = re.findall(r'name="move" value="([^"]+)"', markup)
            expected = [pos.module.format_move(m) for m in questions.offered(pos, kind)]
            assert sorted(offered) == sorted(expected) and len(offered) == len(expected)
        if kind == questions.NEXT_LEADER:
            for s in range(4):
                seat = html.escape(vocabulary(game).seat(s))
                assert f'name="seat" value="{"NESW"[s]}">{seat}<' in markup
    if kind in (questions.DEAL_POINTS, questions.SHEET):
        assert 'class="points"' not in markup  # the points are the question


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_card_then_a_right_one_in_each_language(client, quiz, lang):
    url = start(client, "bent-al-sbeet", "qahwa", "play", lang)
    q, result = answer(client, url, right=False)
    assert result.status_code == 200 and verdict(result) is False
    markup = result.content.decode()
    assert f'<html lang="{lang}"' in markup
    # The engine's reason, in the page's language, from the catalogue the site already has.
    pos = q.position()
    offered = questions.offered(pos, "play")
    chosen = next(m for m in offered if pos.module.format_move(m) not in q.expected["moves"])
    refusal = pos.state.refusal(chosen)
    with translation.override(lang):
        assert html.escape(explain(refusal.code, refusal.details, "bent-al-sbeet")) in markup
        for code in q.expected["moves"]:
            assert html.escape(vocabulary("bent-al-sbeet").card(cards.parse_card(code))) in markup
    assert score(result) == (0, 1, 0)
    # The rule the reason comes from, on the rule page of this variant.
    assert re.search(rf'href="/{lang}/bent-al-sbeet/qahwa/#[\w-]+"', markup)
    assert f'href="/{lang}/bent-al-sbeet/position/?' in markup
    # Try again: a fresh form for the same question, answered rightly this time.
    again = re.search(r'class="again-link" href="([^"]+)"', markup).group(1)
    assert again == url
    q2, result = answer(client, url, right=True)
    assert q2 == q and verdict(result) is True
    assert score(result) == (1, 2, 1)


@pytest.mark.parametrize("game,kind", EVERY_KIND)
def test_every_kind_answered_rightly_and_wrongly(client, quiz, game, kind):
    url = start(client, game, DEFAULT[game], kind)
    _, result = answer(client, url, right=True)
    assert verdict(result) is True
    page = text_of(result)
    assert "Why" in page and "Your answer" in page
    assert re.search(r'<ul class="reasons"><li>.+?</li>', result.content.decode())
    url = start(client, game, DEFAULT[game], kind)
    _, result = answer(client, url, right=False)
    assert verdict(result) is False
    assert score(result) == (1, 2, 0)


def test_the_result_survives_a_reload_and_is_counted_once(client, quiz):
    url = start(client, "tarneeb", "classic", "next-leader")
    _, result = answer(client, url, right=True)
    again = client.get(result.wsgi_request.get_full_path())
    assert verdict(again) is True and score(again) == (1, 1, 1)
    # The next question is the same link on every reload.
    assert next_url(again) == next_url(result)
    # Another language shows the same result, its language switcher keeps the answer.
    fr = client.get(result.wsgi_request.get_full_path().replace("/en/", "/fr/", 1))
    assert verdict(fr) is True and score(fr) == (1, 1, 1)


def test_a_question_answered_wrongly_comes_back_later(client, quiz):
    first = start(client, "sabaat-al-deemin", "classic", "legal-set")
    _, result = answer(client, first, right=False)
    assert 'data-queued="1"' in result.content.decode()
    seen = []
    for _ in range(AGAIN_AFTER):
        url = next_url(result)
        assert url != first
        seen.append(url)
        _, result = answer(client, url, right=True)
    # After AGAIN_AFTER other answers, the next question is the one answered wrongly.
    assert next_url(result) == first
    back = client.get(first)
    assert 'class="again"' in back.content.decode()
    _, result = answer(client, first, right=True)
    assert "data-queued" not in result.content.decode()
    assert score(result) == (AGAIN_AFTER + 1, AGAIN_AFTER + 2, AGAIN_AFTER + 1)
    # The last questions are listed, newest first, with links.
    recent = re.findall(r'<ol class="recent">(.*?)</ol>', result.content.decode(), re.S)[0]
    links = [html.unescape(h) for h in re.findall(r'href="([^"]+)"', recent)]
    assert links[:4] == [first, *reversed(seen)]


def test_right_straight_after_the_explanation_does_not_clear_the_queue(client, quiz):
    url = start(client, "tarneeb", "classic", "legal-set")
    answer(client, url, right=False)
    _, result = answer(client, url, right=True)
    assert 'data-queued="1"' in result.content.decode()


def test_mixed_questions_stay_mixed(client, quiz):
    url = start(client, "bent-al-sbeet", "sbeetah", "mixed")
    assert "/sbeetah/mixed/" in url
    q, result = answer(client, url, right=True)
    assert q.kind in questions.KINDS["bent-al-sbeet"]
    assert "/bent-al-sbeet/sbeetah/mixed/" in next_url(result)


def test_the_variant_dependence_is_shown_after_the_answer(client, quiz):
    row = HandPicked.objects.get(key="the-queen-must-go")
    url = [u for u in picked_urls(client) if "pick-the-queen-must-go" in u][0]
    q, result = answer(client, url, right=False)
    markup = result.content.decode()
    assert 'class="depends"' in markup
    assert 'href="/en/bent-al-sbeet/sbeetah/"' in markup
    # Sbeetah lets the player throw any card: the page lists what it would allow.
    hand = cards.cards_in(q.position().state.hands[q.position().state.to_act])
    others = re.search(r'<ul class="others">(.*?)</ul>', markup, re.S).group(1)
    for c in hand:
        assert html.escape(vocabulary("bent-al-sbeet", "en").card(c)) in others
    assert html.escape(row.note_en) in markup


def test_the_same_answer_everywhere_says_so(client, quiz):
    url = start(client, "tarneeb", "classic", "next-leader")
    _, result = answer(client, url)
    assert 'class="same"' in result.content.decode()


def picked_urls(client):
    markup = client.get("/en/quiz/").content.decode()
    return [html.unescape(u) for u in re.findall(r'<li><a href="(/en/quiz/[^"]+)"', markup)]


def test_every_hand_picked_question_can_be_answered(client, quiz):
    urls = picked_urls(client)
    assert len(urls) == HandPicked.objects.count() >= 9
    for url in urls:
        q, result = answer(client, url, right=True)
        assert verdict(result) is True, url
        row = HandPicked.objects.get(key=q.seed[len(questions.PICKED) :])
        assert html.escape(row.title_en) in result.content.decode()


@pytest.mark.parametrize("game,kind", EVERY_KIND)
def test_rule_links_land_on_a_section_or_a_rule_of_the_variant_page(client, quiz, game, kind):
    anchors = set()
    for _ in range(3):
        url = start(client, game, DEFAULT[game], kind)
        _, result = answer(client, url, right=False)
        markup = result.content.decode()
        links = re.findall(rf'href="/en/{game}/{DEFAULT[game]}/#([\w-]+)"', markup)
        assert links, "a link to the rule"
        anchors |= set(links)
    page = client.get(f"/en/{game}/{DEFAULT[game]}/").content.decode()
    for a in anchors:
        assert f'id="{a}"' in page, a


def test_the_position_link_opens_the_same_position(client, quiz):
    url = start(client, "bent-al-sbeet", "qahwa", "trick-points")
    q, result = answer(client, url)
    link = html.unescape(
        re.search(r'href="(/en/bent-al-sbeet/position/\?[^"]+)"', result.content.decode()).group(1)
    )
    response = client.get(link)
    assert response.status_code == 200
    assert response.context["position"].query() == q.query


def test_the_completed_trick_is_drawn_without_saying_who_leads(client, quiz):
    for kind in ("next-leader", "trick-points"):
        url = start(client, "bent-al-sbeet", "qahwa", kind)
        markup = client.get(url).content.decode()
        assert "to-act" not in markup
        trick = re.search(r'<div class="trick[^"]*".*?</div>', markup, re.S).group(0)
        assert trick.count('class="slot') == 4


def test_reset_starts_the_score_again(client, quiz):
    url = start(client, "tarneeb", "classic", "play")
    answer(client, url)
    page = client.get("/en/quiz/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())[1]
    response = client.post("/en/quiz/reset/", {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert score(client.get("/en/quiz/")) == (0, 0, 0)
    assert client.get("/en/quiz/reset/").status_code == 405


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_finished_trick_is_drawn_at_the_seats_that_played_it(client, quiz, lang):
    """'Who leads the next trick?' can be answered by looking: each card in front of its seat."""
    url = start(client, "bent-al-sbeet", "qahwa", questions.NEXT_LEADER, lang)
    body = client.get(url).content.decode()
    places = re.findall(r'<li class="slot at-(top|left|right|bottom)', body)
    assert sorted(places) == ["bottom", "left", "right", "top"]
