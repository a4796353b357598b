"""Issue 47's class, end to end in Chromium under the production server: a French teacher on a
desktop makes a class from the account menu, gives three children quick-login codes and
takes one student with an account, gives a lesson and a practice deal; an Arabic child on a
phone signs in by code, finds the homework on the home page and answers wrong, asks a hint
and answers right by touch; an English student does the same; both play the deal. The
teacher's board shows each answer, the commonest wrong card first, and follows a third
student live (no reload); the CSV holds the same; a student reads no one else's work and a
stranger gets 404. axe-core finds no violation on the class pages. Screenshots:
tests/artifacts/classes-*.png."""

import csv
import io
import json
import re
import urllib.request

import pytest

from tests import servers
from tests.lessons.helpers import two_answers

from .conftest import ARTIFACTS, WIDE
from .test_lesson_journey import PHONE, card_tap, fits_the_phone

pytestmark = pytest.mark.browser
PASSWORD = "sand-dune-falcon-7"


@pytest.fixture(scope="module")
def one_worker(site_env, tmp_path_factory):
    """One worker: without REDIS_URL the channel layer is one process's memory."""
    with servers.gunicorn(site_env, workers=1, log_dir=tmp_path_factory.mktemp("log")) as url:
        yield url


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"classes-{name}.png"), full_page=True)


def no_axe_violation(page, where: str):
    from axe_playwright_python.sync_playwright import Axe

    found = [
        (v["id"], [n["target"] for n in v["nodes"]][:3])
        for v in Axe().run(page).response["violations"]
    ]
    assert found == [], where


def sign_up(page, site, lang, name):
    page.goto(f"{site}/{lang}/accounts/sign-up/")
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()


