"""The live tables a browser session (or account) has a place at, for the site's "My
matches" page: the game and variant by name, the place in words."""

from django.utils.translation import gettext_lazy as _

from cardtable.words import vocabulary

from . import service

HELD = "tables:held"  # the session took a place at some table ("My matches" lists them)

ROLE_WORDS = {
    "seat": _("you play %(seat)s"),
    "coach": _("you coach %(seat)s"),
    "watch": _("you watch"),
}


def owned_tables(request, names) -> list[dict]:
    """The live tables this browser (or account) has a place at, newest first, for "My
    matches": the game and variant by name, this browser's place in words."""
    game_names, variant_names = names
    if not (request.session.get(HELD) or request.user.is_authenticated):
        return []  # never took a place: no query on "My matches"
    places = service.held_by(request.session, request.user)
    out = []
    for place in places:
        match = place.table.match
        seat = vocabulary(match.game).seat(place.seat) if place.seat is not None else ""
        out.append(
            {
                "url": place.table.get_absolute_url(),
                "game": game_names.get(match.game, match.game),
                "variant": variant_names.get((match.game, match.variant), match.variant),
                "role": ROLE_WORDS[place.role] % {"seat": seat},
                "host": place.host,
                "created": place.table.created,
            }
        )
    return out
