"""A newcomer's path through one game: the five-minute summary, the first tutorial not yet
finished and the quiz, with this visitor's progress (the page beside it has "Play a deal").

It is read per visitor (it reads their stored progress), so it is never part of a page cached
for everyone: the rule page includes it beside its cached body. What is the same for everyone
(the games and their tutorials) is cached by the content revision, and a visitor's tutorials
and quiz are read in one query, so a page with the path asks the database little.
"""

from django.db.models import CharField, Value
from django.template.loader import render_to_string
from django.urls import reverse

from plumbing import ownership, pagecache
from quiz import progress as quiz_progress
from quiz.models import QuizProgress
from rulebook.beside import Beside
from tutorials import progress as tutorial_progress
from tutorials import sections
from tutorials.catalogue import catalogue, first_deal
from tutorials.models import Tutorial, TutorialProgress


def progress(request) -> tuple[dict, quiz_progress.Progress]:
    """This visitor's progress (their account's when signed in): their tutorials' (by slug)
    and their quiz, in one query; none for a visitor without a stored session (nothing is
    written)."""
    keeper = ownership.keeper(request) if request is not None else None
    tutorials, quiz = {}, None
    if keeper is not None:
        # One query: the quiz's row comes with slug NULL, after the tutorials'.
        mine = TutorialProgress.objects.filter(**keeper).values_list("data", "slug")
        quizzes = QuizProgress.objects.filter(**keeper)
        quizzes = quizzes.annotate(slug=Value(None, CharField())).values_list("data", "slug")
        for data, slug in mine.union(quizzes, all=True):
            if slug is None:
                quiz = data
            else:
                tutorials[slug] = tutorial_progress.Progress(data)
    return tutorials, quiz_progress.Progress(quiz)


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
        "quiz_url": reverse("quiz:set") + f"?game={game.slug}&variant={variant}",
        "quiz": quiz,
    }


def box(request, path: dict) -> str:
    """The learn box of a rule page: ``path`` drawn for ``request``'s visitor."""
    return render_to_string("_learn.html", {"learn": path}, request)


def beside_rules(game_row, variant: str) -> dict:
    """What the learning path shows on a rule page for everyone (cached with it): the box as a
    visitor without progress sees it, marked as the visitor's own, the game's first guided
    deal, and the tutorial steps that play each section out."""
    return {
        "first_deal": first_deal(game_row),
        "learn_box": pagecache.mark("learn", box(None, path(None, game_row, variant))),
        "worked": sections.worked(game_row, variant),
    }


def own_beside_rules(request, game: str, variant: str | None, revision: str) -> dict:
    """The learn box with this visitor's progress."""
    return {"learn": box(request, path_of(request, game, variant, revision))}


RULE_PAGE = Beside(beside_rules, own_beside_rules)
