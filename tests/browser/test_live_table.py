"""Four browsers at one live table, under the production server, in each of the six games: a
player in Arabic on a phone (South, moves by tapping), a player in French on a desktop
(North), a coach beside the Arabic seat and a watcher; a computer player at East and a person
at West who plays through the API. Every move made anywhere reaches every page over its
WebSocket without a page load, and no page ever holds a card its holder may not see."""

import json
import re
import time
import urllib.request
from contextlib import ExitStack

import pytest

from tests import servers
from tests.tables.helpers import CODE, cards_named

from .conftest import WIDE, checked_page

pytestmark = pytest.mark.browser

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}
SEATING = {"N": "person", "E": "computer:beginner", "S": "person", "W": "person"}
GAMES = ["hearts", "tarneeb", "leekha", "tarneeb-41", "bent-al-sbeet", "sabaat-al-deemin"]
ALL = {r + s for r in "23456789TJQKA" for s in "SHDC"}
LIVE = "#live-table"
# Every move of the browsers' players is tapped in these; in the others only the first two
# each (the rest go through the API, and every page still follows them): the time it takes.
TAPPING = {"hearts": None, "tarneeb": None}


@pytest.fixture(scope="module")
def one_worker(site_env, tmp_path_factory):
    """One worker: without REDIS_URL the channel layer is one process's memory."""
    with servers.gunicorn(site_env, workers=1, log_dir=tmp_path_factory.mktemp("log")) as url:
        yield url


@pytest.fixture(scope="module")
def people(browser, one_worker):
    """The four browser contexts, shared by the six games."""
    with ExitStack() as stack:
        pages = {
            "ar": stack.enter_context(checked_page(browser, one_worker, "live-ar-phone", **PHONE)),
            "fr": stack.enter_context(
                checked_page(browser, one_worker, "live-fr-desktop", viewport=WIDE)
            ),
            "coach": stack.enter_context(
                checked_page(browser, one_worker, "live-coach", viewport=WIDE)
            ),
            "watch": stack.enter_context(
                checked_page(browser, one_worker, "live-watcher", viewport=WIDE)
            ),
        }
        for page in pages.values():
            page.loads = 0
            page.on(
                "framenavigated",
                lambda frame, page=page: (
                    setattr(page, "loads", page.loads + 1) if frame == page.main_frame else None
                ),
            )
        yield pages


def api(base, path, body=None, key=None):
    request = urllib.request.Request(base + path, method="POST" if body is not None else "GET")
    request.add_header("Content-Type", "application/json")
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(request, data, timeout=10) as answer:
        return json.loads(answer.read())


def join(page, base, url, lang):
    path = re.sub(r"^https?://[^/]+/[a-z]{2}/", f"/{lang}/", url)
    page.goto(base + path)
    page.locator("main form button[type=submit]").first.click()
    page.wait_for_selector('#live[data-socket="open"] ' + LIVE)


def hand_of(match, seat) -> set[str]:
    return cards_named(match["position"]["hands"][seat])


def wait_ply(page, ply, extra=""):
    page.locator(f'{LIVE}[data-ply="{ply}"]{extra}').wait_for(timeout=10000)


def act_in_browser(page, touch: bool):
    """The move a person makes on the page: the first legal card, else the pass of the cards
    asked for, else a pass in the bidding, else the first call."""
    do = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    form = page.locator(f"{LIVE}[data-mine] form.moves")
    picks = form.locator("label.pick")
    if picks.count():
        needed = int(form.locator("button.confirm").get_attribute("data-needed"))
        for i in range(needed):
            do(picks.nth(i))
        do(form.locator("button.confirm"))
        return
    cards = form.locator("li.legal button.play")
    if cards.count():
        do(cards.first)
        return
    passing = form.locator('button[data-call="pass"]')
    do(passing if passing.count() else form.locator("button[name=move]").first)


def api_move(base, table, key, match):
    """West's move through the API: the cheapest bid in an auction that may be passed (so a
    contract is played), the highest where every seat bids (Tarneeb 41: so the bids reach
    the total a deal is played for), else the first legal move (the whole pass at once)."""
    legal = match["position"]["legal"]
    passes = [t for t in legal if t.startswith("pass:")]
    if passes:
        needed = 3
        move = " ".join(passes[:needed])
    else:
        bids = [t for t in legal if re.fullmatch(r"\d+\w*", t)]
        bids.sort(key=lambda t: int(re.match(r"\d+", t)[0]))
        move = (bids[0] if "pass" in legal else bids[-1]) if bids else legal[0]
    ply = len(match["history"])
    return api(base, f"/api/tables/{table}/move", {"move": move, "ply": ply}, key)


