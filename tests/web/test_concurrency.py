"""Real concurrency against the site as production runs it: gunicorn with several workers, on
SQLite and on PostgreSQL. Visitors post at the same moment from threads; no request may fail,
and no row or answer may be lost or counted twice."""

import json
import re
import threading
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests import servers
from tests.waiting import WAIT

# One worker runs every PostgreSQL test (make test: --dist loadgroup): its one cluster
# keeps one prepared database for them all (tests/servers.py, prepare).
pytestmark = [pytest.mark.served, pytest.mark.xdist_group("postgres")]

WORKERS = 3
SCORERS = 8
ROWS = 12  # rows each scorer adds to its own match (2 points each: under the target)
ROUNDS = 4  # times one learner sends two answers at once


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def live(request, tmp_path_factory):
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('live') / 'site.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres")("concurrency")
    env = servers.site_env(url)
    servers.prepare(env, "loadrulebook", "loadtutorials", "loadquiz")
    with servers.gunicorn(env, workers=WORKERS, log_dir=tmp_path_factory.mktemp("log")) as base:
        yield base


def _all_at_once(jobs):
    """Run the callables in threads released together; their results, in order."""
    barrier = threading.Barrier(len(jobs))

    def run(job):
        barrier.wait()
        return job()

    with ThreadPoolExecutor(len(jobs)) as pool:
        return list(pool.map(run, jobs))


# Two games at once: Tarneeb's sides and Bent Al Sbeet's four players, each scorer its own
# match; every row 2 points to the first line, 1 to the second (all under the targets).
GAMES = {
    "tarneeb": ("classic", {"points_NS": 2, "points_EW": 1}, 'id="line-ns" data-value="(\\d+)"'),
    "bent-al-sbeet": (
        "qahwa",
        {"points_N": 2, "points_E": 1, "points_S": 0, "points_W": 0},
        'id="total-n" data-value="(\\d+)"',
    ),
}


def _start_match(browser, game) -> str:
    status, _, _ = browser.get(f"/en/{game}/sheet/")
    assert status == 200
    status, body, headers = browser.post(f"/en/{game}/sheet/", {"variant": GAMES[game][0]})
    assert status == 302, body[:2000]
    return headers["Location"]


def test_scorers_adding_rows_at_once_lose_nothing(live):
    browsers = [servers.Browser(live) for _ in range(SCORERS)]
    games = [list(GAMES)[n % len(GAMES)] for n in range(SCORERS)]
    sheets = [_start_match(b, g) for b, g in zip(browsers, games, strict=True)]

    def score(browser, sheet, game):
        statuses = []
        for row in range(1, ROWS + 1):
            status, body, _ = browser.post(sheet, {"kind": "points", "row": row, **GAMES[game][1]})
            statuses.append(status)
            assert status < 500, body[-3000:]
        return statuses

    results = _all_at_once(
        [
            lambda b=b, s=s, g=g: score(b, s, g)
            for b, s, g in zip(browsers, sheets, games, strict=True)
        ]
    )
    counts = Counter(s for statuses in results for s in statuses)
    print(f"\n{SCORERS} scorers of two games x {ROWS} rows on {WORKERS} workers: {dict(counts)}")
    assert counts == Counter({302: SCORERS * ROWS}), counts
    for browser, sheet, game in zip(browsers, sheets, games, strict=True):
        assert f"/en/{game}/sheet/kept/" in sheet
        status, body, _ = browser.get(sheet)
        assert status == 200
        rows = re.findall(r'<tr id="row-(\d+)">', body)
        assert rows == [str(n) for n in range(1, ROWS + 1)]  # none lost, none doubled
        assert int(re.search(GAMES[game][2], body)[1]) == 2 * ROWS


def _question(browser) -> str:
    status, _, headers = browser.get(
        "/en/quiz/start/?game=tarneeb&variant=classic&kind=next-leader"
    )
    assert status == 302
    return headers["Location"]


def _form_token(browser, url) -> str:
    status, body, _ = browser.get(url)
    assert status == 200
    return re.search(r'name="token" value="([^"]+)"', body)[1]


def _answered(browser) -> int:
    _, body, _ = browser.get("/en/quiz/")
    found = re.search(r'data-answered="(\d+)"', body)
    return int(found[1]) if found else 0


def test_two_answers_at_once_from_one_learner_both_count(live):
    learner = servers.Browser(live)
    url = _question(learner)
    status, _, _ = learner.post(url, {"token": _form_token(learner, url), "seat": "N"})
    assert status == 303 and _answered(learner) == 1
    for _ in range(ROUNDS):
        tokens = [_form_token(learner, url), _form_token(learner, url)]
        statuses = _all_at_once(
            [lambda t=t: learner.post(url, {"token": t, "seat": "E"})[0] for t in tokens]
        )
        assert statuses == [303, 303]
    assert _answered(learner) == 1 + 2 * ROUNDS


