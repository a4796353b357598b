"""Tutorials in a real browser: arrow keys in both reading directions, and a question
answered wrongly then rightly."""

import pytest
from playwright.sync_api import expect

from cardgames import cards
from tutorials import content

from .conftest import ARTIFACTS, in_place

pytestmark = pytest.mark.browser
SLUG = "sabaat-knock"


def first_question(slug):
    data = next(d for d in content.read_all() if d["slug"] == slug)
    for frame in content.frames_of(data):
        if frame.step.question:
            return frame
    raise AssertionError("no question")


def step_number(page) -> str:
    return page.locator("#step-count").inner_text()


def test_arrow_keys_step_forward_and_back_in_english(page):
    page.goto(page.base + f"/en/tutorials/{SLUG}/2/")
    page.keyboard.press("ArrowRight")
    page.wait_for_url(f"**/en/tutorials/{SLUG}/3/")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(f"**/en/tutorials/{SLUG}/2/")
    page.go_back()  # the table's script redraws the step in place
    page.wait_for_url(f"**/en/tutorials/{SLUG}/3/")
    expect(page.locator("#step-count")).to_contain_text("Step 3 of")


def test_arrow_keys_are_mirrored_in_arabic(page):
    page.goto(page.base + f"/ar/tutorials/{SLUG}/2/")
    assert page.locator("html").get_attribute("dir") == "rtl"
    # In a right-to-left page the next step lies to the left.
    nxt, prev = (
        page.locator("a[rel=next]").bounding_box(),
        page.locator("nav a[rel=prev]").bounding_box(),
    )
    assert nxt["x"] < prev["x"]
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(f"**/ar/tutorials/{SLUG}/3/")
    page.keyboard.press("ArrowRight")
    page.wait_for_url(f"**/ar/tutorials/{SLUG}/2/")


def test_a_question_answered_wrongly_then_rightly(page):
    frame = first_question(SLUG)
    state = frame.before.state
    legal = state.legal_moves()
    wrong = next(c for c in cards.cards_in(state.hands[state.to_act]) if c not in legal)
    answer = frame.before.module.format_move(frame.answers()[0])
    url = page.base + f"/en/tutorials/{SLUG}/{frame.number}/"
    page.goto(url)
    assert page.locator(".answer-form").count() == 1
    in_place(page, page.locator(f'.answer-form button[value="{cards.card_code(wrong)}"]').click)
    assert page.locator("#feedback.wrong").is_visible()
    assert "still counts" in page.locator("#counts").inner_text()
    # The first hint names the rule; it is still the learner's own answer.
    in_place(page, page.locator(".hint-form button").click)
    assert page.locator("#hint-1").is_visible()
    in_place(page, page.locator(f'.answer-form button[value="{answer}"]').first.click)
    assert page.locator("#feedback.right").is_visible()
    assert page.locator(".answer-form").count() == 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tutorial_question_answered.png"), full_page=True)
    page.reload()  # the answer is remembered
    assert page.locator("#feedback.right").count() == 1
    assert page.locator(".explanation").count() == 1
    page.goto(page.base + "/en/tutorials/")
    assert page.locator(f"#{SLUG} .progress").get_attribute("data-state") == "started"


def test_a_missed_bid_leaves_its_debt_on_the_sheet_in_arabic(page):
    data = next(d for d in content.read_all() if d["slug"] == "tarneeb-missed-bid")
    last = content.frames_of(data)[-1].after
    state = last.state
    side = state.contract.side
    owed = -state.points()[side]
    page.goto(page.base + f"/ar/tutorials/tarneeb-missed-bid/{len(data['steps'])}/")
    assert page.locator("html").get_attribute("dir") == "rtl"
    rows = page.locator("#sheet tbody tr")
    assert rows.count() == 2
    debt = rows.nth(side).locator("td").last.inner_text()
    assert debt == str(owed) and owed > 0
    # Every hand is open once the deal is over; no card is left face down.
    assert page.locator(".hand.closed").count() == 0
    # A negative score reads with its minus sign first, even right to left.
    # It is written with one minus sign (U+2212), isolated left to right.
    points = [p.strip("\u2066\u2069") for p in page.locator("table.points bdi").all_inner_texts()]
    assert f"\u2212{owed}" in points
