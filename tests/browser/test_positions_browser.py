"""Position pages of Tarneeb and Sab'at Al-Deemin in a real browser, and the analysis of a
moment of card play on a phone."""

from urllib.parse import urlencode

import pytest

from .conftest import ARTIFACTS
from .test_phone_table import ANALYSIS, TOUCH

pytestmark = pytest.mark.browser
DEAL_32 = "N:KQJ.QT.A9.J A.KJ.K8.AT8 T8.A8.JT.KQ 97.97.Q7.97"
SPEC_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_sabaat_layout_and_the_knock(page):
    query = urlencode({"dealer": "N", "deal": DEAL_32})
    page.goto(page.base + "/en/sabaat-al-deemin/position/?" + query)
    # only the seven of diamonds can open, held by West
    assert page.locator(".card.legal").count() == 1
    page.locator('.seat-W a.play[data-card="7D"]').click()
    page.wait_for_url("**moves=7D**")
    piles = page.locator(".layout .pile")
    assert piles.count() == 4
    assert piles.nth(2).locator(".card").count() == 1  # the diamond pile holds its seven
    # South has nothing that fits: the only move offered is the knock
    assert page.locator(".card.legal").count() == 0
    page.locator('.actions a.move[data-call="knock"]').click()
    page.wait_for_url("**moves=7D+knock**")
    assert page.locator(".seat-E .card.legal[title]").count() == 1


def test_sabaat_position_in_arabic_keeps_the_table_unmirrored(page):
    query = urlencode({"dealer": "N", "deal": DEAL_32, "moves": "7D knock 8D"})
    page.goto(page.base + "/ar/sabaat-al-deemin/position/?" + query)
    assert page.locator("html").get_attribute("dir") == "rtl"
    east, west = page.locator(".seat-E").bounding_box(), page.locator(".seat-W").bounding_box()
    assert east["x"] > west["x"]


def test_tarneeb_bidding_by_clicks(page):
    query = urlencode({"dealer": "N", "deal": SPEC_DEAL})
    page.goto(page.base + "/fr/tarneeb/position/?" + query)
    calls = page.locator(".bidding-box a.move")
    assert calls.count() == 8  # pass and 7 to 13
    page.locator('.bidding-box a.move[data-call="7"]').click()  # the lowest bid
    page.wait_for_url("**moves=7**")
    assert page.locator("ol.auction li").count() == 1


def test_the_position_page_analyses_a_moment_of_card_play_on_a_phone(phone):
    """Tarneeb in Arabic: the "analyse" link, each legal card's cost, the switch, the table."""
    page = phone("upright")
    query = (
        "variant=classic&dealer=N&deal=N:AKQJ.T98.765.432+T98.765.432.AKQJ+765.432.AKQJ.T98"
        "+432.AKQJ.T98.765&moves=7+pass+pass+pass+trump:S"
    )
    page.goto(page.base + "/ar/tarneeb/position/?" + query)
    link = page.locator("a.analyse-link")
    assert link.bounding_box()["height"] >= TOUCH
    with page.expect_navigation():
        link.tap()
    box = page.locator("#analysis")
    assert box.get_attribute("data-view") == "seat"
    legal = page.locator(".felt li.legal").count()
    assert box.locator(".move-costs li").count() == legal > 0
    assert box.locator("table.dd").count() == 1
    box.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "position-analysis-ar-seat.png"))
    with page.expect_navigation():
        box.locator("a.view-open").tap()
    assert page.locator("#analysis").get_attribute("data-view") == "open"
    found = page.evaluate(ANALYSIS)
    assert found["wide"] <= 0 and found["dir"] == "rtl", found
    page.locator("#analysis").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "position-analysis-ar-open.png"))
    assert page.failed == []
