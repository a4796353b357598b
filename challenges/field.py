"""A result against the field, read from the tallies (never from every result), and the
challenge's ranking.

Match points, as duplicate bridge scores a board: against every other result from the same
seat on the same deal, a better one beaten counts 1, a tie a half; the percentage is their sum
over the others' number (a lone result is 50%). Beside it, the difference with the others'
average, in the game's own unit. A challenge's ranking is the average of each entry's deals'
percentages.
"""

from dataclasses import dataclass
from datetime import timedelta

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from .models import Challenge, Entry, LineTally, Play, ScoreTally, SeatTally

RANK_SECONDS = 60  # a large field's ranking is worked out again at most this often
SMALL_FIELD = 500  # below this many results, at every new one
LISTED = 50  # the ranking page's rows
TOP_LINES = 3


@dataclass
class Compared:
    percent: float
    others: int
    average_difference: float | None
    scores: list[tuple[int, int]]  # (score, how many), best first
    lines: dict  # kind -> [(line, how many, percent of the seat's field)]


def percent_of(score: int, tallies: list[tuple[int, int]]) -> tuple[float, int]:
    """``score``'s match points as a percentage among ``tallies`` ((score, count) of every
    result from the seat, this one included), and the number of others."""
    total = sum(n for _s, n in tallies)
    others = total - 1
    if others <= 0:
        return 50.0, 0
    below = sum(n for s, n in tallies if s < score)
    equal = sum(n for s, n in tallies if s == score) - 1
    return 100 * (below + equal / 2) / others, others


def compared(play: Play) -> Compared:
    """A finished play against the field from its seat."""
    tallies = list(
        ScoreTally.objects.filter(deal=play.deal_id, seat=play.seat)
        .order_by("-score")
        .values_list("score", "results")
    )
    pct, others = percent_of(play.score, tallies)
    seat = SeatTally.objects.filter(deal=play.deal_id, seat=play.seat).first()
    difference = None
    if seat is not None and others:
        difference = play.score - (seat.total - play.score) / others
    field = seat.results if seat else 1
    lines: dict = {}
    for row in LineTally.objects.filter(deal=play.deal_id, seat=play.seat).order_by(
        "kind", "-results", "line"
    ):
        kept = lines.setdefault(row.kind, [])
        if len(kept) < TOP_LINES:
            kept.append((row.line, row.results, 100 * row.results / field))
    return Compared(pct, others, difference, tallies, lines)


# --- the ranking ------------------------------------------------------------------------------


def stale(challenge: Challenge, now) -> bool:
    if challenge.results == challenge.ranked_results:
        return False
    if challenge.results < SMALL_FIELD or challenge.ranked_at is None:
        return True
    return now >= challenge.closes or challenge.ranked_at < now - timedelta(seconds=RANK_SECONDS)


def rank(challenge: Challenge) -> None:
    """Work the entries' percentages out again from the tallies when they are stale: one
    request does it (the one whose conditional update claims it), the others read the last
    ranking meanwhile."""
    now = timezone.now()
    if not stale(challenge, now):
        return
    results = challenge.results
    with transaction.atomic():
        claimed = Challenge.objects.filter(
            pk=challenge.pk, ranked_results=challenge.ranked_results, ranked_at=challenge.ranked_at
        ).update(ranked_results=results, ranked_at=now)
        if not claimed:
            return
        cells = list(ScoreTally.objects.filter(deal__challenge=challenge))
        by_seat: dict = {}
        for cell in cells:
            by_seat.setdefault((cell.deal_id, cell.seat), []).append((cell.score, cell.results))
        for cell in cells:
            cell.percent = percent_of(cell.score, by_seat[(cell.deal_id, cell.seat)])[0]
        ScoreTally.objects.bulk_update(cells, ["percent"], batch_size=500)
        entry, play, tally = (m._meta.db_table for m in (Entry, Play, ScoreTally))
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {entry} SET percent = (SELECT AVG(t.percent) FROM {play} p"
                f" JOIN {tally} t ON t.deal_id = p.deal_id AND t.seat = p.seat"
                " AND t.score = p.score"
                f" WHERE p.entry_id = {entry}.id) WHERE challenge_id = %s",
                [challenge.pk],
            )
    challenge.ranked_results, challenge.ranked_at = results, now


def ranking(challenge: Challenge, mine: Entry | None = None, listed: int = LISTED) -> dict:
    """The ranking's first rows (hidden players left out, the reader's own row always shown)
    and the reader's place."""
    rank(challenge)
    ranked = Entry.objects.filter(challenge=challenge, percent__isnull=False)
    rows = list(
        ranked.filter(hidden=False)
        .order_by(F("percent").desc(), "pk")[:LISTED]
        .values("pk", "name", "user_id", "percent", "deals_done")
    )
    place = None
    if mine is not None:
        mine.refresh_from_db(fields=["percent", "deals_done"])
        if mine.percent is not None:
            place = ranked.filter(percent__gt=mine.percent).count() + 1
    return {
        "rows": rows,
        "count": ranked.count() if len(rows) == listed else len(rows),
        "place": place,
        "mine": mine,
    }


def running(user, last: int = 20) -> tuple[float | None, int]:
    """An account's average percentage over its last ``last`` challenges with a result."""
    found = list(
        Entry.objects.filter(user=user, percent__isnull=False)
        .order_by("-challenge__opens")
        .values_list("percent", flat=True)[:last]
    )
    if not found:
        return None, 0
    return sum(found) / len(found), len(found)
