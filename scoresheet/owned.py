"""The score sheets a browser session owns, listed with their names and links (its game's list
of sheets and the site's "My matches" page read them), and a sheet's two links."""

from django.db.models import Count, Value

from cardgames.errors import EngineError
from cardgames.games import sheet_for
from plumbing import ownership
from plumbing.links import absolute

from .models import OWNED, Match


def owned_rows(request, game: str | None = None):
    """The matches this session owns (of ``game``, else of every game) as rows of
    ``ownership.listed``; None if it owns none."""
    tokens = ownership.owned(request, OWNED)
    if not tokens:
        return None
    rows = Match.objects.filter(scorer__in=tokens)
    if game is not None:
        rows = rows.filter(game=game)
    return (
        rows.order_by()
        .annotate(kind=Value(OWNED), level=Value(""), count=Count("entries"))
        .values_list(
            *("kind", "pk", "game", "variant", "scorer", "share", "house_rules", "created"),
            *("ended", "level", "count"),
        )
    )


def owned_matches(request, listed, names) -> list[Match]:
    """This session's matches among ``listed`` (``ownership.listed`` of ``owned_rows``),
    newest first, named by ``names`` (``registry_names()``), for the lists of one's matches."""
    game_names, variant_names = names
    found = []
    for row in ownership.listed_of(request, OWNED, listed):
        match = Match(
            pk=row.pk, game=row.game, variant=row.variant, scorer=row.token, share=row.link,
            house_rules=row.rules, created=row.at, ended=row.ended,
        )  # fmt: skip
        match.rows = row.count
        match.game_name = game_names.get(match.game, match.game)
        match.variant_name = variant_names.get((match.game, match.variant), match.variant)
        try:
            match.target = sheet_for(match.game, match.rules()).target
        except (EngineError, KeyError):  # a broken stored rule: its sheet page says so
            match.target = None
        match.links = links(match)
        found.append(match)
    return found


def links(match) -> dict:
    """The two links, and each in full to copy and send (from SITE_URL, never the request)."""
    scorer, share = match.scorer_url(), match.share_url()
    return {
        "scorer": scorer,
        "scorer_full": absolute(scorer),
        "share": share,
        "share_full": absolute(share),
    }
