"""The header's account links on every page, and what signing in does to a session.

Pages cached for everyone carry "Sign in" (``pagecache.mark``); a signed-in visitor's own
part, their name and "Sign out", is filled in per request (``pagecache.everywhere``), so no
one's name is ever in what the cache holds."""

from django.template.loader import render_to_string

from plumbing import ownership, pagecache

PART = "account"


def adopt(sender, request, user, **kwargs):
    """``user_logged_in``: the session's things and progress become the account's, once."""
    if request is not None and hasattr(request, "session"):
        ownership.adopt(request, user)


def links(request, everyone: bool = False) -> str:
    """The header's account links for this visitor (``everyone``: as a visitor sees them)."""
    user = None if everyone else ownership.account(request)
    return render_to_string("accounts/_menu.html", {"account": user}, request=request)


def signed_in_part(request) -> str | None:
    """A cached page's account part for a signed-in visitor; None for any other (a visitor
    without a session cookie is not asked for one)."""
    if not pagecache.has_session(request) or ownership.account(request) is None:
        return None
    return links(request)


def menu(request) -> str:
    if request is None:
        return ""
    if pagecache.for_everyone(request):
        return pagecache.mark(PART, links(request, everyone=True))
    return links(request)
