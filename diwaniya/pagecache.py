"""Whole pages cached for everyone, with what belongs to one visitor filled in per request.

A page that depends only on its address and the content's revision is rendered once, with a
placeholder where a visitor's own part goes (the learn box with their progress), and kept in
the shared cache twice: as text and gzip-compressed. A visitor without a session (most first
visits) gets the compressed bytes as they are; a visitor with one gets the text with their part
rendered in, compressed on the way out by Django's GZip middleware. Nothing per visitor (a
CSRF token, progress, a form's values) is ever in what the cache holds.

Keys carry the content's revision (``Game.revision``, kept in the database), so an edit made
through any process or machine changes the key every other process asks for: nothing is
cleared locally, and nothing stale is served.
"""

import gzip
import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe

VISITOR = "<!--visitor:{name}-->"  # where a visitor's own part goes in the cached text


def mark(name: str, html: str) -> str:
    """A visitor's part, as the cached page carries it: the version a visitor without a
    session sees, between two markers the per-visitor render replaces."""
    return mark_safe(f"{VISITOR.format(name=name)}{html}{VISITOR.format(name=name + '/')}")


def has_session(request) -> bool:
    return settings.SESSION_COOKIE_NAME in request.COOKIES


def key(request, revision) -> str:
    """The page's address (language and query included) at a content revision."""
    address = hashlib.sha256(request.get_full_path().encode()).hexdigest()
    return f"page:{revision}:{address}"


def serve(request, cache_key: str, timeout: int, render, visitor_parts=None) -> HttpResponse:
    """The page under ``cache_key``, rendered by ``render()`` (an ``HttpResponse`` whose text
    carries ``mark()``ed parts) when the cache does not hold it. ``visitor_parts()`` returns
    ``{name: html}`` for a visitor with a session, rendered per request."""
    entry = cache.get(cache_key)
    if entry is None:
        response = render()
        if response.status_code != 200:
            return response
        text = response.content
        entry = {
            "text": text,
            "gzip": gzip.compress(text, 6, mtime=0),
            "type": response["Content-Type"],
        }
        cache.set(cache_key, entry, timeout)
    if visitor_parts is not None and has_session(request):
        text = entry["text"].decode()
        for name, html in visitor_parts().items():
            start, end = VISITOR.format(name=name), VISITOR.format(name=name + "/")
            before, rest = text.split(start, 1)
            text = before + html + rest.split(end, 1)[1]
        response = HttpResponse(text, content_type=entry["type"])
    elif "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", ""):
        response = HttpResponse(entry["gzip"], content_type=entry["type"])
        response["Content-Encoding"] = "gzip"  # the GZip middleware leaves it as it is
    else:
        response = HttpResponse(entry["text"], content_type=entry["type"])
    patch_vary_headers(response, ("Accept-Encoding", "Cookie"))
    return response
