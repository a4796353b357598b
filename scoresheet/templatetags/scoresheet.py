from django import template

from ..rules import game_name
from ..views import sheet_games as games_with_sheets

register = template.Library()


@register.simple_tag
def sheet_games() -> list[dict]:
    """The games that keep a score sheet, with their names, for links to start one."""
    return [{"slug": slug, "name": game_name(slug)} for slug in games_with_sheets()]
