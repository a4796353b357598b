"""The game and variant an address names, or the 404 that says which is unknown: read alike by
the rule pages and the readers' reports."""

from django.http import Http404
from django.shortcuts import get_object_or_404

from . import games
from .messages import explain
from .models import Game, Variant


def game(slug: str):
    """The game's spec and row."""
    spec = games.get(slug)
    if spec is None:
        raise Http404(explain("unknown_game", {"game": slug}, game=None))
    return spec, get_object_or_404(Game, slug=slug)


def variant(game_slug: str, slug: str | None):
    """The game's spec and row, and the row of its variant ``slug`` (its default if None)."""
    spec, game_row = game(game_slug)
    return spec, game_row, variant_row(spec, game_row, slug)


def variant_row(spec, game_row, slug: str | None):
    slug = slug or spec.default_variant
    if slug not in spec.presets:
        raise Http404(explain("unknown_variant", {"variant": slug}, game=spec.slug))
    return get_object_or_404(Variant, game=game_row, slug=slug)
