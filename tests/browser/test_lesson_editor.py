"""The lesson editor as a teacher uses it on a phone held upright (390x844, touch) in Arabic:
a lesson from a fresh deal, moves played by tapping until the learner is to act, a step cut
there, its narration written, its first move made a question with two right cards, saved; then
a second tab saves first, and the first tab's save meets the stale-version dialog and keeps its
own. Screenshots go to tests/artifacts/lesson-editor-*.png."""

import json
import re
import urllib.request

import pytest

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser


@pytest.fixture
def phone_context(browser, site):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="ar"
    )
    yield context
    context.close()


def watched(context, site):
    page = context.new_page()
    failed = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 500 else None)
    page.on("pageerror", lambda e: failed.append(str(e)))
    page.on("request", lambda r: None if r.url.startswith(site) else failed.append(r.url))
    page.failed = failed
    return page


def moves_shown(page) -> str:
    return page.locator("#move-count").inner_text()


def tap_a_legal_move(page):
    """A legal card of the seat to act, else a call: the next move of the deal."""
    before = moves_shown(page)
    card = page.locator("#felt .seat.to-act li.legal button[name=move]")
    target = card.first if card.count() else page.locator("#felt .actions button[name=move]").first
    target.tap(position={"x": 4, "y": 4})  # a fanned hand shows each card's corner
    page.wait_for_function(
        "b => document.querySelector('#move-count').textContent !== b", arg=before
    )
    # the counter changes at once, the felt when the server has drawn it
    page.wait_for_function("() => document.querySelector('#felt').ariaBusy !== 'true'")


def saved_as(page, version: str):
    page.wait_for_function(
        "v => document.querySelector('#save-status').textContent.includes(v)", arg=version
    )


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lesson-editor-{name}.png"), full_page=True)


def api_lesson(site, public_id) -> dict:
    with urllib.request.urlopen(f"{site}/api/lessons/{public_id}") as answer:
        return json.loads(answer.read())


def test_a_lesson_written_on_a_phone_in_arabic_and_a_stale_save_kept(phone_context, site):
    page = watched(phone_context, site)
    page.goto(f"{site}/ar/lessons/new/")
    assert page.locator("html").get_attribute("dir") == "rtl"
    page.select_option("#pick", "hearts:pagat")
    page.locator("form.new-lesson button[type=submit]").tap()
    page.wait_for_url(re.compile(r"/ar/lessons/[\w-]+/edit/$"))
    public_id = page.url.rstrip("/").split("/")[-2]
    page.locator("#felt .seat").first.wait_for()
    shot(page, "fresh")

    # play until South, the learner, is to act; then cut a step there
    for _ in range(30):
        if page.locator("#felt .seat-S.to-act").count():
            break
        tap_a_legal_move(page)
    shot(page, "played")
    assert page.locator("#felt .seat-S.to-act").count() == 1, moves_shown(page)
    page.locator("#cut").tap()
    page.wait_for_function("() => document.querySelectorAll('#step-list li').length === 2")
    page.fill("#narration", "مرّر أعلى أوراقك في البستوني.")
    page.locator("#ask").tap()
    page.locator("#question:not([hidden])").wait_for()
    south = page.locator("#felt .seat-S li.legal button[name=move]")
    first, second = south.nth(0).get_attribute("value"), south.nth(5).get_attribute("value")
    south.nth(0).tap(position={"x": 4, "y": 4})
    page.locator(f'#felt button[value="{first}"].accepted').wait_for()
    south.nth(5).tap(position={"x": 4, "y": 4})
    page.locator(f'#felt button[value="{second}"].accepted').wait_for()
    assert page.locator("#accepted .chip").count() == 2
    # every tap target of the editor's own controls is at least 44px
    small = page.evaluate(
        """() => [...document.querySelectorAll('#editor button, #editor select')]
        .filter(e => e.offsetParent !== null)
        .map(e => e.getBoundingClientRect())
        .filter(r => r.height < 43.5).length"""
    )
    assert small == 0
    shot(page, "question")
    page.locator("#save").tap()
    saved_as(page, "2")
    saved = api_lesson(site, public_id)
    assert saved["version"] == 2 and len(saved["steps"]) == 2
    step = saved["steps"][1]
    assert step["narration"] == "مرّر أعلى أوراقك في البستوني."
    assert step["question"]["accept"] == [first, second] and step["moves"][0] == first

    # a second tab saves first
    other = watched(phone_context, site)
    other.goto(page.url)
    other.locator("#felt .seat").first.wait_for()
    other.fill("#title", "درس الآخر")
    other.locator("#save").tap()
    saved_as(other, "3")

    # the first tab's save meets the dialog, and keeps its own
    page.locator("#step-list li button").nth(1).tap()
    page.fill("#narration", "نسختي أنا.")
    page.locator("#save").tap()
    page.locator("#stale[open]").wait_for()
    shot(page, "stale")
    page.locator("#keep-mine").tap()
    saved_as(page, "4")
    now = api_lesson(site, public_id)
    assert now["version"] == 4 and now["steps"][1]["narration"] == "نسختي أنا."
    assert now["title"] != "درس الآخر"  # mine, whole: the other tab's title is not merged in

    # a reload after an unsaved change offers the draft back
    page.fill("#narration", "لم تُحفظ بعد.")
    page.reload()
    page.locator("#draft-offer:not([hidden])").wait_for()
    page.locator("#draft-restore").tap()
    page.locator("#step-list li button").nth(1).tap()
    assert page.input_value("#narration") == "لم تُحفظ بعد."
    assert page.failed == [] and other.failed == []
