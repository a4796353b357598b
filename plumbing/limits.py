"""Rate limits that hold across workers, restarts and machines.

Each limit counts requests of one kind (``Limit.kind``) from one browser session, one
address or, for signing in, one user name in fixed windows of ``seconds``. The count lives
in the database (``Counter``, one atomic ``INSERT … ON CONFLICT DO UPDATE … RETURNING`` per
key, exact on SQLite and PostgreSQL whatever the number of workers), or, when ``REDIS_URL``
is set, in the shared ``limits`` cache (Redis ``SET NX`` then ``INCR``, the key expiring
with its window), which outlives a release. A process's memory is never used, so a restart
forgets nothing.

``check(request, *limits)`` counts one request against every limit that applies and answers
``None`` (go on) or the seconds until the first refusing window ends (``Retry-After``).

Addresses: ``REMOTE_ADDR``, or behind a trusted proxy (``FORWARDED_ALLOW_IPS``, as gunicorn
is told in ``make serve``) the last address of ``X-Forwarded-For``. An IPv6 address counts
by its /64, which one household or phone is given whole.
"""

import hashlib
import ipaddress
import math
import os
import secrets
import time
from dataclasses import dataclass

from django.conf import settings

from .models import Counter


@dataclass(frozen=True)
class Limit:
    kind: str  # what is counted: "report", "practice", "sheet"
    per: str  # "session", "ip" or "name" (a user name, as signing in names it)
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
    for kind in ("practice", "sheet", "lesson", "table")
}


# Accounts. Signing in (and a password reset by recovery code, which is as guessable) counts
# failures: ten wrong passwords for one user name in a quarter of an hour, whatever the
# address, and a hundred from one address (a school signing in at once mistypes a few), and
# then refuses even the right one until the window ends. Creating accounts counts creations.
SIGNING_IN = (Limit("signin", "name", 10, 15 * MINUTE), Limit("signin", "ip", 100, 15 * MINUTE))
SIGNING_UP = (Limit("signup", "session", 5, HOUR), Limit("signup", "ip", 50, HOUR))
CREATING["account"] = SIGNING_UP
MAILING = (Limit("mail", "session", 5, HOUR), Limit("mail", "ip", 20, HOUR))
# Classes: a teacher makes a few (a school's computer room, more); each child's quick-login
# code (given or reissued) is an account the class makes, so they are counted by the teacher
# too. A quick-login code is guessed as a password is: its wrong tries are counted per class
# (its class code names it) and per address, and past either even the right code waits.
CREATING["class"] = (Limit("class", "session", 10, HOUR), Limit("class", "ip", 50, HOUR))
ISSUING_CODES = (
    Limit("code", "name", 200, HOUR),
    Limit("code", "session", 200, HOUR),
    Limit("code", "ip", 500, HOUR),
)
QUICK_LOGIN = (
    Limit("quicklogin", "name", 30, 15 * MINUTE),
    Limit("quicklogin", "ip", 100, 15 * MINUTE),
)
# Analyses (a position's every card judged): each may hold a core for its whole budget, so a
# client asks a few a minute (a learner stepping through a deal, one per move), an address
# (a classroom) more.
ANALYSING = (Limit("analysis", "session", 30, MINUTE), Limit("analysis", "ip", 120, MINUTE))


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


def _who(request, per: str, name: str | None = None) -> str | None:
    if per == "ip":
        return address(request)
    if per == "name":  # a digest: the counters keep no user name
        return hashlib.sha256(name.casefold().encode()).hexdigest()[:32] if name else None
    return browser(request)


# The session data's name for the browser its limits count, kept apart from the session's key:
# signing in gives the session a new key, and signing out a new session (``keep_browser``), and
# neither may start a browser's counts afresh.
BROWSER = "limits:browser"


def browser(request) -> str | None:
    """The browser the per-session limits count; None before it has a stored session (then
    only the address limits apply)."""
    session = request.session
    if session.session_key is None:
        return None
    if BROWSER not in session:
        session[BROWSER] = secrets.token_hex(16)
    return session[BROWSER]


