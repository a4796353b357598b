"""The hand-picked questions' admin refuses JSON that would break a question, with a clear
message; a row broken outside the admin is a 404 page and a `manage.py check` error."""

import pytest
from django.contrib.auth.models import User
from django.core import checks

from quiz.models import HandPicked

from .helpers import start  # noqa: F401

BAD_EXTRA = ["1", '"x"', "null", "[]", '{"exposed": 5}', '{"dealer": "N"}', "{not json"]
BAD_SHEET = ["1", '"x"', "null", "{}", "[1]", '[[8, "EW"]]', '[["8", "EW", 6]]', '[[8, "XX", 6]]']


@pytest.fixture
def editor(client, quiz):
    client.force_login(User.objects.create_superuser("editor", "e@example.org", "pw"))
    return client


def _form(editor, row):
    response = editor.get(f"/admin/quiz/handpicked/{row.pk}/change/")
    form = response.context["adminform"].form
    data = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        data[name] = field.prepare_value(value) if value is not None else ""
    return data


def _picked(kind="sheet"):
    return HandPicked.objects.filter(kind=kind).first()


@pytest.mark.parametrize("field,value", [("extra", v) for v in BAD_EXTRA])
def test_bad_extra_is_refused_with_a_message(editor, field, value):
    row = HandPicked.objects.exclude(extra={}).first()
    data = _form(editor, row)
    data[field] = value
    response = editor.post(f"/admin/quiz/handpicked/{row.pk}/change/", data)
    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode()
    before = row.extra
    row.refresh_from_db()
    assert row.extra == before


@pytest.mark.parametrize("value", BAD_SHEET)
def test_a_malformed_sheet_is_refused_with_a_message(editor, value):
    row = _picked()
    data = _form(editor, row)
    data["sheet"] = value
    response = editor.post(f"/admin/quiz/handpicked/{row.pk}/change/", data)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="errorlist' in html
    row.refresh_from_db()
    assert row.sheet and isinstance(row.sheet, list)


def test_the_admin_still_saves_a_good_edit(editor):
    row = _picked()
    data = _form(editor, row)
    data["title_en"] = "A reworded title"
    response = editor.post(f"/admin/quiz/handpicked/{row.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    row.refresh_from_db()
    assert row.title_en == "A reworded title"


@pytest.mark.parametrize(
    "changes", [{"extra": 1}, {"extra": "x"}, {"sheet": "x"}, {"sheet": [[8]]}, {"sheet": 3}]
)
def test_a_row_broken_outside_the_admin_is_a_404_and_a_check_error(client, quiz, changes):
    row = _picked()
    index = client.get("/en/quiz/").content.decode()
    url = next(u for u in __import__("re").findall(r'href="([^"]+)"', index) if row.key in u)
    HandPicked.objects.filter(pk=row.pk).update(**changes)
    response = client.get(url)
    assert response.status_code == 404
    assert row.key in response.content.decode()
    assert client.get("/en/quiz/").status_code == 200
    errors = [e for e in checks.run_checks() if e.id == "quiz.E003"]
    assert len(errors) == 1 and row.key in errors[0].msg


def test_the_shipped_questions_pass_the_database_check(quiz):
    assert [e for e in checks.run_checks() if e.id == "quiz.E003"] == []
