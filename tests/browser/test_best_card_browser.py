"""The quiz's "find the best card" on a phone held upright (390x844, touch) in Arabic: the
puzzle's four hands open on the table, the best card tapped, the verdict and each card's cost
in words. Screenshots: tests/artifacts/best-card-*.png."""

import re

import pytest

from quiz import loader, questions
from rulebook import games

from .conftest import ARTIFACTS, answered, checked_page

pytestmark = pytest.mark.browser


def stored(game: str, key: str) -> dict:
    return next(i for i in loader.read(games.get(game)) if i["key"] == key)


@pytest.mark.parametrize("game", ["tarneeb", "hearts", "sabaat-al-deemin"])
def test_a_best_card_puzzle_on_an_arabic_phone(browser, site, game):
    phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    with checked_page(browser, site, f"best-card-{game}-result", locale="ar", **phone) as page:
        page.goto(f"{site}/ar/quiz/")
        link = page.locator(f'a[href*="/ar/quiz/{game}/"][href*="/{questions.BEST_CARD}/"]')
        assert link.count() >= 3
        href = link.first.get_attribute("href")
        key = re.search(r"/pick-([\w-]+)\.", href).group(1)
        page.goto(site + href)
        assert page.locator("html").get_attribute("dir") == "rtl"
        # every hand open: four seats, each showing its cards face up
        assert page.locator(".felt .seat.open").count() == 4
        for seat in "NESW":
            assert page.locator(f".felt .seat-{seat} .hand [data-card]").count() >= 1
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"best-card-{game}-question.png"), full_page=True)
        best = stored(game, key)["solution"]["best"][0]
        card = page.locator(f'button[name=move][value="{best}"]')
        answered(page, lambda: card.tap(position={"x": 4, "y": 4}))
        assert page.locator(".verdict").get_attribute("data-correct") == "true"
        costs = page.locator(".verdict .move-costs li")
        assert costs.count() == len(stored(game, key)["solution"]["moves"])
        costs.last.scroll_into_view_if_needed()  # the strip above the table scrolls on a phone
        page.screenshot(path=str(ARTIFACTS / f"best-card-{game}-verdict.png"))
