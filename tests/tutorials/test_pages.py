"""Tutorial pages in three languages: every step of every shipped tutorial, the question flow
with its hint ladder, progress in the session, and bad input."""

import html
import re

import pytest
from django.utils import translation

from cardgames import cards
from cardtable.words import vocabulary
from rulebook.messages import explain
from tutorials.models import Tutorial

LANGS = ["ar", "en", "fr"]


def text_of(response):
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def url(slug, n, lang="en"):
    return f"/{lang}/tutorials/{slug}/{n}/"


def narration_words(text: str) -> str:
    """A plain run of the narration (before any {card}, and the «بـ» a card takes into its
    name) to look for on the page."""
    runs = re.split(r"(?:[بكلف]\u0640)?\{[^}]*\}", text.split("\n\n")[0])
    return " ".join(max(runs, key=len).split())[:40]


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_of_every_tutorial_renders_in_each_language(client, tutorials, lang):
    for tutorial in Tutorial.objects.all():
        steps = list(tutorial.steps.all())
        for step in steps:
            response = client.get(url(tutorial.slug, step.number, lang))
            assert response.status_code == 200, (tutorial.slug, step.number)
            markup = response.content.decode()
            page = text_of(response)
            assert f'lang="{lang}"' in markup
            assert ('dir="rtl"' in markup) == (lang == "ar")
            words = narration_words(getattr(step, f"text_{lang}"))
            assert words and words[:20] in page, (tutorial.slug, step.number)
            assert re.search(r"\{[0-9TJQKA]{1,2}[SHDC]\}", page) is None, "a {card} left unrendered"
            with translation.override(lang):
                assert f"{step.number}" in page and f"{len(steps)}" in page


def test_the_list_groups_tutorials_by_game_with_length_and_level(client, tutorials):
    response = client.get("/en/tutorials/")
    markup = response.content.decode()
    for tutorial in Tutorial.objects.all():
        assert f'id="{tutorial.slug}"' in markup
    assert markup.index('id="g-bent-al-sbeet"') < markup.index('id="g-tarneeb"')
    assert "steps" in markup and "beginner" in markup
    fr = html.unescape(client.get("/fr/tutorials/").content.decode())
    ar = html.unescape(client.get("/ar/tutorials/").content.decode())
    assert "débutant" in fr and "étapes" in fr and "beginner" not in fr
    assert "مبتدئ" in ar and 'dir="rtl"' in ar
    for tutorial in Tutorial.objects.all():
        assert tutorial.title_fr in fr and tutorial.title_ar in ar


def test_a_step_links_its_rule_section_and_its_position(client, tutorials):
    tutorial = Tutorial.objects.get(slug="sabaat-knock")
    html = client.get(url(tutorial.slug, 2)).content.decode()
    section = tutorial.steps.get(number=2).section or tutorial.section
    assert f'href="/en/sabaat-al-deemin/classic/#{section}"' in html
    link = re.search(r'href="(/en/sabaat-al-deemin/position/\?[^"]+)"', html).group(1)
    assert client.get(link.replace("&amp;", "&")).status_code == 200


def test_previous_and_next_are_links_with_rel(client, tutorials):
    html = client.get(url("sabaat-knock", 3)).content.decode()  # a step of one card
    assert 'rel="prev" href="/en/tutorials/sabaat-knock/2/"' in html
    assert 'rel="next" href="/en/tutorials/sabaat-knock/4/?move=1"' in html  # paced: its first
    assert "js/steps." in html


def test_a_step_that_plays_several_cards_shows_them_one_at_a_time(client, tutorials):
    # step 2 of the knock plays two cards: the page walks through them, a move at a time
    first = client.get(url("sabaat-knock", 2) + "?move=1").content.decode()
    assert "move 1 of 2 in this step" in first
    assert 'rel="prev" href="/en/tutorials/sabaat-knock/1/"' in first
    assert 'rel="next" href="/en/tutorials/sabaat-knock/2/"' in first and ">Next move<" in first
    end = client.get(url("sabaat-knock", 2)).content.decode()
    assert "move 2 of 2 in this step" in end
    assert 'rel="prev" href="/en/tutorials/sabaat-knock/2/?move=1"' in end
    # the score card of the step grows one move at a time
    assert first.count('<span class="who">') < end.count('<span class="who">')
    # a move number outside the step is the step's end, never an error
    assert client.get(url("sabaat-knock", 2) + "?move=99").status_code == 200


