"""gunicorn's access log without the private links' tokens (``make serve`` passes
``--logger-class diwaniya.accesslog.Logger``).

A scorer's or share link (``/<lang>/<game>/sheet/score/<token>/``, ``…/sheet/view/<token>/``),
a practice match's private link (``/<lang>/practice/<id>/<token>/``) and a live table's
invitation (``/<lang>/tables/<id>/join/<key>/``) are logged with the token replaced by ``…``,
in the request line, the path, the query and the Referer; so is a token in a query
(``?token=…``) or in any other header logged.

Under uvicorn's workers (``make serve``) the lines are uvicorn's own, written through
gunicorn's handlers: a filter on those handlers masks them too.
"""

import logging
import re

from gunicorn.glogging import Logger as GunicornLogger

MASK = "…"
# a path segment that follows a capability word, or the second segment after /practice/
_PATTERNS = [
    re.compile(r"(/sheet/(?:score|view)/)[^/?#\s]+"),
    re.compile(r"(/practice/[A-Za-z0-9_-]+/)(?!move/|undo/|next/)[A-Za-z0-9_-]{16,}"),
    re.compile(r"(/tables/[A-Za-z0-9_-]+/join/)[^/?#\s]+"),
    re.compile(r"((?:^|[?&])token=)[^&\s#]+"),
]


def mask(text):
    """``text`` with every private token replaced by ``…``."""
    if not isinstance(text, str) or not text:
        return text
    for pattern in _PATTERNS:
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
