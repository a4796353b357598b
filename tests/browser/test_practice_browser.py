"""The practice table in Chromium: a whole Bent Al Sbeet deal played by touching cards on a
phone in Arabic, a Tarneeb deal with its bidding in English (the first bid by keyboard), a
Sab'at Al-Deemin deal with a knock in French; the computer players' replies shown one by one
and announced; the seed check at the end of each deal; no policy violation on the way."""

import hashlib

import pytest
from playwright.sync_api import expect

from .conftest import ARTIFACTS, checked_page, in_place
from .pages import skip_replies
from .test_hardening_browser import Visits

pytestmark = pytest.mark.browser

MAX_TURNS = 120


@pytest.fixture
def phone(browser, site, request):
    """A 390 x 844 screen, with the same checks as the site's other browser tests."""
    options = {"viewport": {"width": 390, "height": 844}, "is_mobile": True}
    with checked_page(browser, site, request.node.name, **options) as page:
        yield page


class Table:
    """Drives the practice table as a learner does: waits for the computers' replies, then
    makes a move by touching a card or pressing a call's button."""

    def __init__(self, page):
        self.page = page
        self.visits = Visits(page)

    def start(self, lang: str, game: str, **form):
        self.visits.go(f"/{lang}/{game}/practice/")
        if form:  # the choices are one tap further than the first screen's deal button
            self.page.locator("details.options > summary").click()
        for name, value in form.items():
            self.page.locator(f'input[name="{name}"][value="{value}"]').check()
        self.visits.click(self.page.locator("form.practice-setup button.start"))
        self.commitment = self.page.locator("#commitment").inner_text()

    def settle(self):
        """Skip the rest of the replies, if they are still being shown."""
        skip_replies(self.page)
        self.page.locator("#live").wait_for(state="visible")

    @property
    def phase(self) -> str:
        return self.page.locator("#live .phase, .meta-line .phase").first.get_attribute(
            "data-phase"
        )

    def over(self) -> bool:
        return self.page.locator("#review").count() > 0

    def press(self, locator):
        """A move, made in place by the table's script: the page never loads again."""
        in_place(self.page, locator.click)
        self.settle()

    def call(self, token: str):
        self.press(self.page.locator(f'#live button[name="move"][value="{token}"]'))

    def pass_cards(self, settle: bool = True):
        """Touch as many cards as the pass needs, then confirm it."""
        confirm = self.page.locator("#live button.confirm[data-needed]")
        needed = int(confirm.get_attribute("data-needed"))
        for card in self.page.locator("#live label.pick").all()[:needed]:
            card.click()  # by touch: the card is the label of its checkbox
        assert self.page.locator("#live input[name=pass]:checked").count() == needed
        assert confirm.is_enabled()
        if settle:
            self.press(confirm)
        else:
            in_place(self.page, confirm.click)

    def legal_card(self):
        self.press(self.page.locator("#live li.legal button.play").first)

    def has_call(self, token: str) -> bool:
        return self.page.locator(f'#live button[name="move"][value="{token}"]').count() > 0

    def next_deal(self):
        self.press(self.page.locator("button.next-deal"))
        self.page.locator("#commitment").wait_for(state="attached")
        self.commitment = self.page.locator("#commitment").inner_text()

    def seed_checks(self):
        """The seed shown at the end is the one whose SHA-256 was shown at the start."""
        check = self.page.locator("#seed-check")
        assert check.is_visible()
        seed = self.page.locator("#seed").inner_text()
        assert hashlib.sha256(seed.encode()).hexdigest() == self.commitment
        assert self.page.locator("#seed-check .dealt li").count() == 4


def test_the_replies_appear_one_by_one_and_are_announced(page):
    table = Table(page)
    table.start("en", "bent-al-sbeet", seat="W")  # West passes after the others...
    if page.locator(".replies").count() == 0:
        # ...unless South dealt (the first dealer is drawn): then West's pass brings them
        table.pass_cards(settle=False)
    assert page.locator("#live").is_hidden()
    items = page.locator(".reply-list li")
    assert items.count() >= 1
    expect(page.locator("#announce")).not_to_have_text("")
    shown = page.locator(".reply-list li:visible").count()
    assert 1 <= shown < items.count() or items.count() == 1
    first = items.first.inner_text()
    assert "computer, club" in first and page.locator("#announce").inner_text()
    page.locator("#live").wait_for(state="visible")  # all of them, at a pace
    assert page.locator(".reply-list li:visible").count() == items.count()
    focused = page.evaluate("document.activeElement.closest('#live') !== null")
    assert focused  # the learner's move is under the keyboard
    page.reload()  # a reload shows the table as it is
    assert page.locator("#live").is_visible() and page.locator(".replies").count() == 0


