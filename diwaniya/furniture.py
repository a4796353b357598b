"""What every page carries for search engines and link previews: the canonical address, the
same page in each language (hreflang, with x-default), the sitemap and robots.txt.

Every address is absolute and starts with ``SITE_URL``; none is taken from the request's host.
"""

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import sitemaps
from django.http import HttpResponse
from django.urls import Resolver404, resolve, reverse
from django.utils.translation import override

from plumbing import links
from plumbing.headers import is_fragment

X_DEFAULT = "en"  # the language whose address, without its prefix, serves as x-default


def canonical(request) -> str:
    """The page's own address without its query string; a rule page's default-variant twin
    (``/<game>/<default>/``) names the game's address."""
    return links.absolute(_canonical_path(request.path_info))


def _canonical_path(path: str) -> str:
    try:
        match = resolve(path)
    except Resolver404:
        return path
    if match.url_name == "rules-variant":
        from rulebook import games

        spec = games.get(match.kwargs.get("game"))
        if spec and match.kwargs.get("variant") == spec.default_variant:
            return reverse("rules", kwargs={"game": spec.slug})
    return path


def alternates(request) -> list[dict]:
    """The page in every language, itself included (absolute, canonical addresses), and
    x-default: the address without a language, where the site picks the reader's language."""
    out = []
    for code, _name in settings.LANGUAGES:
        path = links.path_in(request, code).split("?")[0]
        with override(code):
            path = _canonical_path(path)
        out.append({"hreflang": code, "href": links.absolute(path)})
        if code == X_DEFAULT:
            prefix = f"/{code}/"
            neutral = "/" + path[len(prefix) :] if path.startswith(prefix) else path
    return [*out, {"hreflang": "x-default", "href": links.absolute(neutral)}]


class _SiteFromSetting:
    """What Django's sitemap asks of a site: SITE_URL's host, never the request's."""

    def __init__(self):
        self.domain = urlsplit(settings.SITE_URL).netloc
        self.name = self.domain


class Pages(sitemaps.Sitemap):
    """Every page worth indexing, in every language, with its hreflang alternates."""

    i18n = True
    alternates = True
    x_default = True

    def items(self):
        from rulebook import games
        from rulebook.models import Variant
        from tutorials.models import Tutorial

        names = [("home", {}), ("glossary", {}), ("tutorials:list", {}), ("quiz:index", {})]
        for spec in games.GAMES.values():
            names.append(("rules", {"game": spec.slug}))
        for variant in Variant.objects.select_related("game"):
            if variant.slug != variant.game.default_variant:
                names.append(
                    ("rules-variant", {"game": variant.game.slug, "variant": variant.slug})
                )
        for tutorial in Tutorial.objects.all():
            names.append(("tutorials:step", {"slug": tutorial.slug, "number": 1}))
        return names

    def location(self, item):
        name, kwargs = item
        return reverse(name, kwargs=kwargs)

    def get_urls(self, page=1, site=None, protocol=None):
        return super().get_urls(page, _SiteFromSetting(), urlsplit(settings.SITE_URL).scheme)


SITEMAPS = {"pages": Pages}


def robots(request):
    """Crawlers read the rules, tutorials and glossary; private and infinite pages are left out."""
    lines = ["User-agent: *", "Disallow: /admin/", "Disallow: /api/"]
    for code, _name in settings.LANGUAGES:
        with override(code):
            home = reverse("home")
        lines += [
            f"Disallow: {home}mine/",
            f"Disallow: {home}*/position/",
            f"Disallow: {home}*/sheet/",
        ]
    lines.append(f"Sitemap: {links.absolute('/sitemap.xml')}")
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")


OG_LOCALES = {"ar": "ar_AR", "en": "en_GB", "fr": "fr_FR"}


def context(request):
    """Template context: the page's canonical address, its alternates and its Open Graph locale,
    worked out only if a template asks for them."""
    from django.utils.functional import SimpleLazyObject
    from django.utils.translation import get_language

    return {
        "fragment": is_fragment(request),
        "furniture": {
            "canonical": SimpleLazyObject(lambda: canonical(request)),
            "alternates": SimpleLazyObject(lambda: alternates(request)),
            "og_locale": OG_LOCALES.get(get_language(), "en_GB"),
        },
    }
