"""Accounts in a real browser, as a person uses them. On a phone held upright (390x844, touch)
in Arabic, a visitor answers a tutorial question by tapping and starts a lesson, then makes an
account and copies the recovery code from its box. On a desktop in English, a second browser
signs in and finds that progress and lesson, signs out, and twenty wrong passwords are refused.
On the way: the header in at most two rows at 390 (and 360) px in ar/en/fr, every link and
button of the accounts' pages 44 px tall on the phone, the typing attributes of every input,
and axe-core on the sign-up, sign-in and account pages in both languages. Screenshots:
tests/artifacts/accounts-*.png."""

import re
import time

import pytest
from playwright.sync_api import expect

from tutorials import content

from .conftest import ARTIFACTS, in_place

pytestmark = pytest.mark.browser

SLUG = "sabaat-knock"
# a long name: the phone's header cuts it short rather than take a third row
NAME, PASSWORD = "سلمى_من_الجهراء_2026", "sand-dune-falcon-7"
TOUCH = 43.5  # 44 px, less what sub-pixel layout rounds away

# The header's rows: items whose middles lie within 12 px of each other share one.
HEADER = """() => {
  const items = [...document.querySelectorAll(
    '.site-header .brand, .site-header li > *, .account-menu a, .account-menu button')]
    .filter((e) => e.offsetParent !== null).map((e) => e.getBoundingClientRect());
  const rows = [];
  for (const r of items) {
    const middle = (r.top + r.bottom) / 2;
    if (!rows.some((y) => Math.abs(y - middle) < 12)) rows.push(middle);
  }
  return {rows: rows.length, wide: document.documentElement.scrollWidth - innerWidth,
          outside: items.filter((r) => r.left < -0.5 || r.right > innerWidth + 0.5).length};
}"""
SMALL = """() => [...document.querySelectorAll('main a, main button')]
  .filter((e) => e.offsetParent !== null)
  .map((e) => [e.textContent.trim(), e.getBoundingClientRect().height])
  .filter(([, height]) => height < TOUCH)""".replace("TOUCH", str(TOUCH))
TYPED = """() => [...document.querySelectorAll('.account-form input:not([type=hidden])')]
  .map((e) => [e.name, e.dir, e.getAttribute('autocapitalize'), e.getAttribute('autocomplete')])"""


def first_question():
    data = next(d for d in content.read_all() if d["slug"] == SLUG)
    frame = next(f for f in content.frames_of(data) if f.step.question)
    return frame.number, frame.before.module.format_move(frame.answers()[0])


def watched(context, site):
    page = context.new_page()
    failed = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 500 else None)
    page.on("pageerror", lambda e: failed.append(str(e)))
    page.on("request", lambda r: None if r.url.startswith(site) else failed.append(r.url))
    page.failed = failed
    return page


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"accounts-{name}.png"), full_page=True)


def no_serious_violation(page, where):
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    serious = [
        (v["id"], [n["target"] for n in v["nodes"]][:3])
        for v in found
        if v["impact"] in ("serious", "critical")
    ]
    assert serious == [], where


def check_phone_page(page, where):
    """The header in at most two rows, nothing wider than the screen (at 390 px, and on a
    narrower phone's 360), every link and button of the page's content a thumb's target."""
    assert page.evaluate(SMALL) == [], where
    for width in (360, 390):
        page.set_viewport_size({"width": width, "height": 844})
        header = page.evaluate(HEADER)
        assert header["rows"] <= 2 and header["outside"] == header["wide"] == 0, (where, width)


def typed_as_written(page):
    for name, direction, capitals, filled in page.evaluate(TYPED):
        assert (direction, capitals) == ("ltr", "none") and filled, name


def submit(page, button="form.account-form button[type=submit]", tap=False):
    """Send the page's form: the answer's status."""
    with (
        page.expect_navigation(),
        page.expect_response(lambda r: r.request.method == "POST") as sent,
    ):
        (page.locator(button).tap if tap else page.locator(button).click)()
    return sent.value.status


