"""Tarneeb by region on a phone (390x844, touch), in Arabic and English: from the home page to
the Tarneeb rules, down to the regions, two regions set side by side on the compare page, and
a practice match dealt under the Lebanese rules, all by tapping."""

import pytest

from .conftest import ARTIFACTS, PHONE, checked_page

pytestmark = pytest.mark.browser

LEBANON = {"en": "Lebanon", "ar": "لبنان"}
EGYPT = {"en": "Egypt", "ar": "مصر"}


def no_axe_violation(page):
    from axe_playwright_python.sync_playwright import Axe

    violations = Axe().run(page).response["violations"]
    assert [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations] == []


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def in_view(page, selector):
    """The element is on the screen as it stands (after a tap scrolled it there): an anchor's
    scroll may leave its top a fraction of a pixel above the edge."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None and -1 <= box["y"] < 844 - box["height"] / 2, (selector, box)
    return box


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_regions_by_tapping_on_a_phone(browser, site, lang):
    with checked_page(browser, site, f"regions-phone-{lang}-end", **PHONE) as page:
        page.goto(f"{site}/{lang}/")
        page.locator(f'main a[href="/{lang}/tarneeb/"]').first.tap()
        page.wait_for_url(f"**/{lang}/tarneeb/")
        assert page.locator("html").get_attribute("dir") == ("rtl" if lang == "ar" else "ltr")
        # the way to the regions is on the first screen, under the variants
        in_view(page, '.by-region a[href="#regions"]')
        page.locator('.by-region a[href="#regions"]').tap()
        page.wait_for_function("location.hash === '#regions'")
        in_view(page, "#h-regions")
        lebanon = page.locator("#region-lebanon")
        assert LEBANON[lang] in lebanon.locator("h3").inner_text()
        no_sideways_scroll(page)
        no_axe_violation(page)
        page.screenshot(path=str(ARTIFACTS / f"regions-phone-{lang}-section.png"))
        # a thin place says it is thin, and offers nothing to play
        iraq = page.locator("#region-iraq")
        iraq.scroll_into_view_if_needed()
        assert iraq.locator(".region-links").count() == 0
        # where the sources differ: one cell of claims per rule, the page no wider than the phone
        row = page.locator("#diff-strain_order")
        row.scroll_into_view_if_needed()
        assert row.locator(".claims-by-value li").count() == 2
        no_sideways_scroll(page)
        page.screenshot(path=str(ARTIFACTS / f"regions-phone-{lang}-differences.png"))
        # two regions side by side: Lebanon and Egypt, chosen and compared by tapping
        form = page.locator("form.regions-compare")
        form.scroll_into_view_if_needed()
        # every control a thumb's size
        for control in (
            form.locator("#region-a"),
            form.locator("button"),
            lebanon.locator(".region-links a").first,
        ):
            assert control.bounding_box()["height"] >= 44
        form.locator("#region-a").select_option("tarneeb:lebanese")
        form.locator("#region-b").select_option("tarneeb:egyptian")
        page.screenshot(path=str(ARTIFACTS / f"regions-phone-{lang}-form.png"))
        form.locator("button").tap()
        page.wait_for_url("**/compare/?a=tarneeb%3Alebanese&b=tarneeb%3Aegyptian")
        in_view(page, "#h-result")  # the answer starts on the first screen
        auction = page.locator("#differ-auction")
        auction.scroll_into_view_if_needed()
        assert auction.is_visible()
        no_sideways_scroll(page)
        no_axe_violation(page)
        page.screenshot(path=str(ARTIFACTS / f"regions-phone-{lang}-compare.png"))
        # the regions are offered on the compare page too, first of its choices
        group = page.locator("#side-a optgroup").first
        assert LEBANON[lang] in group.locator("option").first.inner_text()
        # and Lebanon's rules are practised from its region: the first hand is dealt
        page.goto(f"{site}/{lang}/tarneeb/#region-lebanon")
        page.locator("#region-lebanon .region-links a").nth(1).tap()
        page.wait_for_url("**/tarneeb/practice/?variant=lebanese")
        page.locator("button.start").tap()
        page.wait_for_url(f"**/{lang}/practice/**")
        page.locator(".stage").wait_for()
        page.screenshot(path=str(ARTIFACTS / f"regions-phone-{lang}-practice.png"))