# ------------------------------------------------------------------ questions
def questions():
    for tutorial in Tutorial.objects.all():
        frames = tutorial.frames()
        for step, frame in zip(tutorial.steps.all(), frames, strict=True):
            if step.question:
                yield tutorial, step, frame


def a_refused_card(frame):
    """A card in the learner's hand that the rules refuse here, with the engine's reason."""
    state = frame.before.state
    if state.phase != "play":
        return None, None  # in the bidding or the pass, cards are not offered
    for c in cards.cards_in(state.hands[state.to_act]):
        if c not in state.legal_moves():
            try:
                state.play(c)
            except Exception as e:  # IllegalMove
                return c, e
    return None, None


def test_a_refused_card_gets_the_engine_s_reason_in_each_language(client, tutorials):
    checked = 0
    for tutorial, step, frame in questions():
        card, error = a_refused_card(frame)
        if card is None:
            continue
        for lang in LANGS:
            response = client.post(
                url(tutorial.slug, step.number, lang), {"move": cards.card_code(card)}
            )
            assert response.status_code == 302
            page = client.get(response.url)
            with translation.override(lang):
                reason = explain(error.code, error.details, game=tutorial.game)
            reason = re.sub(r"\s+", " ", str(reason))  # as text_of folds every space
            assert reason in text_of(page), (tutorial.slug, step.number, lang)
            assert 'class="answer feedback wrong"' in page.content.decode()
        checked += 1
    assert checked >= 3


def test_every_question_is_answered_rightly_and_then_shows_the_move(client, tutorials):
    for tutorial, step, frame in questions():
        answer = frame.before.module.format_move(frame.answers()[0])
        page = client.get(url(tutorial.slug, step.number)).content.decode()
        assert 'class="answer-form"' in page
        response = client.post(url(tutorial.slug, step.number), {"move": answer})
        assert response.status_code == 302
        page = client.get(url(tutorial.slug, step.number)).content.decode()
        assert 'class="answer feedback right"' in page, (tutorial.slug, step.number)
        assert 'class="answer-form"' not in page
        # answered: the question no longer says it counts (it did, and was found)
        assert "still counts" not in page and "no longer counts" not in page


@pytest.mark.parametrize("lang", LANGS)
def test_once_the_allowed_cards_are_marked_a_refused_card_says_why(client, tutorials, lang):
    tutorial, step, frame, card, error = next(
        (t, s, f, *a_refused_card(f)) for t, s, f in questions() if a_refused_card(f)[0]
    )
    page_url = url(tutorial.slug, step.number, lang)
    assert "data-why" not in client.get(page_url).content.decode()  # the question stands
    client.post(page_url, {"hint": "1"})
    client.post(page_url, {"hint": "2"})
    page = client.get(page_url).content.decode()
    with translation.override(lang):
        reason = str(explain(error.code, error.details, game=tutorial.game, html=False))
    why = re.search(rf'data-card="{cards.card_code(card)}" data-why="([^"]+)"', page)
    assert why and html.unescape(why.group(1)) == reason


def test_the_answer_is_not_in_the_page_before_it_is_found(client, tutorials):
    tutorial, step, frame = next(questions())
    page = client.get(url(tutorial.slug, step.number)).content.decode()
    assert "data-why" not in page  # no refused card says so while the question stands
    assert re.findall(r'class="card[^"]*"', page)
    assert all(" legal" not in c for c in re.findall(r'class="card[^"]*"', page))
    assert 'id="hint-3"' not in page


