"""``{% practice_link game variant house %}``: "Play a deal", the one tap that starts a practice
match for a game under a variant and house rules (``rule.<key>`` pairs, as a rule page's query
has them), with the set-up page one tap further; for the rule pages, the tutorials and the
quiz. ``play_deal(game, variant, house)`` is the context the home page's learn box uses."""

from urllib.parse import urlencode

from django import template
from django.urls import reverse

from cardgames.house_rules import PREFIX
from rulebook import games

register = template.Library()


def play_deal(game: str, variant: str | None = None, house=()) -> dict | None:
    """What ``practice/_play.html`` draws; None for a game without computer players."""
    spec = games.get(game)
    if spec is None:  # every described game has computer players
        return None
    variant = variant or spec.default_variant
    pairs = sorted((k, v) for k, v in dict(house).items() if k.startswith(PREFIX))
    setup = reverse("practice:start", args=[game])
    return {
        "url": reverse("practice:play", args=[game]),
        "variant": variant,
        "house": pairs,
        "setup_url": f"{setup}?{urlencode([('variant', variant), *pairs])}",
    }


@register.inclusion_tag("practice/_link.html")
def practice_link(game: str, variant: str | None = None, house=None) -> dict:
    """``house``: the page's house rules, a ``{"rule.<key>": value}`` dict or a query string."""
    if isinstance(house, str):
        from django.http import QueryDict

        house = QueryDict(house).dict()
    return {"play": play_deal(game, variant, house or {})}
