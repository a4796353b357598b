"""The admin refuses, with a clear message, every edit that would break a page; a row broken
outside the admin is a clear 404, never a 500, and `manage.py check` names it."""

import pytest
from django.core import checks
from django.test import Client

from tutorials.models import Step, Tutorial

from .test_loader_admin import _change_form, admin_client  # noqa: F401  (the fixture)

URL = "/admin/tutorials/tutorial/{}/change/"


def _post(admin_client, slug, change):  # noqa: F811
    tutorial = Tutorial.objects.get(slug=slug)
    data, prefix = _change_form(admin_client, tutorial)
    change(data, prefix)
    return admin_client.post(URL.format(tutorial.pk), data), tutorial


@pytest.mark.parametrize(
    "field,value,words",
    [
        ("learner", "Q", "<bdi>Q</bdi>” is not a seat"),
        ("dealer", "X", "<bdi>X</bdi>” is not a seat"),
    ],
)
def test_a_seat_that_is_not_one_is_refused(admin_client, field, value, words):  # noqa: F811
    response, tutorial = _post(
        admin_client, "sabaat-knock", lambda data, prefix: data.update({field: value})
    )
    assert response.status_code == 200
    assert words in response.content.decode()
    tutorial.refresh_from_db()
    assert getattr(tutorial, field) != value


@pytest.mark.parametrize("numbers", [(0,), (99,), "gap"])
def test_step_numbers_must_run_from_one_without_a_gap(admin_client, numbers):  # noqa: F811
    def change(data, prefix):
        if numbers == "gap":  # the last step numbered n + 1: no repeat, but a gap
            total = data[f"{prefix}-TOTAL_FORMS"]
            data[f"{prefix}-{total - 1}-number"] = total + 1
            return
        for i, number in enumerate(numbers):
            data[f"{prefix}-{i}-number"] = number

    response, tutorial = _post(admin_client, "sabaat-knock", change)
    assert response.status_code == 200
    assert "numbered 1 to" in response.content.decode()
    assert list(tutorial.steps.values_list("number", flat=True)) == list(
        range(1, tutorial.steps.count() + 1)
    )


def test_exposed_cards_are_checked_by_the_engine(admin_client):  # noqa: F811
    response, tutorial = _post(
        admin_client, "bent-forced-discard", lambda data, prefix: data.update(exposed="QS,QS")
    )
    assert response.status_code == 200
    assert "appears twice" in response.content.decode()
    response, _ = _post(
        admin_client, "bent-forced-discard", lambda data, prefix: data.update(exposed="AS")
    )
    assert response.status_code == 200 and "cannot be listed as exposed" in (
        response.content.decode()
    )
    response, _ = _post(
        admin_client, "bent-forced-discard", lambda data, prefix: data.update(exposed="QS")
    )
    assert response.status_code == 302
    tutorial.refresh_from_db()
    assert tutorial.exposed == "QS"


def _broken(slug, **changes):
    tutorial = Tutorial.objects.get(slug=slug)
    Tutorial.objects.filter(pk=tutorial.pk).update(**changes)
    return tutorial


@pytest.mark.parametrize(
    "changes", [{"learner": "Q"}, {"dealer": "X"}, {"exposed": "QS,QS"}, {"variant": "nope"}]
)
def test_a_tutorial_broken_outside_the_admin_is_a_404_and_a_check_error(tutorials, changes):
    slug = "bent-forced-discard"
    _broken(slug, **changes)
    client = Client()
    for number in (1, 2):
        response = client.get(f"/en/tutorials/{slug}/{number}/")
        assert response.status_code == 404
        assert "being revised" in response.content.decode()
    assert client.get("/en/tutorials/").status_code == 200
    errors = [e for e in checks.run_checks() if e.id == "tutorials.E003"]
    assert len(errors) == 1 and slug in errors[0].msg


def test_steps_renumbered_outside_the_admin_are_a_404(tutorials):
    Step.objects.filter(tutorial__slug="sabaat-knock", number=2).update(number=99)
    assert Client().get("/en/tutorials/sabaat-knock/2/").status_code == 404
    assert Client().get("/en/tutorials/sabaat-knock/1/").status_code == 404
    assert any(e.id == "tutorials.E003" for e in checks.run_checks())


def test_the_shipped_tutorials_pass_the_database_check(tutorials):
    assert [e for e in checks.run_checks() if e.id == "tutorials.E003"] == []


def test_line_breaks_are_saved_as_the_files_have_them(tutorials):
    step = Step.objects.get(tutorial__slug="sabaat-knock", number=1)
    step.text_en = "One paragraph.\r\n\r\nAnother.\rAnd a line."
    step.save()
    step.refresh_from_db()
    assert step.text_en == "One paragraph.\n\nAnother.\nAnd a line."
