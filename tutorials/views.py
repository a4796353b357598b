"""Tutorial pages. Each step is its own server-rendered page; answers and hints are posted
forms followed by a redirect, so reloading or the back button never repeats them. A step is
played by the step player (``player``), which a teacher's lessons play theirs with too."""

from itertools import groupby

from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from plumbing import ownership, pagecache
from rulebook.models import Game

from . import progress as learner
from .catalogue import catalogue
from .models import Tutorial
from .player import STEP_PAGE_SECONDS, answer, load, render_step, step_url, tutorial_or_404
from .progress import Progress


def tutorial_list(request):
    _games, tutorials = catalogue(Game.site_content())
    progress = learner.read_all(request)
    groups = []
    for game, rows in groupby(tutorials, key=lambda t: t.game):
        summaries = [learner.summary(t, progress.get(t.slug, Progress())) for t in rows]
        groups.append({"game": game, "tutorials": summaries})
    return render(request, "tutorials/list.html", {"groups": groups})


def tutorial_start(request, slug):
    """Where to begin: the step the learner left off at, or the first."""
    tutorial = tutorial_or_404(slug)
    last = min(max(learner.read(request, slug).last, 1), tutorial.steps.count())
    return HttpResponseRedirect(step_url(slug, last))


@require_POST
def tutorial_reset(request, slug):
    tutorial_or_404(slug)
    learner.reset(request, slug)
    return HttpResponseRedirect(reverse("tutorials:list") + f"#{slug}")


def _step_revision(request, slug, number) -> str:
    """The tutorial's content revision, the key of its cached steps (404 for no tutorial)."""
    content = Tutorial.content_of(slug)
    if content is None:
        tutorial_or_404(slug)  # its 404
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
        return answer(request, load(slug, number), number)
    return _step_response(request, slug, number, Progress(), Tutorial.content_of(slug))


def _answers_show(page: dict, progress: Progress, number: int) -> bool:
    """Whether the learner's answers change the step's page (``page``: what its render
    noted)."""
    answered = progress.data.get("q", {})
    return (page["question"] and str(number) in answered) or (page["last"] and bool(answered))


def _step_response(request, slug, number, progress, content):
    return render_step(request, load(slug, number, content), number, progress)
