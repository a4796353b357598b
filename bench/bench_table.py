"""The practice table on a phone, move by move, against the full page load it replaces.

The site runs under gunicorn (two workers, the project's database after ``make setup``);
Chromium (Debian's) opens a Bent Al Sbeet practice match at 390x844 with touch, twice: with the
table's script at the fast pace, and without JavaScript, where every move is a form posted and
a page loaded. For each of the learner's moves (MOVES of them), the same tap is timed:

- tap to the learner's card leaving the hand (the script moves it at once; its first frame
  drawn), against tap to the next page's load event without the script;
- tap to the first computer reply drawn at "fast", against the same page load;
- the bytes of a move's answer (the POST and the page or fragment it leads to, as sent),
  against the page load's (its HTML; its CSS and JS come from the cache).

Targets: 100 ms median to the card leaving, 400 ms to the first reply drawn.
"""

import statistics
from pathlib import Path

from tests import servers

ROOT = Path(__file__).resolve().parents[1]
MOVES = 12
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

# Timings taken in the page: the tap (a click, as a tap ends), the card tapped getting its
# "leaving" class and its next frame, and the table script's mark for the first reply.
WATCH = """
window.__t = {};
document.addEventListener('click', (e) => {
  if (!e.target.closest || !e.target.closest('button.play, button.confirm')) return;
  window.__t = {tap: performance.now()};
  performance.clearMarks();
}, true);
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target.classList && r.target.classList.contains('leaving') && !window.__t.left) {
      requestAnimationFrame(() => { window.__t.left = performance.now(); });
    }
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['class']});
"""


def _launch(p):
    return p.chromium.launch(
        executable_path="/usr/bin/chromium",
        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    )


def _start(page, base):
    page.goto(base + "/en/bent-al-sbeet/practice/")
    with page.expect_navigation():
        page.locator("form.practice-setup button.start").tap()


def _the_move(page):
    """The learner's next tap: a card of the pass, then its confirm, or a legal card."""
    picks = page.locator("#live .at-bottom label.pick")
    if picks.count():
        for k in range(3):
            picks.nth(k).tap()
        return page.locator("#live button.confirm")
    legal = page.locator("#live .at-bottom li.legal button.play")
    return legal.first if legal.count() else None


def _with_script(browser, base) -> dict:
    context = browser.new_context(**PHONE)
    context.add_init_script("try { localStorage.setItem('diwaniya.pace', 'fast') } catch {}")
    context.add_init_script(WATCH)
    page = context.new_page()
    _start(page, base)
    sizes = []
    page.on("requestfinished", lambda r: sizes.append(r.sizes()))
    left, replied, sent = [], [], []
    for _ in range(MOVES):
        page.locator("#live").wait_for(state="visible")
        if page.locator("#review").count():
            break
        button = _the_move(page)
        if button is None:
            break
        page.evaluate("document.querySelector('.stage').dataset.was = '1'")
        sizes.clear()
        button.tap()
        page.locator(".stage:not([data-was])").wait_for()
        page.locator("#live").wait_for(state="visible")
        t = page.evaluate(
            "({tap: __t.tap, left: __t.left,"
            " reply: (performance.getEntriesByName('diwaniya-reply-1')[0] || {}).startTime})"
        )
        if t.get("left"):
            left.append(t["left"] - t["tap"])
        if t.get("reply"):
            replied.append(t["reply"] - t["tap"])
        sent.append(sum(s["responseBodySize"] + s["responseHeadersSize"] for s in sizes))
    context.close()
    return {"left": left, "reply": replied, "bytes": sent}


def _without_script(browser, base) -> dict:
    context = browser.new_context(java_script_enabled=False, **PHONE)
    page = context.new_page()
    _start(page, base)
    sizes = []
    page.on("requestfinished", lambda r: sizes.append(r.sizes()))
    loads, sent = [], []
    for _ in range(MOVES):
        if page.locator("#review").count():
            break
        button = _the_move(page)
        if button is None:
            break
        sizes.clear()
        tap = page.evaluate("performance.timeOrigin + performance.now()")  # epoch, ms
        with page.expect_navigation(wait_until="load"):
            button.tap()
        page.wait_for_function("performance.timing.loadEventEnd > 0")
        loads.append(page.evaluate("performance.timing.loadEventEnd") - tap)
        sent.append(sum(s["responseBodySize"] + s["responseHeadersSize"] for s in sizes))
    context.close()
    return {"load": loads, "bytes": sent}


def run() -> list:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return []
    env = servers.site_env(f"sqlite:///{ROOT / 'db.sqlite3'}")
    with servers.gunicorn(env, workers=2) as base, sync_playwright() as p:
        browser = _launch(p)
        scripted = _with_script(browser, base)
        reloaded = _without_script(browser, base)
        browser.close()
    page_load = statistics.median(reloaded["load"]) / 1000
    out = []
    if scripted["left"]:
        left = statistics.median(scripted["left"]) / 1000
        out.append(("tap to card leaving the hand, median", left, page_load))
    if scripted["reply"]:
        reply = statistics.median(scripted["reply"]) / 1000
        out.append(("tap to first reply drawn (fast), median", reply, page_load))
    ours, theirs = statistics.median(scripted["bytes"]), statistics.median(reloaded["bytes"])
    print(
        f"bench_table  bytes of a move's answer: median {ours / 1024:.1f} KB in place, "
        f"{theirs / 1024:.1f} KB for the page load it replaces (ratio {ours / theirs:.2f}); "
        f"{len(scripted['bytes'])} and {len(reloaded['bytes'])} moves"
    )
    if scripted["left"]:
        worst = max(scripted["left"])
        print(f"bench_table  tap to card leaving: worst {worst:.0f} ms (target: median <= 100 ms)")
    if scripted["reply"]:
        print(
            f"bench_table  tap to first reply at fast: worst {max(scripted['reply']):.0f} ms "
            "(target: median <= 400 ms)"
        )
    return out
