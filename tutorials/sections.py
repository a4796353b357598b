"""Which rule sections a tutorial shows on the table: a rule page links each section to the
first tutorial step that plays it out, and to that step's position on the position page."""

from urllib.parse import urlencode

from django.core.cache import cache
from django.db.models import Max
from django.urls import reverse
from django.utils.translation import get_language

from cardgames.errors import EngineError

from .models import Step, Tutorial
from .script import ScriptError


def worked(game, variant: str) -> dict:
    """``{section key: {"title", "step_url", "position_url"}}`` for ``game`` (a ``Game`` row)
    under ``variant``: the first step, in the tutorials' order, that plays the section out."""
    stamp = Step.objects.filter(tutorial__game=game).aggregate(at=Max("updated"))["at"]
    key = f"worked:{get_language()}:{game.slug}:{variant}:{stamp.timestamp() if stamp else 0}"
    found = cache.get(key)
    if found is None:
        found = _find(game, variant)
        cache.set(key, found, 3600)
    return found


def _find(game, variant: str) -> dict:
    found = {}
    for tutorial in Tutorial.objects.filter(game=game).prefetch_related("steps"):
        steps = list(tutorial.steps.all())
        try:
            frames = tutorial.frames(steps)
        except (ScriptError, EngineError, ValueError):
            continue  # a tutorial being revised shows nothing
        for step, frame in zip(steps, frames, strict=True):
            section = step.section or tutorial.section
            position = frame.after
            if not section or section in found or not step.moves or position.variant != variant:
                continue
            found[section] = {
                "title": tutorial.title,
                "step_url": reverse("tutorials:step", args=[tutorial.slug, step.number]),
                "position_url": reverse("position", args=[game.slug])
                + "?"
                + urlencode(position.query()),
            }
    return found
