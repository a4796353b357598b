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

A signed-in visitor's things are the account's (``Owned`` rows), whichever browser they sign in
from, with what the session itself lists; what they start or claim is recorded to the account.
At sign-in (``adopt``) the session's things, and the rows kept by its key (tutorial and quiz
progress: each app registers how its rows are adopted, ``adopts``), become the account's, once.
Deleting an account deletes the things only it holds: each kind registers its deleter
(``keeps``).
"""

from collections import namedtuple
from collections.abc import Callable
from contextlib import contextmanager
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from .models import Owned

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


def account(request):
    """The signed-in user, or None (a visitor, or a request without authentication)."""
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated else None


def keeper(request, create: bool = False) -> dict | None:
    """The lookup of the visitor's own rows of a model keyed by a session or an account
    (progress): the account's when signed in, else the session's; None for a visitor
    without a stored session (with ``create``, one is stored)."""
    user = account(request)
    if user is not None:
        return {"user_id": user.pk}
    key = session_key(request, create=create)
    return None if key is None else {"session_id": key}


def _in_session(request, kind: str) -> list[str]:
    tokens = request.session.get(KEY, {}).get(kind, [])
    return [t for t in tokens if isinstance(t, str)]


def owned(request, kind: str) -> list[str]:
    """The tokens of ``kind`` this visitor owns, newest first: the session's, and when signed
    in the account's before them (read once a request)."""
    user = account(request)
    if user is None:
        return _in_session(request, kind)
    cache = request.__dict__.setdefault("_owned", {})
    if kind not in cache:
        kept = Owned.objects.filter(user=user, kind=kind).order_by("-created", "-pk")
        tokens = list(kept.values_list("token", flat=True))
        seen = set(tokens)
        cache[kind] = [*tokens, *(t for t in _in_session(request, kind) if t not in seen)]
    return cache[kind]


def owns(request, kind: str, token: str) -> bool:
    return token in owned(request, kind)


def own(request, kind: str, token: str) -> None:
    """Record ``token`` as owned: by the account when signed in, else by this session (no
    write if it already is)."""
    if owns(request, kind, token):
        return
    user = account(request)
    if user is not None:
        Owned.objects.bulk_create([Owned(user=user, kind=kind, token=token)], ignore_conflicts=True)
        request.__dict__.get("_owned", {}).pop(kind, None)
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
    """The visitor's row of ``model`` (keyed by ``session``, or ``user`` when signed in, and
    ``lookup``), locked in a transaction until the block ends, then saved: two requests of one
    session at once update it one after the other, so neither loses the other's change.

    Yields None (and writes nothing) for a visitor without a stored session unless ``create``.
    """
    mine = keeper(request, create=create)  # before the transaction: never rolled back
    if mine is None:
        yield None
        return
    with transaction.atomic():
        row, _ = model.objects.select_for_update().get_or_create(**mine, **lookup)
        yield row
        row.save()


# ------------------------------------------------------------------------------------ accounts
# Registered by the apps (``AppConfig.ready``), so that the accounts know no app by name:
# ``DELETERS[kind](tokens)`` deletes the things of ``kind`` named by ``tokens``; each of
# ``ADOPTERS`` is ``adopt(session_key, user)``, which makes the rows the session keeps the
# account's (merging them with the account's own), inside ``adopt``'s transaction.
DELETERS: dict[str, Callable[[set[str]], object]] = {}
ADOPTERS: list[Callable[[str, object], None]] = []
BATCH = 500


def keeps(kind: str, delete: Callable[[set[str]], object]) -> None:
    """Declare how the things of ``kind`` are deleted with the account that alone holds them."""
    DELETERS[kind] = delete


def adopts(adopt: Callable[[str, object], None]) -> None:
    """Declare how rows keyed by a session become an account's at sign-in."""
    if adopt not in ADOPTERS:
        ADOPTERS.append(adopt)