def secret_check(people, base, table, keys):
    """At one ply, every page's HTML against the hands it may not see, with a positive
    control: each player's (and the coach's) page draws its own hand."""
    views = {s: api(base, f"/api/tables/{table}", key=keys[s]) for s in "NSW"}
    history = views["W"]["history"]
    played = {h["move"] for h in history if CODE.fullmatch(h["move"])}
    exposed = {h["move"].split(":")[1] for h in history if h["move"].startswith("expose:")}
    hands = {s: hand_of(views[s], s) for s in "NSW"}
    hands["E"] = ALL - hands["N"] - hands["S"] - hands["W"] - played
    ply = len(history)
    sees = {"ar": "S", "coach": "S", "fr": "N", "watch": None}
    for who, page in people.items():
        wait_ply(page, ply)
        html = page.locator(LIVE).evaluate("e => e.outerHTML")
        named = set(CODE.findall(html))
        own = sees[who]
        secret = set().union(*(h for s, h in hands.items() if s != own)) - exposed
        if own:  # the cards a seat passed are still known to it
            secret -= {
                h["move"][5:]
                for h in views[own]["history"]
                if h["seat"] == own and CODE.fullmatch(h["move"][5:])
            }
        assert not named & secret, (who, sorted(named & secret))
        if own:
            assert hands[own] and hands[own] <= named, who  # the control: its own hand is there
        if played:
            trick = views["W"]["position"]["trick"]
            assert {t["card"] for t in trick} <= named  # the cards on the table, for everyone


def play_a_deal(people, base, game, tapping=None):
    """One deal of ``game``: the two browsers' players tap their moves (their first
    ``tapping`` ones, the rest through the API with their keys: every page still follows)."""
    created = api(
        base, f"/api/{game}/tables", {"seats": SEATING, "coach": "S", "help": False}, None
    )
    table, keys, urls = created["id"], created["keys"], created["urls"]
    join(people["ar"], base, urls["S"], "ar")
    join(people["fr"], base, urls["N"], "fr")
    join(people["coach"], base, urls["coach"], "en")
    join(people["watch"], base, urls["watch"], "en")
    for page in people.values():
        page.evaluate("window.__samePage = true")
    loads = {who: page.loads for who, page in people.items()}
    phone, desktop = people["ar"], people["fr"]
    # Presence: the phone sees North here, East a computer, West away (no browser).
    for seat, state in (("N", "here"), ("E", "computer"), ("W", "away")):
        phone.locator(f'.live-seats [data-seat="{seat}"] [data-presence="{state}"]').wait_for()
    checked = False
    taps = {"S": 0, "N": 0}
    for _ in range(400):
        match = api(base, f"/api/tables/{table}", key=keys["W"])
        position = match["position"]
        if position["is_over"]:
            break
        ply, to_act = len(match["history"]), position["to_act"]
        if to_act == "W":
            if not checked and position["phase"] == "play" and (position["trick"] or ply > 8):
                secret_check(people, base, table, keys)
                checked = True
            api_move(base, table, keys["W"], match)
        else:
            page = phone if to_act == "S" else desktop
            if tapping is not None and taps[to_act] >= tapping:
                api_move(
                    base, table, keys[to_act], api(base, f"/api/tables/{table}", key=keys[to_act])
                )
                continue
            wait_ply(page, ply, "[data-mine]")
            act_in_browser(page, touch=page is phone)
            taps[to_act] += 1
            # the move went over the socket: the page's own block moves on, with no load
            moved = page.locator(f'{LIVE}:not([data-ply="{ply}"])')
            try:
                moved.wait_for(timeout=10000)
            except Exception:
                said = page.locator("#live-error").all_text_contents() or page.url
                raise AssertionError(f"{game}: the move at ply {ply} stayed: {said}") from None
    else:
        raise AssertionError("the deal did not end")
    assert checked and taps["S"] and taps["N"]
    final = len(match["history"])
    for who, page in people.items():
        wait_ply(page, final, "[data-over]")
        assert page.loads == loads[who], f"{who} loaded a page"
        assert page.evaluate("window.__samePage === true")
    return taps


@pytest.mark.parametrize("game", GAMES)
def test_four_browsers_play_a_deal(people, one_worker, game):
    started = time.monotonic()
    taps = play_a_deal(people, one_worker, game, TAPPING.get(game, 2))
    print(game, taps, round(time.monotonic() - started, 1))
    assert people["ar"].evaluate("document.documentElement.dir") == "rtl"
    assert people["fr"].evaluate("document.documentElement.lang") == "fr"
