"""Removing what nobody will come back to (``manage.py sweep``, run by ``make setup`` and daily
from cron, README "Sessions").

A practice match or a score sheet is abandoned when nothing happened in it for ``DAYS`` (no
move, no row, not ended since), no unexpired session lists it on "My matches" and no account
keeps it. Such a thing can only be reached by its private link, kept nowhere the site knows:
after a month without a move it is removed, with its deals or rows. (When live tables come, a
thing a live table holds is kept too.) The rate limits' counters of windows that are over go
as well.
"""

from datetime import timedelta

from django.db.models import Max, Q
from django.utils import timezone

from plumbing import limits, ownership

DAYS = 30
BATCH = 500


def listed_tokens() -> dict[str, set[str]]:
    """Every token an unexpired session or an account owns, by kind ("practice", "sheet")."""
    from plumbing.models import Owned

    found, _ = ownership.in_sessions()
    kept = Owned.objects.values_list("kind", "token").iterator(chunk_size=BATCH)
    for kind, token in kept:
        found.setdefault(kind, set()).add(token)
    return found


def _delete(model, pks: list[int]) -> int:
    removed = 0
    for start in range(0, len(pks), BATCH):
        removed += (
            model.objects.filter(pk__in=pks[start : start + BATCH])
            .delete()[1]
            .get(model._meta.label, 0)
        )
    return removed


def sweep(days: int = DAYS, now=None) -> dict[str, int]:
    """Remove abandoned practice matches and score sheets and spent counters; the counts."""
    from practice.models import OWNED as PRACTICE
    from practice.models import Match as PracticeMatch
    from scoresheet.models import OWNED as SHEET
    from scoresheet.models import Match as SheetMatch

    now = now or timezone.now()
    before = now - timedelta(days=days)
    listed = listed_tokens()
    kept_practice = listed.get(PRACTICE, set())
    kept_sheets = listed.get(SHEET, set())

    idle = PracticeMatch.objects.filter(updated__lt=before).values_list("pk", "token")
    practice = [pk for pk, token in idle.iterator() if token not in kept_practice]

    sheets = (
        SheetMatch.objects.filter(created__lt=before)
        .filter(Q(ended__isnull=True) | Q(ended__lt=before))
        .annotate(last_row=Max("entries__created"))
        .filter(Q(last_row__isnull=True) | Q(last_row__lt=before))
        .values_list("pk", "scorer")
    )
    sheet = [pk for pk, token in sheets.iterator() if token not in kept_sheets]
    return {
        "practice matches": _delete(PracticeMatch, practice),
        "score sheets": _delete(SheetMatch, sheet),
        "rate-limit counters": limits.sweep(now.timestamp()),
    }
