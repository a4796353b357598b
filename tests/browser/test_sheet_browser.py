"""The Tarneeb score sheet in a real browser: forms without JavaScript, kept across tabs."""

import re

import pytest

pytestmark = pytest.mark.browser

EXAMPLE = [("East–West", 8, 8), ("North–South", 10, 7), ("North–South", 9, 13)]


def start_match(page, lang="en"):
    page.goto(page.base + f"/{lang}/tarneeb/sheet/")
    page.select_option("#id_variant", "classic")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile(rf".*/{lang}/tarneeb/sheet/kept/[0-9a-f]+/$"))
    return page.url


def enter_deal(page, side, bid, tricks):
    form = page.locator("#deal-form")
    form.get_by_label(side, exact=True).check()
    form.locator('input[name="bid"]').fill(str(bid))
    form.locator('input[name="tricks"]').fill(str(tricks))
    with page.expect_navigation():
        form.get_by_role("button", name="Enter the deal").click()


def lines(page):
    return page.locator("#line-ns").inner_text(), page.locator("#line-ew").inner_text()


def test_a_match_survives_a_reload_and_a_second_tab(page):
    url = start_match(page)
    for row, (side, bid, tricks) in enumerate(EXAMPLE, 1):
        enter_deal(page, side, bid, tricks)
        assert page.url == url
        assert page.locator(f"#row-{row}").count() == 1
    assert lines(page) == ("6", "14")
    assert page.locator("#debt-ns").inner_text() == "0"

    page.reload()
    assert lines(page) == ("6", "14")
    assert page.locator("table.sheet tbody tr").count() == 3

    other = page.context.new_page()
    other.goto(url)
    assert (other.locator("#line-ns").inner_text(), other.locator("#line-ew").inner_text()) == (
        "6",
        "14",
    )
    other.goto(page.base + "/en/tarneeb/sheet/")
    assert other.locator(f'a[href="{url.removeprefix(page.base)}"]').count() == 1
    other.close()

    # a bad entry: refused with a message, the typed value kept, nothing added
    enter_deal(page, "North–South", 9, 14)
    error = page.locator("#id_tricks_error")
    assert error.is_visible()
    assert "from 0 to 13 tricks" in error.inner_text()
    assert page.locator('#deal-form input[name="tricks"]').input_value() == "14"
    assert page.locator('#deal-form input[name="bid"]').input_value() == "9"
    assert page.locator("#id_side_0").is_checked()
    assert page.locator("table.sheet tbody tr").count() == 3
    assert lines(page) == ("6", "14")


def test_a_private_link_opened_in_a_new_browser_leaves_no_token_and_its_forms_post(browser, site):
    """The scorer's link, opened on a second phone: the address bar ends token-free, no
    request the page makes carries the token in its Referer, and a row posted from the page
    is taken (Chromium sends the page's Origin: the CSRF check passes)."""
    first = browser.new_context()
    page = first.new_page()
    page.base = site
    start_match(page)
    link = page.locator("a.scorer-link").get_attribute("href")
    token = link.rstrip("/").rsplit("/", 1)[1]
    first.close()

    phone = browser.new_context()
    other = phone.new_page()
    other.base = site
    referers, origins = [], []

    def seen(request):
        referers.append(request.headers.get("referer", ""))
        if request.method == "POST":
            origins.append(request.headers.get("origin"))

    other.on("request", seen)
    other.goto(site + link)
    assert token not in other.url and "/tarneeb/sheet/kept/" in other.url
    enter_deal(other, "East–West", 8, 8)
    assert other.locator("#row-1").count() == 1
    assert token not in other.url
    assert origins == [site]
    assert not any(token in r for r in referers), referers
    phone.close()


def test_the_arabic_sheet_reads_right_to_left(page):
    start_match(page, "ar")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
    first, second = page.locator("table.sheet thead tr").first.locator("th").all()[:2]
    # the row number column comes first, on the right
    assert first.bounding_box()["x"] > second.bounding_box()["x"]


NAMES = {"N": "أحمد", "E": "بدر", "S": "جاسم", "W": "فهد"}