def _wrong_move():
    """A tutorial question and a move in the learner's hand that is not its answer."""
    from cardgames import cards
    from tutorials import content

    for data in content.read_all():
        for frame in content.frames_of(data):
            state = frame.before.state
            if frame.step.question and state.phase == "play":
                for card in cards.cards_in(state.hands[state.to_act]):
                    if card not in frame.answers():
                        return data["slug"], frame.number, cards.card_code(card)
    raise AssertionError("no tutorial question with a wrong card")


def test_two_tries_at_once_on_a_tutorial_both_count(live):
    slug, number, card = _wrong_move()
    learner = servers.Browser(live)
    step = f"/en/tutorials/{slug}/{number}/"
    learner.get(step)
    assert learner.post(step, {"hint": "1"})[0] == 302
    statuses = _all_at_once([lambda: learner.post(step, {"move": card})[0]] * 2)
    assert statuses == [302, 302]
    _, body, _ = learner.get(step)
    assert "2 wrong tries so far." in body


def _practice_turn(browser, url) -> tuple[dict, str]:
    """The move form's fields as the table shows them, and a move the learner may make."""
    status, body, _ = browser.get(url)
    assert status == 200
    form = {name: re.search(rf'name="{name}" value="(\d+)"', body)[1] for name in TURN}
    # A legal card (every card of the hand is a button; the legal ones are marked) or a call.
    legal = r'<li class="legal"><button type="submit" name="move" value="([^"]+)"'
    call = r'class="move[^"]*" name="move" value="([^"]+)"'
    return form, (re.search(legal, body) or re.search(call, body))[1]


TURN = ("ply", "deal", "undos")


def test_two_moves_sent_at_once_at_the_practice_table_apply_once(live):
    learner = servers.Browser(live)
    learner.get("/en/tarneeb/practice/")
    status, _, headers = learner.post(
        "/en/tarneeb/practice/", {"variant": "classic", "seat": "S", "level": "club"}
    )
    assert status == 303
    url = headers["Location"].split("?")[0]
    for _ in range(ROUNDS):
        form, move = _practice_turn(learner, url)
        statuses = _all_at_once(
            [lambda f=form, m=move: learner.post(url + "move/", {**f, "move": m})[0]] * 2
        )
        assert sorted(statuses) == [303, 409], statuses
        after, _move = _practice_turn(learner, url)
        assert int(after["ply"]) > int(form["ply"])


def test_two_moves_sent_at_once_through_the_practice_api_apply_once(live):
    def call(path, data=None, token=None):
        request = urllib.request.Request(
            live + path,
            data=None if data is None else json.dumps(data).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        )
        try:
            with urllib.request.urlopen(request, timeout=WAIT) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    status, match = call("/api/tarneeb/practice", {"variant": "classic"})
    assert status == 201
    ply, legal = len(match["history"]), match["position"]["legal"]
    path = f"/api/practice/{match['id']}/move"
    results = _all_at_once(
        [lambda m=m: call(path, {"move": m, "ply": ply}, match["token"]) for m in legal[:2]]
    )
    assert sorted(s for s, _ in results) == [200, 409]
    status, now = call(f"/api/practice/{match['id']}", token=match["token"])
    assert now["history"][ply]["seat"] == "S" and now["history"][ply]["move"] in legal[:2]
    assert [h for h in now["history"] if h["seat"] == "S"] == [now["history"][ply]]


def test_two_sign_ins_at_once_adopt_the_session_s_rows_once(live):
    """A visitor's two tabs send their sign-in at the same moment: the session's quiz, tutorial
    hint and score sheet join the account once, neither lost nor doubled."""
    password = "sand-dune-falcon-7"
    owner = servers.Browser(live)
    owner.get("/en/accounts/sign-up/")
    made = owner.post(
        "/en/accounts/sign-up/",
        {"username": "twotabs", "password1": password, "password2": password},
    )
    assert made[0] == 302, made[1][-2000:]
    slug, number, _card = _wrong_move()
    visitor = servers.Browser(live)
    url = _question(visitor)
    assert visitor.post(url, {"token": _form_token(visitor, url), "seat": "N"})[0] == 303
    step = f"/en/tutorials/{slug}/{number}/"
    assert visitor.post(step, {"hint": "1"})[0] == 302
    visitor.get(step)
    sheet = _start_match(visitor, "tarneeb")
    visitor.get("/en/accounts/sign-in/")
    form = {"username": "twotabs", "password": password}
    statuses = _all_at_once([lambda: visitor.post("/en/accounts/sign-in/", form)[0]] * 2)
    assert statuses == [302, 302]
    elsewhere = servers.Browser(live)
    elsewhere.get("/en/accounts/sign-in/")
    assert elsewhere.post("/en/accounts/sign-in/", form)[0] == 302
    for browser in (visitor, elsewhere):
        assert _answered(browser) == 1
        _, mine, _ = browser.get("/en/mine/")
        assert mine.count(f'href="{sheet}"') == 1
        _, listing, _ = browser.get("/en/tutorials/")
        item = re.search(rf'<li id="{slug}".*?</li>', listing, re.S)[0]
        assert 'data-state="started"' in item
