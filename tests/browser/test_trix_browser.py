"""A whole Trix kingdom played as a learner plays it: on a phone, in Arabic, by tapping, the
learner owning the kingdom and naming each deal's contract.

- The usual game, from the home page's "Play a deal" (upright, 390x844): the five contracts,
  each chosen by a tap among those left (the one chosen is never offered again in the
  kingdom), every card laid or played by a tap, a knock tapped when nothing fits; at each
  phase met (the choice, a double, the play, the deal's end) the first screen holds the whole
  hand and what may be tapped, and axe-core finds nothing.
- Complex, from its rule page's practice link (360x740): Complex and the Trix.
After the kingdom, the sheet shows it as Trix players keep it: a row a contract, named, and the
kingdom's subtotal, which is zero (read from the page's own numbers).
A learner who is not dealt the seven of hearts does not own the first kingdom: the learner
starts another match (one tap from the same page) until one is dealt it (a chance of one in
four each time)."""

import re

import pytest

from .conftest import ARTIFACTS, answered, in_place
from .test_phone_table import check_first_screen

pytestmark = pytest.mark.browser

STARTS = 80  # matches started at most until the learner owns the first kingdom (0.75^80)
MAX_TAPS = 120  # taps in one deal at most: a deal that has not ended by then is a failure


def owns_the_first_kingdom(page) -> bool:
    """Whether the learner is to name the first deal's contract (else a computer player has
    named it already)."""
    page.locator("#live").wait_for()
    phase = page.locator(".meta-line .phase").get_attribute("data-phase")
    return phase == "choose" and len(offered(page)) > 1


def offered(page) -> list[str]:
    """The contracts the learner may tap now, by token."""
    found = page.locator("#live .felt .move[name='move']:not([disabled])")
    return [found.nth(i).get_attribute("value") for i in range(found.count())]


def play_deal(page, name, size, chosen: list[str], contracts: set[str]) -> None:
    """Play the deal on the screen to its end by tapping: the learner's contract first (the
    first of those left not yet chosen), then each card or call."""
    phases = set()
    for _ in range(MAX_TAPS):
        page.locator("#live").wait_for()
        if page.locator("#review").count():
            return
        phase = page.locator(".meta-line .phase").get_attribute("data-phase")
        if phase not in phases:
            check_first_screen(page, f"trix-{name}-{len(chosen)}-{phase}", size, "ar")
            phases.add(phase)
        legal = page.locator("#live .at-bottom li.legal button.play")
        if phase == "choose":
            left = offered(page)
            assert set(left) == contracts - set(chosen), (left, chosen)  # each once a kingdom
            chosen.append(left[0])
            in_place(page, page.locator(f'#live .felt .move[value="{left[0]}"]').tap)
        elif legal.count():
            in_place(page, legal.first.tap)
        else:  # keep a doubleable card undoubled, or knock when nothing fits
            calls = offered(page)
            token = "keep" if "keep" in calls else calls[0]
            in_place(page, page.locator(f'#live .felt .move[value="{token}"]').tap)
    raise AssertionError(f"the deal did not end in {MAX_TAPS} taps")


def kingdom(page, name, size, contracts: set[str]) -> None:
    """The learner's whole kingdom, deal after deal, then its sheet."""
    chosen: list[str] = []
    for deal in range(len(contracts)):
        play_deal(page, name, size, chosen, contracts)
        assert page.locator("#review").count() == 1
        if deal == 0:
            check_first_screen(page, f"trix-{name}-over", size, "ar", hand=False)
        if deal < len(contracts) - 1:
            answered(page, page.locator("button.next-deal").tap)
    assert sorted(chosen) == sorted(contracts)
    sheet = page.locator("#sheet")
    subtotal = sheet.locator("tr.subtotal")
    assert subtotal.count() == 1 and "wrong" not in subtotal.get_attribute("class")
    numbers = [
        int(re.sub(r"[^\d-]", "", t.replace("−", "-")))
        for t in subtotal.locator(".deal-points").all_inner_texts()
    ]
    assert len(numbers) == 4 and sum(numbers) == 0, numbers
    labels = sheet.locator("tbody .row-label").all_inner_texts()
    assert len([t for t in labels if "مملكة" in t]) >= len(contracts) + 1
    subtotal.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"trix-{name}-sheet.png"))
    assert page.failed == []


def test_a_whole_kingdom_of_trix_by_tapping_in_arabic(phone):
    page = phone("upright")
    for _ in range(STARTS):
        page.goto(page.base + "/ar/")
        with page.expect_navigation():
            page.locator("#trix form.play-deal button.start").tap()
        if owns_the_first_kingdom(page):
            break
    else:
        raise AssertionError("never dealt the seven of hearts")
    contracts = {"king_of_hearts", "queens", "diamonds", "tricks", "trix"}
    assert set(offered(page)) == contracts
    kingdom(page, "common", "upright", contracts)


def test_a_kingdom_of_trix_complex_by_tapping_in_arabic(phone):
    page = phone("narrow")
    for _ in range(STARTS):
        page.goto(page.base + "/ar/trix/complex/")
        with page.expect_navigation():
            page.locator('main a[href$="practice/?variant=complex"]').first.tap()
        with page.expect_navigation():
            page.locator("main form button[type=submit]").first.tap()
        if owns_the_first_kingdom(page):
            break
    else:
        raise AssertionError("never dealt the seven of hearts")
    kingdom(page, "complex", "narrow", {"complex", "trix"})
