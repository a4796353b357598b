"""Request bodies at the door, before Django reads them (``diwaniya.asgi`` wraps the site's
HTTP side in ``Bodies``).

Django's ASGI handler reads a whole body before any view or middleware runs, so a view's own
limit comes too late for a body of hundreds of megabytes, and a body that stops short of its
``Content-Length`` is waited for without end. Here, for every HTTP request:

- a body whose ``Content-Length`` is past ``settings.BODY_MAX_BYTES`` is never read: Django
  is given no body and the headers as sent, so each JSON endpoint refuses it by its length
  with its own error (``body_too_large``, the lessons' 413 ``lesson_too_large``), and every
  page is answered 413 by ``refuse_large`` (a middleware); the connection is then
  closed, so nothing more of it is read either. A body sent without a length (chunked) is
  read up to the cap and refused the same way past it.
- a body is waited for ``settings.BODY_SECONDS`` between two of its parts and
  ``BODY_TOTAL_SECONDS`` in all: past that, 408 and the connection closed.

The proxy in front (README, "Deploying") caps bodies and waits in the same way, so these
limits are what a request that reaches the site directly meets.
"""

import asyncio
import time

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import gettext as _

TIMEOUT_HEADERS = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close")]


def declared(headers) -> int | None:
    """The ``Content-Length`` of ASGI headers, or None (none, or not a number)."""
    for name, value in headers:
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class _TooLarge(Exception):
    pass


class Bodies:
    """The ASGI middleware: refuses a body past the cap unread, and a slow one in time."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        cap = settings.BODY_MAX_BYTES
        length = declared(scope.get("headers", []))
        if length is not None and length > cap:
            return await self._unread(scope, send, length)
        try:
            body = await self._read(receive, cap)
        except _TooLarge as seen:  # no length said, and more than the cap sent
            return await self._unread(scope, send, seen.args[0])
        except TimeoutError:
            await send({"type": "http.response.start", "status": 408, "headers": TIMEOUT_HEADERS})
            await send({"type": "http.response.body", "body": b"Request Timeout"})
            return None
        if body is None:  # the client went away while sending it
            return None
        return await self.app(scope, _replay(body, receive), send)

    async def _read(self, receive, cap: int) -> bytes | None:
        parts, size = [], 0
        ends = time.monotonic() + settings.BODY_TOTAL_SECONDS
        while True:
            wait = min(settings.BODY_SECONDS, ends - time.monotonic())
            if wait <= 0:
                raise TimeoutError
            message = await asyncio.wait_for(receive(), wait)
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > cap:
                raise _TooLarge(size)
            parts.append(chunk)
            if not message.get("more_body", False):
                return b"".join(parts)

    async def _unread(self, scope, send, length: int):
        """The request with no body, and its length as the client said (or as far as it was
        read); its answer closes the connection."""
        headers = [
            (name, value)
            for name, value in scope.get("headers", [])
            if name.lower() not in (b"content-length", b"transfer-encoding")
        ]
        scope = {**scope, "headers": [*headers, (b"content-length", str(length).encode())]}
        return await self.app(scope, _nothing(), _closing(send))


def _replay(body: bytes, receive):
    """A ``receive`` that gives the body read, then the client's own messages (its
    disconnect)."""
    given = False

    async def replayed():
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


def _nothing():
    """A ``receive`` for a body left unread: no body, then nothing until the request is
    answered (not even a disconnect: that would read the rest of the body)."""
    given = False

    async def nothing():
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # cancelled once the answer is sent

    return nothing


def _closing(send):
    """A ``send`` whose answer closes the connection (the unread body is never read)."""

    async def sending(message):
        if message["type"] == "http.response.start":
            headers = [h for h in message.get("headers", []) if h[0].lower() != b"connection"]
            message = {**message, "headers": [*headers, (b"connection", b"close")]}
        await send(message)

    return sending


def refuse_large(get_response):
    """413 for a page asked with a body past ``BODY_MAX_BYTES`` (never read: ``Bodies``),
    in the reader's language. The JSON API's endpoints refuse it themselves, by its length,
    each with its own error object."""

    def middleware(request):
        length = request.META.get("CONTENT_LENGTH") or "0"
        too_large = length.isdigit() and int(length) > settings.BODY_MAX_BYTES
        if too_large and not request.path.startswith("/api/"):
            message = _("This request is too large for the site: it may carry at most 1 MB.")
            context = {"status": 413, "message": message, "noindex": True}
            return render(request, "error.html", context, status=413)
        return get_response(request)

    return middleware
