"""Whole pages cached for everyone, with what belongs to one visitor filled in per request.

A page that depends only on its address and the content's revision is rendered once, with
markers around each part that is a visitor's own (the learn box with their progress, a form's
CSRF token, a question's one-time form token), and kept in the shared cache. A visitor with
nothing of their own on the page (most first visits to a rule page) gets it compressed as it
was stored, and reads no more of the cache than that (``Cached``). Any other gets the page
with their parts put in: the stretches between the parts were compressed once, each on its
own, and only the parts are compressed per request (``_spliced``), which spares compressing a
whole page per visitor (a fifth of a quiz question's time). Nothing per visitor (a CSRF token,
progress, a form's values) is ever in what the cache holds: the cached text carries the parts
as a visitor without a session sees them, and every CSRF token in it is replaced.

A view declares it (``cached``): the revision its page is made from, how long it is kept,
and the hooks that give a visitor's own parts; the view itself renders the page for everyone.

Keys carry the content's revision (``Game.revision``, kept in the database), so an edit made
through any process or machine changes the key every other process asks for: nothing is
cleared locally, and nothing stale is served.
"""

import gzip
import hashlib
import re
import struct
import zlib
from functools import wraps

from django.conf import settings
from django.core.cache import caches
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import patch_vary_headers
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from .headers import is_fragment

VISITOR = "<!--visitor:{name}-->"  # where a visitor's own part goes in the cached text
CSRF = "csrf"  # the part every form's CSRF token is: filled in for every request
_PART = re.compile(rb"<!--visitor:([\w-]+)-->(.*?)<!--visitor:\1/-->", re.S)
_MARKER = re.compile(rb"<!--visitor:[\w-]+/?-->")


def mark(name: str, html: str) -> str:
    """A visitor's part, as the cached page carries it: the version a visitor without a
    session sees, between two markers the per-visitor render replaces."""
    return mark_safe(f"{VISITOR.format(name=name)}{html}{VISITOR.format(name=name + '/')}")


def csrf_input(request) -> str:
    return format_html(
        '<input type="hidden" name="csrfmiddlewaretoken" value="{}">', get_token(request)
    )


def unmarked(response: HttpResponse) -> HttpResponse:
    """A page rendered for one visitor alone, without the markers a cached page carries."""
    if response["Content-Type"].startswith("text/html"):
        response.content = _MARKER.sub(b"", response.content)
    return response


def has_session(request) -> bool:
    return settings.SESSION_COOKIE_NAME in request.COOKIES


def kept(countless: bool):
    """The cache a page or its data is kept in: ``countless`` for those made from what a
    visitor writes in an address (house rules, a position, a question's seed, a match), which
    have no number; "default" for the rest, few, which the countless never push out."""
    return caches["countless" if countless else "default"]


def key(request, revision) -> str:
    """The page's address (language and query included) at a content revision."""
    address = hashlib.sha256(request.get_full_path().encode()).hexdigest()
    fragment = ":fragment" if is_fragment(request) else ""
    return f"page:{revision}:{address}{fragment}"


class Cached:
    """A cached page, kept under two keys so that a request reads only what it sends.

    The head (``key``): the page's ``type``, its ``parts``, the ``meta`` its render left on
    its response, and its ``gzip`` without the markers when a visitor may have no part of
    their own (a page without a form). That is all a visitor without a session reads: 11 KB
    of a rule page. The body (``key:body``): the ``text`` with its markers and, when it has
    parts, the ``pieces`` that ``_spliced`` puts together; 73 KB of a rule page, read only
    for a visitor with parts of their own or a client that takes no gzip. A body evicted on
    its own is rendered again. A page with a form, whose every request fills in its own CSRF
    token, keeps its body in its head: one read, as every request needs both."""

    def __init__(self, store, key: str, head: dict, timeout: int, render, body=None):
        self.store, self.key, self.timeout, self.render = store, key, timeout, render
        self.type, self.parts, self.meta = head["type"], head["parts"], head["meta"]
        self.gzip = head.get("gzip")
        self._body = body or head.get("body")

    def body(self) -> dict:
        if self._body is None:
            self._body = self.store.get(self.key + BODY)
        if self._body is None:
            found = _stored(self.store, self.key, self.timeout, self.render)
            if isinstance(found, HttpResponse):  # the page is gone since its head was kept
                raise Gone(found)
            self._body = found._body
        return self._body


BODY = ":body"


