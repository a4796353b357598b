"""Who is at a live table: a seat is "here" while one of its sockets, in any process, has
said so within ``SECONDS`` (each socket says so every ``BEAT`` seconds, in the cache every
process shares: Redis when REDIS_URL is set). ``Place.connections`` alone would keep a seat
"here" for ever once the process holding its socket is killed (no ``disconnect`` runs);
a socket that closes normally still makes its seat "away" at once.

A killed process announces nothing, so the living sockets look again: once every ``BEAT``
for each table (one socket of any process, by a lock in the shared cache), and when what
they would show differs from what was last shown, the table is told. A seat whose process
was killed is shown "away" within ``SECONDS + BEAT`` seconds."""

import asyncio
import time

from channels.db import database_sync_to_async
from django.core.cache import cache

from rulebook.engine.table import SEATS

SECONDS = 12  # a seat is here while a socket of its said so this recently
BEAT = 4  # each socket says so this often (a missed beat or two under load is no absence)


def _key(place_pk: int) -> str:
    return f"tables:seen:{place_pk}"


def seen(place_pk: int) -> None:
    cache.set(_key(place_pk), time.time(), SECONDS * 2)


def is_here(place) -> bool:
    said = cache.get(_key(place.pk))
    return place.connections > 0 and said is not None and time.time() - said < SECONDS


def of(table) -> dict[str, str]:
    """Each seat of ``table`` as its players see it: "computer" (a computer player's seat, or
    a person's played for them while away), "here" or "away"."""
    from .models import Place

    here = {p.seat: is_here(p) for p in table.places.all() if p.role == Place.SEAT}
    players = table.match.players
    return {
        SEATS[s]: (
            "computer" if players[s] or s in table.away else "here" if here.get(s) else "away"
        )
        for s in range(4)
    }


def changed(table_pk: int) -> bool:
    """Whether the table's presence differs from what was last looked at: looked at once a
    ``BEAT`` per table whatever the number of sockets and processes (the others answer
    False)."""
    from .models import Table

    if not cache.add(f"tables:looked:{table_pk}", 1, BEAT):
        return False
    try:
        table = Table.objects.select_related("match").get(pk=table_pk)
    except Table.DoesNotExist:
        return False
    now = of(table)
    before = cache.get(f"tables:shown:{table_pk}")
    cache.set(f"tables:shown:{table_pk}", now, SECONDS * 10)
    return before is not None and before != now


def beat_once(place_pk: int, table_pk: int) -> bool:
    """One beat of a socket: say so, and whether the table's presence changed."""
    seen(place_pk)
    return changed(table_pk)


async def beat(place_pk: int, table_pk: int, tell) -> None:
    """Say so every ``BEAT`` seconds, and ``tell()`` the table when its presence changed,
    until cancelled (the socket's ``disconnect``)."""
    while True:
        if await database_sync_to_async(beat_once)(place_pk, table_pk):
            await tell()
        await asyncio.sleep(BEAT)
