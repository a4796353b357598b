"""Rate limits that hold across workers, restarts and machines.

Each limit counts requests of one kind (``Limit.kind``) from one browser session or one
address in fixed windows of ``seconds``. The count lives in the database (``Counter``, one
atomic ``INSERT … ON CONFLICT DO UPDATE … RETURNING`` per key, exact on SQLite and
PostgreSQL whatever the number of workers), or, when ``REDIS_URL`` is set, in the shared
``limits`` cache (Redis ``SET NX`` then ``INCR``, the key expiring with its window), which
outlives a release. A process's memory is never used, so a restart forgets nothing.

``check(request, *limits)`` counts one request against every limit that applies and answers
``None`` (go on) or the seconds until the first refusing window ends (``Retry-After``).

Addresses: ``REMOTE_ADDR``, or behind a trusted proxy (``FORWARDED_ALLOW_IPS``, as gunicorn
is told in ``make serve``) the last address of ``X-Forwarded-For``. An IPv6 address counts
by its /64, which one household or phone is given whole.
"""

import ipaddress
import math
import os
import time
from dataclasses import dataclass

from django.conf import settings

from .models import Counter


@dataclass(frozen=True)
class Limit:
    kind: str  # what is counted: "report", "practice", "sheet"
    per: str  # "session" or "ip"
    count: int  # at most this many ...
    seconds: int  # ... in a window this long


MINUTE, HOUR = 60, 3600

# Readers' reports: a person sends a few; many behind one address (a café's Wi-Fi) more.
REPORTS = (Limit("report", "session", 5, HOUR), Limit("report", "ip", 20, HOUR))
# New practice matches and score sheets: a learner starts a few an hour; a whole school or
# a mobile operator's address (carrier-grade NAT) may start hundreds, but not 300 a second.
CREATING = {
    kind: (
        Limit(kind, "session", 30, HOUR),
        Limit(kind, "ip", 60, MINUTE),
        Limit(kind, "ip", 300, HOUR),
    )
    for kind in ("practice", "sheet", "lesson")
}


def _trusted() -> set[str]:
    allowed = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
    return {a.strip() for a in allowed.split(",") if a.strip()}


def address(request) -> str:
    """The client's address as limits count it."""
    remote = request.META.get("REMOTE_ADDR", "") or ""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    trusted = _trusted()
    if forwarded and ("*" in trusted or remote in trusted):
        remote = forwarded.split(",")[-1].strip()
    try:
        ip = ipaddress.ip_address(remote)
    except ValueError:
        return remote[:64]
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False).network_address) + "/64"
    return str(ip)


def _who(request, per: str) -> str | None:
    if per == "ip":
        return address(request)
    return request.session.session_key  # none yet: only the address limits apply


def _count_db(key: str, now: int, seconds: int) -> tuple[int, int]:
    return Counter.objects.hit(key, now, seconds)


def _count_cache(key: str, now: int, seconds: int) -> tuple[int, int]:
    """Redis: ``SET NX EX`` then ``INCR`` (atomic), and the key's time to live."""
    from django.core.cache import caches

    cache = caches["limits"]
    cache.add(key, 0, seconds)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between the two
        cache.add(key, 1, seconds)
        return 1, now + seconds
    left = seconds
    raw = getattr(cache, "_cache", None)
    if raw is not None and hasattr(raw, "get_client"):
        full = cache.make_and_validate_key(key)
        ttl = raw.get_client(full).ttl(full)
        if isinstance(ttl, int) and ttl > 0:
            left = ttl
    return count, now + left


def shared_cache() -> bool:
    return bool(getattr(settings, "LIMITS_IN_CACHE", False))


def hit(key: str, seconds: int, now: float | None = None) -> tuple[int, int]:
    """Count one request under ``key`` in its window of ``seconds``: (count in the window,
    seconds until it ends)."""
    now = int(time.time() if now is None else now)
    count, expires = (_count_cache if shared_cache() else _count_db)(
        f"{key}:{seconds}", now, seconds
    )
    return count, max(1, expires - now)


def check(request, limits) -> int | None:
    """Count this request against ``limits``; None if every one allows it, else the seconds
    to wait (the longest of the refusing windows)."""
    wait = None
    now = time.time()
    for limit in limits:
        who = _who(request, limit.per)
        if not who:
            continue
        count, left = hit(f"{limit.kind}:{limit.per}:{who}", limit.seconds, now)
        if count > limit.count:
            wait = max(wait or 0, left)
    return wait


def sweep(now: float | None = None) -> int:
    """Remove the counters of windows that are over; the number removed."""
    now = time.time() if now is None else now
    deleted, _ = Counter.objects.filter(expires__lt=int(now)).delete()
    return deleted


def creating(request, kind: str, *, page: bool = True) -> int | None:
    """Count the creation of one ``kind`` ("practice", "sheet") by this session and address:
    None to go on, else the seconds to wait. For a page, the session that will own the thing
    is stored first, so its first creation counts too; the API stores no session (its
    clients hold a token, not a cookie) and holds a client without one by its address."""
    from .ownership import session_key

    if page:
        session_key(request, create=True)
    return check(request, CREATING[kind])


def page(request, wait: int):
    """The 429 page in the reader's language, with ``Retry-After``."""
    from django.shortcuts import render

    minutes = max(1, math.ceil(wait / 60))
    response = render(request, "limited.html", {"minutes": minutes, "noindex": True}, status=429)
    response["Retry-After"] = str(wait)
    return response