def new_lesson(site) -> str:
    body = json.dumps(two_answers()).encode()
    request = urllib.request.Request(
        f"{site}/api/lessons", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as reply:
        return json.loads(reply.read())["id"]


def code_login(page, site, lang, class_code, code, tap=False):
    page.goto(f"{site}/{lang}/classes/code/")
    page.fill("#id_class_code", class_code)
    page.fill("#id_code", code)
    button = page.locator("main form button[type=submit]")
    with page.expect_navigation():
        button.tap() if tap else button.click()


def do_the_lesson(page, site, lang, lesson, wrong, right, tap=False):
    """From the home page: the homework's lesson, its question answered ``wrong`` (if any),
    a hint asked, then ``right``."""
    page.goto(f"{site}/{lang}/")
    link = page.locator(".homework-list a", has_text=re.compile("."))
    assert page.locator(".homework-list").is_visible()
    with page.expect_navigation():
        page.locator('.homework-list a[href*="/classes/"][href*="/work/"]').first.click()
    assert f"/lessons/{lesson}/" in page.url
    page.goto(f"{site}/{lang}/lessons/{lesson}/2/")
    act = (lambda loc: card_tap(loc)) if tap else (lambda loc: loc.click())
    if wrong:
        act(page.locator(f'.answer-form button[name=move][value="{wrong}"]'))
        page.locator("#feedback").wait_for()
        hint = page.locator(".hint-form button[name=hint]")
        hint.tap() if tap else hint.click()
        page.locator("#hint-1").wait_for()
    act(page.locator(f'.answer-form button[name=move][value="{right}"]'))
    page.locator("#feedback.right").wait_for()
    return link


def play_the_deal(page, site, lang, classroom):
    """The homework deal, opened from the class's page and played through the table's forms
    (the first legal move each turn) with the student's own session."""
    page.goto(f"{site}/{lang}/classes/{classroom}/")
    with page.expect_navigation():
        page.locator(".assignment a.button").last.click()
    table = page.url.split("?")[0]
    for _ in range(60):
        html = page.request.get(table).text()
        if 'id="review"' in html:
            return table
        form = re.search(r'<form[^>]*action="([^"]*/move/)"(.*?)</form>', html, re.S)
        assert form, "no move form"
        body = form.group(2)
        fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', body))
        fields["csrfmiddlewaretoken"] = re.search(
            r'name="csrfmiddlewaretoken" value="([^"]+)"', html
        ).group(1)
        picks = re.findall(r'name="pass" value="([^"]+)"', body)
        if picks:
            data = [*fields.items(), *(("pass", p) for p in picks[:3])]
            form_data = "&".join(f"{k}={urllib.request.quote(v)}" for k, v in data)
            page.request.post(
                site + form.group(1),
                data=form_data,
                headers={"Content-Type": "application/x-www-form-urlencoded", "Referer": table},
            )
            continue
        # a legal card of the hand, else a call of the bidding box (all of them legal)
        legal = re.search(
            r'<li class="legal"><button type="submit" name="move" value="([^"]+)"', body
        )
        call = re.search(r'class="move[^"]*" name="move" value="([^"]+)"', body)
        move = (legal or call).group(1)
        sent = page.request.post(
            site + form.group(1), form={**fields, "move": move}, headers={"Referer": table}
        )
        assert sent.status < 400, (sent.status, move, fields, sent.text()[-800:])
    raise AssertionError("the deal did not end")


def test_a_class_of_four_gets_a_lesson_and_a_deal_and_the_board_follows_it(browser, one_worker):
    site = one_worker
    lesson = new_lesson(site)
    contexts = []

    def context(**options):
        made = browser.new_context(**options)
        contexts.append(made)
        return made.new_page()

    try:
        teacher = context(viewport=WIDE, locale="fr-FR")
        sign_up(teacher, site, "fr", "samira")
        # "My classes" from the header's account menu
        with teacher.expect_navigation():
            teacher.locator(".account-menu a.my-classes").click()
        teacher.fill("#id_name", "CM2 B")
        with teacher.expect_navigation():
            teacher.locator("main form button[type=submit]").click()
        classroom = teacher.url.rstrip("/").rsplit("/", 1)[1]
        class_code = teacher.locator(".join-box .class-code").inner_text()
        join_url = teacher.locator(".join-url").input_value()
        assert "/fr/" not in join_url  # each student lands in their own language
        codes = {}
        for real, shown in (
            ("Layla Haddad", "Layla"),
            ("Tom Baker", "Tom"),
            ("Chloé Martin", "Chloé"),
        ):
            teacher.fill("#id_real_name", real)
            teacher.fill("#id_display_name", shown)
            with teacher.expect_navigation():
                teacher.locator("#students form.account-form button[type=submit]").click()
            codes[shown] = teacher.locator("#student-code").inner_text()
            if shown == "Layla":
                shot(teacher, "code-fr")
            teacher.goto(f"{site}/fr/classes/{classroom}/")
        # one student by account, in English, from the join link
        nadia = context(viewport=WIDE, locale="en-GB")
        sign_up(nadia, site, "en", "nadia")
        nadia.goto(join_url.replace("http://127.0.0.1:8000", site))
        assert "/en/classes/join/" in nadia.url
        nadia.fill("#id_real_name", "Nadia Saleh")
        nadia.fill("#id_display_name", "Nadia")
        with nadia.expect_navigation():
            nadia.locator("main form button[type=submit]").click()
        # homework: the lesson by its link, then a practice deal
        teacher.goto(f"{site}/fr/classes/{classroom}/assign/")
        teacher.fill("#lesson-link", f"{site}/en/lessons/{lesson}/")
        with teacher.expect_navigation():
            teacher.locator("#give-lesson button[type=submit]").click()
        teacher.goto(f"{site}/fr/classes/{classroom}/assign/")
        no_axe_violation(teacher, "assign fr")
        teacher.select_option("#practice-pick", "tarneeb:classic")
        with teacher.expect_navigation():
            teacher.locator("#give-practice button[type=submit]").click()
        no_axe_violation(teacher, "class fr")
        shot(teacher, "class-fr")
        # the board, open while the students work
        teacher.goto(f"{site}/fr/classes/{classroom}/board/")
        teacher.locator("#board[data-live='1']").wait_for()
        teacher.evaluate("window.__samePage = true")
        # an Arabic child on a phone: signs in by code, finds the homework on the home page
        layla = context(**PHONE, locale="ar")
        code_login(layla, site, "ar", class_code, codes["Layla"], tap=True)
        layla.goto(f"{site}/ar/")
        shot(layla, "home-ar")
        do_the_lesson(layla, site, "ar", lesson, "pass:2C", "pass:QS", tap=True)
        wrong = "#board .question-answers[data-question='2'] li.wrong [data-card='2C']"
        teacher.locator(wrong).wait_for()
        # an English child on a desktop: wrong the same way, a hint, then right
        tom = context(viewport=WIDE, locale="en-GB")
        code_login(tom, site, "en", class_code, codes["Tom"])
        do_the_lesson(tom, site, "en", lesson, "pass:2C", "pass:AH")
        teacher.locator(
            "#board .question-answers[data-question='2'] li.wrong:has-text('× 2')"
        ).wait_for()
        # both play the deal
        tables = [
            play_the_deal(p, site, lang, classroom) for p, lang in ((layla, "ar"), (tom, "en"))
        ]
        teacher.locator(
            "#board .deal-result:has-text('+'), #board .deal-result bdi"
        ).first.wait_for()
        # a third works while the teacher watches: the board shows it with no reload
        chloe = context(viewport={"width": 1024, "height": 768}, locale="fr-FR")
        code_login(chloe, site, "fr", class_code, codes["Chloé"])
        do_the_lesson(chloe, site, "fr", lesson, None, "pass:AH")
        teacher.locator(
            "#board .question-answers[data-question='2'] li.right:has-text('Chloé')"
        ).wait_for()
        assert teacher.evaluate("window.__samePage === true"), "the board was reloaded"
        group = teacher.locator("#board .question-answers[data-question='2'] li").first
        assert "× 2" in group.inner_text() and group.get_attribute("class") == "wrong"
        no_axe_violation(teacher, "board fr")
        shot(teacher, "board-fr")
        # the CSV holds what the board shows
        rows = list(
            csv.reader(
                io.StringIO(teacher.request.get(f"{site}/fr/classes/{classroom}/board.csv").text())
            )
        )
        by = {(r[4].lstrip("\ufeff"), r[1]): r for r in rows[1:]}
        lesson_rows = {
            k[0]: v for k, v in by.items() if "practice" not in v[2] and v[2] == "lesson"
        }
        assert lesson_rows["Layla Haddad"][12] == "no" and lesson_rows["Chloé Martin"][12] == "yes"
        assert lesson_rows["Tom Baker"][14] == "1" and lesson_rows["Nadia Saleh"][6] == "todo"
        deals = {r[4]: r for r in rows[1:] if r[2] == "practice"}
        assert deals["Layla Haddad"][6] == "done" and deals["Layla Haddad"][15] != ""
        board = teacher.locator("#board").inner_text()
        assert "Layla Haddad" in board and "Tom Baker" in board
        # the Arabic child's own page: her answers, none of her classmates'
        layla.goto(f"{site}/ar/classes/{classroom}/")
        fits_the_phone(layla)
        assert layla.locator("[data-card='2C']").count() >= 1
        assert "Tom Baker" not in layla.content() and "Haddad" not in layla.content()
        no_axe_violation(layla, "student ar")
        shot(layla, "student-ar")
        for url in (
            f"{site}/ar/classes/{classroom}/board/",
            f"{site}/ar/classes/{classroom}/board/?part=board",
            f"{site}/ar/classes/{classroom}/board.csv",
            tables[1],  # Tom's deal
        ):
            assert layla.request.get(url).status == 404, url
        stranger = context(viewport=WIDE, locale="en-GB")
        assert stranger.request.get(f"{site}/en/classes/{classroom}/").status == 404
        layla.goto(f"{site}/ar/classes/code/")
        no_axe_violation(layla, "quick login ar")
        shot(layla, "code-login-ar")
    finally:
        for made in contexts:
            made.close()
