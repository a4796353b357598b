"""Headless Chromium (Debian's package) driven by Playwright, against the site as `make serve`
serves it (gunicorn): a fresh database, migrated and loaded by the same commands, and the
hashed, compressed static files served by whitenoise (Django's live_server would bypass it).
"""

import os
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests import servers
from tests.waiting import WAIT_MS

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
WIDE = {"width": 1200, "height": 900}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}


EDITOR = ("editor", "a-long-editor-password-0123")  # the site's admin account in these tests


@pytest.fixture(scope="session")
def site_env(tmp_path_factory):
    """The environment of the served site: its own SQLite database, migrated and loaded, with
    an editor account for the admin."""
    db = tmp_path_factory.mktemp("site") / "site.sqlite3"
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db}",
        "DJANGO_DEBUG": "0",
        "DJANGO_SUPERUSER_PASSWORD": EDITOR[1],
        # The budget of one analysis request (2 s in production): on two cores shared by the
        # workers, their browsers and servers, a Sab'at review's moment overran 2 s again and
        # again and its judging never ended (each request judged nothing); the pages are under
        # test here, the search's speed in make bench
        "ANALYSIS_SECONDS": os.environ.get("ANALYSIS_SECONDS", "8"),
    }
    servers.prepare(env, "loadrulebook", "loadtutorials", "loadquiz")
    servers.manage(
        env, "createsuperuser", "--noinput", "--username", EDITOR[0], "--email", "e@example.org"
    )
    return env


@pytest.fixture(scope="session")
def site(site_env, tmp_path_factory):
    """The site as `make serve` runs it: gunicorn, two sync workers, debug off; a roomy
    analysis budget, as these tests check what the review and the position page show on a
    phone, not the search's speed (`make bench`), on a loaded machine (an answer past its
    budget says so, tested in tests/practice and tests/web)."""
    env = {**site_env, "ANALYSIS_SECONDS": "8"}
    with servers.gunicorn(env, workers=2, log_dir=tmp_path_factory.mktemp("log")) as url:
        yield url


@pytest.fixture(scope="module")
def one_worker(site_env, tmp_path_factory):
    """The site under one worker (the live tables' tests): without REDIS_URL the channel
    layer is one process's memory, which reaches every socket only in one process."""
    with servers.gunicorn(site_env, workers=1, log_dir=tmp_path_factory.mktemp("log")) as url:
        yield url


@pytest.fixture(scope="module")
def browser(django_db_setup):
    """Headless Chromium for one module. Playwright's sync API keeps an event loop running on
    its thread while it is open, and Django refuses synchronous queries under one
    (SynchronousOnlyOperation): kept for the session, it failed 337 database tests that a
    worker ran after a browser module. Closed with its module, it leaves the next module a
    thread without a loop, whatever order the workers take the modules in; the test database
    is made first for the same reason."""
    from playwright.sync_api import expect, sync_playwright

    # Every wait for an element, a navigation or an assertion ends when its condition holds;
    # the bound is only when to call it a failure, the same generous one as the sockets'
    # (Playwright's own 30 s, and 5 s for ``expect``, were overrun on a loaded machine).
    expect.set_options(timeout=WAIT_MS)
    if not shutil.which(CHROMIUM):
        pytest.fail(f"{CHROMIUM} not found: install Debian's chromium (.ci/run does)")
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        new_context = browser.new_context

        def bounded_context(**options):
            context = new_context(**options)
            context.set_default_timeout(WAIT_MS)
            context.set_default_navigation_timeout(WAIT_MS)
            return context

        browser.new_context = bounded_context
        yield browser
        browser.close()


@contextmanager
def checked_page(browser, site, name: str, **options):
    """A page of its own browser context (``options``: its viewport...) that fails the test if
    anything leaves the site or answers a server error, and leaves a screenshot ``name``."""
    context = browser.new_context(**options)
    page = context.new_page()
    page.base = site
    # No page may reach the internet: record any request that leaves the site.
    outside = []
    page.on("request", lambda r: None if r.url.startswith(site) else outside.append(r.url))
    failed = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 500 else None)
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    context.close()
    assert outside == [] and failed == []


@pytest.fixture
def page(browser, site, request):
    with checked_page(browser, site, request.node.name, viewport=WIDE) as page:
        yield page


def answered(page, act, timeout=WAIT_MS):
    """Do ``act()`` and wait for what answers it: another page, or the table redrawn in place
    (htmx morphs <main>, the address moved with it). Never the first navigation event: htmx
    marks the current entry (replaceState) before it moves to the next one."""
    page.evaluate(
        "window.__before = 1; document.querySelector('.stage')?.setAttribute('data-was', 1)"
    )
    act()
    page.wait_for_function(
        "() => window.__before === undefined || document.querySelector('.stage:not([data-was])')",
        timeout=timeout,
    )
    page.wait_for_load_state()


def in_place(page, act, timeout=WAIT_MS):
    """Do ``act()`` (a tap on a card, a call, an answer) and wait until the table's script has
    redrawn the stage from the server's answer, with no page load: a marker set on ``window``
    before must still be there after."""
    page.evaluate("window.__samePage = true; document.querySelector('.stage').dataset.was = '1'")
    act()
    page.locator(".stage:not([data-was])").wait_for(timeout=timeout)
    assert page.evaluate("window.__samePage === true"), "the move loaded a page"


# Phones as the card table is tested on: held upright (390x844, 360x740) and on its side.
PHONES = {"upright": (390, 844), "narrow": (360, 740), "sideways": (844, 390)}


@pytest.fixture
def phone(browser, site):
    """Opens a page on a touch phone of the given size (``PHONES``), at the fast pace of the
    computer players' replies; ``page.failed`` lists server errors and the table's script's."""
    contexts = []

    def open_page(size, javascript=True):
        width, height = PHONES[size]
        context = browser.new_context(
            viewport={"width": width, "height": height},
            has_touch=True,
            is_mobile=True,
            java_script_enabled=javascript,
        )
        context.add_init_script("try { localStorage.setItem('diwaniya.pace', 'now') } catch {}")
        contexts.append(context)
        page = context.new_page()
        page.base = site
        failed = []
        page.on("response", lambda r: failed.append(r.url) if r.status >= 500 else None)
        page.on("pageerror", lambda e: failed.append(str(e)))  # the table's script failed
        page.failed = failed
        return page

    yield open_page
    for context in contexts:
        context.close()
