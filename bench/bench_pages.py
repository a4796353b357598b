"""The pages a learner opens most, served as production serves them, against a trivial view.

The site runs under gunicorn (two sync workers, debug off, the project's own database after
``make setup``) on a loopback port, with one extra page: a trivial 2 KB Django view through
the same middleware (``bench/site_urls.py``). Each figure is a ratio to that view measured in
the same run, round after round, so the machine's speed cancels out:

- throughput: requests a second for the page / for the trivial view (the mean of its measures
  just before and just after the page's), from the same bounded load generator (CLIENTS
  threads, each request on its own connection, as gunicorn's sync workers answer); min and
  median over ROUNDS rounds. 1.0 means as fast as the trivial view.
  Pages are asked for again and again, so most are served from the page cache, as a rule page
  read by many is. A learner's quiz question is new to the site each time (its seed is drawn
  when the learner asks for it): "quiz question" is one asked again (a reload, a shared link),
  "quiz question, first view" a new one each request, rendered from scratch.
- load: LOAD_REQUESTS requests at LOAD_CLIENTS connections over a mix of the pages; errors
  (anything but 200) and the 50th and 99th percentile latencies.
- first visit: the bytes a browser downloads for a page (HTML, CSS, JS, fonts, compressed as
  sent), measured in Chromium; the targets are 30 KB for English and French, 60 KB for Arabic.
"""

import http.client
import json
import os
import random
import statistics
import threading
import time
from functools import partial
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from cardgames import shuffle
from cardgames.games import GAMES
from cardgames.penalty import bent_al_sbeet
from cardgames.positions import open_position
from tests import servers

ROOT = Path(__file__).resolve().parents[1]
# Five rounds of 400 requests a page: with three of 200, a trivial measure lasted a tenth of a
# second and a busy host's moment could halve a single round.
ROUNDS = int(os.environ.get("BENCH_ROUNDS", 5))
REQUESTS = int(os.environ.get("BENCH_REQUESTS", 400))  # per page per round
CLIENTS = 4
LOAD_REQUESTS = int(os.environ.get("BENCH_LOAD", 10_000))
LOAD_CLIENTS = 50
TRIVIAL = "/bench/trivial/"


def _full_deal_query() -> dict:
    """A Bent Al Sbeet deal played to its end (first legal move each time), as a query."""
    deal = shuffle.deal("bench-pages", bent_al_sbeet.PACK)
    from cardgames import cards

    params = {"variant": "qahwa", "dealer": "N", "deal": cards.format_deal(deal, 0)}
    position = open_position(bent_al_sbeet, params)
    state = position.state
    while state.legal_moves():
        move = state.legal_moves()[0]
        state.push(move)
        position.moves.append(move)
    return position.query()


def _get(base: str, path: str, headers=None) -> tuple[int, bytes, dict]:
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    try:
        conn.request("GET", path, headers=headers or {"Accept-Encoding": "gzip"})
        response = conn.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    finally:
        conn.close()


def _post(base: str, path: str, body: dict, token: str | None = None) -> tuple[int, dict]:
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if path.endswith("/practice"):
        # each new match is a learner of its own, at an address of its own (through the
        # trusted local proxy), as the site is used: one address would meet the rate limits
        # (plumbing.limits), which the database keeps from one run to the next
        octets = [str(random.randrange(1, 255)) for _ in range(3)]
        headers["X-Forwarded-For"] = ".".join(["10", *octets])
    try:
        conn.request("POST", path, body=json.dumps(body), headers=headers)
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"{}")
    finally:
        conn.close()


def _hammer(base: str, paths: list[str], total: int, clients: int) -> tuple[float, list, int]:
    """``total`` GETs spread over ``clients`` threads, cycling through ``paths``: (seconds,
    latencies, errors)."""
    latencies, errors = [], [0]
    lock = threading.Lock()
    counter = iter(range(total))

    def worker():
        mine = []
        while True:
            with lock:
                i = next(counter, None)
            if i is None:
                break
            start = time.perf_counter()
            path, headers = _target(paths[i % len(paths)])
            try:
                status, _body, _h = _get(base, path, headers)
            except OSError:
                status = 0
            mine.append(time.perf_counter() - start)
            if status != 200:
                with lock:
                    errors[0] += 1
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start, latencies, errors[0]


