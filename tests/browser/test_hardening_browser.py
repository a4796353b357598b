"""In Chromium: every kind of page keeps the Content-Security-Policy (no violation reported),
and the admin saves a tutorial as a browser sends it (CRLF line breaks) without changing it."""

import re

import pytest

from tests.servers import manage

from .conftest import EDITOR, in_place

pytestmark = pytest.mark.browser

LISTEN = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', e => {
  window.__violations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline'));
});
"""


class Visits:
    """Goes to pages, checking the policy header and that nothing broke it."""

    def __init__(self, page):
        self.page = page
        self.console = []
        self.seen = []
        page.add_init_script(LISTEN)
        page.on("console", lambda m: self.console.append(m.text) if m.type == "error" else None)

    def check(self, response, status=200):
        assert response is not None and response.status == status, (self.page.url, status)
        policy = response.headers.get("content-security-policy", "")
        for directive in ("default-src 'self'", "frame-ancestors 'none'", "object-src 'none'"):
            assert directive in policy, (self.page.url, policy)
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert "camera=()" in response.headers.get("permissions-policy", "")
        self.page.wait_for_load_state("load")
        assert self.page.evaluate("window.__violations") == [], self.page.url
        refused = [m for m in self.console if "Content Security Policy" in m or "Refused" in m]
        assert refused == [], (self.page.url, refused)
        self.seen.append(self.page.url)

    def go(self, path, status=200):
        self.check(self.page.goto(self.page.base + path), status)

    def in_place(self, locator):
        """A move made in place by the table's script: no page load, and still no violation."""
        in_place(self.page, locator.click)
        assert self.page.evaluate("window.__violations") == [], self.page.url
        refused = [m for m in self.console if "Content Security Policy" in m or "Refused" in m]
        assert refused == [], (self.page.url, refused)

    def click(self, locator, status=200):
        with self.page.expect_navigation() as navigation:
            locator.click()
        self.check(navigation.value, status)


def test_no_page_type_reports_a_policy_violation(page):
    v = Visits(page)
    v.go("/en/")
    v.go("/ar/tarneeb/")
    v.go("/fr/bent-al-sbeet/sbeetah/")
    v.go("/en/tutorials/")
    v.go("/ar/tutorials/sabaat-knock/1/")
    v.click(page.locator('a[href*="/position/?"]').first)  # a position page
    v.go("/en/bent-al-sbeet/position/?deal=nonsense", status=400)
    v.go("/en/quiz/")
    v.go("/en/quiz/start/?game=bent-al-sbeet&variant=qahwa&kind=play")  # a question
    v.in_place(page.locator("form.answer-form button[name=move]").first)  # its result, in place
    v.go("/en/quiz/tarneeb/classic/play/abcdefgh.forged/", status=400)
    # the score sheet: start, score, confirm the end, the share link, my matches
    v.go("/fr/tarneeb/sheet/")
    v.click(page.locator("main form button[type=submit]"))
    form = page.locator("#points-form")
    form.locator('input[name="points_NS"]').fill("3")
    form.locator('input[name="points_EW"]').fill("4")
    v.click(form.locator("button[type=submit]"))
    v.click(page.locator("#end-link"))
    share = page.locator("a.share-link").first.get_attribute("href")
    v.go("/fr/mine/")
    v.go(share)
    v.go("/ar/bent-al-sbeet/sheet/")  # another game's sheet, with its house rules
    v.click(page.locator("main form button[type=submit]"))
    v.go("/en/no-such-page/here/", status=404)
    # the admin
    v.go("/admin/login/")
    page.fill("#id_username", EDITOR[0])
    page.fill("#id_password", EDITOR[1])
    v.click(page.locator("input[type=submit]"))
    v.go("/admin/tutorials/tutorial/")
    v.click(page.locator("#result_list tbody th a").first)  # a tutorial's change form
    v.go("/admin/quiz/handpicked/")
    v.click(page.locator("#result_list tbody th a").first)
    assert len(v.seen) >= 24


def test_saving_a_tutorial_unchanged_in_the_admin_changes_nothing(page, site_env):
    before = manage(site_env, "loadtutorials")
    assert "kept" not in before
    page.goto(page.base + "/admin/login/?next=/admin/tutorials/tutorial/")
    page.fill("#id_username", EDITOR[0])
    page.fill("#id_password", EDITOR[1])
    with page.expect_navigation():
        page.locator("input[type=submit]").click()
    page.goto(page.base + "/admin/tutorials/tutorial/?q=sabaat-knock")
    with page.expect_navigation():
        page.locator("#result_list tbody th a").first.click()
    assert page.locator("textarea").count() > 9
    with page.expect_navigation():
        page.locator('input[name="_save"]').click()
    assert re.search(r"/admin/tutorials/tutorial/(\?.*)?$", page.url), page.url
    assert page.locator(".messagelist .success").count() == 1
    stored = manage(
        site_env,
        "shell",
        "-c",
        "from tutorials.models import Step;"
        "print(sum('\\r' in (getattr(s, f) or '') for s in Step.objects.all()"
        " for f in ('text_ar','text_en','text_fr','hint_ar','hint_en','hint_fr',"
        "'explain_ar','explain_en','explain_fr')))",
    )
    assert stored.strip().splitlines()[-1] == "0"
    after = manage(site_env, "loadtutorials")
    assert "kept" not in after and " 0 updated" in after, after
