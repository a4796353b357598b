"""Four browsers at one live table, under the production server, in each of the six games: a
player in Arabic on a phone (South, moves by tapping), a player in French on a desktop
(North), a coach beside the Arabic seat and a watcher; a computer player at East and a person
at West who plays through the API. Every move made anywhere reaches every page over its
WebSocket without a page load, and no page ever holds a card its holder may not see."""

import hashlib
import json
import re
import time
import urllib.request
from contextlib import ExitStack

import pytest
from playwright.sync_api import expect

from tests import servers
from tests.tables.helpers import CODE, cards_named
from tests.waiting import WAIT

from .conftest import ARTIFACTS, PHONE, WIDE, checked_page
from .sight import in_sight

pytestmark = pytest.mark.browser

SEATING = {"N": "person", "E": "computer:beginner", "S": "person", "W": "person"}
# A live table knows a deal only through its family (cardgames.Family, the typed TableView):
# each family played through four browsers, the penalty family twice for its phases (Hearts'
# pass, Bent Al Sbeet's pass and exposing); Leekha and Tarneeb 41 are their families' moves
# (the pages of every game are checked without a browser in tests/tables)
GAMES = ["hearts", "bent-al-sbeet", "tarneeb", "sabaat-al-deemin"]
ALL = {r + s for r in "23456789TJQKA" for s in "SHDC"}
LIVE = "#live-table"
PACE = "diwaniya.pace"  # the practice table's setting, kept by the browser
FAST = f"try {{ localStorage.setItem('{PACE}', 'fast'); }} catch (e) {{}}"
# Every move of the browsers' players is tapped in these; in the others only the first two
# each (the rest go through the API, and every page still follows them): the time it takes.
TAPPING = {"hearts": None, "tarneeb": None}


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
            # the computer players' moves drawn at the fastest pace: this test does not wait
            page.context.add_init_script(FAST)
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
    with urllib.request.urlopen(request, data, timeout=WAIT) as answer:
        return json.loads(answer.read())


def join(page, base, url, lang):
    path = re.sub(r"^https?://[^/]+/[a-z]{2}/", f"/{lang}/", url)
    page.goto(base + path)
    page.locator("main form button[type=submit]").first.click()
    page.wait_for_selector('#live[data-socket="open"] ' + LIVE)


def hand_of(match, seat) -> set[str]:
    return cards_named(match["position"]["hands"][seat])


def wait_ply(page, ply, extra=""):
    page.locator(f'{LIVE}[data-ply="{ply}"]{extra}').wait_for()


def act_in_browser(page, touch: bool):
    """The move a person makes on the page: the pass of the cards asked for, else the first
    legal card, else a pass in the bidding, else the first call (a knock)."""

    def do(loc):
        token = loc.get_attribute("value")
        loc.tap() if touch else loc.click()
        return token

    form = page.locator(f"{LIVE}[data-mine] form.moves")
    picks = form.locator("label.pick")
    if picks.count():
        needed = int(form.locator("button.confirm").get_attribute("data-needed"))
        for i in range(needed):
            do(picks.nth(i))
        return do(form.locator("button.confirm"))
    cards = form.locator("li.legal button.play")
    if cards.count():
        return do(cards.first)
    # every card of the acting hand is a button (legal or not); with no legal card, a call
    passing = form.locator('button[data-call="pass"]')
    return do(passing if passing.count() else form.locator("button[data-call]").first)


