"""The learning loop on a phone (issue 45), in Chromium with touch at 390 x 844, in Arabic: a
whole deal of each game played to its end by tapping, its review judged (by the page's own
script, a request at a time), a real mistake told in words at its trick, and that mistake
tried again from the review by tapping: the card played in the deal refused with what it
costs, then cards tried until one of cost 0 is found. In Tarneeb the review judges the calls
too. Screenshots: ``tests/artifacts/review_<game>_ar.png`` (the review's judging),
``retry_<game>_ar_refused.png`` and ``retry_<game>_ar_found.png``."""

import random

import pytest

from .conftest import ARTIFACTS, checked_page, in_place
from .test_practice_browser import Table

pytestmark = pytest.mark.browser

GAMES = ["bent-al-sbeet", "tarneeb", "sabaat-al-deemin", "leekha", "tarneeb-41", "hearts"]
MAX_TURNS = 200
MAX_DEALS = 20  # Sab'at's card play has few choices: a real mistake may take several deals


@pytest.fixture
def phone(browser, site, request):
    """390 x 844 with touch, as a phone is held."""
    options = {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
    }
    with checked_page(browser, site, request.node.name, **options) as page:
        yield page


class Tapping(Table):
    """The practice table driven by taps, a careless learner's: any legal card."""

    def __init__(self, page, seed: str):
        super().__init__(page)
        self.rng = random.Random(seed)

    def press(self, locator):
        # the deal's last card brings its review (the calls judged against the double-dummy
        # table): a slow answer on a busy machine, waited for, not a failure
        in_place(self.page, locator.tap)
        self.settle()

    def pass_cards(self, settle: bool = True):
        confirm = self.page.locator("#live button.confirm[data-needed]")
        needed = int(confirm.get_attribute("data-needed"))
        for card in self.page.locator("#live label.pick").all()[:needed]:
            card.tap()
        self.press(confirm)

    def legal_card(self):
        cards = self.page.locator("#live li.legal button.play")
        self.press(cards.nth(self.rng.randrange(cards.count())))

    def play_deal(self):
        for _ in range(MAX_TURNS):
            if self.over():
                return
            phase = self.phase
            if phase == "pass":
                self.pass_cards()
            elif phase == "expose":
                self.call("keep")
            elif phase in ("bidding", "announce"):
                # pass where the rules allow it, else the cheapest call (Tarneeb 41 bids)
                calls = self.page.locator('#live button[name="move"][data-call]')
                passing = self.page.locator('#live button[name="move"][value="pass"]')
                self.press(passing if passing.count() else calls.first)
            elif phase == "trump":
                self.press(self.page.locator("#live .actions button.move").first)
            elif self.has_call("knock"):
                self.call("knock")
            else:
                self.legal_card()
        raise AssertionError("the deal did not end")

    def judged(self):
        """The review's judging, finished by the page's script; None for a deal with no card
        of the learner's to judge (thrown in, redealt, or every card forced)."""
        self.page.locator("#review").wait_for(state="attached")
        if not self.page.locator("#analysis").count():
            return None
        self.page.wait_for_function(
            "() => document.querySelector('#analysis')?.dataset.pending === '0'", timeout=120000
        )
        return self.page.locator("#analysis")


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_reviewed_and_a_mistake_retried_by_tapping_in_arabic(phone, game):
    page = phone
    table = Tapping(page, f"review {game}")
    table.start("ar", game)
    assert page.locator("html").get_attribute("dir") == "rtl"
    table.settle()
    for _ in range(MAX_DEALS):
        table.play_deal()
        box = table.judged()
        if box is not None and box.locator("a.retry-trick").count():
            break
        if page.locator("button.next-deal").count():
            table.next_deal()
        else:  # the match is over: another one
            table.start("ar", game)
            table.settle()
    else:
        raise AssertionError("no real mistake in the deals played")
    mistake = box.locator("li.mistake").first
    told = mistake.locator(".told").inner_text()
    assert told.strip() and any("\u0600" <= ch <= "\u06ff" for ch in told)
    if game == "tarneeb":
        calls = page.locator("#calls li")
        assert calls.count() >= 1 and "بكشف الأيدي كلها" in calls.first.inner_text()
    mistake.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"review_{game}_ar.png"))
    # the retry: the moment before the costly card, the card played then refused
    ply = mistake.get_attribute("data-ply")
    played = box.locator(f'.cost-list li[data-ply="{ply}"]').get_attribute("data-move")
    with page.expect_navigation():
        mistake.locator("a.retry-trick").tap()
    assert page.locator(".retry-mark").is_visible()
    with page.expect_navigation():
        page.locator(f'#live button.play[data-card="{played}"]').tap()
    refused = page.locator("#verdict.refused")
    assert refused.is_visible() and refused.get_attribute("data-card") == played
    verdict = refused.bounding_box()
    assert verdict["y"] + verdict["height"] <= 844  # the answer in the first screen
    page.screenshot(path=str(ARTIFACTS / f"retry_{game}_ar_refused.png"))
    # cards tried in turn until one of cost 0: it is played, and the table plays on
    tried = {played}
    for _ in range(13):
        legal = [
            b.get_attribute("data-card") for b in page.locator("#live li.legal button.play").all()
        ]
        choice = next(c for c in legal if c not in tried)
        tried.add(choice)
        with page.expect_navigation():
            page.locator(f'#live button.play[data-card="{choice}"]').tap()
        if page.locator("#verdict.found").count():
            break
        assert page.locator("#verdict.refused").is_visible()
    else:
        raise AssertionError("no card of cost 0 found")
    assert page.locator("#verdict.found").is_visible()
    page.screenshot(path=str(ARTIFACTS / f"retry_{game}_ar_found.png"))
    with page.expect_navigation():
        page.locator("a.back-to-review").tap()
    assert page.locator("#analysis").count() == 1