class Gone(Exception):
    """A page whose head was cached no longer renders (its response is the exception's)."""


def entry(cache_key: str, timeout: int, render, countless=False) -> "Cached | HttpResponse":
    """The page cached under ``cache_key`` (see ``Cached``; ``countless``: see ``kept``),
    rendered by ``render()`` and kept for ``timeout`` seconds when the cache does not hold it.
    A response other than 200 is returned as it is, never cached."""
    store = kept(countless)
    head = store.get(cache_key)
    if head is not None:
        return Cached(store, cache_key, head, timeout, render)
    return _stored(store, cache_key, timeout, render)


def _stored(store, cache_key: str, timeout: int, render) -> "Cached | HttpResponse":
    response = render()
    if response.status_code != 200:
        return unmarked(response)
    text = response.content
    html = response["Content-Type"].startswith("text/html")  # only a page has parts
    parts = sorted({name.decode() for name, _ in _PART.findall(text)}) if html else []
    head = {"type": response["Content-Type"], "parts": parts}
    head["meta"] = getattr(response, "pagecache_meta", {})
    body = {"text": text, "pieces": _pieces(text) if parts else None}
    if CSRF in parts:  # every request has a part of its own (a form): one key, read whole
        head["body"] = body
        store.set(cache_key, head, timeout)
    else:  # a visitor may have nothing of their own on it: kept compressed
        head["gzip"] = gzip.compress(_MARKER.sub(b"", text), 6, mtime=0)
        # The body first: a head is never found without its body but when evicted on its own.
        store.set_many({cache_key + BODY: body, cache_key: head}, timeout)
    return Cached(store, cache_key, head, timeout, render, body)


def respond(
    request, found: Cached, parts: dict[str, str] | None = None, vary=("Accept-Encoding", "Cookie")
) -> HttpResponse:
    """The cached page with this request's own ``parts`` (``{name: html}``) in place of the
    cached ones; every CSRF token is this request's. ``vary``: what else the answer depends on
    than its address."""
    parts = dict(parts or {})
    if CSRF in found.parts:
        parts[CSRF] = csrf_input(request)
    gzipped = _accepts_gzip(request)
    if not parts and gzipped and found.gzip is not None:  # most requests: the head is enough
        response = HttpResponse(found.gzip, content_type=found.type)
        response["Content-Encoding"] = "gzip"  # the GZip middleware leaves it as it is
        patch_vary_headers(response, vary)
        return response
    try:
        body = found.body()
    except Gone as gone:
        return gone.args[0]
    if parts and body["pieces"] and gzipped:
        response = HttpResponse(_spliced(body, parts), content_type=found.type)
        response["Content-Encoding"] = "gzip"
    elif parts:
        text = _PART.sub(lambda m: _own(parts, m.group(1).decode(), m.group(2)), body["text"])
        response = HttpResponse(text, content_type=found.type)
    else:  # a client that takes no gzip: rare enough to take the markers out on the way
        response = HttpResponse(_MARKER.sub(b"", body["text"]), content_type=found.type)
    patch_vary_headers(response, vary)
    return response


def _accepts_gzip(request) -> bool:
    return _GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")) is not None


_GZIP = re.compile(r"\bgzip\b")  # as Django's GZip middleware reads the header


def _pieces(text: bytes) -> list[tuple[int, int, bytes, str | None, bytes]]:
    """The cached page cut at its parts: each stretch between two parts by where it starts and
    ends in ``text`` and as a raw deflate stream of its own, then the part's name and the text
    it has when not filled in."""
    pieces, at = [], 0
    for m in _PART.finditer(text):
        stretch = _deflated(text[at : m.start()], zlib.compressobj(6, zlib.DEFLATED, -15))
        pieces.append((at, m.start(), stretch, m.group(1).decode(), m.group(2)))
        at = m.end()
    last = _deflated(text[at:], zlib.compressobj(6, zlib.DEFLATED, -15))
    return [*pieces, (at, len(text), last, None, b"")]


def _own(parts: dict[str, str], name: str | None, default: bytes) -> bytes:
    """A part as this request has it, or as the cached page carries it."""
    return str(parts[name]).encode() if name in parts else default


def _deflated(raw: bytes, deflate) -> bytes:
    """``raw`` as a raw deflate stream that ends on a byte boundary without a last block, so
    that another stream can follow it."""
    return deflate.compress(raw) + deflate.flush(zlib.Z_SYNC_FLUSH) if raw else b""


