"""The editor's other languages, preview and versions, on a phone held upright (390x844,
touch) in Arabic: choosing a language writes nothing; the French texts of two steps (a
narration, a hint, a sentence for a wrong card) are written beside the original and saved
with the lesson; the list of versions grows without a reload; the preview plays an unsaved
change and counts no answer; a version is restored with one tap and a confirmation.
Screenshots go to tests/artifacts/lesson-translation-*.png."""

import json
import urllib.request

import pytest

from tests.lessons.helpers import two_answers

from .conftest import ARTIFACTS
from .test_lesson_editor import api_lesson, saved_as, watched

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser, site):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="ar"
    )
    yield context
    context.close()


def created(site) -> dict:
    obj = two_answers()
    del obj["translations"]  # the lesson in English alone
    request = urllib.request.Request(
        f"{site}/api/lessons",
        data=json.dumps(obj).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lesson-translation-{name}.png"), full_page=True)


def test_a_teacher_translates_previews_and_restores_on_a_phone_in_arabic(phone, site):
    made = created(site)
    page = watched(phone, site)
    page.goto(f"{site}/ar/lessons/{made['id']}/edit/{made['edit_key']}/")
    page.wait_for_selector("#felt .seat")
    assert page.locator("#translation").is_hidden()

    # choosing languages writes nothing: no change to save, no draft kept
    for lang in ("fr", "ar", "fr"):
        page.select_option("#text-lang", lang)
    assert page.locator("#translation").is_visible()
    assert page.locator("#orig-title").inner_text() == "Your first deal"
    assert page.locator("#save-status").inner_text() == ""
    drafts = "Object.keys(localStorage).filter(k => k.startsWith('lesson-draft:'))"
    assert page.evaluate(drafts) == []

    page.locator("#tr-title").fill("Votre première donne")
    page.locator("#tr-narration").fill("Bienvenue à la table.")
    page.locator("#step-list li button").nth(1).tap()
    assert page.locator("#tr-narration").input_value() == ""  # step 2's own field
    assert page.locator("#tr-hint").get_attribute("dir") == "ltr"
    page.locator("#tr-hint").fill("Commencez par la carte qui coûte le plus.")
    page.locator("#tr-whys input").fill("Une petite carte à garder.")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".translation-panel").screenshot(
        path=str(ARTIFACTS / "lesson-translation-french.png")
    )
    page.locator("#save").tap()
    saved_as(page, "2")
    fr = api_lesson(site, made["id"])["translations"]["fr"]
    assert fr["title"] == "Votre première donne"
    assert fr["steps"][0] == {"narration": "Bienvenue à la table."}
    assert fr["steps"][1]["hint"] == "Commencez par la carte qui coûte le plus."
    assert fr["steps"][1]["why"] == {"pass:2C": "Une petite carte à garder."}
    page.wait_for_function("() => document.querySelectorAll('#versions li').length === 2")

    # the preview plays what the editor holds, saved or not
    page.select_option("#text-lang", "en")
    assert page.locator("#translation").is_hidden()
    page.locator("#narration").fill("An unsaved narration.")
    with phone.expect_page() as opened:
        page.locator("#preview").tap()
    preview = opened.value
    preview.wait_for_load_state()
    assert "An unsaved narration." in preview.locator("main").inner_text()
    assert preview.locator(".preview-note").is_visible()
    shot(preview, "preview")
    preview.close()

    # a version restored: one tap, then the confirmation
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        page.locator("#versions form.restore-form button").first.tap()
    restored = api_lesson(site, made["id"])
    assert restored["version"] == 3 and "translations" not in restored
    assert page.locator("#versions li").count() == 3
    assert page.failed == []
