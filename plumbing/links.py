"""Links the site writes about itself, built from the request's path and never from its Host
header or scheme, which a client chooses (``//evil.example/en/`` must not become a link to
``//evil.example/ar/``). Absolute links start with the ``SITE_URL`` setting."""

from django.conf import settings
from django.urls import NoReverseMatch, Resolver404, resolve, reverse
from django.utils.translation import override


def absolute(path: str) -> str:
    """``path`` (from ``reverse``, so starting with one slash) as a full address of the site."""
    return settings.SITE_URL + path


def path_in(request, language: str) -> str:
    """The same page in ``language``, with the same query string; the language's home page
    when the path is not one of the site's pages."""
    try:
        match = resolve(request.path_info)
    except Resolver404:
        match = None
    with override(language):
        try:
            if match is None or not match.url_name:
                raise NoReverseMatch
            path = reverse(match.view_name, args=match.args, kwargs=match.kwargs)
        except NoReverseMatch:
            return reverse("home")
    query = request.META.get("QUERY_STRING", "")
    return f"{path}?{query}" if query else path
