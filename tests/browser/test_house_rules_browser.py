"""The "your table's rules" form, the compare page and the printed rule sheet, in Chromium at a
phone's width (390×844) and a desktop's (1280×900); screenshots in tests/artifacts/."""

import re

import pytest

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


@pytest.fixture(params=list(SIZES))
def sized(request, browser, site):
    width, height = SIZES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.base = site
    outside, failed = [], []
    page.on("request", lambda r: None if r.url.startswith(site) else outside.append(r.url))
    page.on("response", lambda r: failed.append(r.url) if r.status >= 500 else None)
    page.size = request.param
    yield page
    context.close()
    assert outside == [] and failed == []


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{page.size}.png"), full_page=True)


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_form_gives_the_permalink_without_javascript(sized, lang):
    page = sized
    page.goto(page.base + f"/{lang}/bent-al-sbeet/qahwa/")
    page.locator("#house-target").select_option("101")
    page.locator("#house-moon").select_option("false")
    page.locator("#house-pass_direction").select_option("right")
    page.locator("#house-rules button[type=submit]").click()
    page.wait_for_url(re.compile(r".*/bent-al-sbeet/qahwa/\?rule\..*"))
    query = page.url.split("?", 1)[1]
    assert sorted(query.split("&")) == [
        "rule.moon=false",
        "rule.pass_direction=right",
        "rule.target=101",
    ]
    assert "101" in page.locator("#rule-target").inner_text()
    assert page.locator(".house-banner").is_visible()
    # the form shows the rules in force
    assert page.locator("#house-target").input_value() == "101"
    no_sideways_scroll(page)
    page.locator("#house-rules").scroll_into_view_if_needed()
    shot(page, f"house-rules-form-{lang}")


def test_a_conflict_marks_the_rules_beside_the_form(sized):
    page = sized
    page.goto(page.base + "/fr/tarneeb/classic/")
    page.locator("#house-redouble_allowed").select_option("true")
    page.locator("#house-rules button[type=submit]").click()
    page.wait_for_load_state()
    field = page.locator("#house-redouble_allowed")
    assert field.get_attribute("aria-invalid") == "true"
    assert field.input_value() == "true"
    assert page.locator("#error-redouble_allowed").is_visible()
    no_sideways_scroll(page)
    shot(page, "house-rules-conflict-fr")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_compare_page_draws_both_sides(sized, lang):
    page = sized
    page.goto(page.base + f"/{lang}/compare/?a=bent-al-sbeet:qahwa&b=bent-al-sbeet:sbeetah")
    moon = page.locator("#differ-moon")
    felts = moon.locator(".felt")
    assert felts.count() == 2
    one, two = felts.nth(0).bounding_box(), felts.nth(1).bounding_box()
    if page.size == "desktop":  # side by side
        assert abs(one["y"] - two["y"]) < 5 and abs(one["x"] - two["x"]) > one["width"] / 2
    else:  # one above the other, each the width of the phone
        assert two["y"] > one["y"] + one["height"] - 5
        assert one["width"] <= 390
    no_sideways_scroll(page)
    moon.scroll_into_view_if_needed()
    shot(page, f"compare-{lang}")
    moon.locator("a", has_text=re.compile(".")).last.click()
    page.wait_for_url(re.compile(r".*/bent-al-sbeet/position/\?.*variant=sbeetah.*"))


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_rule_sheet_prints_on_one_page(page, lang, tmp_path):
    page.goto(page.base + f"/{lang}/bent-al-sbeet/qahwa/print/?rule.target=201&rule.moon=false")
    assert "201" in page.locator(".rule-sheet").inner_text()
    pdf = tmp_path / f"sheet-{lang}.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=True)
    data = pdf.read_bytes()
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", data))
    assert pages == 1, f"{pages} pages"
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"rule-sheet-{lang}.pdf").write_bytes(data)


def test_every_variant_sheet_prints_on_one_page(page, tmp_path):
    from rulebook import games

    for slug, spec in games.GAMES.items():
        for variant in spec.presets:
            page.goto(page.base + f"/ar/{slug}/{variant}/print/")
            data = page.pdf(format="A4")
            assert len(re.findall(rb"/Type\s*/Page(?!s)", data)) == 1, (slug, variant)
