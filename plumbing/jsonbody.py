"""The one reader of every JSON request body (every endpoint that takes one calls ``read``).

A body is read only when it is at most ``MAX_BYTES`` long and nests at most ``MAX_DEPTH``
arrays and objects, checked on the raw bytes before ``json.loads`` sees them: a body of a
thousand ``[`` would otherwise reach Python's recursion limit (in the parser, or later in
code that walks the value), a server error anyone could cause without a token. Its text is
checked once, here: JSON may write a lone surrogate (``"\ud800"``), which is no character at
all and which no database, page or frame can hold, so a value with one is refused too.
Anything else is refused with the API's error codes (400): ``body_too_large`` or
``bad_body``. The live tables' WebSocket reads its frames with ``parse`` (the same checks).
"""

import json

from django.core.exceptions import RequestDataTooBig

MAX_BYTES = 16 * 1024  # the largest body a client has reason to send is a few hundred bytes
MAX_DEPTH = 8  # an object of lists of objects is three deep


class BodyError(ValueError):
    """A body refused before it is read: ``code`` is the API's error code."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def depth(raw: bytes) -> int:
    """The deepest nesting of ``[``/``{`` in ``raw``, brackets inside strings not counted
    (a linear scan, no recursion)."""
    deepest = level = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            level += 1
            if level > deepest:
                deepest = level
                if deepest > MAX_DEPTH:
                    return deepest
        elif byte in (0x5D, 0x7D):
            level -= 1
    return deepest


def raw(request, *, max_bytes: int = MAX_BYTES) -> bytes:
    """The body's bytes, of at most ``max_bytes`` (refused before it is read when its length
    says more), for a body that is a file rather than JSON (an imported lesson may be PBN):
    ``BodyError("body_too_large")`` past it. Its reader checks its depth itself."""
    length = request.META.get("CONTENT_LENGTH") or "0"
    try:
        declared = int(length)
    except ValueError:
        declared = 0
    if declared > max_bytes:
        raise BodyError("body_too_large")
    try:
        body = request.body
    except RequestDataTooBig:
        raise BodyError("body_too_large") from None
    if len(body) > max_bytes:
        raise BodyError("body_too_large")
    return body


def read(request, *, empty=None, max_bytes: int = MAX_BYTES):
    """The JSON object ``request`` sends (an empty body is ``empty``, ``{}`` by default), of at
    most ``max_bytes`` (a lesson is larger than the few hundred bytes of a move).

    Raises ``BodyError`` for a body too large, too deep, not JSON or not an object."""
    length = request.META.get("CONTENT_LENGTH") or "0"
    try:
        declared = int(length)
    except ValueError:
        declared = 0
    if declared > max_bytes:  # refused before reading it at all
        raise BodyError("body_too_large")
    try:
        raw = request.body  # a body sent without its length stops at Django's own cap
    except RequestDataTooBig:
        raise BodyError("body_too_large") from None
    if not raw.strip() and len(raw) <= max_bytes:
        return {} if empty is None else empty
    return loads(raw, max_bytes=max_bytes)


def loads(raw: bytes, *, max_bytes: int = MAX_BYTES):
    """The JSON object in ``raw`` (a body, or a form's field that carries one), with the same
    checks as a body: ``BodyError`` for too large, too deep, not JSON or not an object."""
    if len(raw) > max_bytes:
        raise BodyError("body_too_large")
    data = parse(raw)
    if not isinstance(data, dict):
        raise BodyError("bad_body")
    return data


def parse(raw: bytes | str):
    """Any JSON value in ``raw``, nested at most ``MAX_DEPTH`` deep, every string of it (keys
    too) text that UTF-8 can write; else ``BodyError("bad_body")``. No length check: the
    caller's."""
    if depth(raw.encode(errors="surrogatepass") if isinstance(raw, str) else raw) > MAX_DEPTH:
        raise BodyError("bad_body")
    try:
        data = json.loads(raw)
        # the whole value written out once as UTF-8: a lone surrogate anywhere refuses it
        json.dumps(data, ensure_ascii=False).encode()
    except (ValueError, UnicodeError, RecursionError):
        raise BodyError("bad_body") from None
    return data