def test_a_bent_al_sbeet_deal_by_touching_cards_on_a_phone_in_arabic(phone):
    page = phone
    table = Table(page)
    table.start("ar", "bent-al-sbeet")
    assert page.locator("html").get_attribute("dir") == "rtl"
    table.settle()
    assert "كمبيوتر، متمرّس" in page.locator(".players").inner_text()
    for _ in range(MAX_TURNS):
        if table.over():
            break
        phase = table.phase
        if phase == "pass":
            table.pass_cards()
            if table.phase != "pass":  # the cards have changed hands: the three that came in
                expect(page.locator("#live .at-bottom .card.received")).to_have_count(3)
        elif phase == "expose":
            table.call("keep")
        else:
            # Every card fits the phone's screen.
            assert page.evaluate("document.documentElement.scrollWidth") <= 392
            # the three cards passed to the learner are marked in its hand while they are held
            came = page.locator("#live .at-bottom .card.received")
            assert came.count() <= 3
            if came.count() and not (ARTIFACTS / "practice_received_ar_phone.png").exists():
                assert "وصلت بالتمرير" in came.first.inner_text()
                page.screenshot(path=str(ARTIFACTS / "practice_received_ar_phone.png"))
            if not (ARTIFACTS / "practice_bent_al_sbeet_ar_phone_table.png").exists():
                page.locator("#live .felt").screenshot(
                    path=str(ARTIFACTS / "practice_bent_al_sbeet_ar_phone_table.png")
                )
            table.legal_card()
    assert table.over(), "the deal did not end"
    table.seed_checks()
    assert page.locator("#review .review-points tbody tr").count() == 4
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "practice_bent_al_sbeet_ar_phone.png"), full_page=True)


def test_a_tarneeb_deal_with_its_bidding_in_english(page):
    table = Table(page)
    table.start("en", "tarneeb", seat="S")
    table.settle()
    assert page.locator("#live .bidding-box").is_visible()
    # The first bid by keyboard: Tab to the cheapest bid, Enter to make it.
    cheapest = page.locator("#live .bidding-box .bids button").first
    bid = cheapest.get_attribute("value")
    cheapest.focus()
    in_place(page, lambda: page.keyboard.press("Enter"))
    table.settle()
    so_far = " ".join((page.locator(".so-far").text_content() or "").split())
    assert f"South (you) Bid {bid}" in so_far or table.over()
    for _ in range(MAX_TURNS):
        if table.over():
            break
        if table.phase == "bidding":
            table.call("pass")
        elif table.phase == "trump":
            table.press(page.locator("#live .actions button.move").first)
        else:
            table.legal_card()
    assert table.over()
    review = page.locator("#review").inner_text()
    assert "declared by" in review and "Trick 13" in review
    table.seed_checks()
    assert page.locator("#written").is_visible()  # the score sheet's row and its debt
    page.screenshot(path=str(ARTIFACTS / "practice_tarneeb_en.png"), full_page=True)


def test_a_sabaat_deal_with_a_knock_in_french(page):
    table = Table(page)
    table.start("fr", "sabaat-al-deemin", seat="S")
    table.settle()
    knocked = False
    for _ in range(6 * MAX_TURNS):
        if table.over():
            table.seed_checks()
            if knocked:
                break
            if page.locator("button.next-deal").count():
                table.next_deal()  # no knock yet: another deal
            else:
                table.start("fr", "sabaat-al-deemin", seat="S")  # the match is over: another
                table.settle()
            continue
        if table.phase == "announce":
            table.call("pass")
        elif table.has_call("knock"):
            assert page.locator("#live li.legal").count() == 0  # no card fits
            table.call("knock")
            knocked = True
        else:
            table.legal_card()
    assert knocked and table.over()
    assert "Sud (vous)" in page.locator("#review").inner_text()
    assert "frappé sur la table" in page.locator("#review .scorecard").inner_text()  # in line
    page.screenshot(path=str(ARTIFACTS / "practice_sabaat_fr_knock.png"), full_page=True)
    check = page.locator("#seed-check a").last
    table.visits.click(check)
    assert page.locator("#worked-commitment").inner_text() == table.commitment


def test_a_panel_the_learner_opened_stays_open_through_the_moves(phone):
    """htmx morphs the table after each move, so what the learner opened in the drawer (here
    the match's private link) is still open three moves later, in the same document."""
    page = phone
    table = Table(page)
    table.start("en", "bent-al-sbeet")
    table.settle()
    page.evaluate("window.__sameDocument = true")
    panel = page.locator("details.private")
    panel.locator("summary").click()
    assert panel.evaluate("(d) => d.open")
    page.evaluate("window.scrollTo(0, 0)")  # back up to the table, as the learner scrolls
    for _ in range(3):
        if table.phase == "pass":
            table.pass_cards()
        else:
            table.legal_card()
        assert panel.evaluate("(d) => d.open"), "the panel closed on a redraw"
    assert page.evaluate("window.__sameDocument === true")