def test_an_account_made_on_a_phone_in_arabic_is_found_on_a_desktop_in_english(browser, site):
    started = time.monotonic()
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="ar"
    )
    phone.grant_permissions(["clipboard-read", "clipboard-write"], origin=site)
    page = watched(phone, site)

    # a tutorial question answered by a tap, and a lesson from a fresh deal
    number, move = first_question()
    page.goto(f"{site}/ar/tutorials/{SLUG}/{number}/")
    card = page.locator(f'.answer-form button[value="{move}"]').first
    in_place(page, lambda: card.tap(position={"x": 4, "y": 4}))
    assert page.locator("#feedback.right").count() == 1
    page.goto(f"{site}/ar/lessons/new/")
    page.select_option("#pick", "hearts:pagat")
    page.locator("form.new-lesson button[type=submit]").tap()
    page.wait_for_url(re.compile(r"/ar/lessons/[\w-]+/edit/$"))
    lesson = page.url.rstrip("/").split("/")[-2]

    for lang in ("en", "fr"):  # signed out, the header's rows in the other languages
        page.goto(f"{site}/{lang}/accounts/sign-in/")
        check_phone_page(page, f"sign-in {lang}")

    # making the account: a name and a password typed as written, the code shown in its box
    page.goto(f"{site}/ar/accounts/sign-up/")
    assert page.locator("html").get_attribute("dir") == "rtl"
    check_phone_page(page, "sign-up ar")
    typed_as_written(page)
    no_serious_violation(page, "sign-up ar")
    page.fill("#id_username", NAME)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    assert submit(page, tap=True) == 302 and page.url.endswith("/ar/accounts/code/")
    code = page.locator("#recovery-code").inner_text()
    assert re.fullmatch(r"[A-Z0-9]{4}(-[A-Z0-9]{4}){4}", code)
    box = page.locator(".recovery-box").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390  # the whole code on the screen
    page.locator("[data-copy]").tap()
    expect(page.locator("#copied")).to_have_text("نُسخ الرمز: الصقه في مكان آمن.")
    assert page.evaluate("navigator.clipboard.readText()") == code
    check_phone_page(page, "code ar")
    shot(page, "code-ar-phone")

    # signed in: the header keeps to two rows in every language, with the name in it
    for lang in ("ar", "en", "fr"):
        page.goto(f"{site}/{lang}/accounts/")
        check_phone_page(page, f"account {lang}")
        shot(page, f"account-{lang}-phone")
        if lang == "ar":
            no_serious_violation(page, "account ar")
    page.goto(f"{site}/ar/accounts/sign-in/")
    check_phone_page(page, "sign-in ar")
    typed_as_written(page)
    no_serious_violation(page, "sign-in ar")
    assert page.failed == []
    phone.close()

    # a second browser, a desktop in English, signs in and finds it all
    desktop = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en")
    page = watched(desktop, site)
    page.goto(f"{site}/en/accounts/sign-in/")
    no_serious_violation(page, "sign-in en")
    page.fill("#id_username", NAME)
    page.fill("#id_password", PASSWORD)
    assert submit(page) == 302 and page.url.endswith("/en/mine/")
    assert page.locator(f'.owned-lessons a[href*="/{lesson}/"]').count() > 0
    assert NAME in page.locator(".site-header").inner_text()
    page.goto(f"{site}/en/tutorials/")
    assert page.locator(f"#{SLUG} .progress").get_attribute("data-state") == "started"
    page.goto(f"{site}/en/accounts/")
    no_serious_violation(page, "account en")
    shot(page, "account-en-desktop")
    assert submit(page, "main form.account-form button") == 302
    assert page.locator(".account-menu").inner_text().strip() == "Sign in"
    page.goto(f"{site}/en/accounts/sign-up/")
    no_serious_violation(page, "sign-up en")

    # twenty wrong passwords: ten are told so, then signing in is refused, the right one too
    answers = []
    page.goto(f"{site}/en/accounts/sign-in/")
    for n in range(20):
        if not page.locator("#id_password").count():  # the refusal's page has no form
            page.goto(f"{site}/en/accounts/sign-in/")
        page.fill("#id_username", NAME)
        page.fill("#id_password", f"wrong-{n}")
        answers.append(submit(page))
        if n == 0:
            assert "Please enter a correct" in page.locator(".error").inner_text()
    assert answers == [400] * 10 + [429] * 10
    refused = page.locator('.error[data-code="rate_limited"]')
    assert "Too many wrong tries" in refused.inner_text()
    shot(page, "refused-en-desktop")
    page.goto(f"{site}/en/accounts/sign-in/")
    page.fill("#id_username", NAME)
    page.fill("#id_password", PASSWORD)
    assert submit(page) == 429
    assert page.failed == []
    desktop.close()
    print(f"accounts in a browser: {time.monotonic() - started:.1f}s")