# A gzip member's header (no name, no time, unknown system) and the empty last deflate block.
_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
_LAST_BLOCK = b"\x03\x00"


def _spliced(body: dict, parts: dict[str, str]) -> bytes:
    """The page with ``parts`` filled in, gzip-compressed from its stretches' own streams and
    a stream for each part. No stream holds both a part and a stretch, so a secret (a token,
    in a part) never shares one with text a request can choose (in a stretch): what BREACH
    needs. A part is small, so a small window does (6 µs a part, not 60)."""
    text, out, crc, size = body["text"], [_GZIP_HEADER], 0, 0
    for start, end, deflated, name, default in body["pieces"]:
        own = _own(parts, name, default)
        out += [deflated, _deflated(own, zlib.compressobj(6, zlib.DEFLATED, -12, 5))]
        for piece in (text[start:end], own):
            crc, size = zlib.crc32(piece, crc), size + len(piece)
    out += [_LAST_BLOCK, struct.pack("<II", crc, size & 0xFFFFFFFF)]
    return b"".join(out)


def note(response: HttpResponse, **meta) -> HttpResponse:
    """Keep ``meta`` with the cached page: what its render knew that the hooks of ``cached``
    need per request (whether a step asks a question), read without the page's text."""
    response.pagecache_meta = meta
    return response


# Parts every page may have, filled in by the app that draws them (the header's account links:
# "Sign in" for everyone, a signed-in visitor's name and "Sign out" for them alone):
# ``EVERYWHERE[name](request)`` is the visitor's own part, or None to keep everyone's.
EVERYWHERE: dict = {}


def everywhere(name: str, fill) -> None:
    EVERYWHERE[name] = fill


def for_everyone(request) -> bool:
    """Whether this render is the page everyone sees, to be cached (``cached``): a part that
    is a visitor's own is drawn as a visitor without a session sees it, and ``mark``-ed."""
    return getattr(request, "_for_everyone", False)


def _for_everyone(request, view, args, kwargs):
    request._for_everyone = True
    try:
        return view(request, *args, **kwargs)
    finally:
        request._for_everyone = False


SHARED = ("GET", "HEAD")  # the methods answered from the cache; any other reaches the view
VARY = ("Accept-Encoding", "Cookie")


def _each(value, request):
    return value(request) if callable(value) else value


def cached(revision, seconds, *, countless=False, parts=None, tokens=None, own=None, vary=VARY):
    """Declare a view's page cached whole for everyone: the view renders it as a visitor with
    nothing of their own sees it, marking where their own parts go (``mark``).

    Its key is the request's address (language and query included) at the content revision
    ``revision(request, *args, **kwargs)`` returns: a view's hooks take the view's arguments
    (raise ``Http404`` there for a page that is none). ``seconds`` and ``countless`` (see
    ``kept``) are values, or functions of the request. What belongs to one visitor is never
    cached; each hook below takes the view's arguments and ``revision=`` and ``meta=`` (what
    the render ``note``-d):

    - ``parts``: for a visitor with a session, ``{name: html}`` of their own parts;
    - ``tokens``: the same for every request (a form's one-time token; the CSRF token of a
      page with a form is always this request's own);
    - ``own``: the visitor's own page, rendered for them alone when their state changes more
      than its parts, or None. It may record the visit.

    A request other than GET or HEAD goes to the view, uncached; so does any answer other
    than 200 (see ``entry``). ``vary``: what else than the address the answer depends on.
    """

    def decorate(view):
        @wraps(view)
        def page(request, *args, **kwargs):
            if request.method not in SHARED:
                return unmarked(view(request, *args, **kwargs))
            content = revision(request, *args, **kwargs)
            found = entry(
                key(request, content),
                _each(seconds, request),
                lambda: _for_everyone(request, view, args, kwargs),
                _each(countless, request),
            )
            if isinstance(found, HttpResponse):
                return found
            hooked = {"revision": content, "meta": found.meta}
            mine = own(request, *args, **kwargs, **hooked) if own else None
            if mine is not None:
                return unmarked(mine)
            filled = tokens(request, *args, **kwargs, **hooked) if tokens else {}
            if parts is not None and has_session(request):
                filled |= parts(request, *args, **kwargs, **hooked)
            for name in found.parts:
                theirs = EVERYWHERE[name](request) if name in EVERYWHERE else None
                if theirs is not None:
                    filled[name] = theirs
            return respond(request, found, filled, vary)

        return page

    return decorate
