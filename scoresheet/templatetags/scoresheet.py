from django import template

from rulebook.models import registry_names

from ..forms import sheet_games as games_with_sheets

register = template.Library()


@register.simple_tag(takes_context=True)
def sheet_games(context) -> list[dict]:
    """The games that keep a score sheet, with their names, for links to start one (the
    ``names`` of the page's context, ``registry_names()``, when its view has read them)."""
    names, _variants = context.get("names") or registry_names()
    return [{"slug": slug, "name": names.get(slug, slug)} for slug in games_with_sheets()]
