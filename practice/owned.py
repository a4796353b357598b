"""The practice matches a browser session owns, listed with their names and links (the site's
"My matches" page reads them with the session's score sheets, in one query)."""

from django.db.models import Count, DateTimeField, Value

from plumbing import ownership
from plumbing.links import absolute

from .models import OWNED, Match
from .table import LEVELS


def owned_rows(request):
    """The practice matches this session owns as rows of ``ownership.listed``; None if it
    owns none."""
    tokens = ownership.owned(request, OWNED)
    if not tokens:
        return None
    ended = Value(None, output_field=DateTimeField())  # a practice match is never closed
    return (
        Match.objects.filter(token__in=tokens)
        .order_by()
        .annotate(kind=Value(OWNED), ended=ended, count=Count("deals"))
        .values_list(
            *("kind", "pk", "game", "variant", "token", "public_id", "overrides", "updated"),
            *("ended", "level", "count"),
        )
    )


def owned_matches(request, listed, names) -> list[dict]:
    """This session's practice matches among ``listed`` (``ownership.listed`` of
    ``owned_rows``), newest first, named by ``names`` (``registry_names()``), with each one's
    links."""
    game_names, variant_names = names
    out = []
    for row in ownership.listed_of(request, OWNED, listed):
        match = Match(
            pk=row.pk, public_id=row.link, token=row.token, game=row.game, variant=row.variant,
            overrides=row.rules, level=row.level, updated=row.at,
        )  # fmt: skip
        out.append(
            {
                "match": match,
                "game": game_names.get(match.game, match.game),
                "variant": variant_names.get((match.game, match.variant), match.variant),
                "level": LEVELS.get(match.level, match.level),
                "deals": row.count,
                "url": match.get_absolute_url(),
                "private_url": absolute(match.private_url()),
            }
        )
    return out
