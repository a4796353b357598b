"""Play with friends, as issue 47's "Done when" walks it, by tapping in Chromium: a teacher on
an Arabic phone reaches "Play with friends" from the home page in one tap, opens a Tarneeb
table as the coach of South with two friends and a computer player; South (an Arabic phone),
North (a French desktop) and East (an English desktop) open the language-free invitation and
each lands in their own language; the coach taps a card of South's hand and South sees it
marked, and the note as a toast, in the first screen; South's network drops and the page says
it is reconnecting, then that it is back; a watcher joins. axe-core finds no violation on the
form, the invitation, and the table as seat, coach and watcher. Screenshots:
tests/artifacts/friends-*.png."""

import re

import pytest

from .conftest import ARTIFACTS, PHONE, WIDE, checked_page
from .test_classes_browser import no_axe_violation
from .test_live_table import KEEP_SOCKETS

pytestmark = pytest.mark.browser


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"friends-{name}.png"))


def in_first_screen(page, selector):
    """``selector`` is drawn inside the viewport as the page stands (never below the fold)."""
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box


def link_of(host, which, base):
    url = host.locator(f"#invite-{which} input[readonly]").input_value()
    path = "/" + url.split("://", 1)[1].split("/", 1)[1]
    assert path.startswith("/tables/") and "/join/" in path  # no language in it
    return base + path


def test_a_teacher_coaches_south_with_friends_in_their_own_languages(browser, one_worker):
    base = one_worker
    phone = {**PHONE, "locale": "ar"}
    with (
        checked_page(browser, base, "friends-end-coach", **phone) as coach,
        checked_page(browser, base, "friends-end-south", **phone) as south,
        checked_page(browser, base, "friends-end-north", viewport=WIDE, locale="fr-FR") as north,
        checked_page(browser, base, "friends-end-east", viewport=WIDE, locale="en-GB") as east,
        checked_page(browser, base, "friends-end-watcher", viewport=WIDE, locale="fr") as watcher,
    ):
        # one tap from the home page to the form
        coach.goto(f"{base}/ar/")
        coach.locator("#tarneeb a.play-friends").tap()
        coach.wait_for_url(re.compile(r"/ar/tarneeb/table/new/$"))
        assert coach.locator("h1").inner_text().startswith("العب")
        shot(coach, "1-form-ar")
        no_axe_violation(coach, "the form, ar")
        coach.locator("#id-name").fill("سميرة")
        coach.locator("input[name=role][value=coach]").tap()
        coach.locator("#id-coached").select_option("S")
        assert coach.locator("#id-seat-S").input_value() == "person"  # "me" gave way
        coach.locator("#id-seat-E").select_option("person")
        shot(coach, "2-form-coach-ar")
        coach.locator("main form button.start").tap()
        coach.wait_for_url(re.compile(r"/invitations/$"))
        assert coach.locator(".invitations > li").count() == 4  # S, N, E, the watchers
        shot(coach, "3-invitations-ar")
        links = {w: link_of(coach, w, base) for w in ("S", "N", "E", "watch")}

        # the friends open the same kind of link, each in their own language
        south.context.add_init_script(KEEP_SOCKETS)
        south.goto(links["S"])
        assert "/ar/tables/" in south.url
        assert "سميرة" in south.locator(".invite").inner_text()
        assert "سيدرّبك" in south.locator(".coached-line").inner_text()
        shot(south, "4-invitation-south-ar")
        no_axe_violation(south, "the invitation, ar")
        south.locator("input[name=name]").fill("ليلى")
        south.locator("button.start").tap()
        south.wait_for_selector("#live[data-socket=open]", timeout=30000)

        north.goto(links["N"])
        assert "/fr/tables/" in north.url
        assert "Samira" not in north.content()  # her name is her own: سميرة
        assert "vous invite à jouer Nord" in north.locator(".invite").inner_text()
        shot(north, "5-invitation-north-fr")
        no_axe_violation(north, "the invitation, fr")
        north.locator("input[name=name]").fill("Claire")
        north.locator("button.start").click()
        north.wait_for_selector("#live[data-socket=open]", timeout=30000)

        east.goto(links["E"])
        assert "/en/tables/" in east.url and "invites you to play East" in east.content()
        east.locator("input[name=name]").fill("Eli")
        east.locator("button.start").click()
        east.wait_for_selector("#live[data-socket=open]", timeout=30000)

        # the coach: South's hand on the felt, every card a button that suggests it
        coach.goto(f"{base}{coach.locator('a.to-table').get_attribute('href')}")
        coach.wait_for_selector("#live[data-socket=open]", timeout=30000)
        cards = coach.locator(".hint-form .at-bottom button.suggest")
        assert cards.count() == 13
        shot(coach, "6-coach-ar")
        no_axe_violation(coach, "the table as coach, ar")
        coach.locator(".note-fields input[name=text]").fill("Garde l’atout.")
        chosen = cards.nth(3).get_attribute("value")
        cards.nth(3).tap()
        coach.locator(
            f'.hint-form button.suggest[value="{chosen}"][aria-pressed="true"]'
        ).wait_for()

        # the learner: the card marked on the hand, the note a toast in the first screen
        south.locator("#coach-note").wait_for(timeout=30000)
        south.locator(f'.at-bottom li.suggested [data-card="{chosen}"]').first.wait_for()
        assert south.evaluate("window.scrollY") == 0
        in_first_screen(south, "#coach-note")
        assert "Garde l’atout." in south.locator("#coach-note bdi").inner_text()
        assert south.locator("#coach-note bdi").get_attribute("dir") == "auto"
        shot(south, "7-south-sees-the-suggestion-ar")
        no_axe_violation(south, "the table as the coached seat, ar")
        # "Ask my coach" reaches the coach as a toast in the first screen too
        south.locator(".ask-form button").tap()
        coach.locator("#coach-note.ask").wait_for(timeout=30000)
        in_first_screen(coach, "#coach-note")
        shot(coach, "8-coach-asked-ar")

        # the network drops: "reconnecting…", then "back"
        south.evaluate("window.__offline = true; window.__sockets.at(-1).close()")
        south.locator('#live[data-socket="closed"]').wait_for()
        south.locator("#live-state.offline").wait_for()
        assert "إعادة الاتصال" in south.locator("#live-state").inner_text()
        in_first_screen(south, "#live-state")
        shot(south, "9-south-reconnecting-ar")
        south.evaluate("window.__offline = false; window.dispatchEvent(new Event('online'))")
        south.locator("#live-state.back").wait_for(timeout=30000)
        assert "رجع الاتصال" in south.locator("#live-state").inner_text()
        shot(south, "10-south-back-ar")

        # a watcher joins, in French
        watcher.goto(links["watch"])
        assert "/fr/tables/" in watcher.url
        watcher.get_by_role("button", name="Regarder cette table").click()
        watcher.wait_for_selector("#live[data-socket=open]", timeout=30000)
        seats = watcher.locator(".live-seats").inner_text()
        assert "Claire" in seats and "Eli" in seats and "ليلى" in seats
        assert "avec un coach" in seats
        shot(watcher, "11-watcher-fr")
        no_axe_violation(watcher, "the table as watcher, fr")
        # the names are isolated where they are shown
        assert watcher.locator('.live-seats bdi[dir="auto"]').count() >= 3