def form_move(page, base, table):
    """A browser seat's move without a tap, as a second tab of the same browser would make
    it: its move form, read from the table's live block and posted with the browser's own
    session (its invitation's key was spent when the browser took the seat, so no key opens
    it). The move is the one ``act_in_browser`` would tap."""
    lang = page.locator("html").get_attribute("lang")
    url = f"{base}/{lang}/tables/{table}/"
    html = page.request.get(url + "?part=live").text()
    field = {
        name: re.search(rf'name="{name}" value="([^"]+)"', html)[1]
        for name in ("csrfmiddlewaretoken", "ply", "deal")
    }
    picks = re.findall(r'name="pass" value="([^"]+)"', html)
    # a legal card's item is marked so (the coach's suggestion named before its button); an
    # illegal card is a button too, which says why it may not be played
    legal = re.findall(
        r'<li class="legal[^"]*">(?:<span class="sr-only">[^<]*</span>)?'
        r'<button type="submit" name="move" value="([^"]+)"',
        html,
    )
    calls = re.findall(r'name="move" value="([^"]+)" data-call="[^"]+"', html)
    if picks:
        needed = int(re.search(r'data-needed="(\d+)"', html)[1])
        move = " ".join(picks[:needed])  # each pick is its pass move already
    else:
        move = legal[0] if legal else ("pass" if "pass" in calls else calls[0])
    answer = page.request.post(
        url + "move/", form={**field, "move": move}, headers={"Referer": url}, max_redirects=0
    )
    assert answer.status == 303, (move, answer.status)
    return move


def api_move(base, table, key, match):
    """West's move through the API: the cheapest bid in an auction that may be passed (so a
    contract is played), the highest where every seat bids (Tarneeb 41: so the bids reach
    the total a deal is played for), a plain pass in Sab'at's announcements (never the redeal
    that would end the deal unplayed), else the first legal move (the whole pass at once)."""
    legal = match["position"]["legal"]
    passes = [t for t in legal if t.startswith("pass:")]
    if passes:
        needed = 3
        move = " ".join(passes[:needed])
    else:
        bids = [t for t in legal if re.fullmatch(r"\d+\w*", t)]
        bids.sort(key=lambda t: int(re.match(r"\d+", t)[0]))
        if bids:
            move = bids[0] if "pass" in legal else bids[-1]
        else:
            move = "pass" if "pass" in legal else legal[0]
    ply = len(match["history"])
    return api(base, f"/api/tables/{table}/move", {"move": move, "ply": ply}, key)


def stored(env, table: str) -> dict:
    """The deal in play as the server stores it, read by the site's own code in a process of
    its own: every seat's hand and each seat's view of the moves (the browsers' seats have
    no key to ask the API with: theirs were spent when they took the seats)."""
    code = (
        "import json; from tables.models import Table; from tables import service; "
        "from cardgames import cards; "
        f"m, d = service.read(Table.objects.get(public_id={table!r})); p = m.replay(d); "
        "print(json.dumps({'hands': {'NESW'[s]: [cards.card_code(c) for c in "
        "cards.cards_in(p.state.hands[s])] for s in range(4)}, 'history': {'NESW'[s]: "
        "[{'seat': 'NESW'[a], 'move': t} for a, t in zip(p.actors, p.visible_tokens(s))] "
        "for s in range(4)}, 'ply': p.ply}))"
    )
    return json.loads(servers.manage(env, "shell", "-c", code).strip().splitlines()[-1])


def secret_check(people, base, table, keys, env):
    """At one ply, every page's HTML against the hands it may not see, with a positive
    control: each player's (and the coach's) page draws its own hand."""
    deal = stored(env, table)
    west = api(base, f"/api/tables/{table}", key=keys["W"])
    history = west["history"]
    assert len(history) == deal["ply"]
    played = {h["move"] for h in history if CODE.fullmatch(h["move"])}
    exposed = {h["move"].split(":")[1] for h in history if h["move"].startswith("expose:")}
    hands = {s: set(cards) for s, cards in deal["hands"].items()}
    assert hands["W"] == hand_of(west, "W")  # the stored deal is the one the API shows
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
                for h in deal["history"][own]
                if h["seat"] == own and CODE.fullmatch(h["move"][5:])
            }
        assert not named & secret, (who, sorted(named & secret))
        if own:
            assert hands[own] and hands[own] <= named, who  # the control: its own hand is there
        if played:
            trick = west["position"]["trick"]
            assert {t["card"] for t in trick} <= named  # the cards on the table, for everyone


