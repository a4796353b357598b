"""What a browser session owns, and the session itself kept only when there is something to keep.

A visitor has no account: what they started (a score sheet now, a practice match later) is
recorded in their session as ``session["owned"][kind] = [token, ...]`` (newest first), and
only a session that owns a thing may change it. The thing's own private link grants it again
to whichever session opens it, so nothing is lost when a browser forgets its cookie.

Sessions are written only when there is something to keep (an answer, a hint, an owned
match): a plain read never creates one (``session_key`` without ``create``). A session that
owns something lives ``OWNER_AGE`` after its last change; others expire after
``SESSION_COOKIE_AGE`` (``manage.py clearsessions`` removes them; things are never deleted
with a session).
"""

from collections import namedtuple
from contextlib import contextmanager
from datetime import timedelta

from django.db import transaction

KEY = "owned"
LIMIT = 200  # things listed per kind; an older one is still reached (and re-owned) by its link
OWNER_AGE = int(timedelta(days=365).total_seconds())
EXPIRY = "_session_expiry"  # where Django's set_expiry keeps a session's own age


def session_key(request, create: bool = False) -> str | None:
    """The key of the visitor's stored session; with ``create``, one is stored if needed.

    A cookie naming a session that expired or was cleared counts as none."""
    session = request.session
    session.keys()  # loads it: an unknown or expired key is forgotten here
    if session.session_key is None and create:
        session.save()
    if create:
        session.modified = True  # saved again after the view: the cookie and expiry renewed
    return session.session_key


def owned(request, kind: str) -> list[str]:
    tokens = request.session.get(KEY, {}).get(kind, [])
    return [t for t in tokens if isinstance(t, str)]


def owns(request, kind: str, token: str) -> bool:
    return token in owned(request, kind)


def own(request, kind: str, token: str) -> None:
    """Record ``token`` as owned by this session (no write if it already is)."""
    if owns(request, kind, token):
        return
    mine = request.session.get(KEY, {})
    request.session[KEY] = {**mine, kind: [token, *owned(request, kind)][:LIMIT]}
    request.session.set_expiry(OWNER_AGE)


# What a list of one's things reads of each, in one shape whatever its kind: ``token`` is the
# owner's token, ``link`` the public one, ``rules`` the house rules, ``at`` when it was started
# or last changed, ``count`` its rows or deals. A page listing several kinds (My matches)
# reads them all in one query (``listed``).
Listed = namedtuple("Listed", "kind pk game variant token link rules at ended level count")


def listed(*queries) -> list[Listed]:
    """The rows of ``queries``, each one kind's owned things as a ``values_list`` in the
    ``Listed`` shape (None for a kind the visitor owns none of), read in one query."""
    queries = [q for q in queries if q is not None]
    if not queries:
        return []
    first, *others = queries
    return [Listed._make(row) for row in first.union(*others, all=True)]


def listed_of(request, kind: str, rows: list[Listed]) -> list[Listed]:
    """This session's things of ``kind`` among ``rows`` (``listed``), newest first."""
    found = {row.token: row for row in rows if row.kind == kind}
    return [found[token] for token in owned(request, kind) if token in found]


def merge(data: dict, stored: dict) -> None:
    """Fold into ``data`` what a concurrent request stored meanwhile: ownership only grows."""
    theirs = stored.get(KEY)
    if isinstance(theirs, dict):
        ours = data.setdefault(KEY, {})
        for kind, tokens in theirs.items():
            mine = ours.get(kind, [])
            ours[kind] = [*mine, *(t for t in tokens if t not in mine)][:LIMIT]
        if stored.get(EXPIRY) == OWNER_AGE:
            data[EXPIRY] = OWNER_AGE


@contextmanager
def locked_row(model, request, create: bool = True, **lookup):
    """The visitor's row of ``model`` (keyed by ``session`` and ``lookup``), locked in a
    transaction until the block ends, then saved: two requests of one session at once update
    it one after the other, so neither loses the other's change.

    Yields None (and writes nothing) for a visitor without a stored session unless ``create``.
    """
    key = session_key(request, create=create)  # before the transaction: never rolled back
    if key is None:
        yield None
        return
    with transaction.atomic():
        row, _ = model.objects.select_for_update().get_or_create(session_id=key, **lookup)
        yield row
        row.save()
