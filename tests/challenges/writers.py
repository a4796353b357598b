"""A process that writes challenge results, for the kill test and the bench: run as
``python -m tests.challenges.writers <command> ...`` with ``DATABASE_URL`` set.

- ``open <size>``: a challenge of Tarneeb with ``size`` deals; prints its id.
- ``play <id> <guest> <seed>``: the guest enters and plays every deal to its end (random legal
  moves), resuming where a killed run left off; prints ``done``.
- ``verify <id>``: the stored counts, as JSON.
- ``record <id> <first> <count>``: results written straight through ``record.write`` on deal
  1 for guests first..first+count-1; prints each write's seconds as JSON.
"""

import json
import os
import random
import sys
import time
from datetime import timedelta

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "diwaniya.settings")
import django  # noqa: E402

django.setup()

from django.db import transaction  # noqa: E402
from django.db.models import Sum  # noqa: E402
from django.utils import timezone  # noqa: E402

from challenges import record, service  # noqa: E402
from challenges.models import (  # noqa: E402
    Challenge,
    ChallengeDeal,
    Entry,
    LineTally,
    Play,
    ScoreTally,
    SeatTally,
)
from practice import service as practice  # noqa: E402
from practice.match import Conflict  # noqa: E402
from practice.models import Match  # noqa: E402
from tests.practice.helpers import learner_token  # noqa: E402


def open_(size: str) -> None:
    made = service.open_challenge(
        "tarneeb", None, int(size), "club", timezone.now() + timedelta(hours=2)
    )
    print(made.public_id)


def play(public_id: str, guest: str, seed: str) -> None:
    rng = random.Random(seed)
    challenge = Challenge.objects.get(public_id=public_id)
    entry = service.enter(challenge, {"guest": guest})
    for number in range(1, challenge.size + 1):
        match = service.deal_for(entry, number, 2)
        while True:
            match, deals = Match.read(match.public_id)
            state = match.replay(deals)
            if state.deal_over:
                break
            try:
                practice.move(match, [learner_token(state, rng)], state.ply, deals)
            except Conflict:  # a stale read after a restart: read again
                continue
        print("deal", number, flush=True)
    print("done", flush=True)


def verify(public_id: str) -> None:
    challenge = Challenge.objects.get(public_id=public_id)
    plays = Play.objects.filter(entry__challenge=challenge).select_related("match")
    over = unscored = 0
    for p in plays:
        found = Match.read(p.match.public_id)
        if found and found[0].replay(found[1]).deal_over:
            over += 1
            unscored += p.score is None
    deals = ChallengeDeal.objects.filter(challenge=challenge)
    print(
        json.dumps(
            {
                "over": over,
                "unscored": unscored,
                "scored": plays.filter(score__isnull=False).count(),
                "seat_tallies": SeatTally.objects.filter(deal__in=deals).aggregate(
                    n=Sum("results")
                )["n"]
                or 0,
                "score_tallies": ScoreTally.objects.filter(deal__in=deals).aggregate(
                    n=Sum("results")
                )["n"]
                or 0,
                "lead_tallies": LineTally.objects.filter(deal__in=deals, kind="lead").aggregate(
                    n=Sum("results")
                )["n"]
                or 0,
                "deals_done": Entry.objects.filter(challenge=challenge).aggregate(
                    n=Sum("deals_done")
                )["n"]
                or 0,
                "results": Challenge.objects.get(pk=challenge.pk).results,
                "entries": Entry.objects.filter(challenge=challenge).count(),
                "finished": Challenge.objects.get(pk=challenge.pk).finished,
            }
        )
    )


class Played:
    """A finished deal as ``record.write`` reads it, for the bench: a score and no lines."""

    def __init__(self, score):
        self.score = score


def record_(public_id: str, first: str, count: str) -> None:
    challenge = Challenge.objects.get(public_id=public_id)
    deal = ChallengeDeal.objects.get(challenge=challenge, number=1)
    rng = random.Random(first)
    part = type(
        "Part",
        (),
        {"score": staticmethod(lambda p: p.score), "lines": staticmethod(lambda p: {"lead": "AS"})},
    )
    record.families.of = lambda game: part
    times = []
    for n in range(int(first), int(first) + int(count)):
        entry = service.enter(challenge, {"guest": f"g{n}"})
        row = Play.objects.create(entry=entry, deal=deal, seat=rng.randrange(4))
        start = time.perf_counter()
        for _attempt in range(50):
            try:
                with transaction.atomic():
                    record.write(row, challenge, Played(rng.randint(-26, 26)))
                break
            except Exception as e:  # SQLite's "database is locked" past its timeout: again
                if "locked" not in str(e):
                    raise
        times.append(time.perf_counter() - start)
    print(json.dumps(times))


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    {"open": open_, "play": play, "verify": verify, "record": record_}[command](*args)
