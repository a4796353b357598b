"""Who is at a live table, and the sockets each process holds: a seat is "here" while one of
its sockets is open, in any process (a ``Socket`` row each, written when the socket says
hello and removed when it ends, however it ends: ``consumers.TableConsumer.end``).

A process says its sockets are alive every ``BEAT`` seconds (their rows' ``beat``): a row
older than ``SECONDS`` counts for nothing, so a killed process cannot leave a seat "here" for
ever; a socket that ends makes its seat "away" at once. The same beat is the periodic check
that brings what is stored back to what is open, and logs what it repairs:

- this process's rows against its open sockets (a row with no socket is removed, a socket
  with no row gets one);
- the rows of processes that stopped beating (killed) are removed after ``STALE`` seconds;
- the channel layer's groups against the open sockets (a membership of a socket that ended
  is discarded, so Redis unsubscribes from a table nobody here follows), and its sockets' own
  channels against the living consumers (``forget``).

A killed process announces nothing, so the beat also looks at the tables its sockets sit at
(one query for them all), and when what they would show differs from what was last shown
(by any process, in the shared cache) the table is told. One task a loop beats for all its
sockets (``join``, ``leave``)."""

import asyncio
import logging
import secrets
import time
import weakref
from dataclasses import dataclass, field

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.core.cache import cache

from cardgames.table import SEATS

SECONDS = 12  # a seat is here while a socket of its said so this recently
BEAT = 4  # a process says so this often (a missed beat or two under load is no absence)
STALE = 60  # a process silent this long is gone: its rows are removed
GROUPS = "table."  # the channel-layer groups of the live tables (``live``)
log = logging.getLogger(__name__)


def fresh(place_pks) -> set[int]:
    """The places among ``place_pks`` with a socket open now, in any process."""
    from .models import Socket

    since = time.time() - SECONDS
    rows = Socket.objects.filter(place__in=list(place_pks), beat__gte=since)
    return set(rows.values_list("place_id", flat=True))


def of(table, here: set[int] | None = None) -> dict[str, str]:
    """Each seat of ``table`` as its players see it: "computer" (a computer player's seat, or
    a person's played for them while away), "here" or "away". ``here``: the places with an
    open socket, when already read for many tables at once."""
    from .models import Place

    seats = {p.pk: p.seat for p in table.places.all() if p.role == Place.SEAT}
    here = fresh(seats) if here is None else here
    present = {seat for pk, seat in seats.items() if pk in here}
    players = table.match.players
    return {
        SEATS[s]: (
            "computer" if players[s] or s in table.away else "here" if s in present else "away"
        )
        for s in range(4)
    }


def _shown(table_pk: int) -> str:
    return f"tables:shown:{table_pk}"


def shown(table) -> dict[str, str]:
    """``of(table)``, as it is now sent to the table's sockets: kept as what was last shown,
    so the beat tells the table only of a change nobody announced (a killed process's)."""
    seats = of(table)
    cache.set(_shown(table.pk), seats, SECONDS * 10)
    return seats


# The channel names of the live tables' consumers living in this process, from their
# connection to their end (``consumers.TableConsumer``), and of those that lived here and
# may still be listened to (another app's consumers, the class boards', are left alone).
CONSUMERS: set[str] = set()
OURS: set[str] = set()


@dataclass
class _Here:
    """The open sockets of one event loop (a process serves them all from one): by channel
    name, their (place, table); how to tell each table; one task beats for all of them."""

    process: str = field(default_factory=lambda: secrets.token_hex(16))
    sockets: dict = field(default_factory=dict)
    tell: dict = field(default_factory=dict)
    task: asyncio.Task | None = None
    # held while rows are written against ``sockets``: a beat's check never sees a socket
    # between its row and its registration
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


_LOOPS: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Here]" = weakref.WeakKeyDictionary()


def _here() -> _Here:
    loop = asyncio.get_running_loop()
    if loop not in _LOOPS:
        _LOOPS[loop] = _Here()
    return _LOOPS[loop]


def _open_channels() -> set[str]:
    """The channel names of every socket open in this process (every loop's)."""
    return {channel for here in list(_LOOPS.values()) for channel in here.sockets}


def _add(process: str, channel: str, place_pk: int) -> None:
    from .models import Socket

    Socket.objects.create(place_id=place_pk, process=process, channel=channel, beat=time.time())


def _remove(channel: str) -> None:
    from .models import Socket

    Socket.objects.filter(channel=channel).delete()


async def join(channel: str, place_pk: int, table_pk: int, tell) -> None:
    """A socket of this place said hello in this process: its row, then its beat until
    ``leave``; ``tell()`` announces a change of the table's presence."""
    loop = asyncio.get_running_loop()
    while True:
        here = _here()
        async with here.lock:
            if _LOOPS.get(loop) is not here:  # its beat retired it while this waited
                continue
            await database_sync_to_async(_add)(here.process, channel, place_pk)
            here.sockets[channel] = (place_pk, table_pk)
            break
    here.tell[table_pk] = tell
    if here.task is None or here.task.done():
        here.task = loop.create_task(_beat(here))


async def leave(channel: str) -> None:
    """The socket ended: its row goes at once (its seat is "away" unless another is open)."""
    here = _here()
    async with here.lock:
        held = here.sockets.pop(channel, None)
        await database_sync_to_async(_remove)(channel)
    if held is not None and not any(t == held[1] for _, t in here.sockets.values()):
        here.tell.pop(held[1], None)