def _target(page: str | tuple[str, str]) -> tuple[str, dict]:
    """A page's path and headers: a page of one visitor's own is ``(path, cookie)``."""
    path, cookie = page if isinstance(page, tuple) else (page, None)
    return path, {"Accept-Encoding": "gzip", **({"Cookie": cookie} if cookie else {})}


def _practice_tables(base: str) -> list[tuple[str, str]]:
    """Practice tables as their learners see them after a move (the computer's replies shown
    one by one): a match of each game, a few moves in, opened by its private link in a
    browser of its own: ``(path, cookie)``."""
    tables = []
    for lang, game in (("en", "bent-al-sbeet"), ("ar", "tarneeb"), ("fr", "sabaat-al-deemin")):
        status, match = _post(base, f"/api/{game}/practice", {"level": "club"})
        assert status == 201, match
        token, ply = match["token"], len(match["history"]) - 1
        for _ in range(3):
            legal = match["position"]["legal"]
            if not legal:  # the deal is over
                break
            move = legal[0] if isinstance(legal[0], str) else legal[0]["move"]
            ply = len(match["history"])
            to = f"/api/practice/{match['id']}/move"
            status, match = _post(base, to, {"move": move, "ply": ply}, token)
            assert status == 200, match
        table = f"/{lang}/practice/{match['id']}/"
        _s, _b, headers = _get(base, f"{table}{token}/")
        cookie = headers["Set-Cookie"].split(";")[0]
        tables.append((f"{table}?seen={ply + 1}", cookie))
    return tables


def _pages(base: str) -> dict[str, list]:
    """Each page type's addresses (a few of each, so no single page's cache flatters)."""
    full = urlencode(_full_deal_query())
    start = urlencode({k: v for k, v in _full_deal_query().items() if k != "moves"})
    return {
        "rule page": [
            "/en/bent-al-sbeet/",
            "/ar/tarneeb/",
            "/fr/sabaat-al-deemin/",
            "/ar/leekha/",
        ],
        "rule page, house rules": [
            "/en/bent-al-sbeet/qahwa/?rule.target=101",
            "/ar/sabaat-al-deemin/?rule.target=101",
        ],
        "position page, 0 moves": [f"/en/bent-al-sbeet/position/?{start}"],
        "position page, whole deal": [
            f"/en/bent-al-sbeet/position/?{full}",
            f"/ar/bent-al-sbeet/position/?{full}",
        ],
        "tutorial step": _tutorial_steps(base),
        "quiz question": _new_questions(base, 3),
        "position API, whole deal": [f"/api/bent-al-sbeet/position?{full}"],
        "practice table page": _practice_tables(base),
    }


QUIZZES = (("en", "bent-al-sbeet"), ("ar", "tarneeb"), ("fr", "sabaat-al-deemin"))


def _new_questions(base: str, n: int) -> list[str]:
    """``n`` questions as a learner gets them, each new (its seed drawn by the quiz's start),
    in turn from each game and language."""
    out = []
    for i in range(n):
        lang, game = QUIZZES[i % len(QUIZZES)]
        variant = GAMES[game].engine.DEFAULT_PRESET
        query = urlencode({"game": game, "variant": variant, "kind": "play"})
        status, _b, headers = _get(base, f"/{lang}/quiz/start/?{query}")
        if status != 302:
            raise RuntimeError(f"quiz start {status}")
        out.append(urlsplit(headers["Location"]).path)
    return out


def _tutorial_steps(base: str) -> list[str]:
    status, body, _h = _get(base, "/en/tutorials/", headers={"Accept": "text/html"})
    import re

    slugs = re.findall(r'href="/en/tutorials/([\w-]+)/"', body.decode())[:3]
    langs = ("en", "ar", "fr")[: len(slugs)]
    return [f"/{lang}/tutorials/{slug}/2/" for slug, lang in zip(slugs, langs, strict=True)]


def _throughput(base, paths) -> float:
    seconds, _lat, errors = _hammer(base, paths, REQUESTS, CLIENTS)
    if errors:
        raise RuntimeError(f"{errors} errors on {paths[0]}")
    return REQUESTS / seconds


