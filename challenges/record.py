"""A deal's result, written once, in the transaction of the move that ends it.

Why there, and not by a periodic task: the result and the tallies the field's page reads move
together, so a crash between them can neither lose a result nor count it twice; the move itself
is refused (and not stored) when the challenge has closed; and each result touches a handful of
counter rows (its seat's tally, its score's, its lines', its entry, the challenge), the same few
whatever the field's size. Only the ranking's percentages, which every new result on a seat
changes for everyone on it, are worked out apart (``field.rank``), from these tallies.
"""

from django.db import connection
from django.utils import timezone

from practice.match import Conflict

from . import families, versions
from .models import Challenge, Entry, LineTally, Play, ScoreTally, SeatTally


def on_storing(sender, match, practice, **kwargs) -> None:
    """``practice.signals.storing``: a challenge's deal changing. Refused once the challenge
    has closed or its computer players have changed; the result written when it ends."""
    play = Play.objects.filter(match_id=match.pk).select_related("entry__challenge").first()
    if play is None:
        return
    challenge = play.entry.challenge
    if timezone.now() >= challenge.closes:
        raise Conflict("challenge_closed")
    if challenge.players_version != versions.current():
        raise Conflict("players_changed")
    if practice.deal_over and play.score is None:
        write(play, challenge, practice)


def write(play: Play, challenge: Challenge, practice) -> bool:
    """The result and the tallies, once: False when the result was already written."""
    part = families.of(challenge.game)
    score = part.score(practice)
    lines = part.lines(practice)
    now = timezone.now()
    if not Play.objects.filter(pk=play.pk, score__isnull=True).update(
        score=score, recorded=now, lines=lines
    ):
        return False
    deal, seat = play.deal_id, play.seat
    _add(SeatTally, ("deal_id", "seat"), (deal, seat), {"results": 1, "total": score})
    _add(ScoreTally, ("deal_id", "seat", "score"), (deal, seat, score), {"results": 1})
    for kind, line in sorted(lines.items()):
        _add(
            LineTally, ("deal_id", "seat", "kind", "line"), (deal, seat, kind, line), {"results": 1}
        )
    done = Entry.objects.filter(pk=play.entry_id)
    with connection.cursor() as cursor:
        table = Entry._meta.db_table
        cursor.execute(
            f"UPDATE {table} SET deals_done = deals_done + 1 WHERE id = %s", [play.entry_id]
        )
    finished = done.filter(deals_done__gte=challenge.size, finished_at__isnull=True).update(
        finished_at=now
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Challenge._meta.db_table} SET results = results + 1,"
            " finished = finished + %s WHERE id = %s",
            [finished, challenge.pk],
        )
    return True


def _add(model, keys: tuple, values: tuple, counts: dict) -> None:
    """Add ``counts`` to the tally row at ``keys`` = ``values``, made if it is not there: one
    statement (``INSERT … ON CONFLICT … DO UPDATE``, SQLite's and PostgreSQL's), so two
    results at once both count."""
    table = model._meta.db_table
    columns = [*keys, *counts]
    adds = ", ".join(f"{c} = {table}.{c} + excluded.{c}" for c in counts)
    sql = (
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(['%s'] * len(columns))})"
        f" ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {adds}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, *counts.values()])