def check(process: str, sockets: dict) -> list[int]:
    """One beat of a process: its rows brought back to its open ``sockets`` (each repair
    logged), its rows said alive, the rows of silent processes removed; then its tables are
    looked at again, and those whose presence differs from what was last shown (by any
    process) are returned, to be told."""
    from .models import Socket, Table

    now = time.time()
    stored = set(Socket.objects.filter(process=process).values_list("channel", flat=True))
    orphans = stored - set(sockets)
    if orphans:
        Socket.objects.filter(process=process, channel__in=orphans).delete()
        log.warning("presence: removed %d rows of sockets that had ended", len(orphans))
    lost = [
        Socket(place_id=place, process=process, channel=channel, beat=now)
        for channel, (place, _) in sockets.items()
        if channel not in stored
    ]
    if lost:
        Socket.objects.bulk_create(lost, ignore_conflicts=True)
        log.warning("presence: wrote again the rows of %d open sockets", len(lost))
    Socket.objects.filter(process=process).update(beat=now)
    silent, _ = Socket.objects.filter(beat__lt=now - STALE).delete()
    if silent:
        log.warning("presence: removed %d sockets of processes that stopped", silent)
    table_pks = sorted({table for _, table in sockets.values()})
    changed = []
    for start in range(0, len(table_pks), CHUNK):
        tables = list(
            Table.objects.select_related("match")
            .prefetch_related("places")
            .filter(pk__in=table_pks[start : start + CHUNK])
        )
        here = fresh(p.pk for t in tables for p in t.places.all())
        now_shown = {_shown(t.pk): (t.pk, of(t, here)) for t in tables}
        before = cache.get_many(list(now_shown))
        cache.set_many({key: seats for key, (_, seats) in now_shown.items()}, SECONDS * 10)
        changed += [pk for key, (pk, seats) in now_shown.items() if before.get(key, seats) != seats]
    return changed


CHUNK = 500  # tables a query asks for at once (SQLite's older limit is 999 parameters)


def memberships(layer) -> list[tuple[str, str]]:
    """The (group, channel) pairs of the live tables' groups that ``layer`` holds in this
    process: channels_redis's publish-and-subscribe layer (the loop's own), or Channels' own
    in-memory layer; another layer is not looked into."""
    try:
        inner = layer._get_layer() if hasattr(layer, "_layers") else layer
        groups = inner.groups
    except Exception:  # noqa: BLE001 - a layer of another kind: nothing to repair
        return []
    strip = f"{getattr(inner, 'prefix', '')}__group__" if hasattr(layer, "_layers") else ""
    out = []
    for group, channels in list(groups.items()):
        name = group[len(strip) :] if strip and group.startswith(strip) else group
        if name.startswith(GROUPS):
            out += [(name, channel) for channel in list(channels)]
    return out


def _pubsub(layer):
    """channels_redis's publish-and-subscribe layer of this loop, or None (another layer)."""
    try:
        return layer._get_layer() if hasattr(layer, "_layers") else None
    except Exception:  # noqa: BLE001
        return None


async def forget(channel: str) -> bool:
    """Stop listening on a consumer's own channel. channels_redis does so when the
    consumer's wait for a message is cancelled, which misses one case: a message and the
    client's disconnect arriving together (the wait is then over, not cancelled), which
    left Redis subscribed for ever. True when it was still listened to."""
    inner = _pubsub(get_channel_layer())
    if inner is None or channel not in inner.channels:
        return False
    del inner.channels[channel]
    await inner._get_shard(channel).unsubscribe(channel)
    return True


async def repair_channels() -> int:
    """Forget the channels of the live tables' consumers that ended and are still listened
    to (their end could not forget them)."""
    inner = _pubsub(get_channel_layer())
    if inner is None:
        return 0
    listened = {c for c in OURS if c in inner.channels}
    OURS.intersection_update(listened | CONSUMERS)  # the names of channels gone for good go
    stray = listened - CONSUMERS
    for channel in stray:
        await forget(channel)
    if stray:
        log.warning("presence: stopped listening on %d channels of ended sockets", len(stray))
    return len(stray)


async def repair_groups() -> int:
    """Discard every live table's group membership of a socket no longer open in this
    process (one that ended without its clean-up): the layer then stops listening for it."""
    layer = get_channel_layer()
    if layer is None:
        return 0
    open_now = _open_channels()
    stray = [(g, c) for g, c in memberships(layer) if c not in open_now]
    for group, channel in stray:
        await layer.group_discard(group, channel)
    if stray:
        log.warning("presence: discarded %d group memberships of ended sockets", len(stray))
    return len(stray)


async def _beat(here: _Here) -> None:
    """Until the loop holds no socket: the check, the tables told, a wait of ``BEAT``. The
    check that finds no socket left is the last: under the same lock as ``join``, the beat
    then retires its registry, so a socket never joins one nobody beats for. A failed beat
    (the cache or the database away a moment) is logged and the next one tried: the task
    beats for every seat of the process."""
    loop = asyncio.get_running_loop()
    while True:
        done = False
        try:
            async with here.lock:
                changed = await database_sync_to_async(check)(here.process, dict(here.sockets))
                done = not here.sockets
                if done and _LOOPS.get(loop) is here:
                    del _LOOPS[loop]  # the loop may close: let it go
            await repair_groups()
            await repair_channels()
            for table_pk in changed:
                tell = here.tell.get(table_pk)
                if tell is not None:
                    await tell()
        except Exception:  # noqa: BLE001
            log.exception("presence beat failed")
        if done:
            return
        await asyncio.sleep(BEAT)
