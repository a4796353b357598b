"""gunicorn's access log without the private links' tokens (``make serve`` passes
``--logger-class diwaniya.accesslog.Logger``).

Every path in a line (the request line's, the Referer's) is resolved by the URLconf, and the
parts the pattern that matched names as a secret (``PRIVATE``: a scorer's or share link
``/<lang>/<game>/sheet/score/<token>/``, a practice match's ``/<lang>/practice/<id>/<token>/``,
a live table's invitation ``/<lang>/tables/<id>/join/<key>/``, a lesson's edit link
``/<lang>/lessons/<id>/edit/<key>/``, a password reset's ``…/reset/<uidb64>/<token>/``, a
class's join code ``/<lang>/classes/join/<code>/``, and any pattern added later that names its
secret so) are replaced by ``…``; a path the URLconf
does not resolve, and every line written before Django is set up (gunicorn's master), gets the
shapes known when this was written; a token in a query (``?token=…``, ``?key=…``) is masked
too. Resolving, not matching shapes, keeps a page's own addresses whole
(``/practice/<id>/move/`` is not a token). A test crawls every pattern and fails on a hole it
cannot classify.

Under uvicorn's workers (``make serve``) the lines are uvicorn's own, written through
gunicorn's handlers: a filter on those handlers masks them too, and the same filter is on
Django's console handler (``settings.LOGGING``), whose "Not Found: <path>" names paths too.
"""

import functools
import logging
import re

from gunicorn.glogging import Logger as GunicornLogger

MASK = "…"
PRIVATE = {"token", "key", "code"}  # the names URL patterns give a hole holding a secret
SEGMENT = r"[^/?#\s\"]+"
# the shapes known when this was written, and a token in a query: for a path the URLconf
# does not resolve (cut short, or before Django is set up), and always (masking is idempotent)
_KNOWN = [
    re.compile(r"(/sheet/(?:score|view)/)[^/?#\s]+"),
    re.compile(r"(/practice/[A-Za-z0-9_-]+/)(?!move/|undo/|next/)[A-Za-z0-9_-]{16,}"),
    re.compile(r"(/tables/[A-Za-z0-9_-]+/join/)[^/?#\s]+"),
    re.compile(r"(/lessons/[A-Za-z0-9_-]+/edit/)[A-Za-z0-9_-]{16,}"),
    re.compile(r"(/reset/[A-Za-z0-9_-]+/)(?!done/|sent/)[A-Za-z0-9_:-]{16,}"),
    re.compile(r"((?:^|[?&])(?:token|key)=)[^&\s#\"]+"),
]
_HOLE = re.compile(r"<(?:\w+:)?(\w+)>")
_PATH = re.compile(r"(?:https?://[^/\s\"]+)?(/[^\s\"?#]*)")


@functools.lru_cache(maxsize=512)
def private_regex(route: str) -> re.Pattern | None:
    """A regular expression for a path of ``route``, its private holes captured; None when
    it has none."""
    holes = [m for m in _HOLE.finditer(route) if m.group(1) in PRIVATE]
    if not holes:
        return None
    parts, at = [], 0
    for hole in _HOLE.finditer(route[: holes[-1].end()]):
        parts.append(re.escape(route[at : hole.start()]))
        parts.append(f"({SEGMENT})" if hole.group(1) in PRIVATE else SEGMENT)
        at = hole.end()
    return re.compile("^/" + "".join(parts))


def _hide(match: re.Match) -> str:
    text, start = match.group(0), match.start()
    for group in range(match.re.groups, 0, -1):  # from the end: spans stay where they are
        if match.group(group) is not None:
            a, b = match.span(group)
            text = text[: a - start] + MASK + text[b - start :]
    return text


def _route(path: str) -> str | None:
    """The route of the URL pattern ``path`` resolves to, or None (not resolved, or Django
    not set up in this process)."""
    try:
        from django.apps import apps

        if not apps.ready:
            return None
        from django.conf import settings
        from django.urls import resolve
        from django.utils import translation

        first = path.split("/", 2)[1] if path.count("/") > 1 else ""
        known = {code for code, _ in settings.LANGUAGES}
        with translation.override(first if first in known else settings.LANGUAGE_CODE):
            return resolve(path).route
    except Exception:  # noqa: BLE001 - no such page, or no URLconf: the known shapes
        return None


def _masked_path(match: re.Match) -> str:
    path = match.group(1)
    route = _route(path)
    regex = private_regex(route) if route else None
    if regex is None:
        return match.group(0)
    return match.group(0)[: match.start(1) - match.start(0)] + regex.sub(_hide, path)


def mask(text):
    """``text`` with every private token replaced by ``…``."""
    if not isinstance(text, str) or not text:
        return text
    text = _PATH.sub(_masked_path, text)
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
