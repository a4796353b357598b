"""The quiz in a real browser, with the keyboard alone (Tab, Space, Enter and digits): a question
answered wrongly, then rightly, with screenshots of both results."""

from urllib.parse import urlparse

import pytest

from cardgames import cards
from quiz import questions

from .conftest import ARTIFACTS, answered

pytestmark = pytest.mark.browser

ACTIVE = """() => {
  const e = document.activeElement;
  if (!e) return {};
  const form = e.closest("form");
  const game = form && form.querySelector("[name=game]");
  return {
    tag: e.tagName, id: e.id, name: e.getAttribute("name"), value: e.getAttribute("value"),
    type: e.getAttribute("type"), cls: e.className, href: e.getAttribute("href"),
    game: game ? game.value : null,
  };
}"""


def active(page) -> dict:
    return page.evaluate(ACTIVE)


def tab_to(page, wanted, limit=250) -> dict:
    """Press Tab until the focused element matches ``wanted`` (a predicate on ``active``)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = active(page)
        if wanted(now):
            return now
    raise AssertionError("Tab never reached the element")


def question_of(url: str):
    _lang, _quiz, game, variant, kind, token = urlparse(url).path.strip("/").split("/")
    return questions.generate(game, variant, kind, token.split(".")[0])


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def submit_and_wait(page, key="Enter") -> None:
    answered(page, lambda: page.keyboard.press(key))


def answer_by_keyboard(page, q, right: bool) -> None:
    """Answer the question on the page with Tab, Space, Enter and digit keys only."""
    e = q.expected
    if q.kind == questions.LEGAL_SET:
        pos = q.position()
        hand = [cards.card_code(c) for c in cards.cards_in(pos.state.hands[pos.state.to_act])]
        illegal = [c for c in hand if c not in e["cards"]]
        chosen = e["cards"] if right else (illegal[:1] or e["cards"][1:])
        for code in chosen:
            tab_to(page, lambda a, code=code: a["name"] == "cards" and a["value"] == code)
            page.keyboard.press("Space")
        tab_to(page, lambda a: a["tag"] == "BUTTON" and "check" in (a["cls"] or ""))
        submit_and_wait(page)
    elif q.kind == questions.PLAY:
        offered = page.eval_on_selector_all(
            "form.quiz-form [name=move]", "els => els.map(e => e.value)"
        )
        move = e["moves"][0] if right else next(m for m in offered if m not in e["moves"])
        tab_to(page, lambda a: a["name"] == "move" and a["value"] == move)
        submit_and_wait(page, "Space" if right else "Enter")  # buttons answer to both
    elif q.kind == questions.KNOCK:
        tab_to(page, lambda a: a["id"] == "cost")
        page.keyboard.type(str(e["cost"]))
        choice = "yes" if e["may"] == right else "no"
        tab_to(page, lambda a: a["name"] == "may" and a["value"] == choice)
        submit_and_wait(page)
    elif q.kind == questions.MATCH:
        first = "N" if q.module.TOTALS == "seats" else "NS"
        wrong = ["none"] if e["winners"] else [first]
        for value in (e["winners"] or ["none"]) if right else wrong:
            tab_to(page, lambda a, value=value: a["name"] == "winners" and a["value"] == value)
            page.keyboard.press("Space")
        tab_to(page, lambda a: a["tag"] == "BUTTON" and a["type"] == "submit")
        submit_and_wait(page)
    else:
        raise AssertionError(f"no keyboard path for {q.kind}")


def verdict(page) -> bool:
    return page.locator("section.verdict").get_attribute("data-correct") == "true"


def wrong_then_right(page, name: str) -> None:
    url = page.url
    q = question_of(url)
    answer_by_keyboard(page, q, right=False)
    assert "?a=" in page.url and verdict(page) is False
    assert page.locator(".reasons li").count() >= 1
    # The verdict takes the focus; the next links follow it.
    assert active(page)["id"] == "verdict"
    page.keyboard.press("Tab")
    assert "next" in active(page)["cls"]
    shot(page, f"{name}-wrong")
    tab_to(page, lambda a: "again-link" in (a["cls"] or ""))
    submit_and_wait(page)
    assert page.url == url and page.locator("form.quiz-form").count() == 1
    answer_by_keyboard(page, q, right=True)
    assert verdict(page) is True
    assert page.locator(".score").get_attribute("data-right") == "1"
    assert page.locator(".score").get_attribute("data-answered") == "2"
    shot(page, f"{name}-right")


def test_select_all_that_apply_with_space_in_english(page):
    page.goto(page.base + "/en/quiz/start/?game=bent-al-sbeet&variant=qahwa&kind=legal-set")
    assert page.locator("label.pick input[type=checkbox]").count() >= 2
    wrong_then_right(page, "quiz-legal-set-en")


def test_play_a_card_with_the_keyboard_in_arabic(page):
    page.goto(page.base + "/ar/quiz/start/?game=tarneeb&variant=classic&kind=play")
    assert page.locator("html").get_attribute("dir") == "rtl"
    wrong_then_right(page, "quiz-play-ar")


def test_from_the_quiz_page_to_an_answer_by_keyboard_in_french(page):
    page.goto(page.base + "/fr/quiz/")
    tab_to(page, lambda a: a["game"] == "sabaat-al-deemin" and a["type"] == "submit")
    submit_and_wait(page)
    assert "/fr/quiz/sabaat-al-deemin/classic/mixed/" in page.url
    wrong_then_right(page, "quiz-mixed-fr")