def coach_and_learner_talk(people, game):
    """The coach marks a card of the coached hand and sends a sentence: it reaches the coached
    seat's page (the card named in Arabic there), no other; the learner's ask reaches the
    coach. All over the sockets: no page loads (checked by the caller)."""
    coach, phone = people["coach"], people["ar"]
    text = f"Keep your {game} eyes open"
    coach.locator(f"{LIVE} .note-fields input[name=text]").fill(text)
    card = coach.locator(f"{LIVE} .hint-form .at-bottom button.suggest").first
    chosen = card.get_attribute("value")
    card.click()  # the coach (a desktop) suggests a card by choosing it on the coached hand
    note = phone.locator("#coach-note", has_text=text)
    note.wait_for()
    phone.locator(f'.at-bottom li.suggested [data-card="{chosen}"]').first.wait_for()
    # the coach's word above the felt: in sight on the phone, with the whole hand
    in_sight(phone, "#coach-note", "live-coach-hint-ar", at_top=False)
    said = note.inner_text()
    assert re.search(r"[\u0600-\u06FF]", said) and not CODE.search(said), said
    for who in ("fr", "watch", "coach"):
        assert text not in people[who].locator(LIVE).inner_text(), who
    phone.locator(f"{LIVE} form.ask-form button").tap()
    coach.locator("#coach-note.ask").wait_for()
    assert not people["fr"].locator("#coach-note.ask").count()
    # a quick phrase: said in Arabic, read in French under the seat's French name
    phone.locator('#phrases [data-phrase="well_played"]').tap()
    heard = people["fr"].locator("#said li").last
    heard.wait_for()
    french = people["fr"].locator('#phrases [data-phrase="well_played"]').inner_text()
    south = people["fr"].locator(f'{LIVE} .live-seats [data-seat="S"]').inner_text()
    assert french in heard.inner_text() and heard.locator("b").inner_text() in south


def play_a_deal(people, base, game, tapping=None, env=None):
    """One deal of ``game``: the two browsers' players tap their moves (their first
    ``tapping`` ones, the rest by their pages' forms, untapped: every page still follows)."""
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
    # Presence: the phone sees North here, West away (no browser); East is a computer
    # player, which its name says: no presence of its own
    for seat, state in (("N", "here"), ("W", "away")):
        phone.locator(f'.live-seats [data-seat="{seat}"] [data-presence="{state}"]').wait_for()
    assert phone.locator('.live-seats [data-seat="E"] [data-presence]').count() == 0
    checked = False
    taps = {"S": 0, "N": 0}
    match = None  # West's view, as the last answer gave it (None: ask)
    for _ in range(400):
        match = match or api(base, f"/api/tables/{table}", key=keys["W"])
        position = match["position"]
        if position["is_over"]:
            break
        ply, to_act = len(match["history"]), position["to_act"]
        if to_act == "W":
            if not checked and position["phase"] == "play" and (position["trick"] or ply > 8):
                secret_check(people, base, table, keys, env)
                coach_and_learner_talk(people, game)
                checked = True
            match = api_move(base, table, keys["W"], match)
            continue
        match = None
        page = phone if to_act == "S" else desktop
        wait_ply(page, ply, "[data-mine]")
        if tapping is not None and taps[to_act] >= tapping:
            form_move(page, base, table)
            continue
        # a socket dropped under load comes back on its own; the tap is for the socket's path
        page.wait_for_selector('#live[data-socket="open"]')
        tapped = act_in_browser(page, touch=page is phone)
        taps[to_act] += 1
        # the move went over the socket: the page's own block moves on, with no load
        moved = page.locator(f'{LIVE}:not([data-ply="{ply}"])')
        try:
            moved.wait_for()
        except Exception:
            said = page.locator("#live-error").all_text_contents() or (
                page.url,
                page.locator("main").inner_text()[:300],
            )
            raise AssertionError(f"{game}: {tapped} at ply {ply} stayed: {said}") from None
    else:
        raise AssertionError("the deal did not end")
    if not checked and any(h["move"] == "redeal" for h in match["history"]):
        # the computer player at East asked for Sab'at's redeal (three kings or three aces):
        # the deal ended unplayed, so the table is played again from a new one
        return play_a_deal(people, base, game, tapping, env)
    assert checked and taps["S"] and taps["N"]
    final = len(match["history"])
    for who, page in people.items():
        wait_ply(page, final, "[data-over]")
        assert page.loads == loads[who], f"{who} loaded a page"
        assert page.evaluate("window.__samePage === true")
    return taps