def test_a_bent_al_sbeet_match_scored_on_a_phone_in_arabic(browser, site):
    """A whole match, from the start to its winner, on a 390×844 phone, right to left."""
    from .conftest import ARTIFACTS

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    failed = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    page.goto(site + "/ar/bent-al-sbeet/sheet/")
    assert page.locator("html").get_attribute("dir") == "rtl"
    for seat, name in NAMES.items():
        page.fill(f'input[name="name_{seat}"]', name)
    with page.expect_navigation():
        page.locator("#new-match-form button[type=submit]").click()
    assert re.search(r"/ar/bent-al-sbeet/sheet/kept/[0-9a-f]+/$", page.url)
    form = page.locator("#cards-form")
    assert "بنت السبيت" in form.inner_text() and "الهاص" in form.inner_text()
    # Five deals: Ahmad takes the exposed queen and nine hearts (35), Badr the ten and three
    # hearts (13), Fahad one heart; Jassim takes nothing.
    for row in range(1, 6):
        form = page.locator("#cards-form")
        for seat, hearts in zip("NESW", (9, 3, 0, 1), strict=True):
            form.locator(f'input[name="hearts_{seat}"]').fill(str(hearts))
        form.locator('input[name="queen"][value="N"]').check()
        form.locator('input[name="ten"][value="E"]').check()
        form.locator('input[name="exposed"][value="QS"]').check()
        with page.expect_navigation():
            form.locator("button[type=submit]").click()
        assert page.locator(f"#row-{row}").count() == 1
        if row == 1:
            page.screenshot(path=str(ARTIFACTS / "sheet-bent-al-sbeet-ar-phone-row1.png"))
    totals = [page.locator(f"#total-{s}").get_attribute("data-value") for s in "nesw"]
    assert totals == ["175", "65", "0", "5"]
    winner = page.locator("#winner")
    assert winner.is_visible() and NAMES["S"] in winner.inner_text()
    assert page.locator("#cards-form").count() == 0  # the match is over
    # Nothing spills off the phone's screen: the rows scroll inside their own box.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    first, second = page.locator("table.sheet thead tr").first.locator("th").all()[:2]
    assert first.bounding_box()["x"] > second.bounding_box()["x"]  # the row number on the right
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "sheet-bent-al-sbeet-ar-phone.png"), full_page=True)
    context.close()
    assert failed == []


TRIX_NAMES = {"N": "سامي", "E": "رامي", "S": "هادي", "W": "زياد"}
# One kingdom, each contract's points as the table wrote them (trix.md's values): they add up
# to zero, and each player's column is the kingdom's subtotal.
TRIX_KINGDOM = {
    "king_of_hearts": (-75, 0, 0, 0),
    "queens": (-25, -50, 0, -25),
    "diamonds": (-30, -40, -20, -40),
    "tricks": (-45, -60, -30, -60),
    "trix": (50, 150, 200, 100),
}


def test_a_trix_kingdom_kept_on_a_phone_in_arabic_by_tapping(browser, site):
    """From the home page to a kingdom's subtotal, on a 390×844 touch phone, right to left:
    the first row names the kingdom's owner, each row offers only the contracts left, and
    after the fifth the kingdom's subtotal says it adds up to zero."""
    from .conftest import ARTIFACTS, PHONE
    from .test_regions_phone import no_axe_violation

    context = browser.new_context(**PHONE)
    page = context.new_page()
    failed = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 500 else None)
    page.goto(site + "/ar/")
    with page.expect_navigation():
        page.locator('a[href="/ar/mine/"]').first.tap()
    with page.expect_navigation():
        page.locator('a[href="/ar/trix/sheet/"]').tap()
    for seat, name in TRIX_NAMES.items():
        page.locator(f'input[name="name_{seat}"]').fill(name)
    with page.expect_navigation():
        page.locator("#new-match-form button[type=submit]").tap()
    assert re.search(r"/ar/trix/sheet/kept/[0-9a-f]+/$", page.url)
    form = page.locator("#points-form")
    assert "سبعة الكبّة" in form.inner_text()
    form.locator('input[name="owner"][value="E"]').tap()  # Rami was dealt the seven of hearts
    for row, (contract, points) in enumerate(TRIX_KINGDOM.items(), 1):
        form = page.locator("#points-form")
        offered = form.locator('input[name="contract"]')
        assert offered.count() == 6 - row  # a contract once in the kingdom
        if row > 1:
            assert TRIX_NAMES["E"] in form.locator("legend").first.inner_text()
        form.locator(f'input[name="contract"][value="{contract}"]').tap()
        for seat, value in zip("NESW", points, strict=True):
            form.locator(f'input[name="points_{seat}"]').fill(str(value))
        if row == 1:
            no_axe_violation(page)
            page.screenshot(path=str(ARTIFACTS / "sheet-trix-ar-phone-form.png"), full_page=True)
        with page.expect_navigation():
            form.locator("button[type=submit]").tap()
        assert page.locator(f"#row-{row}").count() == 1
    assert "شايب الكبة" in page.locator("#row-1").inner_text()
    subtotal = page.locator("#subtotal-5")
    assert "مجموع نقاطها صفر" in subtotal.inner_text()
    cells = [c.get_attribute("data-value") for c in subtotal.locator("td[data-value]").all()]
    assert cells == ["-125", "0", "150", "-25"]
    assert "wrong" not in subtotal.get_attribute("class")
    # the second kingdom passes to the owner's right, as the common game's rules say
    assert TRIX_NAMES["N"] in page.locator("#points-form legend").first.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    no_axe_violation(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#subtotal-5").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "sheet-trix-ar-phone.png"), full_page=True)
    context.close()
    assert failed == []
