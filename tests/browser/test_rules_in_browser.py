"""The rule and position pages as a reader's browser lays them out."""

import pytest

pytestmark = pytest.mark.browser
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def box(page, selector):
    return page.locator(selector).first.bounding_box()


def test_the_arabic_rules_page_reads_right_to_left(page):
    page.goto(page.base + "/ar/bent-al-sbeet/")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
    table = page.locator("table.differences")
    table.scroll_into_view_if_needed()
    first, last = (
        table.locator("thead th").first.bounding_box(),
        table.locator("thead th").last.bounding_box(),
    )
    # the table's first column is on the right
    assert first["x"] > last["x"]
    # headings start at the right edge of the text column
    heading, main = box(page, "#h-play"), box(page, "main")
    assert heading["x"] + heading["width"] > main["x"] + main["width"] - 40
    # the Arabic font shipped with the project is the one used
    assert page.evaluate("document.fonts.check('16px \"Noto Sans Arabic\"', 'بنت')")


def test_the_english_page_reads_left_to_right(page):
    page.goto(page.base + "/en/bent-al-sbeet/")
    table = page.locator("table.differences")
    table.scroll_into_view_if_needed()
    first, last = (
        table.locator("thead th").first.bounding_box(),
        table.locator("thead th").last.bounding_box(),
    )
    assert first["x"] < last["x"]


def test_the_switcher_keeps_the_page_and_the_variant(page):
    page.goto(page.base + "/en/bent-al-sbeet/sbeetah/")
    page.locator('.switcher a[hreflang="ar"]').click()
    page.wait_for_url("**/ar/bent-al-sbeet/sbeetah/")
    assert page.locator("html").get_attribute("lang") == "ar"
    page.locator('.switcher a[hreflang="fr"]').click()
    page.wait_for_url("**/fr/bent-al-sbeet/sbeetah/")
    assert "152" in page.locator("#rule-target").inner_text()


def test_the_position_page_marks_the_legal_cards(page):
    from urllib.parse import urlencode

    query = urlencode({"variant": "qahwa", "dealer": "N", "deal": DEAL})
    page.goto(page.base + "/ar/bent-al-sbeet/position/?" + query)
    legal = page.locator(".seat-W .card.legal")
    assert legal.count() == 9
    assert page.locator(".card.legal").count() == 9
    # marked by more than colour: an outline and a card moved out of the fan
    outline, moved = legal.first.evaluate(
        "e => [getComputedStyle(e).outlineWidth, getComputedStyle(e).transform]"
    )
    assert outline == "3px" and moved != "none"
    plain = page.locator(".seat-W .card:not(.legal)").first
    assert plain.evaluate("e => getComputedStyle(e).transform") == "none"
    # the seats are places at the table: North above South, East right of West, even in Arabic
    n, s, e, w = (box(page, f".seat-{x}") for x in "NSEW")
    assert n["y"] < s["y"] and e["x"] > w["x"]
    # playing a legal card by keyboard moves the position on
    page.locator('.seat-W a.play[data-card="4S"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**moves=4S**")
    assert page.locator(".seat-S .card.legal").count() == 3