def _practice_moves(base: str) -> float:
    """Requests a second for practice moves with the computer's replies: CLIENTS matches, one
    per client, each played by its first legal move. A finished deal is followed by the next
    deal (a change with replies too), a finished match by a new one. Every request made while
    the clock runs is counted, as the trivial view's are; the first matches are started before
    it runs, as pages are asked for once before they are measured."""
    matches = [
        _post(base, "/api/bent-al-sbeet/practice", {"level": "club"})[1] for _ in range(CLIENTS)
    ]
    done, lock = [0], threading.Lock()

    def one_client(match):
        token, mid = match["token"], match["id"]
        made = 0
        while made < REQUESTS // CLIENTS:
            made += 1
            if match["over"]:
                status, match = _post(base, "/api/bent-al-sbeet/practice", {"level": "club"})
                token, mid = match.get("token"), match.get("id")
            elif not match["position"].get("legal"):  # the deal is over: deal the next one
                status, match = _post(base, f"/api/practice/{mid}/next", {}, token)
            else:
                legal = match["position"]["legal"][0]
                move = legal if isinstance(legal, str) else legal["move"]
                ply = len(match["history"])
                status, match = _post(
                    base, f"/api/practice/{mid}/move", {"move": move, "ply": ply}, token
                )
            if status not in (200, 201):
                raise RuntimeError(f"practice {status}: {match}")
        with lock:
            done[0] += made

    threads = [threading.Thread(target=one_client, args=(match,)) for match in matches]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return done[0] / (time.perf_counter() - start)


def _first_visit_bytes(base: str) -> list[tuple[str, int]]:
    """Bytes downloaded by Chromium for a first visit (HTML, CSS, JS, fonts, as sent)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return []
    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for lang, path in (
            ("en", "/en/bent-al-sbeet/"),
            ("fr", "/fr/tarneeb/"),
            ("ar", "/ar/tarneeb/"),
            ("ar", "/ar/bent-al-sbeet/position/?" + urlencode(_full_deal_query())),
        ):
            context = browser.new_context()
            page = context.new_page()
            sizes = []
            page.on("requestfinished", lambda r, sizes=sizes: sizes.append(r.sizes()))
            page.goto(base + path, wait_until="networkidle")
            total = sum(s["responseBodySize"] + s["responseHeadersSize"] for s in sizes)
            out.append((f"{lang} {path.split('?')[0]}", total))
            context.close()
        browser.close()
    return out


def _percentile(values: list[float], share: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(share * len(values)))]


def run() -> list:
    env = servers.site_env(f"sqlite:///{ROOT / 'db.sqlite3'}")
    env["DJANGO_SETTINGS_MODULE"] = "bench.site_settings"
    with servers.gunicorn(env, workers=2) as base:
        pages = _pages(base)
        for paths in pages.values():  # warm every worker's caches: each takes its share
            _hammer(base, paths, 20 * len(paths), CLIENTS)
        ratios = {}
        for _ in range(ROUNDS):
            # Each question once, as a learner meets it: rendered, never yet cached.
            new = _new_questions(base, REQUESTS)
            measures = [
                *((name, partial(_throughput, base, paths)) for name, paths in pages.items()),
                ("quiz question, first view", partial(_throughput, base, new)),
                ("practice move (with replies)", partial(_practice_moves, base)),
            ]
            # The trivial view is measured on either side of each page: the machine's drift
            # during the page's measure (other work on a shared host) weighs on both.
            before = _throughput(base, [TRIVIAL])
            for name, measure in measures:
                value = measure()
                after = _throughput(base, [TRIVIAL])
                ratios.setdefault(name, []).append(value / ((before + after) / 2))
                before = after
        for name, values in ratios.items():
            print(
                f"bench_pages  {name:32} throughput vs trivial view: "
                f"min {min(values):5.2f}  median {statistics.median(values):5.2f}"
            )
        mixed = [p for paths in pages.values() for p in paths] + [TRIVIAL]
        seconds, latencies, errors = _hammer(base, mixed, LOAD_REQUESTS, LOAD_CLIENTS)
        print(
            f"bench_pages  load: {LOAD_REQUESTS} requests at {LOAD_CLIENTS} connections in "
            f"{seconds:.1f} s, {errors} errors, p50 {_percentile(latencies, 0.5) * 1000:.0f} ms, "
            f"p99 {_percentile(latencies, 0.99) * 1000:.0f} ms"
        )
        for what, size in _first_visit_bytes(base):
            limit = 60 if what.startswith("ar") else 30
            print(
                f"bench_pages  first visit {what:34} {size / 1024:6.1f} KB "
                f"(target {limit} KB: ratio {size / 1024 / limit:4.2f})"
            )
    return []
