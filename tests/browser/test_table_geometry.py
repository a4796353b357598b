"""The card table and every kind of page in Chromium, at a phone's size and a desktop's, in
Arabic and English: geometry (not just presence), accessibility with axe-core, printing."""

import io

import pytest
from playwright.sync_api import Error as PlaywrightError

from .conftest import ARTIFACTS
from .pages import PAGE_TYPES, SIZES, position

pytestmark = pytest.mark.browser


@pytest.fixture
def open_page(browser, site):
    """A function that opens a path at a size (and with or without JavaScript), failing on a
    server error or a request that leaves the site."""
    contexts = []

    def go(path, size="phone", lang="en", javascript=True):
        width, height = SIZES[size]
        context = browser.new_context(
            viewport={"width": width, "height": height}, java_script_enabled=javascript
        )
        contexts.append(context)
        page = context.new_page()
        outside = []
        page.on("request", lambda r: None if r.url.startswith(site) else outside.append(r.url))
        response = page.goto(site + path.format(lang=lang))
        assert response.status < 500 and outside == []
        return page

    yield go
    for context in contexts:
        context.close()


def boxes(page, selector):
    return [e.bounding_box() for e in page.locator(selector).all()]


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_on_a_phone_the_four_seats_the_trick_and_the_whole_hand_fit_the_first_screen(
    open_page, lang
):
    page = open_page(
        position("bent-al-sbeet", variant="qahwa", dealer="W", moves="5S 8S AS"), lang=lang
    )
    width, height = SIZES["phone"]
    hand = boxes(page, ".at-bottom .hand .card")
    assert len(hand) == 12
    for box in hand + boxes(page, ".seat") + boxes(page, ".trick .card"):
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        assert box["y"] >= 0 and box["y"] + box["height"] <= height
    # every card of the reader's hand is a target of at least 44 px each way
    for box in hand:
        assert box["width"] >= 44 and box["height"] >= 44
    # the compass holds in Arabic too: North above South, West left of East
    north, south = page.locator(".seat-N").bounding_box(), page.locator(".seat-S").bounding_box()
    west, east = page.locator(".seat-W").bounding_box(), page.locator(".seat-E").bounding_box()
    assert north["y"] < south["y"] and west["x"] < east["x"]


@pytest.mark.parametrize("size", SIZES)
def test_each_trick_card_lies_nearer_its_own_seat_than_any_other(open_page, size):
    page = open_page(position("bent-al-sbeet", variant="qahwa", moves="5C 8C JC"), size=size)

    def drawn(seat):
        """Where a seat is drawn: the box round its name and its cards (open or backs)."""
        parts = boxes(page, f".seat-{seat} .seat-name, .seat-{seat} .card, .seat-{seat} .back")
        left, top = min(b["x"] for b in parts), min(b["y"] for b in parts)
        right = max(b["x"] + b["width"] for b in parts)
        bottom = max(b["y"] + b["height"] for b in parts)
        return left, top, right, bottom

    seats = {s: drawn(s) for s in "NESW"}

    def centre(b):
        return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2

    def gap(x, y, box):
        left, top, right, bottom = box
        dx, dy = max(left - x, 0, x - right), max(top - y, 0, y - bottom)
        return (dx * dx + dy * dy) ** 0.5

    played = page.locator(".trick .slot").all()
    assert len(played) == 3
    for slot in played:
        place = [c for c in slot.get_attribute("class").split() if c.startswith("at-")][0]
        own = page.locator(f".seat.{place}").get_attribute("class").split()
        own_seat = next(c[-1] for c in own if c.startswith("seat-"))
        x, y = centre(slot.bounding_box())
        distance = {s: gap(x, y, b) for s, b in seats.items()}
        assert min(distance, key=distance.get) == own_seat


@pytest.mark.parametrize("javascript", [True, False])
def test_the_pass_is_made_by_touching_three_cards(open_page, javascript):
    page = open_page(
        position("bent-al-sbeet", variant="qahwa", dealer="W", start="deal"), javascript=javascript
    )
    confirm = page.locator("button.confirm")
    picks = page.locator(".seat-S label.pick")
    assert picks.count() == 13
    if javascript:
        assert confirm.is_disabled()
    for code in ("7S", "4H", "AD"):
        page.locator(f'.seat-S label.pick[data-card="{code}"]').click()
    if javascript:
        assert confirm.is_enabled()
        assert page.locator(".seat-S input[name=pass]:disabled").count() == 10  # no fourth card
    with page.expect_navigation():
        confirm.click()
    assert "moves=pass%3A7S+pass%3A4H+pass%3AAD" in page.url
    # the next seat in the order of play passes now
    assert page.locator(".seat.to-act").get_attribute("class").find("seat-E") >= 0


# Each page type where a check can find something new: both reading directions on a phone,
# where space runs out, and the desktop once, in French, the longest of the three languages
# (the desktop's layout is the same in every language). One tab per place visits every page
# type once for the geometry, the photograph and axe-core together.
WHERE = [("phone", "ar"), ("phone", "en"), ("desktop", "fr")]


@pytest.mark.parametrize("size,lang", WHERE)
def test_no_page_scrolls_sideways_or_has_an_axe_violation_and_each_is_photographed(
    browser, site, lang, size
):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    outside = []
    page.on("request", lambda r: None if r.url.startswith(site) else outside.append(r.url))
    wide, found = [], {}
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        for name, path in PAGE_TYPES:
            response = page.goto(site + path.format(lang=lang))
            assert response.status < 500, name
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            if overflow > 0:
                wide.append((name, overflow))
            # JPEG: a whole long page encodes in half PNG's time, and it is for people to see
            shot = ARTIFACTS / f"page-{name}-{lang}-{size}.jpg"
            try:
                page.screenshot(path=str(shot), full_page=True, type="jpeg", quality=80)
            except PlaywrightError as e:  # Chromium under load may refuse a page this long
                if "Unable to capture screenshot" not in str(e):
                    raise
                page.screenshot(path=str(shot), type="jpeg", quality=80)  # its first screen
            violations = axe.run(page).response["violations"]
            if violations:
                found[name] = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations]
    finally:
        context.close()
    assert outside == []
    assert wide == []
    assert found == {}


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_rule_page_prints_as_a_clean_rulebook(open_page, lang):
    from pypdf import PdfReader

    page = open_page("/{lang}/bent-al-sbeet/", size="desktop", lang=lang)
    page.emulate_media(media="print")
    # nothing sticks out of the printed page's width (A4 less its margins)
    overflow = page.evaluate(
        "[...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right"
        " > document.documentElement.clientWidth + 1 || e.getBoundingClientRect().left < -1)"
        ".map(e => e.tagName + '.' + e.className)"
    )
    assert overflow == []
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=False)))
    assert 2 <= len(pdf.pages) <= 12
    text = "".join(p.extract_text() for p in pdf.pages)
    for missing in ("Skip to the content", "Tutorials", "English"):  # no menus, no switcher
        assert missing not in text
    # the last section reached the paper: it lists the Qahwa page under its own English title
    assert "rules and how to play" in " ".join(text.split())