def adopt(request, user) -> None:
    """At sign-in: what this session owns, and the rows its key keeps, become ``user``'s.

    Once: the tokens are rows unique by account, kind and token, and each app's rows leave
    the session as they join the account, all in one transaction that first locks the
    account's row, so two sign-ins at once adopt one after the other (the second finds
    nothing left to move)."""
    key = request.session.session_key
    mine = request.session.get(KEY, {})
    rows = [
        Owned(user=user, kind=kind, token=token)
        for kind, tokens in (mine.items() if isinstance(mine, dict) else ())
        if isinstance(tokens, list)
        for token in reversed(tokens)  # the newest last: listed first
        if isinstance(token, str)
    ]
    with transaction.atomic():
        type(user)._default_manager.select_for_update().filter(pk=user.pk).exists()
        Owned.objects.bulk_create(rows, ignore_conflicts=True)
        if key:
            for each in ADOPTERS:
                each(key, user)
    request.__dict__.pop("_owned", None)


def in_sessions(exclude: str | None = None, signed_in=None) -> tuple[dict[str, set[str]], list]:
    """Every token an unexpired session (but ``exclude``) lists, by kind, and the keys of the
    sessions signed in as ``signed_in`` (a user's id), read in one pass."""
    from django.contrib.sessions.models import Session

    found: dict[str, set[str]] = {}
    theirs = []
    store = Session.get_session_store_class()()
    sessions = Session.objects.filter(expire_date__gt=timezone.now())
    if exclude:
        sessions = sessions.exclude(session_key=exclude)
    for key, data in sessions.values_list("session_key", "session_data").iterator(BATCH):
        decoded = store.decode(data)
        if signed_in is not None and str(decoded.get("_auth_user_id")) == str(signed_in):
            theirs.append(key)
            continue
        owned = decoded.get(KEY, {})
        if not isinstance(owned, dict):
            continue
        for kind, tokens in owned.items():
            if isinstance(tokens, list):
                found.setdefault(kind, set()).update(t for t in tokens if isinstance(t, str))
    return found, theirs


def _delete_held_by(mine, ids: list, listed: dict) -> dict[str, int]:
    """Delete the things of every kind with a deleter that ``mine(kind)`` names and only the
    accounts ``ids`` hold: no other account keeps them, no browser session of ``listed`` (by
    kind) lists them; the number deleted, by kind."""
    deleted = {}
    for kind, delete in DELETERS.items():
        tokens = set(mine(kind))
        for start in range(0, len(tokens), BATCH):
            batch = sorted(tokens)[start : start + BATCH]
            others = Owned.objects.filter(kind=kind, token__in=batch).exclude(user__in=ids)
            tokens -= set(others.values_list("token", flat=True))
        tokens -= listed.get(kind, set())
        if tokens:
            delete(tokens)
        deleted[kind] = len(tokens)
    return deleted


def release(request, user) -> dict[str, int]:
    """Before ``user`` is deleted: delete the things only it holds (no other account keeps
    them, no other browser session lists them), of every kind with a deleter, and the other
    browser sessions signed in as it; the number of things deleted, by kind. Its ``Owned``
    and progress rows go with the account itself."""
    from django.contrib.sessions.models import Session

    here = request.session.session_key
    listed, theirs = in_sessions(exclude=here, signed_in=user.pk)
    deleted = _delete_held_by(lambda kind: owned(request, kind), [user.pk], listed)
    Session.objects.filter(session_key__in=theirs).delete()
    return deleted


def forget(users) -> dict[str, int]:
    """Before ``users`` are deleted by something that made them (a class deleting the
    children's accounts it made, no request of theirs at hand): delete the things only they
    hold, as ``release`` does for one account; the number deleted, by kind."""
    ids = [u.pk for u in users]
    if not ids:
        return {}
    listed, _theirs = in_sessions()

    def mine(kind):
        return Owned.objects.filter(user__in=ids, kind=kind).values_list("token", flat=True)

    return _delete_held_by(mine, ids, listed)
