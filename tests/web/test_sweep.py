"""``manage.py sweep`` removes abandoned practice matches and score sheets: no move for 30
days and listed by no unexpired session's "My matches"."""

from datetime import timedelta

from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from practice.models import Match as PracticeMatch
from scoresheet.models import Match as SheetMatch


def _start(client, n_practice=1):
    for _ in range(n_practice):
        assert client.post("/en/tarneeb/practice/", {"variant": "classic"}).status_code == 303
    assert client.post("/en/tarneeb/sheet/", {"variant": "classic"}).status_code == 302


def _age(days):
    then = timezone.now() - timedelta(days=days)
    PracticeMatch.objects.update(updated=then, created=then)
    SheetMatch.objects.update(created=then)


def test_sweep_keeps_what_a_session_lists_and_recent_things(rulebook, capsys):
    kept, gone = Client(), Client()
    _start(kept)
    _start(gone)
    Session.objects.filter(session_key=gone.session.session_key).update(
        expire_date=timezone.now() - timedelta(days=1)
    )
    _age(20)
    call_command("sweep")
    assert PracticeMatch.objects.count() == 2 and SheetMatch.objects.count() == 2
    _age(31)
    call_command("sweep")
    assert "1 practice matches, 1 score sheets" in capsys.readouterr().out
    owned = kept.session["owned"]
    assert list(PracticeMatch.objects.values_list("token", flat=True)) == owned["practice"]
    assert list(SheetMatch.objects.values_list("scorer", flat=True)) == owned["sheet"]


def test_a_sheet_with_a_recent_row_is_kept(rulebook):
    from tests.web.test_sheet import new_match, points

    visitor = Client()
    url = new_match(visitor)
    points(visitor, url, 1, 3, 4)
    Session.objects.all().delete()
    SheetMatch.objects.update(created=timezone.now() - timedelta(days=90))
    call_command("sweep", verbosity=0)
    assert SheetMatch.objects.count() == 1
    SheetMatch.objects.get().entries.update(created=timezone.now() - timedelta(days=31))
    call_command("sweep", verbosity=0)
    assert SheetMatch.objects.count() == 0
