"""gunicorn's access log without the private links' tokens (``make serve`` passes
``--logger-class diwaniya.accesslog.Logger``).

Every URL pattern with a hole named as a private token (``PRIVATE``: a scorer's or share link
``/<lang>/<game>/sheet/score/<token>/``, a practice match's ``/<lang>/practice/<id>/<token>/``,
a live table's invitation ``/<lang>/tables/<id>/join/<key>/``, a lesson's edit link
``/<lang>/lessons/<id>/edit/<key>/``, a password reset's ``…/reset/<uidb64>/<token>/``, and
any pattern added later that names its secret so) is logged with that token replaced by
``…``, in the request line, the path, the query and the Referer; so is a token in a query
(``?token=…``, ``?key=…``). The masks are made from the URLconf itself once Django is set up
(a test crawls every pattern and fails on a hole it cannot classify); before that, and in
gunicorn's master, the patterns known when this was written are masked.

Under uvicorn's workers (``make serve``) the lines are uvicorn's own, written through
gunicorn's handlers: a filter on those handlers masks them too, and the same filter is on
Django's console handler (``settings.LOGGING``), whose "Not Found: <path>" names paths too.
"""

import logging
import re

from gunicorn.glogging import Logger as GunicornLogger

MASK = "…"
PRIVATE = {"token", "key"}  # the names URL patterns give a hole that holds a secret
SEGMENT = r"[^/?#\s\"]+"
# the patterns known when this was written, and a token in a query: used until the URLconf is
# read, and always (a mask applied twice changes nothing)
_KNOWN = [
    re.compile(r"(/sheet/(?:score|view)/)[^/?#\s]+"),
    re.compile(r"(/practice/[A-Za-z0-9_-]+/)(?!move/|undo/|next/)[A-Za-z0-9_-]{16,}"),
    re.compile(r"(/tables/[A-Za-z0-9_-]+/join/)[^/?#\s]+"),
    re.compile(r"(/lessons/[A-Za-z0-9_-]+/edit/)[A-Za-z0-9_-]{16,}"),
    re.compile(r"(/reset/[A-Za-z0-9_-]+/)(?!done/|sent/)[A-Za-z0-9_:-]{16,}"),
    re.compile(r"((?:^|[?&])(?:token|key)=)[^&\s#\"]+"),
]
_HOLE = re.compile(r"<(?:\w+:)?(\w+)>")
_derived: list[re.Pattern] | None = None


def routes(resolver=None, prefix: str = ""):
    """Every URL pattern of the URLconf as a route with ``<name>`` holes (the admin's regular
    expressions carry no token and are left out)."""
    from django.urls import URLResolver, get_resolver
    from django.urls.resolvers import LocalePrefixPattern, RoutePattern

    for entry in (resolver or get_resolver()).url_patterns:
        pattern = entry.pattern
        if isinstance(pattern, LocalePrefixPattern):
            route = "<lang>/"
        elif isinstance(pattern, RoutePattern):
            route = str(pattern)
        else:
            continue
        if isinstance(entry, URLResolver):
            yield from routes(entry, prefix + route)
        else:
            yield prefix + route


def private_regex(route: str) -> re.Pattern | None:
    """A regular expression finding ``route`` in a line, its private holes captured (up to the
    last of them, so a path cut short after it is masked too); None when it has none."""
    holes = [m for m in _HOLE.finditer(route) if m.group(1) in PRIVATE]
    if not holes:
        return None
    parts, at = [], 0
    for hole in _HOLE.finditer(route[: holes[-1].end()]):
        parts.append(re.escape(route[at : hole.start()]))
        parts.append(f"({SEGMENT})" if hole.group(1) in PRIVATE else SEGMENT)
        at = hole.end()
    return re.compile("/" + "".join(parts))


def _masks() -> list[re.Pattern]:
    """The URLconf's private patterns, read once Django's apps are ready."""
    global _derived
    if _derived is None:
        try:
            from django.apps import apps

            if not apps.ready:
                return []
            _derived = [r for r in map(private_regex, routes()) if r is not None]
        except Exception:  # noqa: BLE001 - no URLconf here (gunicorn's master): the known ones
            return []
    return _derived


def _hide(match: re.Match) -> str:
    text, start = match.group(0), match.start()
    for group in range(match.re.groups, 0, -1):  # from the end: spans stay where they are
        if match.group(group) is not None:
            a, b = match.span(group)
            text = text[: a - start] + MASK + text[b - start :]
    return text


def mask(text):
    """``text`` with every private token replaced by ``…``."""
    if not isinstance(text, str) or not text:
        return text
    for pattern in _masks():
        text = pattern.sub(_hide, text)
    for pattern in _KNOWN:
        text = pattern.sub(lambda m: m.group(1) + MASK, text)
    return text


class Masking(logging.Filter):
    """Masks a record's message and arguments (uvicorn's access line, its WebSocket lines)."""

    def filter(self, record):
        record.msg = mask(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(mask(arg) for arg in record.args)
        return True


class Logger(GunicornLogger):
    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {key: mask(value) for key, value in atoms.items()}

    def setup(self, cfg):
        super().setup(cfg)
        for log in (self.access_log, self.error_log):
            for handler in log.handlers:
                handler.addFilter(Masking())