@pytest.mark.parametrize("game", GAMES)
def test_four_browsers_play_a_deal(people, one_worker, site_env, game):
    started = time.monotonic()
    taps = play_a_deal(people, one_worker, game, TAPPING.get(game, 2), site_env)
    print(game, taps, round(time.monotonic() - started, 1))
    assert people["ar"].evaluate("document.documentElement.dir") == "rtl"
    assert people["fr"].evaluate("document.documentElement.lang") == "fr"


# Every socket the page opens, so the test can drop one as a network does; while
# ``__offline`` is set a new socket goes nowhere (a closed port), as with no network. (The
# browser's own offline switch left a socket's closing handshake hanging under load.)
KEEP_SOCKETS = """
(() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.__offline = false;
  function Kept(url, protocols) {
    const socket = new Real(window.__offline ? "ws://127.0.0.1:9/" : url, protocols);
    window.__sockets.push(socket);
    return socket;
  }
  Kept.prototype = Real.prototype;
  for (const k of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Kept[k] = Real[k];
  window.WebSocket = Kept;
})();
"""
# A phone's share sheet, stood in for: it keeps what it is given.
SHARE_SHEET = "navigator.share = async (data) => { window.__shared = data; };"


def test_a_dropped_socket_asks_only_for_what_it_missed_and_errors_are_shown(people, one_worker):
    phone = people["ar"]
    phone.context.add_init_script(KEEP_SOCKETS)
    created = api(one_worker, "/api/hearts/tables", {"seats": SEATING, "coach": "S"})
    table, keys = created["id"], created["keys"]
    sent, received = [], []
    phone.on(
        "websocket",
        lambda ws: (
            ws.on("framesent", lambda payload: sent.append(json.loads(payload))),
            ws.on("framereceived", lambda payload: received.append(json.loads(payload))),
        ),
    )
    join(phone, one_worker, created["urls"]["S"], "ar")
    phone.evaluate("window.__samePage = true")
    loads = phone.loads
    before = int(phone.locator(LIVE).get_attribute("data-ply"))
    # The network drops; meanwhile the others (and South, from another tab) move.
    phone.evaluate("window.__offline = true; window.__sockets.at(-1).close()")
    phone.locator('#live[data-socket="closed"]').wait_for()
    assert phone.locator("#live-state").is_visible()  # it says it is reconnecting
    for _ in range(3):
        match = api(one_worker, f"/api/tables/{table}", key=keys["W"])
        seat = match["position"]["to_act"]
        if seat == "S":  # South's own move, from a second tab: its key was spent
            form_move(phone, one_worker, table)
            continue
        state = api(one_worker, f"/api/tables/{table}", key=keys[seat])
        api_move(one_worker, table, keys[seat], state)
    after = len(api(one_worker, f"/api/tables/{table}", key=keys["W"])["history"])
    assert after > before
    received.clear()
    phone.evaluate("window.__offline = false; window.dispatchEvent(new Event('online'))")
    wait_ply(phone, after)
    hellos = [f for f in sent if f["type"] == "hello"]
    assert hellos[-1]["ply"] == before and len(hellos) >= 2
    moves = [f["ply"] for f in received if f["type"] == "move"]
    assert moves == list(range(before + 1, after + 1))  # each missed move once, no more
    assert phone.loads == loads and phone.evaluate("window.__samePage === true")
    # A refused frame's message is shown, in the page's language.
    phone.evaluate(
        'window.__sockets.at(-1).send(JSON.stringify({type: "move", ply: 0, move: "2C"}))'
    )
    error = phone.locator("#live-error")
    error.wait_for()
    assert error.inner_text().strip() and not re.search(r"[A-Za-z]{4}", error.inner_text())


