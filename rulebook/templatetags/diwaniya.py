from django import template

from diwaniya import links

register = template.Library()


@register.simple_tag
def translate_url_for(request, language):
    """The same page, same variant and query string, in ``language`` (a path on this site)."""
    return links.path_in(request, language)


@register.simple_tag
def alternate_url_for(request, language):
    """The same page in ``language`` as a full address (hreflang), from SITE_URL."""
    return links.absolute(links.path_in(request, language))
