"""Who is at a live table: a seat is "here" while one of its sockets, in any process, has
said so within ``SECONDS`` (each socket says so every ``BEAT`` seconds, in the cache every
process shares: Redis when REDIS_URL is set). ``Place.connections`` alone would keep a seat
"here" for ever once the process holding its socket is killed (no ``disconnect`` runs);
a socket that closes normally still makes its seat "away" at once."""

import asyncio
import time

from asgiref.sync import sync_to_async
from django.core.cache import cache

SECONDS = 30  # a seat is here while a socket of its said so this recently
BEAT = 10  # each socket says so this often


def _key(place_pk: int) -> str:
    return f"tables:seen:{place_pk}"


def seen(place_pk: int) -> None:
    cache.set(_key(place_pk), time.time(), SECONDS * 2)


def here(place) -> bool:
    said = cache.get(_key(place.pk))
    return place.connections > 0 and said is not None and time.time() - said < SECONDS


async def beat(place_pk: int) -> None:
    """Say so every ``BEAT`` seconds, until cancelled (the socket's ``disconnect``)."""
    while True:
        await sync_to_async(seen)(place_pk)
        await asyncio.sleep(BEAT)