def test_the_hint_ladder_names_the_rule_then_marks_then_answers(client, tutorials):
    tutorial, step, frame = next(questions())
    page_url = url(tutorial.slug, step.number)
    client.post(page_url, {"hint": "1"})
    page = client.get(page_url).content.decode()
    assert 'id="hint-1"' in page and step.hint_en.split("{")[0][:30] in page
    assert "This question still counts" in page
    assert all(" legal" not in c for c in re.findall(r'class="card[^"]*"', page))
    client.post(page_url, {"hint": "2"})
    page = client.get(page_url).content.decode()
    assert 'id="hint-2"' in page
    state = frame.before.state
    # a legal card, or the card a legal move names (the pass of the queen of spades)
    legal_cards = {state.move_view(m).card for m in state.legal_moves()} - {None}
    marked = set(re.findall(r'data-card="(\w+)"><span class="card [^"]*legal', page))
    assert marked == {cards.card_code(c) for c in legal_cards}
    client.post(page_url, {"hint": "3"})
    page = client.get(page_url).content.decode()
    assert 'id="hint-3"' in page
    assert "no longer counts" in page
    answer = frame.answers()[0]
    shown = re.search(r'<p class="lead-line" id="hint-3">(.*?)</p>', page, re.S).group(1)
    shown = html.unescape(shown)
    vocab = vocabulary(tutorial.game, "en")
    token = frame.before.module.format_move(answer)
    words = vocab.move(token, frame.before.state.phase)
    assert words in shown
    # The answer found after it was shown is right, but does not count.
    client.post(page_url, {"move": frame.before.module.format_move(answer)})
    page = client.get(page_url).content.decode()
    assert 'class="answer feedback right"' in page and "no longer counts" in page


# ------------------------------------------------------------------ progress
def test_progress_is_kept_and_a_tutorial_can_be_reset(client, tutorials):
    tutorial = Tutorial.objects.get(slug="sabaat-knock")
    client.get(url(tutorial.slug, 1))
    listing = client.get("/en/tutorials/").content.decode()
    assert 'data-state="new"' in listing  # reading alone keeps nothing
    asked = tutorial.steps.filter(question=True).first().number
    assert client.post(url(tutorial.slug, asked), {"hint": "1"}).status_code == 302
    client.get(url(tutorial.slug, 1))
    client.get(url(tutorial.slug, 3))
    listing = client.get("/en/tutorials/").content.decode()
    item = re.search(r'<li id="sabaat-knock".*?</li>', listing, re.S).group(0)
    assert 'data-state="started"' in item and "/en/tutorials/sabaat-knock/3/" in item
    assert client.get("/en/tutorials/sabaat-knock/").url == "/en/tutorials/sabaat-knock/3/"
    client.post("/en/tutorials/sabaat-knock/reset/")
    listing = client.get("/en/tutorials/").content.decode()
    item = re.search(r'<li id="sabaat-knock".*?</li>', listing, re.S).group(0)
    assert 'data-state="new"' in item


def test_a_finished_tutorial_says_so(client, tutorials):
    tutorial = Tutorial.objects.get(slug="sabaat-knock")
    frames = tutorial.frames()
    for step, frame in zip(tutorial.steps.all(), frames, strict=True):
        client.get(url(tutorial.slug, step.number))
        if step.question:
            client.post(
                url(tutorial.slug, step.number),
                {"move": frame.before.module.format_move(frame.answers()[0])},
            )
    listing = client.get("/en/tutorials/").content.decode()
    item = re.search(r'<li id="sabaat-knock".*?</li>', listing, re.S).group(0)
    assert 'data-state="finished"' in item
    n = tutorial.steps.filter(question=True).count()
    assert f"{n} of {n} questions" in item


def _play_through(client, tutorial, slips=()):
    """Visit every step and answer every question, rightly at once except in ``slips``
    (question numbers answered first with a wrong card, then after the first hint)."""
    for step, frame in zip(tutorial.steps.all(), tutorial.frames(), strict=True):
        client.get(url(tutorial.slug, step.number))
        if not step.question:
            continue
        module = frame.before.module
        if step.number in slips:
            wrong = next(m for m in frame.before.state.legal_moves() if m not in frame.answers())
            client.post(url(tutorial.slug, step.number), {"move": module.format_move(wrong)})
            client.post(url(tutorial.slug, step.number), {"hint": "1"})
        answer = module.format_move(frame.answers()[0])
        client.post(url(tutorial.slug, step.number), {"move": answer})


