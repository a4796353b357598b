"""A newcomer's path through one game: the five-minute summary, the first tutorial not yet
finished, the quiz, and the practice table when the site has one, with this visitor's progress.

It is read per visitor (it reads their stored progress), so it is never part of a page cached
for everyone: the rule page includes it beside its cached body. What is the same for everyone
(the games and their tutorials) is cached by the content revision, and a visitor's tutorials
and quiz are read in one query, so a page with the path asks the database little.
"""

from django.core.cache import cache
from django.db import connection
from django.db.models import Prefetch
from django.urls import NoReverseMatch, reverse

from plumbing import ownership
from quiz import progress as quiz_progress
from quiz.models import QuizProgress
from rulebook.models import Game
from tutorials import progress as tutorial_progress
from tutorials.models import Step, Tutorial, TutorialProgress

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


def progress(request) -> tuple[dict, quiz_progress.Progress]:
    """This visitor's progress: their tutorials' (by slug) and their quiz, in one query; none
    for a visitor without a stored session (nothing is written)."""
    key = ownership.session_key(request) if request is not None else None
    tutorials, quiz = {}, None
    if key is not None:
        with connection.cursor() as cursor:
            cursor.execute(_PROGRESS_SQL, [key, key])
            rows = cursor.fetchall()
        to_python = TutorialProgress._meta.get_field("data").from_db_value
        for slug, data in rows:
            data = to_python(data, None, connection)
            if slug is None:
                quiz = data
            else:
                tutorials[slug] = tutorial_progress.Progress(data)
    return tutorials, quiz_progress.Progress(quiz)


_PROGRESS_SQL = (
    f"SELECT slug, data FROM {TutorialProgress._meta.db_table} WHERE session_id = %s"
    f" UNION ALL SELECT NULL, data FROM {QuizProgress._meta.db_table} WHERE session_id = %s"
)


def path_of(request, slug: str, variant: str | None, content: str) -> dict:
    """``path`` for the game called ``slug``, whose content revision is ``content``."""
    (game,), tutorials = catalogue(content, slug)
    return path(request, game, variant, tutorials, progress(request))


def path(request, game, variant=None, tutorials=None, mine=None) -> dict:
    """The steps for ``game`` (a ``Game`` row) with ``tutorials`` its tutorials as
    ``catalogue`` lists them (read when not given), and ``mine`` the visitor's ``progress``
    when the caller has read it. ``request`` None: the path of a visitor with no progress, as
    a page cached for everyone shows it."""
    if tutorials is None:
        tutorials = list(Tutorial.objects.filter(game=game).prefetch_related("steps"))
    done, quiz = mine if mine is not None else progress(request)
    summaries = [
        tutorial_progress.summary(t, done.get(t.slug, tutorial_progress.Progress()))
        for t in tutorials
    ]
    ahead = next((s for s in summaries if not s["finished"]), None)
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


def first_deal(game):
    """The game's first guided hand, where its five-minute summary leads a newcomer."""
    return Tutorial.objects.filter(game=game).first()


def _practice_url(slug: str) -> str | None:
    """The practice table's start page for the game, once the site has one."""
    try:
        return reverse("practice:start", args=[slug])
    except NoReverseMatch:
        return None
