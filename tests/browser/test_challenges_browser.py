"""A daily challenge on phones, as players meet it: opened by the command, reached from the home
page's Tarneeb box, played deal by deal by three browsers (one signed in, in Arabic; two
guests, in English) by tapping at the practice table, each deal's field shown once its own
result is in, then the ranking with the three of them; at the close, the check page finds every
commitment kept. Screenshots: tests/artifacts/challenge-*.png."""

import json
import re

import pytest

from tests import servers
from tests.browser.conftest import ARTIFACTS, EDITOR, in_place
from tests.browser.test_phone_table import a_call, settled

GAME = "tarneeb"
MAX_TURNS = 120
TOUCH = 44


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"challenge-{name}.png"), full_page=True)


WIDE = """() => [...document.querySelectorAll('main *')].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.width && (r.right > innerWidth + 1 || r.left < -1);
}).slice(0, 3).map((e) => e.className || e.tagName)"""
SMALL = """(t) => [...document.querySelectorAll('main button, main select, main a.button')]
  .filter((e) => e.getBoundingClientRect().height && e.getBoundingClientRect().height < t)
  .map((e) => e.textContent.trim().slice(0, 20))"""


def fits(page, where):
    assert page.evaluate(WIDE) == [], where
    assert page.evaluate(SMALL, TOUCH) == [], where


def play_the_deal(page):
    """Tap until the deal is over: the pass's picks, a legal card, else a patient call."""
    for _ in range(MAX_TURNS):
        settled(page)
        if page.locator("#review").count():
            return
        assert page.locator("a.hint-link").count() == 0  # no hint in a challenge
        assert page.locator(".undo-form").count() == 0  # no move taken back
        picks = page.locator("#live .at-bottom label.pick")
        legal = page.locator("#live .at-bottom li.legal button.play")
        if picks.count():
            needed = int(page.locator("#live button.confirm").get_attribute("data-needed"))
            for k in range(needed):
                picks.nth(k).tap()
            in_place(page, page.locator("#live button.confirm").tap, timeout=60000)
        elif legal.count():
            in_place(page, legal.first.tap, timeout=60000)
        else:
            in_place(page, a_call(page).tap, timeout=60000)
    raise AssertionError("the deal did not end")


def play_by_form(page):
    """The deal played by the table's own forms, posted in the browser's session (as a page
    without its script would): a legal card, else a patient call. The first player's taps
    are the journey; the two others' results are what the field needs."""
    url = page.url.split("#")[0].split("?")[0]
    for _ in range(MAX_TURNS):
        html = page.request.get(url).text()
        if 'id="review"' in html:
            page.goto(url)
            return
        fields = {
            name: re.search(rf'name="{name}" value="([^"]*)"', html)[1]
            for name in ("csrfmiddlewaretoken", "ply", "deal", "undos")
            if re.search(rf'name="{name}" value="', html)
        }
        legal = re.findall(
            r'<li class="legal[^"]*">(?:<span class="sr-only">[^<]*</span>)?'
            r'<button type="submit" name="move" value="([^"]+)"',
            html,
        )
        calls = re.findall(r'name="move" value="([^"]+)" data-call=', html)
        move = legal[0] if legal else next((c for c in ("pass", "keep") if c in calls), None)
        move = move or calls[0]
        answer = page.request.post(
            url + "move/", form={**fields, "move": move}, headers={"Referer": url}, max_redirects=0
        )
        assert answer.status == 303, (move, answer.status, answer.text()[:300])
    raise AssertionError("the deal did not end")


def to_the_challenge(page, lang):
    page.goto(f"{page.base}/{lang}/")
    with page.expect_navigation():
        page.locator(f"#{GAME} a.challenge-entry").tap()
    with page.expect_navigation():
        page.locator(f"#{GAME} a.challenge-link").first.tap()  # the daily one, listed first


