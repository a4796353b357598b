"""``{% practice_link game variant %}``: a link to the practice table for a game and variant,
for the rule pages, the tutorials and the quiz."""

from django import template
from django.urls import reverse

from cardgames.games import GAMES

register = template.Library()


@register.inclusion_tag("practice/_link.html")
def practice_link(game: str, variant: str | None = None) -> dict:
    if game not in GAMES:  # every described game has computer players
        return {"url": None}
    url = reverse("practice:start", args=[game])
    return {"url": f"{url}?variant={variant}" if variant else url}
