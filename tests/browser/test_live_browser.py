"""Two people at a live table in two browsers, under the production server: a move tapped in
one is sent over the WebSocket (no page load) and appears in the other without a reload."""

import pytest

from .conftest import WIDE, checked_page

pytestmark = pytest.mark.browser


def test_a_move_in_one_browser_shows_in_the_other(browser, one_worker):
    with (
        checked_page(browser, one_worker, "live-host", viewport=WIDE) as host,
        checked_page(browser, one_worker, "live-guest", viewport=WIDE) as guest,
    ):
        host.goto(one_worker + "/en/tarneeb/table/new/")
        host.click("form button[type=submit]")
        link = host.locator(".invitations input[readonly]").first.input_value()
        guest.goto(link.replace("http://127.0.0.1:8000", one_worker))
        guest.click("form button[type=submit]")
        host.click("text=Go to the table")
        pages = [host, guest]
        for page in pages:
            page.wait_for_selector("#live-table")
            page.evaluate("window.__samePage = true")
        host.wait_for_timeout(500)  # both sockets said hello
        mover = next(p for p in pages if p.locator("form.moves button").count())
        other = guest if mover is host else host
        before = other.locator("#live-table").inner_text()
        mover.locator("form.moves button").first.click()
        other.wait_for_function(
            "text => document.getElementById('live-table').innerText !== text", arg=before
        )
        for page in pages:
            assert page.evaluate("window.__samePage === true")  # redrawn in place