def play_every_deal(page, lang, who, tapping=True):
    to_the_challenge(page, lang)
    fits(page, f"challenge {who}")
    if who == "signed-in":
        shot(page, f"page-{lang}")
    deals = page.locator(".challenge-deal").count()
    assert deals == 3
    for number in range(1, deals + 1):
        with page.expect_navigation():
            page.locator(f"#deal-{number} button.play-challenge-deal").tap()
        assert "/practice/" in page.url
        if tapping:
            play_the_deal(page)
        else:
            play_by_form(page)
        assert page.locator("#seed").count() == 0  # the seed stays secret till the close
        assert page.locator("p.sealed").count() == 1
        with page.expect_navigation():
            page.locator("a.entry-back").tap()
        percent = page.locator("#field-percent")
        percent.wait_for()
        assert re.search(r"\d", percent.inner_text())
        assert percent.bounding_box()["y"] < 844  # the answer in the first screen
        fits(page, f"deal {number} {who}")
        if number == 1:
            shot(page, f"field-{who}-{lang}")
        with page.expect_navigation():
            page.locator("main a", has_text=BACK[lang]).last.tap()


BACK = {"ar": "العودة إلى التحدّي", "en": "Back to the challenge"}


@pytest.fixture
def daily(site_env):
    return servers.manage(site_env, "openchallenges")


def test_three_phones_play_a_daily_challenge_and_see_the_field(phone, daily, site_env):
    assert "tarneeb daily" in daily
    players = []
    signed = phone("upright")
    signed.goto(f"{signed.base}/ar/accounts/sign-in/")
    signed.fill("#id_username", EDITOR[0])
    signed.fill("#id_password", EDITOR[1])
    with signed.expect_navigation():
        signed.locator("main form button[type=submit]").tap()
    players.append((signed, "ar", "signed-in"))
    players += [(phone("upright"), "en", "guest-1"), (phone("upright"), "en", "guest-2")]
    for page, lang, who in players:
        play_every_deal(page, lang, who, tapping=who == "signed-in")
        assert page.failed == [], who
    # Every player finished: the ranking lists the three, the signed-in one by name.
    page, lang, _who = players[0]
    to_the_challenge(page, lang)
    rows = page.locator(".ranking-table tbody tr")
    assert rows.count() == 3
    assert page.locator(".ranking-table tbody", has_text=EDITOR[0]).count() == 1
    assert page.locator(".ranking-table tbody", has_text="ضيف").count() == 1
    assert page.locator("tr.mine").count() == 1 and page.locator(".my-place").count() == 1
    shot(page, "ranking-ar")
    # Each deal's field holds all three: the two others from the same seat (South).
    guest = players[1][0]
    to_the_challenge(guest, "en")
    challenge_url = guest.url
    with guest.expect_navigation():
        guest.locator("#deal-1 a.field-link").tap()
    assert "2 other players" in guest.locator("#field-percent").inner_text()
    # the field's lines from South, as the three plays recorded them: the contract and the
    # lead of a deal played (a deal thrown in, all passing, has neither)
    public_id = re.search(r"/challenges/([^/]+)/deals/1/", guest.url)[1]
    code = (
        "import json; from challenges.models import Play; print(json.dumps([p.lines for p in "
        f"Play.objects.filter(deal__challenge__public_id={public_id!r}, deal__number=1, seat=2)]))"
    )
    played = json.loads(servers.manage(site_env, "shell", "-c", code).strip().splitlines()[-1])
    assert len(played) == 3
    shown = {(kind, line) for lines in played for kind, line in lines.items()}
    assert guest.locator(".field-lines li").count() == len(shown)
    if any(played):
        assert guest.locator(".field-lines h3").count() == len({k for k, _line in shown})
    shot(guest, "field-three-en")
    # The running average of the signed-in player, on the challenges' page.
    page.goto(f"{page.base}/ar/challenges/")
    assert "%" in page.locator("#running").inner_text()
    # Closed: the check page finds every deal's seed kept to its commitment.
    servers.manage(
        site_env,
        "shell",
        "-c",
        "from django.utils import timezone; from challenges.models import Challenge;"
        " Challenge.objects.update(closes=timezone.now())",
    )
    for page, lang in ((players[0][0], "ar"), (guest, "en")):
        page.goto(challenge_url.replace("/en/", f"/{lang}/"))
        with page.expect_navigation():
            page.locator("a.check-link").tap()
        assert page.locator(".checked-deals .ok").count() == 3
        assert page.locator(".checked-deals .error").count() == 0
        assert page.locator(".checked-deals .seed").count() == 3
        fits(page, f"check {lang}")
        shot(page, f"check-{lang}")