def keep_browser(request, who: str | None) -> None:
    """After a sign-out flushed the session: the new one counts as the same browser."""
    if who:
        request.session[BROWSER] = who


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


def check(request, limits, name: str | None = None) -> int | None:
    """Count this request against ``limits`` (``name``: the user name a "name" limit counts);
    None if every one allows it, else the seconds to wait (the longest of the refusing
    windows)."""
    wait = None
    now = time.time()
    for limit in limits:
        who = _who(request, limit.per, name)
        if not who:
            continue
        count, left = hit(f"{limit.kind}:{limit.per}:{who}", limit.seconds, now)
        if count > limit.count:
            wait = max(wait or 0, left)
    return wait


def _seen(key: str, seconds: int, now: int) -> tuple[int, int]:
    """The count under ``key`` in its current window and the seconds it has left, without
    counting (0 when no window is open)."""
    full = f"{key}:{seconds}"
    if shared_cache():
        from django.core.cache import caches

        count = caches["limits"].get(full) or 0
        return count, seconds  # the window's end is not asked of the cache: its length will do
    row = Counter.objects.filter(key=full, expires__gt=now).values_list("count", "expires").first()
    return (row[0], row[1] - now) if row else (0, 0)


def reached(request, limits, name: str | None = None) -> int | None:
    """Whether ``limits`` are already used up, counting nothing: None to go on, else the
    seconds to wait. For what counts failures: ask this first, count a failure (``check``)."""
    wait = None
    now = int(time.time())
    for limit in limits:
        who = _who(request, limit.per, name)
        if not who:
            continue
        count, left = _seen(f"{limit.kind}:{limit.per}:{who}", limit.seconds, now)
        if count >= limit.count:
            wait = max(wait or 0, max(1, left))
    return wait


# --- slots: at most n at once, across workers -----------------------------------------------------
# A slot is a counter of its own (``hit``): whoever counts it first in its window holds it, the
# others count 2, 3... and go elsewhere. Giving it back removes the counter; a worker killed
# while holding one frees it when its window (``seconds``, longer than the work it guards)
# ends, so no slot is lost for longer than that.


def take_slot(kind: str, slots: int, seconds: int) -> str | None:
    """One of ``slots`` slots of ``kind`` for at most ``seconds``: its key (for
    ``give_back``), or None when every slot is held."""
    for n in range(slots):
        key = f"slot:{kind}:{n}"
        count, _left = hit(key, seconds)
        if count == 1:
            return f"{key}:{seconds}"
    return None


def give_back(slot: str) -> None:
    """Free a slot ``take_slot`` gave."""
    if shared_cache():
        from django.core.cache import caches

        caches["limits"].delete(slot)
    else:
        Counter.objects.filter(key=slot).delete()


def sweep(now: float | None = None) -> int:
    """Remove the counters of windows that are over; the number removed."""
    now = time.time() if now is None else now
    deleted, _ = Counter.objects.filter(expires__lt=int(now)).delete()
    return deleted


def creating(request, kind: str, *, page: bool = True) -> int | None:
    """Count the creation of one ``kind`` ("practice", "sheet", "account") by this session
    and address: None to go on, else the seconds to wait. For a page, the session that will
    own the thing is stored first, so its first creation counts too; the API stores no
    session (its clients hold a token, not a cookie) and holds a client without one by its
    address."""
    from .ownership import session_key

    if page:
        session_key(request, create=True)
    return check(request, CREATING[kind])


def page(request, wait: int, what: str = "matches"):
    """The 429 page in the reader's language, with ``Retry-After``; ``what`` was refused:
    "matches" (new ones), "signin" (too many wrong tries) or "accounts" (new ones)."""
    from django.shortcuts import render

    minutes = max(1, math.ceil(wait / 60))
    context = {"minutes": minutes, "noindex": True, "what": what}
    response = render(request, "limited.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response
