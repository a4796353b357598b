"""Thin views: read the request, ask the registry and the engine, render."""

from urllib.parse import urlencode

from django.core.cache import cache
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language

from . import games, glossary, pages, tables
from .engine import cards, shuffle
from .engine.errors import BadInput, IllegalMove
from .engine.positions import open_position
from .messages import explain
from .models import Game, Variant
from .scorecard import scorecard


def home(request):
    return render(request, "rulebook/home.html", {"games": Game.objects.all()})


def glossary_page(request):
    """Every card word of the site, in English, French and the Arabic of each region."""
    return render(
        request,
        "rulebook/glossary.html",
        {"entries": glossary.entries(get_language()), "games": Game.objects.all()},
    )


def _game(slug: str):
    spec = games.get(slug)
    if spec is None:
        raise Http404(explain("unknown_game", {"game": slug}, game=None))
    return spec, get_object_or_404(Game, slug=slug)


def rules_page(request, game, variant=None):
    spec, game_row = _game(game)
    slug = variant or spec.default_variant
    if slug not in spec.presets:
        raise Http404(explain("unknown_variant", {"variant": slug}, game=game))
    variant_row = get_object_or_404(Variant, game=game_row, slug=slug)
    key = f"rules:{get_language()}:{game}:{slug}:{game_row.registry_version}"
    page = cache.get(key)
    if page is None:
        page = pages.build(game_row, spec, slug, spec.presets[slug])
        cache.set(key, page, 3600)
    return render(
        request,
        "rulebook/rules.html",
        {
            "game": game_row,
            "variant": variant_row,
            "is_default": variant is None,
            "variants": game_row.variants.all(),
            "relatives": Game.objects.filter(slug__in=[s.slug for s in games.family(spec)]),
            **page,
        },
    )


def position_page(request, game):
    spec, game_row = _game(game)
    picked = request.GET.getlist("pass")
    if picked:
        return _pass_chosen(request, spec, picked)
    error = None
    status = 200
    try:
        line = open_position(spec.engine, request.GET)
    except IllegalMove as e:
        error, status = e, 422
        # Show the position just before the refused move.
        params = request.GET.copy()
        params["moves"] = " ".join(
            params.get("moves", "").replace(",", " ").split()[: e.move_index]
        )
        line = open_position(spec.engine, params)
    except BadInput as e:
        return _position_error(request, spec, game_row, e)
    at = _at(request.GET.get("at"), len(line.moves))
    position = _position_at(line, at)
    context = {
        "game": game_row,
        "variant": Variant.objects.filter(game=game_row, slug=position.variant).first(),
        **tables.table(position),
        "error": explain(error.code, error.details, game=spec) if error else None,
        "error_index": error.move_index if error else None,
        "viewer": _viewer(line, at),
        "notation": " ".join(position.move_tokens()),
        "json_query_string": urlencode(position.query()),
    }
    return render(request, "rulebook/position.html", context, status=status)


def _position_error(request, spec, game_row, e):
    return render(
        request,
        "rulebook/position_error.html",
        {
            "game": game_row,
            "message": explain(e.code, e.details, game=spec),
            "code": e.code,
            "example": _example_query(spec),
        },
        status=400,
    )


def _at(text, length: int) -> int:
    """The move the viewer stands at: ``at`` clamped to the line, the end by default."""
    try:
        return max(0, min(int(text), length))
    except (TypeError, ValueError):
        return length


def _position_at(line, at: int):
    """The position after the first ``at`` moves of ``line`` (replayed by the engine)."""
    if at == len(line.moves):
        return line
    params = {**line.query(), "moves": " ".join(line.move_tokens()[:at])}
    return open_position(line.module, params)


def _viewer(line, at: int) -> dict:
    """First, back, forward, last, and the score card, each a link that keeps the whole line."""
    end = len(line.moves)

    def link(i: int) -> str:
        return urlencode({**line.query(), "at": i}) if i < end else urlencode(line.query())

    return {
        "at": at,
        "end": end,
        "first": link(0) if at > 0 else None,
        "back": link(at - 1) if at > 0 else None,
        "forward": link(at + 1) if at < end else None,
        "last": link(end) if at < end else None,
        "groups": scorecard(line, at, link),
    }


def _pass_chosen(request, spec, picked):
    """The pass chosen by touching cards: the cards join the moves as ``pass:`` tokens."""
    params = request.GET.copy()
    params.pop("pass")
    params.pop("at", None)
    tokens = params.get("moves", "").replace(",", " ").split()
    tokens += ["pass:" + code[:3] for code in picked[:13]]
    params["moves"] = " ".join(tokens)
    return redirect(request.path + "?" + params.urlencode())


def _example_query(spec) -> str:
    """A well-formed position link for this game: its default variant and a seeded deal."""
    hands = shuffle.deal("diwaniya-1", spec.engine.PACK)
    deal = cards.format_deal(hands)
    return urlencode({"variant": spec.default_variant, "dealer": "N", "deal": deal, "moves": ""})
