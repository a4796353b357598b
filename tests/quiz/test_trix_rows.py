"""The quiz on the Trix's rows (issue 48): which cards may be laid and the card to lay, asked of
the layout built from the jacks, with the Trix's own words: a row opened by its jack, a card
next to one of its ends, and a pass (not Sab'at's knock) when nothing fits, in each language;
a wrong card is refused with the rows' rule."""

import re

import pytest
from django.utils import translation

from cardgames.cards import parse_card
from quiz import messages, questions
from quiz.tokens import question_url

from .helpers import answer, text_of, verdict

LANGS = ("ar", "en", "fr")
PASS = {"ar": "قُل باس", "en": "or pass", "fr": "ou passez"}
PASSES = {"ar": "فيقول", "en": "passes", "fr": "passe"}


def first(kind: str, moment: str):
    """The first seeded Trix question of ``kind`` teaching ``moment``."""
    for i in range(200):
        q = questions.generate("trix", "common", kind, f"rows{i}")
        if q.moment == moment:
            return q
    raise AssertionError(f"no {kind} question on {moment}")


@pytest.mark.parametrize("lang", LANGS)
def test_a_blocked_seat_passes_in_the_trix_s_words(client, quiz, lang):
    q = first(questions.PLAY, "row_blocked")
    assert q.expected == {"moves": ["knock"]}
    with translation.override(lang):
        url = question_url(q.game, q.variant, q.kind, q.seed)
    page = client.get(url)
    assert page.status_code == 200
    said = text_of(page)
    assert PASS[lang] in said  # the prompt offers the Trix's pass
    assert re.search(r'name="move" value="knock"', page.content.decode())
    if lang == "ar":
        assert "دُقّ" not in said  # Sab'at's knock is not the Trix's word
    _q, right = answer(client, url, right=True)
    assert verdict(right) is True
    assert PASSES[lang] in text_of(right)


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_that_fits_no_row_is_refused_with_the_rows_rule(client, quiz, lang):
    q = first(questions.PLAY, "row_fit")
    pos = q.position()
    with translation.override(lang):
        url = question_url(q.game, q.variant, q.kind, q.seed)
        rule = str(messages.MESSAGES["row_rule"])
    _q, wrong = answer(client, url, right=False)
    assert verdict(wrong) is False
    assert rule in text_of(wrong)
    assert pos.state.contract == "trix"


def test_which_cards_fit_is_the_jacks_and_the_ends_of_the_rows():
    q = first(questions.LEGAL_SET, "row_fit")
    state = q.position().state.inner
    for code in q.expected["cards"]:
        assert state.permission_code(parse_card(code)) in (
            "starts_row",
            "next_in_row",
        )
