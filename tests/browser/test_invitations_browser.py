"""The host's invitations on a phone (issue 44), in Arabic and in English, by tapping: the host
opens a table at /<lang>/<game>/table/new/ and lands on the invitations page (a link for
South, the coach and the watchers); a friend takes South in another browser; the host's page
then shows South taken by the friend's name and no longer its link, which opens nothing for a
third browser; the host reissues South's invitation, the new link is marked, the friend's
page is gone and the new link opens the invitation. With computer help on, whoever's turn it
is taps "A hint" and reads it. Screenshots in tests/artifacts/invitations-<lang>-*.png."""

import re

import pytest

from .conftest import ARTIFACTS, PHONE, checked_page

pytestmark = pytest.mark.browser

JOURNEYS = [
    ("en", "tarneeb", "Hala", "Samir", "Taken by"),
    ("ar", "hearts", "هالة", "سمير", "أخذه"),
]


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def within_the_phone(page, selector):
    """Every element ``selector`` finds lies inside the phone's width."""
    for box in page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); "
        "return [r.left, r.right, r.height]; })"
    ):
        assert box[0] >= -1 and box[1] <= 391, (selector, box)


@pytest.mark.parametrize("lang, game, host_name, friend_name, taken_by", JOURNEYS)
def test_the_host_invites_a_friend_who_takes_the_seat_and_the_host_reissues_it(
    browser, one_worker, lang, game, host_name, friend_name, taken_by
):
    base = one_worker
    with (
        checked_page(browser, base, f"invitations-{lang}-host-end", **PHONE) as host,
        checked_page(browser, base, f"invitations-{lang}-friend-end", **PHONE) as friend,
        checked_page(browser, base, f"invitations-{lang}-stranger-end", **PHONE) as stranger,
    ):
        host.goto(f"{base}/{lang}/{game}/table/new/")
        assert host.locator("html").get_attribute("dir") == ("rtl" if lang == "ar" else "ltr")
        host.locator("input[name=name]").fill(host_name)
        # the host sits North and invites South, with a coach beside South
        host.locator('select[name="seat.N"]').select_option("me")
        host.locator('select[name="seat.S"]').select_option("person")
        host.locator("select[name=coach]").select_option("S")
        host.locator("details.more-options summary").tap()  # time and help, one tap further
        host.locator("input[name=help]").tap()
        host.locator("main form button[type=submit]").tap()
        host.wait_for_url(re.compile(r"/tables/[^/]+/invitations/$"))
        items = host.locator(".invitations > li")
        assert items.count() == 3  # South, the coach, the watchers
        south = host.locator("#invite-S")
        link = south.locator("input[readonly]").input_value()
        assert "/join/" in link
        within_the_phone(host, ".invitations input, .invitations button, main h1")
        shot(host, f"invitations-{lang}-1-host")

        # the friend takes South by tapping, under a name of their own
        friend.goto(link.replace("http://127.0.0.1:8000", base))
        friend.locator("input[name=name]").fill(friend_name)
        friend.locator("main form button[type=submit]").tap()
        friend.wait_for_selector("#live-table")
        assert "/join/" not in friend.url
        shot(friend, f"invitations-{lang}-2-friend-at-the-table")

        # the host's page: South taken, its link gone; the others' still there
        host.reload()
        assert south.locator("input[readonly]").count() == 0
        assert taken_by in south.inner_text() and friend_name in south.inner_text()
        key = link.rstrip("/").rsplit("/", 1)[1]
        assert key not in host.content()
        assert host.locator("#invite-coach input[readonly]").count() == 1
        assert host.locator("#invite-watch input[readonly]").count() == 1
        shot(host, f"invitations-{lang}-3-south-taken")

        # the claimed link opens nothing for anyone else: it says the place is taken
        stranger.goto(link.replace("http://127.0.0.1:8000", base))
        assert stranger.locator("main [role=alert]").is_visible()
        assert stranger.locator("main form").count() == 0
        assert friend_name not in stranger.content()
        shot(stranger, f"invitations-{lang}-4-stranger-taken")

        # the host reissues South's invitation: marked on the page, the friend holds nothing
        south.locator("button[name=seat]").tap()
        host.wait_for_url(re.compile(r"\?new=S#invite-S$"))
        fresh = host.locator("#invite-S.new input[readonly]").input_value()
        assert fresh != link and host.locator("#invite-S .reissued").is_visible()
        shot(host, f"invitations-{lang}-5-reissued")
        answer = friend.goto(friend.url)
        assert answer.status == 404
        stranger.goto(fresh.replace("http://127.0.0.1:8000", base))
        assert stranger.locator("main form button[type=submit]").is_visible()
        shot(stranger, f"invitations-{lang}-6-new-link")

        # the friend takes it again by the new link; the host goes to the table
        friend.goto(fresh.replace("http://127.0.0.1:8000", base))
        friend.locator("input[name=name]").fill(friend_name)
        friend.locator("main form button[type=submit]").tap()
        friend.wait_for_selector("#live-table")
        host.locator("a.to-table").tap()
        host.wait_for_selector("#live-table")
        # computer help is on: whoever's turn it is asks for the hint and reads it
        for page in (host, friend):
            page.reload()
        turn = next((p for p in (host, friend) if p.locator("a.hint-link").count()), None)
        if turn is not None:
            turn.locator("a.hint-link").tap()
            turn.locator("#hint").wait_for()
            assert turn.locator("#hint .club-move").inner_text().strip()
            within_the_phone(turn, "#hint p")
            shot(turn, f"invitations-{lang}-7-hint")
