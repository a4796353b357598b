"""``{% practice_link game variant %}``: a link to the practice table for a game and variant,
for the rule pages, the tutorials and the quiz. ``{% table_frame frame %}``: the card table
component drawn from a context of ``rulebook.tables.table`` (a step of the computer players'
replies)."""

from django import template
from django.urls import reverse

from rulebook.engine import bots

register = template.Library()


@register.inclusion_tag("practice/_link.html")
def practice_link(game: str, variant: str | None = None) -> dict:
    if game not in bots.GAMES:
        return {"url": None}
    url = reverse("practice:start", args=[game])
    return {"url": f"{url}?variant={variant}" if variant else url}


@register.inclusion_tag("rulebook/_table.html")
def table_frame(frame: dict) -> dict:
    return frame
