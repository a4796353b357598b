"""Who is at a live table: a seat is "here" while one of its sockets, in any process, has
said so within ``SECONDS`` (each process says so for its sockets every ``BEAT`` seconds, in
the cache every process shares: Redis when REDIS_URL is set). ``Place.connections`` alone
would keep a seat "here" for ever once the process holding its socket is killed (no
``disconnect`` runs); a socket that closes normally still makes its seat "away" at once.

A killed process announces nothing, so the living processes look again: once every ``BEAT``
each looks at the tables it holds sockets of (one query for them all), and when what they
would show differs from what was last shown (by any process, in the shared cache), the
table is told. A seat whose process was killed is shown "away" within ``SECONDS + BEAT``
seconds. One task a process beats for all its sockets (``join``, ``leave``)."""

import asyncio
import logging
import time
import weakref
from collections import Counter

from channels.db import database_sync_to_async
from django.core.cache import cache

from cardgames.table import SEATS

SECONDS = 12  # a seat is here while a socket of its said so this recently
BEAT = 4  # a process says so this often (a missed beat or two under load is no absence)
log = logging.getLogger(__name__)


def _key(place_pk: int) -> str:
    return f"tables:seen:{place_pk}"


def seen(place_pk: int) -> None:
    cache.set(_key(place_pk), time.time(), SECONDS * 2)


def is_here(place, said: dict | None = None) -> bool:
    """``said``: the last words already read for many places at once (``cache.get_many``)."""
    said = cache.get(_key(place.pk)) if said is None else said.get(_key(place.pk))
    return place.connections > 0 and said is not None and time.time() - said < SECONDS


def of(table, said: dict | None = None) -> dict[str, str]:
    """Each seat of ``table`` as its players see it: "computer" (a computer player's seat, or
    a person's played for them while away), "here" or "away"."""
    from .models import Place

    here = {p.seat: is_here(p, said) for p in table.places.all() if p.role == Place.SEAT}
    players = table.match.players
    return {
        SEATS[s]: (
            "computer" if players[s] or s in table.away else "here" if here.get(s) else "away"
        )
        for s in range(4)
    }


CHUNK = 500  # tables a query asks for at once (SQLite's older limit is 999 parameters)


def beat_all(places: list[tuple[int, int]]) -> list[int]:
    """One beat of a process: every (place, table) of its living sockets says so, in one
    write; then its tables are looked at again, and those whose presence differs from what
    was last shown (by any process) are returned, to be told."""
    from .models import Table

    now = time.time()
    cache.set_many({_key(place): now for place, _ in places}, SECONDS * 2)
    table_pks = sorted({table for _, table in places})
    changed = []
    for start in range(0, len(table_pks), CHUNK):
        tables = list(
            Table.objects.select_related("match")
            .prefetch_related("places")
            .filter(pk__in=table_pks[start : start + CHUNK])
        )
        said = cache.get_many([_key(p.pk) for t in tables for p in t.places.all()])
        shown = {f"tables:shown:{t.pk}": (t.pk, of(t, said)) for t in tables}
        before = cache.get_many(list(shown))
        cache.set_many({key: seats for key, (_, seats) in shown.items()}, SECONDS * 10)
        changed += [pk for key, (pk, seats) in shown.items() if before.get(key, seats) != seats]
    return changed


class _Here:
    """The living sockets of one event loop (a process serves them all from one), by (place,
    table), and how to tell each table; one task beats for all of them (a task a socket was
    200 cache writes a second at 200 tables)."""

    def __init__(self):
        self.places: Counter = Counter()
        self.tell: dict = {}
        self.task = None


_LOOPS: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Here]" = weakref.WeakKeyDictionary()


def _here() -> _Here:
    loop = asyncio.get_running_loop()
    if loop not in _LOOPS:
        _LOOPS[loop] = _Here()
    return _LOOPS[loop]


def join(place_pk: int, table_pk: int, tell) -> None:
    """A socket of this place is open in this process (from its ``hello``, in the event
    loop): it says so every ``BEAT`` until ``leave``; ``tell()`` announces a change."""
    here = _here()
    here.places[(place_pk, table_pk)] += 1
    here.tell[table_pk] = tell
    if here.task is None or here.task.done():
        here.task = asyncio.get_running_loop().create_task(_beat(here))


def leave(place_pk: int, table_pk: int) -> None:
    here, key = _here(), (place_pk, table_pk)
    here.places[key] -= 1
    if here.places[key] <= 0:
        del here.places[key]
        if not any(table == table_pk for _, table in here.places):
            here.tell.pop(table_pk, None)


async def _beat(here: _Here) -> None:
    """Until the loop holds no socket: a beat, the tables told, a wait of ``BEAT``. A failed
    beat (the cache or the database away a moment) is logged and the next one tried: the
    task beats for every seat of the process."""
    while here.places:
        try:
            for table_pk in await database_sync_to_async(beat_all)(list(here.places)):
                tell = here.tell.get(table_pk)
                if tell is not None:
                    await tell()
        except Exception:  # noqa: BLE001
            log.exception("presence beat failed")
        await asyncio.sleep(BEAT)
    _LOOPS.pop(asyncio.get_running_loop(), None)  # the loop may close: let it go
