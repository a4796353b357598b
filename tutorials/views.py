"""Tutorial pages. Each step is its own server-rendered page; answers and hints are posted
forms followed by a redirect, so reloading or the back button never repeats them. A step is
played by the step player (``player``), which a teacher's lessons play theirs with too."""

from dataclasses import dataclass
from itertools import groupby

from django.core.cache import cache
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from cardgames.errors import EngineError
from plumbing import ownership, pagecache
from rulebook import echo
from rulebook.models import Game, Section, Variant

from . import content
from . import lesson as format
from . import progress as learner
from .catalogue import catalogue
from .models import Tutorial, as_script, problems_of
from .player import Play, answer, render_step
from .progress import Progress
from .script import ScriptError


def tutorial_list(request):
    _games, tutorials = catalogue(Game.site_content())
    progress = learner.read_all(request)
    groups = []
    for game, rows in groupby(tutorials, key=lambda t: t.game):
        summaries = [learner.summary(t, progress.get(t.slug, Progress())) for t in rows]
        groups.append({"game": game, "tutorials": summaries})
    return render(request, "tutorials/list.html", {"groups": groups})


def _tutorial(slug: str):
    tutorial = Tutorial.objects.select_related("game").filter(slug=slug).first()
    if tutorial is None:
        raise Http404(echo.fill(_("There is no tutorial called “%(slug)s”."), {"slug": slug}))
    return tutorial


def tutorial_start(request, slug):
    """Where to begin: the step the learner left off at, or the first."""
    tutorial = _tutorial(slug)
    last = min(max(learner.read(request, slug).last, 1), tutorial.steps.count())
    return HttpResponseRedirect(_step_url(slug, last))


@require_POST
def tutorial_reset(request, slug):
    _tutorial(slug)
    learner.reset(request, slug)
    return HttpResponseRedirect(reverse("tutorials:list") + f"#{slug}")


def _step_url(slug: str, number: int) -> str:
    return reverse("tutorials:step", args=[slug, number])


@dataclass
class Rows:
    """What a tutorial's pages read from the database: the tutorial, its steps, its game's
    variants and rule sections (by slug and key), and the game's next tutorial. Cached by the
    game's content revision, so a page rendered for one learner reads none of it again."""

    tutorial: Tutorial
    steps: list
    variants: dict
    sections: dict
    following: Tutorial | None


def _rows(slug: str, content: str | None) -> Rows:
    def read():
        tutorial = _tutorial(slug)
        game = tutorial.game
        return Rows(
            tutorial,
            list(tutorial.steps.all()),
            {v.slug: v for v in Variant.objects.filter(game=game)},
            {s.key: s for s in Section.objects.filter(game=game)},
            Tutorial.objects.filter(game=game, order__gt=tutorial.order)
            .order_by("order", "slug")
            .first(),
        )

    if content is None:
        return read()  # no such tutorial: its 404
    return cache.get_or_set(f"tutorials:rows:{slug}:{content}", read, STEP_PAGE_SECONDS)


def tutorial_lesson(tutorial, steps, language: str) -> format.Lesson:
    """Stored rows (which an editor may have changed) as the lesson they are, its own texts
    in ``language``."""
    return format.read(content.as_lesson(as_script(tutorial, steps), language))


def _load(slug: str, number: int, content: str | None = None) -> Play:
    """The tutorial as a lesson and the replayed frames of its steps (404 if there is no step
    ``number``)."""
    rows = _rows(slug, content if content is not None else Tutorial.content_of(slug))
    steps = rows.steps
    if not 1 <= number <= len(steps):
        raise Http404(
            _("This tutorial has %(total)s steps: there is no step %(number)s.")
            % {"total": len(steps), "number": number}
        )
    language = get_language()
    try:
        if problems_of(rows.tutorial, steps):
            raise ValueError
        frames = rows.tutorial.frames(steps)
        lesson = tutorial_lesson(rows.tutorial, steps, language)
    except (ScriptError, EngineError, ValueError, format.BadLesson):
        # Only a row changed outside the admin gets here: the admin and the check refuse it.
        raise Http404(_("This tutorial cannot be shown while it is being revised.")) from None
    return Play(
        lesson=lesson,
        frames=frames,
        texts=lesson.texts(language),
        game=rows.tutorial.game,
        slug=slug,
        url=lambda n: _step_url(slug, n),
        variants=rows.variants,
        sections=rows.sections,
        tutorial=rows.tutorial,
        following=rows.following,
    )


STEP_PAGE_SECONDS = 3600


def _step_revision(request, slug, number) -> str:
    """The tutorial's content revision, the key of its cached steps (404 for no tutorial)."""
    content = Tutorial.content_of(slug)
    if content is None:
        _tutorial(slug)  # its 404
    return content


def _learners_step(request, slug, number, *, revision, meta):
    """The step as this learner sees it when their answers change it (this step's question,
    or the last step's tally); None: the step as everyone sees it. A visit is recorded for a
    visitor who already keeps something, and only when it moves their place in the tutorial;
    a plain read stores nothing."""
    progress = learner.read(request, slug) if ownership.session_key(request) else None
    if progress is None:
        return None
    if progress.visit(number):
        with learner.updating(request, slug, create=False) as stored:
            stored.visit(number)
    if _answers_show(meta, progress, number):
        return _step_response(request, slug, number, progress, revision)
    return None


@pagecache.cached(_step_revision, STEP_PAGE_SECONDS, own=_learners_step)
@require_http_methods(["GET", "HEAD", "POST"])
def step_page(request, slug, number):
    """A step as a learner with no answers yet sees it is the same for everyone, so it is
    cached whole; a learner whose answers change the page gets their own (``_learners_step``).
    Answers and hints are posted."""
    if request.method == "POST":
        return answer(request, _load(slug, number), number)
    return _step_response(request, slug, number, Progress(), Tutorial.content_of(slug))


def _answers_show(page: dict, progress: Progress, number: int) -> bool:
    """Whether the learner's answers change the step's page (``page``: what its render
    noted)."""
    answered = progress.data.get("q", {})
    return (page["question"] and str(number) in answered) or (page["last"] and bool(answered))


def _step_response(request, slug, number, progress, content):
    return render_step(request, _load(slug, number, content), number, progress)
