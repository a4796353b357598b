from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from cardtable import words
from cardtable.templatetags.cardtable import signed
from plumbing import links

register = template.Library()
register.filter("signed", signed)  # the card table's, for every page


@register.simple_tag
def translate_url_for(request, language):
    """The same page, same variant and query string, in ``language`` (a path on this site)."""
    return links.path_in(request, language)


@register.filter(needs_autoescape=True)
def listing(items, autoescape=True):
    """Items joined with the language's list separator («، » in Arabic)."""
    escape = conditional_escape if autoescape else str
    return mark_safe(words.listing(escape(i) for i in items))


@register.filter
def get_item(mapping, key):
    """``mapping[key]`` in a template (a query's value by a name held in a variable)."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.simple_tag(takes_context=True)
def csrf_part(context):
    """A form's CSRF token on a page cached for everyone: this request's token, marked so the
    cache replaces it with each visitor's own (``plumbing.pagecache``)."""
    from plumbing import pagecache

    return pagecache.mark(pagecache.CSRF, pagecache.csrf_input(context["request"]))
