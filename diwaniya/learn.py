"""A newcomer's path through one game: the five-minute summary, the first tutorial not yet
finished, the quiz, and the practice table when the site has one, with this visitor's progress.

It is read per visitor (it reads their stored progress), so it is never part of a page cached
for everyone: the rule page includes it beside its cached body.
"""

from django.urls import NoReverseMatch, reverse

from quiz import progress as quiz_progress
from rulebook.models import Game
from tutorials import progress as tutorial_progress
from tutorials.models import Tutorial


def path_of(request, slug: str, variant: str | None = None) -> dict:
    """``path`` for the game called ``slug``, its row read with its tutorials (a cached page
    fills in a visitor's path with no other need of the row)."""
    tutorials = list(
        Tutorial.objects.filter(game__slug=slug).select_related("game").prefetch_related("steps")
    )
    game = tutorials[0].game if tutorials else Game.objects.get(slug=slug)
    return path(request, game, variant, tutorials=tutorials)


def path(request, game, variant: str | None = None, quiz=None, tutorials=None) -> dict:
    """The steps for ``game`` (a ``Game`` row); ``quiz``: the visitor's quiz, when the caller
    has already read it (the home page asks once for every game). ``request`` None: the path
    of a visitor with no progress, as a page cached for everyone shows it."""
    if tutorials is None:
        tutorials = list(Tutorial.objects.filter(game=game).prefetch_related("steps"))
    done = tutorial_progress.read_all(request) if request is not None else {}
    summaries = [
        tutorial_progress.summary(t, done.get(t.slug, tutorial_progress.Progress()))
        for t in tutorials
    ]
    ahead = next((s for s in summaries if not s["finished"]), None)
    if quiz is None:
        quiz = quiz_progress.read(request) if request is not None else quiz_progress.Progress(None)
    variant = variant or game.default_variant
    return {
        "game": game,
        "summary_url": reverse("rules", args=[game.slug]) + "#glance",
        "tutorial": ahead,
        "tutorials": len(summaries),
        "finished": sum(1 for s in summaries if s["finished"]),
        "quiz_url": reverse("quiz:start") + f"?game={game.slug}&variant={variant}&kind=mixed",
        "quiz": quiz,
        "practice_url": _practice_url(game.slug),
    }


def _practice_url(slug: str) -> str | None:
    """The practice table's start page for the game, once the site has one."""
    try:
        return reverse("practice:start", args=[slug])
    except NoReverseMatch:
        return None
