"""The games and their tutorials as lists show them (the tutorials' list, the home page, the
learning path), read once per content revision."""

from django.core.cache import cache
from django.db.models import Prefetch

from rulebook.models import Game

from .models import Step, Tutorial

CATALOGUE_SECONDS = 3600


def catalogue(content: str, slug: str | None = None) -> tuple[list, list]:
    """The game called ``slug`` (else every game) and its tutorials as lists show them, each
    with its game and its steps' numbers and questions; cached under ``content``, the
    revision of what it lists (``Game.content_of`` or ``Game.site_content``)."""

    def read():
        games = Game.objects.filter(slug=slug) if slug else Game.objects.all()
        steps = Prefetch("steps", Step.objects.only("tutorial_id", "number", "question"))
        tutorials = Tutorial.objects.select_related("game").prefetch_related(steps)
        if slug:
            tutorials = tutorials.filter(game__slug=slug)
        return list(games), list(tutorials)

    return cache.get_or_set(f"learn:catalogue:{slug or ''}:{content}", read, CATALOGUE_SECONDS)


def first_deal(game):
    """The game's first guided hand, where its five-minute summary leads a newcomer."""
    return Tutorial.objects.filter(game=game).first()
