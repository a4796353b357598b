"""The practice review's analysis on a phone held upright (390x844, touch), in Arabic and in
English: a whole deal of each game played by tapping, then the review shows each of the
learner's cards with its cost, the switch to every hand open (a link, followed by a tap) and,
for Tarneeb and Tarneeb 41, the deal's double-dummy table; nothing wider than the screen, every
link of the analysis at least 44 px tall. Screenshots: tests/artifacts/review-analysis-*.png."""

import pytest

from tests import servers

from .conftest import ARTIFACTS, in_place
from .test_phone_table import MAX_TURNS, TOUCH, a_call, phone, settled, start_match  # noqa: F401

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(site_env, tmp_path_factory):
    """The site as `make serve` runs it, with a roomy analysis budget: these tests check what the
    review shows on a phone, not the search's speed (`make bench`), and the machine running them
    is loaded (a review past its budget says so, tested in tests/practice)."""
    env = {**site_env, "ANALYSIS_SECONDS": "8"}
    with servers.gunicorn(env, workers=2, log_dir=tmp_path_factory.mktemp("log")) as url:
        yield url


GAMES = ["bent-al-sbeet", "tarneeb", "sabaat-al-deemin", "leekha", "tarneeb-41", "hearts"]

MEASURE = """() => {
  const W = innerWidth, box = document.querySelector('#analysis');
  const wider = [...document.querySelectorAll('main *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width && (r.right > W + 1 || r.left < -1);
  }).slice(0, 3).map((e) => e.className || e.tagName);
  const small = [...box.querySelectorAll('.view-switch a, .view-switch span, .cost-list a')]
    .filter((e) => e.getBoundingClientRect().height < TOUCH)
    .map((e) => e.textContent.trim().slice(0, 20));
  return {wide: document.documentElement.scrollWidth - W, wider, small,
          dir: getComputedStyle(box).direction};
}""".replace("TOUCH", str(TOUCH))


def play_to_the_review(page, lang, game):
    """A whole deal of ``game`` by tapping (a deal thrown in is followed by the next), up to
    the review of a deal in which cards were played."""
    start_match(page, lang, game)
    played = False
    for _ in range(MAX_TURNS):
        settled(page)
        if page.locator("#review").count():
            if played and page.locator("#analysis").count():
                return
            in_place(page, page.locator("button.next-deal").tap)
            played = False
            continue
        picks = page.locator("#live .at-bottom label.pick")
        legal = page.locator("#live .at-bottom li.legal button.play")
        if picks.count():
            needed = int(page.locator("#live button.confirm").get_attribute("data-needed"))
            for k in range(needed):
                picks.nth(k).tap()
            in_place(page, page.locator("#live button.confirm").tap)
        elif legal.count():
            in_place(page, legal.first.tap)
            played = True
        else:
            in_place(page, a_call(page).tap)
    raise AssertionError(f"{game}: no review with cards after {MAX_TURNS} turns")


# Tarneeb 41's own-trick search cannot judge a whole deal within a budget: its review says so.
TOO_SLOW = {"tarneeb-41"}


def check_analysis(page, name, lang, view):
    box = page.locator("#analysis")
    box.scroll_into_view_if_needed()
    assert box.get_attribute("data-view") == view
    if name.split("-" + lang)[0] in TOO_SLOW and box.locator(".busy").count():
        page.screenshot(path=str(ARTIFACTS / f"review-analysis-{name}.png"))
        return box
    items = box.locator(".cost-list li")
    assert items.count() > 0, name
    assert box.locator(".busy").count() == 0, name
    for i in range(items.count()):  # each names its move and its cost, or "no cost"
        text = items.nth(i).inner_text()
        assert text.strip() and "·" in text, (name, text)
    found = page.evaluate(MEASURE)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"review-analysis-{name}.png"))  # as the phone shows it
    assert found["wide"] <= 0, (name, found["wider"])
    assert found["small"] == [], name
    assert found["dir"] == ("rtl" if lang == "ar" else "ltr"), name
    return box


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_review_shows_each_cards_cost_on_a_phone(phone, game, lang):  # noqa: F811
    page = phone("upright")
    play_to_the_review(page, lang, game)
    box = check_analysis(page, f"{game}-{lang}-seat", lang, "seat")
    if game == "tarneeb":
        assert box.locator("table.dd").count() == 1
        assert box.locator(".dd-sentence").count() <= 1
    with page.expect_navigation():  # the switch is a plain link: it works without the script
        box.locator("a.view-open").tap()
    check_analysis(page, f"{game}-{lang}-open", lang, "open")
    assert page.failed == []


def test_the_position_page_analyses_a_moment_of_card_play_on_a_phone(phone):  # noqa: F811
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
    found = page.evaluate(MEASURE)
    assert found["wide"] <= 0 and found["dir"] == "rtl", found
    page.locator("#analysis").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "position-analysis-ar-open.png"))
    assert page.failed == []