def _stars(page) -> int:
    return int(re.search(r'class="stars" data-stars="(\d)"', page).group(1))


def test_the_stars_count_first_tries_honestly(client, tutorials):
    tutorial = Tutorial.objects.get(slug="bent-first-deal")
    last = url(tutorial.slug, tutorial.steps.count())
    questions = list(tutorial.steps.filter(question=True).values_list("number", flat=True))
    _play_through(client, tutorial)
    page = client.get(last).content.decode()
    assert _stars(page) == 3
    n = len(questions)
    assert f"{n} of the {n} questions right at the first try, without a hint." in text_of(
        client.get(last)
    )
    # another learner slips once (a wrong try, then the rule's hint) on the first question
    other = type(client)()
    _play_through(other, tutorial, slips={questions[0]})
    page = text_of(other.get(last))
    assert f"{n - 1} of the {n} questions right at the first try, without a hint." in page
    assert _stars(other.get(last).content.decode()) == (3 * (n - 1) + 2) // n


def test_the_step_map_shows_done_current_and_to_come(client, tutorials):
    client.get(url("bent-first-deal", 1))
    client.get(url("bent-first-deal", 2))
    page = client.get(url("bent-first-deal", 3)).content.decode()
    steps = re.search(r'<ol class="step-map"[^>]*>(.*?)</ol>', page).group(1)
    states = re.findall(r'<li class="(\w+)', steps)
    assert states[:4] == ["done", "done", "current", "todo"]
    assert len(states) == Tutorial.objects.get(slug="bent-first-deal").steps.count()


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize("lang", LANGS)
def test_a_forged_step_or_unknown_tutorial_is_a_clear_404(client, tutorials, lang):
    total = Tutorial.objects.get(slug="sabaat-knock").steps.count()
    for path in [
        url("sabaat-knock", 0, lang),
        url("sabaat-knock", total + 1, lang),
        url("sabaat-knock", 10**12, lang),
    ]:
        response = client.get(path)
        assert response.status_code == 404
        assert str(total) in text_of(response)
    response = client.get(url("no-such-tutorial", 1, lang))
    assert response.status_code == 404 and "no-such-tutorial" in text_of(response)
    assert client.get(f"/{lang}/tutorials/sabaat-knock/x/").status_code == 404


def test_a_tampered_answer_is_a_clear_400(client, tutorials):
    tutorial, step, frame = next(questions())
    page_url = url(tutorial.slug, step.number)
    assert client.post(page_url, {"move": "ZZ"}).status_code == 400
    assert client.post(page_url, {"move": ""}).status_code == 400
    state = frame.before.state
    others = state.hands[(state.to_act + 1) % 4]
    response = client.post(page_url, {"move": cards.card_code(cards.cards_in(others)[0])})
    assert response.status_code == 400 and "not in the hand" in text_of(response)
    fr = client.post(url(tutorial.slug, step.number, "fr"), {"move": "ZZ"})
    assert fr.status_code == 400 and "« ZZ »" in text_of(fr)
    # None of it counted as a try.
    page = client.get(page_url).content.decode()
    assert "wrong try" not in page


def test_posting_to_a_step_without_a_question_is_a_400(client, tutorials):
    tutorial = Tutorial.objects.get(slug="sabaat-knock")
    plain = tutorial.steps.filter(question=False).first()
    response = client.post(url(tutorial.slug, plain.number), {"move": "7D"})
    assert response.status_code == 400


def test_answers_need_the_csrf_token(tutorials):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    tutorial, step, frame = next(questions())
    response = strict.post(url(tutorial.slug, step.number), {"move": "7D"})
    assert response.status_code == 403
