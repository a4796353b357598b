"""Capability links: a private link (a practice match's, a score sheet's scorer's or share
link) holds a secret token, which must not stay in the address bar, go out in the Referer of
every request its page makes, or land in an access log.

Opening one claims what it opens for the browser session (``ownership.own``) and answers a
303 to an address without the token, with ``Referrer-Policy: no-referrer`` (the one response
whose address holds the secret); the page at the token-free address is the session's alone
(404 for any other) and keeps the site's usual policy, so its forms work as every other's.
A score sheet's token-free address names it by ``ref``, a digest of its token that opens
nothing by itself: it is looked up among the tokens the session owns.
"""

import hashlib
from functools import wraps

from django.http import Http404, HttpResponseRedirect
from django.utils.cache import add_never_cache_headers

from . import ownership

NO_REFERRER = "no-referrer"


def ref(token: str) -> str:
    """The token-free name of what ``token`` opens: 16 hex digits of its SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


def owned_token(request, kind: str, reference: str, not_found: str = "") -> str:
    """The token of ``kind`` this session owns whose ``ref`` is ``reference``; else 404."""
    for token in ownership.owned(request, kind):
        if ref(token) == reference:
            return token
    raise Http404(not_found)


def secret_address(response):
    """A response at an address that holds a token: no Referer from it, never cached."""
    response["Referrer-Policy"] = NO_REFERRER
    add_never_cache_headers(response)
    return response


def claimed(url: str):
    """The answer to opening a capability link once its thing is claimed: 303 to ``url``."""
    return secret_address(HttpResponseRedirect(url, status=303))


def at_secret_address(view):
    """For views whose address holds a token: every answer carries ``no-referrer``."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        return secret_address(view(request, *args, **kwargs))

    return wrapped
