"""The same site on two machines: two gunicorn servers on two ports share one PostgreSQL and
one Redis (each started by the test, as production would run them on separate hosts). What an
editor or a learner does through one server holds at once on the other."""

import re
import shutil
from html.parser import HTMLParser

import pytest

from tests import servers
from tests.web.test_concurrency import (
    GAMES,
    _answered,
    _form_token,
    _practice_turn,
    _question,
    _start_match,
    _wrong_move,
)

# One worker runs every PostgreSQL test (make test: --dist loadgroup): its one cluster
# keeps one prepared database for them all (tests/servers.py, prepare).
pytestmark = [pytest.mark.served, pytest.mark.xdist_group("postgres")]

EDITOR = ("editor", "a-long-editor-password-0123")


@pytest.fixture(scope="module")
def two(postgres, tmp_path_factory):
    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed (.ci/run installs it)")
    with servers.redis_server() as redis_url:
        env = servers.site_env(postgres("two_servers"))
        env["REDIS_URL"] = redis_url
        env["DJANGO_SUPERUSER_PASSWORD"] = EDITOR[1]
        servers.prepare(env, "loadrulebook", "loadtutorials", "loadquiz")
        servers.manage(
            env, "createsuperuser", "--noinput", "--username", EDITOR[0], "--email", "e@x.org"
        )
        logs = tmp_path_factory.mktemp("log")
        with (
            servers.gunicorn(env, workers=2, log_dir=logs) as a,
            servers.gunicorn(env, workers=2, log_dir=tmp_path_factory.mktemp("log")) as b,
        ):
            yield a, b


class _Form(HTMLParser):
    """Every field of the page's form with its value, as a browser would send it."""

    def __init__(self):
        super().__init__()
        self.fields, self._textarea, self._select = {}, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("name"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            if a.get("type") not in ("submit", "button", "file"):
                self.fields[a["name"]] = a.get("value") or ""
        elif tag == "textarea":
            self._textarea = a.get("name")
            self.fields[self._textarea] = ""
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select and "selected" in a:
            self.fields[self._select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "textarea":
            self._textarea = None
        elif tag == "select":
            self._select = None

    def handle_data(self, data):
        if self._textarea:
            self.fields[self._textarea] += data


def _edit_game_name(base: str, slug: str, name: str) -> None:
    """An editor renames a game in the admin of ``base``, as in a browser."""
    editor = servers.Browser(base)
    editor.get("/admin/login/")
    status, _, _ = editor.post(
        "/admin/login/?next=/admin/",
        {"username": EDITOR[0], "password": EDITOR[1], "next": "/admin/"},
    )
    assert status == 302
    _, listing, _ = editor.get("/admin/rulebook/game/")
    change = re.search(rf'href="(/admin/rulebook/game/\d+/change/)[^"]*">{slug}<', listing)[1]
    _, form_html, _ = editor.get(change)
    form = _Form()
    form.feed(form_html)
    fields = {**form.fields, "name_en": name, "_save": "Save"}
    status, body, _ = editor.post(change, fields)
    assert status == 302, re.findall(r'class="errorlist[^>]*>(.*?)</ul>', body)


def test_an_admin_edit_through_one_shows_at_once_on_the_other(two):
    a, b = two
    for base in (a, b):  # both servers have the page cached
        for _ in range(4):
            assert "Hearts" in servers.Browser(base).get("/en/hearts/")[1]
    _edit_game_name(a, "hearts", "Hearts, as the editors call it")
    for _ in range(4):  # every worker of the other server
        status, body, _ = servers.Browser(b).get("/en/hearts/")
        assert status == 200 and "Hearts, as the editors call it" in body


def test_a_learners_quiz_tutorial_sheet_and_practice_continue_on_the_other(two):
    a, b = two
    learner = servers.Browser(a)
    # the quiz: answered on one, counted on the other
    url = _question(learner)
    assert learner.post(url, {"token": _form_token(learner, url), "seat": "N"})[0] == 303
    learner.base = b
    assert _answered(learner) == 1
    # a tutorial's progress
    slug, number, card = _wrong_move()
    learner.base = a
    step = f"/en/tutorials/{slug}/{number}/"
    assert learner.post(step, {"hint": "1"})[0] == 302
    assert learner.post(step, {"move": card})[0] == 302
    learner.base = b
    assert "1 wrong try so far." in learner.get(step)[1]
    # the tutorials and the quiz read back together on the other (one query on PostgreSQL)
    listing = learner.get("/en/tutorials/")[1]
    assert f'href="/en/tutorials/{slug}/{number}/">Resume at step {number} of' in listing
    box = re.search(r'<nav class="learn".*?</nav>', learner.get("/en/tarneeb/")[1], re.S)[0]
    assert "streak:" in box
    # a score sheet started on one, scored on the other
    learner.base = a
    sheet = _start_match(learner, "tarneeb")
    learner.base = b
    status, body, _ = learner.post(sheet, {"kind": "points", "row": 1, **GAMES["tarneeb"][1]})
    assert status in (302, 303), body[:300]
    learner.base = a
    assert int(re.search(GAMES["tarneeb"][2], learner.get(sheet)[1])[1]) == 2
    # a practice match started on one, played on the other
    learner.base = a
    learner.get("/en/tarneeb/practice/")
    status, _, headers = learner.post(
        "/en/tarneeb/practice/", {"variant": "classic", "seat": "S", "level": "club"}
    )
    assert status == 303
    table = headers["Location"].split("?")[0]
    learner.base = b
    form, move = _practice_turn(learner, table)
    assert learner.post(table + "move/", {**form, "move": move})[0] == 303
    learner.base = a
    after, _ = _practice_turn(learner, table)
    assert int(after["ply"]) > int(form["ply"])
    # both listed on the other, read in one query of both kinds (a UNION on PostgreSQL)
    learner.base = b
    mine = learner.get("/en/mine/")[1]
    assert f'href="{table}"' in mine and f'href="{sheet}"' in mine
    assert "1 row" in mine and "1 deal" in mine