def test_the_turn_alert_is_off_until_asked_and_remembered(people, one_worker):
    page = people["ar"]
    created = api(one_worker, "/api/hearts/tables", {"seats": SEATING})
    join(page, one_worker, created["urls"]["S"], "ar")
    toggle = page.locator("#turn-alert")
    assert toggle.is_visible() and not toggle.is_checked()
    toggle.tap()
    page.reload()
    assert page.locator("#turn-alert").is_checked()
    assert page.evaluate("localStorage.getItem('diwaniya.table.alert')") == "on"
    page.locator("#turn-alert").tap()
    assert page.evaluate("localStorage.getItem('diwaniya.table.alert')") == "off"


def test_the_invitations_are_shared_or_copied(people, one_worker):
    desktop, phone = people["fr"], people["ar"]
    desktop.context.grant_permissions(["clipboard-read", "clipboard-write"])
    desktop.goto(one_worker + "/fr/hearts/table/new/")
    desktop.locator("main form button[type=submit]").click()
    first = desktop.locator(".invitations li").first
    has_share = desktop.evaluate("typeof navigator.share === 'function'")
    # the page's script shows the share sheet's button where there is one, the copy otherwise
    button = first.locator("button.share" if has_share else "button.copy")
    expect(button).to_be_visible()
    expect(button).to_have_text("Partager…" if has_share else "Copier le lien")
    if not has_share:
        button.click()
        first.locator(".shared").wait_for()
        assert (
            desktop.evaluate("navigator.clipboard.readText()")
            == first.locator("input[readonly]").input_value()
        )
    # A phone hands the link to its share sheet (here a stand-in that keeps what it is given).
    phone.context.add_init_script(SHARE_SHEET)
    phone.goto(one_worker + "/ar/hearts/table/new/")
    phone.locator("main form button[type=submit]").tap()
    first = phone.locator(".invitations li").first
    first.locator("button.share").tap()
    shared = phone.evaluate("window.__shared")
    assert shared["url"] == first.locator("input[readonly]").input_value()


ALTERNATE = {"N": "person", "E": "computer:beginner", "S": "person", "W": "computer:beginner"}


def person_moves(base, table, keys, pages) -> tuple[int, int]:
    """The person to act moves by their page's form, untapped (``form_move``: the browsers'
    keys were spent when they took their seats), the computer players then replying on the
    server: the plies before the person's move and after the replies (the watchers' key,
    shared, reads them)."""
    match = api(base, f"/api/tables/{table}", key=keys["watch"])
    ply = len(match["history"])
    form_move(pages[match["position"]["to_act"]], base, table)
    return ply, len(api(base, f"/api/tables/{table}", key=keys["watch"])["history"])


def shown_ply(page) -> int:
    return int(page.locator(LIVE).get_attribute("data-ply"))


