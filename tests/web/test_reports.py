"""Readers' reports ("my table plays it differently"): CSRF, length caps, a rate limit, and
never shown until an editor accepts one."""

import re

import pytest
from django.test import Client

from rulebook.models import ReaderReport

URL = "/fr/bent-al-sbeet/sbeetah/"
REPORT = {
    "rule": "ties",
    "region": "Jahra",
    "text": "Chez nous, on rejoue une donne.",
    "source": "",
}


def send(client, **changes):
    return client.post(URL, {**REPORT, **changes}, REMOTE_ADDR="10.1.2.3")


def test_a_report_is_stored_for_the_editors_and_hidden(client, rulebook):
    response = send(client)
    assert response.status_code == 303
    assert response["Location"].startswith(URL + "?reported=ties#rule-ties")
    report = ReaderReport.objects.get()
    assert (report.rule, report.region, report.language, report.status) == (
        "ties",
        "Jahra",
        "fr",
        ReaderReport.NEW,
    )
    page = client.get(response["Location"]).content.decode()
    assert "rédaction lira votre signalement" in page  # thanked beside the rule
    assert "Chez nous, on rejoue" not in page  # but not shown


def judge(status):
    """An editor's decision, saved as the admin saves it (one row at a time)."""
    for report in ReaderReport.objects.all():
        report.status = status
        report.save()


def test_an_accepted_report_appears_beside_its_rule_as_a_readers_report(client, rulebook):
    send(client)
    judge(ReaderReport.ACCEPTED)
    html = client.get("/en/bent-al-sbeet/qahwa/").content.decode()
    rule = re.search(r'id="rule-ties".*?</dd>', html, re.S).group(0)
    assert "Chez nous, on rejoue une donne." in rule
    assert "A reader’s report, not a source (Jahra)" in rule
    assert 'lang="fr"' in rule
    judge(ReaderReport.REJECTED)  # the cached page follows the editor at once
    assert "Chez nous" not in client.get("/en/bent-al-sbeet/qahwa/").content.decode()


def test_a_report_without_the_csrf_token_is_refused(rulebook):
    client = Client(enforce_csrf_checks=True)
    assert send(client).status_code == 403
    link = re.search(r'href="([^"]*/report/ties/)"', client.get(URL).content.decode()).group(1)
    page = client.get(link).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert send(client, csrfmiddlewaretoken=token).status_code == 303
    assert ReaderReport.objects.count() == 1


def test_the_rule_page_links_each_rule_to_its_report_form(client, rulebook):
    """The rule page is the same for every visitor (no form, no CSRF token): "My table plays
    it differently" opens the rule's own form, which posts back to the rule page."""
    html = client.get(URL).content.decode()
    assert "csrfmiddlewaretoken" not in html and "<textarea" not in html
    link = re.search(r'id="rule-ties".*?href="([^"]*/report/ties/)"', html, re.S).group(1)
    form = client.get(link)
    assert form.status_code == 200
    text = form.content.decode()
    assert f'action="{URL}"' in text and 'name="rule" value="ties"' in text
    assert 'role="alert"' not in text  # nothing wrong yet
    assert '<meta name="robots" content="noindex">' in text
    assert client.get("/fr/bent-al-sbeet/sbeetah/report/no-such-rule/").status_code == 404


@pytest.mark.parametrize(
    "changes,field",
    [
        ({"text": "x" * (ReaderReport.TEXT_MAX + 1)}, "text"),
        ({"region": "y" * (ReaderReport.REGION_MAX + 1)}, "region"),
        ({"source": "z" * (ReaderReport.SOURCE_MAX + 1)}, "source"),
        ({"text": ""}, "text"),
    ],
)
def test_a_report_too_long_or_empty_is_a_400_that_keeps_it(client, rulebook, changes, field):
    response = send(client, **changes)
    assert response.status_code == 400
    html = response.content.decode()
    assert f'id="report-ties-{field}"' in html
    assert re.search(rf'id="report-ties-{field}"[^>]*aria-invalid="true"', html)
    assert "Jahra" in html or field == "region"
    assert ReaderReport.objects.count() == 0


def test_an_unknown_rule_is_refused(client, rulebook):
    assert send(client, rule="nonesuch").status_code == 400
    assert ReaderReport.objects.count() == 0


def test_reports_are_rate_limited(client, rulebook):
    from plumbing import limits

    per_session = limits.REPORTS[0].count
    for _ in range(per_session):
        assert send(client).status_code == 303
    response = send(client)
    assert response.status_code == 429
    assert "plus tard" in response.content.decode()
    assert 0 < int(response["Retry-After"]) <= 3600
    assert ReaderReport.objects.count() == per_session
    # a new release starts a new page cache, not a new allowance
    from django.core.cache import cache

    cache.clear()
    assert send(client).status_code == 429
    # another address is not held back by this one
    other = Client().post(URL, REPORT, REMOTE_ADDR="10.9.9.9")
    assert other.status_code == 303


def test_an_address_is_limited_whatever_its_sessions(rulebook):
    """A client dropping its cookie for each report is still held by its address (20 an
    hour), and what counts is in the database, not a process's memory."""
    from plumbing import limits
    from plumbing.models import Counter

    per_ip = limits.REPORTS[1].count
    answers = [Client().post(URL, REPORT, REMOTE_ADDR="10.1.1.1").status_code for _ in range(25)]
    assert answers.count(303) == per_ip
    assert answers[per_ip:] == [429] * (25 - per_ip)
    assert Counter.objects.filter(key__startswith="report:ip:10.1.1.1:").get().count == 25


def test_an_unaccepted_report_keeps_the_games_page_cache(client, rulebook):
    """Only a report an editor accepts (or one that was accepted) changes the rule pages, so
    only then is the game's revision raised (which is what empties its cached pages)."""
    from rulebook.models import Game

    def revision():
        return Game.objects.get(slug="bent-al-sbeet").revision

    before = revision()
    assert send(client).status_code == 303
    report = ReaderReport.objects.get()
    assert revision() == before
    report.status = ReaderReport.REJECTED
    report.save()
    assert revision() == before
    report.status = ReaderReport.ACCEPTED
    report.save()
    assert revision() == before + 1
    report.status = ReaderReport.REJECTED  # withdrawn: the pages drop it
    report.save()
    assert revision() == before + 2


def test_the_admin_lists_reports(admin_client, rulebook):
    send(Client())
    html = admin_client.get("/admin/rulebook/readerreport/").content.decode()
    for column in (
        "column-rule",
        "column-region",
        "column-text",
        "column-created",
        "column-status",
        "column-language",
    ):
        assert column in html
    assert "Jahra" in html