def test_each_page_shows_the_computer_players_moves_at_its_own_pace(people, one_worker):
    """A table where a computer player follows each person: the phone (Arabic, step by step)
    sees a person's move at once and each computer move only once "next" is tapped, the
    desktop (French, fast) every move at once; "show the table now" draws the table as it is.
    At the deal's end the phone shows the seed, its check and the match's sheet, within its
    width."""
    phone, desktop = people["ar"], people["fr"]
    created = api(one_worker, "/api/tarneeb/tables", {"seats": ALTERNATE})
    table, keys, urls = created["id"], created["keys"], created["urls"]
    join(phone, one_worker, urls["S"], "ar")
    join(desktop, one_worker, urls["N"], "fr")
    seats = {"S": phone, "N": desktop}
    phone.evaluate("window.__samePage = true")
    setting = phone.locator(".pace-setting")
    assert setting.is_visible()
    assert phone.locator('.pace-setting input[value="fast"]').is_checked()  # as the store says
    setting.locator('input[value="step"]').tap()
    assert phone.evaluate(f"localStorage.getItem('{PACE}')") == "step"
    assert desktop.locator('.pace-setting input[value="fast"]').is_checked()
    commitment = phone.locator("#commitment").inner_text()
    ply, final = person_moves(one_worker, table, keys, seats)
    assert final > ply + 1  # a computer player replied
    # the fast page: the table now, at once
    wait_ply(desktop, final)
    assert not desktop.locator(".replay-controls").is_visible()
    # the step-by-step page: the person's move at once, then each computer move on "next"
    wait_ply(phone, ply + 1)
    next_one = phone.locator(".replay-controls .next-reply")
    next_one.wait_for(state="visible")
    assert phone.locator(".replay-controls .show-now").is_visible()
    phone.wait_for_timeout(1200)  # slower than "normal" would be: still the person's move
    assert shown_ply(phone) == ply + 1
    assert phone.locator(f"{LIVE}[data-past]").count() == 1  # a picture, no move to make
    assert phone.locator(f"{LIVE} form.moves").count() == 0
    ARTIFACTS.mkdir(exist_ok=True)
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path=str(ARTIFACTS / "live-pace-step-ar.png"))
    for expected in range(ply + 2, final + 1):
        next_one.tap()
        wait_ply(phone, expected)
    phone.locator(".replay-controls").wait_for(state="hidden")
    assert not phone.locator(f"{LIVE}[data-past]").count()
    # "show the table now": every move still queued, at once
    ply, final = person_moves(one_worker, table, keys, seats)
    if final > ply + 1:
        wait_ply(phone, ply + 1)
        phone.locator(".replay-controls .show-now").tap()
        wait_ply(phone, final)
        assert phone.locator(".replay-controls").is_hidden()
    # the rest of the deal, at the fast pace, to its end
    phone.locator('.pace-setting input[value="fast"]').tap()
    for _ in range(200):
        match = api(one_worker, f"/api/tables/{table}", key=keys["watch"])
        if match["position"]["is_over"]:
            break
        person_moves(one_worker, table, keys, seats)
    else:
        raise AssertionError("the deal did not end")
    final = len(match["history"])
    wait_ply(phone, final, "[data-over]")
    # the state frame of the deal's end may redraw the block once more: what is read next is
    # the same in either, and each read finds the block in the page when it reads
    expect(phone.locator("#seed")).not_to_be_empty()
    seed = phone.locator("#seed").inner_text()
    assert hashlib.sha256(seed.encode()).hexdigest() == commitment
    # scrolled to by the page's own hand, which finds the block in the page when it runs
    phone.wait_for_function(
        "() => { const e = document.getElementById('seed-check');"
        " if (e) e.scrollIntoView({block: 'nearest'}); return e !== null; }"
    )
    expect(phone.locator("#seed-check")).to_be_visible()
    expect(phone.locator("#sheet")).to_be_visible()
    check = phone.locator("#seed-check a[href*='seed=']")
    assert seed in check.get_attribute("href")
    assert phone.locator(".deal-end-points li").count() >= 2
    # the phone's width holds it all: nothing wider than the screen but the sheet's own scroller
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    for box in phone.locator(f"{LIVE} .deal-end, #seed-check, .match-sheet").all():
        edge = box.evaluate(
            "e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; }"
        )
        assert edge[0] >= -1 and edge[1] <= 391, edge
    phone.locator(f"{LIVE} .deal-end").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "live-deal-end-ar.png"))
    phone.locator("#review").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "live-review-ar.png"))
    phone.locator("#seed-check").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "live-seed-check-ar.png"))
    phone.locator(".match-sheet").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "live-sheet-ar.png"))
    phone.screenshot(path=str(ARTIFACTS / "live-deal-end-ar-full.png"), full_page=True)
    desktop.locator("#seed-check").wait_for()
    assert desktop.locator("#seed").inner_text() == seed
    assert phone.evaluate("window.__samePage === true")
