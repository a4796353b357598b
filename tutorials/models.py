"""Tutorials as stored: loaded from ``tutorials/data/*.toml``, editable in the admin.

Moves, the deal and the seats are data for the engine; the texts are translated
(django-modeltranslation adds ``_ar``, ``_en`` and ``_fr`` columns). ``loaded_digest``, as in
the rulebook, lets the loader tell an editor's change from its own.
"""

from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from cardgames.table import SEATS
from rulebook.models import Game, Loaded, content_by

from . import content
from .script import Step as ScriptStep

LEVELS = [
    ("beginner", _("beginner")),
    ("intermediate", _("intermediate")),
    ("advanced", _("advanced")),
]
SHOW = [("learner", _("only the learner's hand")), ("all", _("every hand"))]


class Tutorials(models.Manager):
    def content_of(self, slug: str) -> str | None:
        """The tutorial's game's content revision, in one plain query (as
        ``Games.content_of``). Columns: registry_version, revision (``content_key``'s)."""
        sql = (
            f"SELECT g.registry_version, g.revision FROM {self.model._meta.db_table} t"
            f" JOIN {Game._meta.db_table} g ON g.id = t.game_id WHERE t.slug = %s"
        )
        return content_by(sql, slug)


class Tutorial(Loaded):
    slug = models.SlugField(unique=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="tutorials")
    variant = models.SlugField()
    level = models.CharField(_("level"), max_length=20, choices=LEVELS)
    order = models.PositiveSmallIntegerField(default=0)
    seed = models.CharField(max_length=100, blank=True)
    deal = models.CharField(max_length=200, blank=True, help_text=_("A PBN deal, or a seed"))
    dealer = models.CharField(max_length=1, blank=True)
    learner = models.CharField(max_length=1)
    show = models.CharField(max_length=10, choices=SHOW, default="learner")
    start = models.CharField(max_length=20, blank=True)
    exposed = models.CharField(max_length=20, blank=True)
    deal_number = models.PositiveSmallIntegerField(
        default=1, help_text=_("Which deal of a match the tutorial is set in")
    )
    totals = models.CharField(
        max_length=60, blank=True, help_text=_("The match totals before the deal, as N:40,E:12")
    )
    section = models.SlugField(blank=True)
    title = models.CharField(_("title"), max_length=200)
    summary = models.TextField(_("summary"), blank=True)

    objects = Tutorials()

    class Meta:
        ordering = ["game__order", "order", "slug"]
        verbose_name = _("tutorial")
        verbose_name_plural = _("tutorials")

    def __str__(self):
        return self.title

    @staticmethod
    def content_of(slug: str) -> str | None:
        """Its game's content revision, which its cached steps are keyed by (None for no such
        tutorial): ``Game.content_of`` through the tutorial, in one plain query."""
        return Tutorial.objects.content_of(slug)

    def frames(self, steps=None):
        """Every step replayed by the engine (``ScriptError`` if one is refused)."""
        steps = list(self.steps.all()) if steps is None else steps
        return frames_of(self, steps)

    def clean(self):
        from rulebook.messages import explain

        seats = {}
        for name in ("learner", "dealer"):
            value = getattr(self, name)
            if value and value not in tuple(SEATS):
                seats[name] = explain("bad_seat", {"seat": value})
        if seats:
            raise ValidationError(seats)


class Step(Loaded):
    tutorial = models.ForeignKey(Tutorial, on_delete=models.CASCADE, related_name="steps")
    number = models.PositiveSmallIntegerField()
    moves = models.CharField(max_length=500, blank=True)
    point = models.CharField(max_length=100, blank=True, help_text=_("Cards or seats to point at"))
    show = models.CharField(max_length=10, choices=SHOW, blank=True)
    section = models.SlugField(blank=True)
    variant = models.SlugField(blank=True)
    question = models.BooleanField(default=False)
    accept = models.CharField(max_length=100, blank=True)
    text = models.TextField(_("narration"))
    hint = models.TextField(_("hint"), blank=True)
    explain = models.TextField(_("explanation"), blank=True)

    class Meta:
        ordering = ["tutorial", "number"]
        unique_together = [("tutorial", "number")]
        verbose_name = _("step")
        verbose_name_plural = _("steps")

    def __str__(self):
        return f"{self.tutorial.slug} {self.number}"


class TutorialProgress(models.Model):
    """A visitor's progress through one tutorial (``progress.Progress``): a browser session's,
    deleted with it, or an account's (adopted from the session at sign-in), deleted with it."""

    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="tutorials", null=True, blank=True
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="tutorials",
        null=True,
        blank=True,
    )
    slug = models.SlugField()
    data = models.JSONField(default=dict)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        unique_together = [("session", "slug")]
        constraints = [
            models.UniqueConstraint(fields=["user", "slug"], name="tutorial_progress_per_user"),
            models.CheckConstraint(
                condition=Q(session__isnull=False, user__isnull=True)
                | Q(session__isnull=True, user__isnull=False),
                name="tutorial_progress_session_or_user",
            ),
        ]
        verbose_name = _("tutorial progress")
        verbose_name_plural = _("tutorial progress")

    def __str__(self):
        return f"{(self.session_id or f'@{self.user_id}')[:8]}… {self.slug}"


def script_step(step) -> ScriptStep:
    accept = step.accept.strip()
    return ScriptStep(
        moves=content.split(step.moves),
        question=step.question,
        accept=None if not accept else accept if accept == "legal" else content.split(accept),
        variant=step.variant or None,
    )


def as_script(tutorial, steps) -> dict:
    """Stored rows (saved or not) in the form of a tutorial file, for ``content.problems``."""

    def langs(row, name):
        return {lang: getattr(row, f"{name}_{lang}", "") or "" for lang in content.LANGUAGES}

    def step_data(step):
        data = {"moves": step.moves, "text": langs(step, "text")}
        for name in ("show", "variant", "point", "section"):
            if getattr(step, name):
                data[name] = getattr(step, name)
        if step.question:
            data["question"] = {"hint": langs(step, "hint"), "explain": langs(step, "explain")}
            if step.accept.strip():
                data["question"]["accept"] = step.accept.strip()
        return data

    data = {
        "slug": tutorial.slug,
        "game": tutorial.game.slug if tutorial.game_id else "",
        "title": langs(tutorial, "title"),
        "summary": langs(tutorial, "summary"),
        "steps": [step_data(s) for s in steps],
    }
    for name in ("variant", "level", "seed", "deal", "dealer", "learner", "show", "start"):
        data[name] = getattr(tutorial, name)
    data["exposed"] = tutorial.exposed
    if tutorial.section:
        data["section"] = tutorial.section
    data["deal_number"] = tutorial.deal_number
    data["totals"] = tutorial.totals
    return data


def problems_of(tutorial, steps) -> list[str]:
    """What the file check (``content.problems``: the engine's replay, the seats, every text)
    finds in stored rows, and steps not numbered 1 to n: the admin, the database check and
    the pages all ask this."""
    numbers = sorted(s.number or 0 for s in steps)
    if numbers != list(range(1, len(steps) + 1)):
        return [f"{tutorial.slug}: the steps must be numbered 1 to {len(steps)}, not {numbers}"]
    try:
        data = as_script(tutorial, sorted(steps, key=lambda s: s.number))
    except Game.DoesNotExist:
        return [f"{tutorial.slug}: no game"]
    return content.problems(data, word=_refusal)


def _refusal(error) -> str:
    """The engine's refusal in the editor's language (a ScriptError names its move too)."""
    from rulebook.messages import explain

    if not hasattr(error, "code"):
        return str(error)
    reason = explain(error.code, error.details, html=False)
    token = getattr(error, "token", None)
    return f"{token}: {reason}" if token else reason


def frames_of(tutorial, steps):
    """Replay a tutorial given as rows (saved or not): the admin checks an edit this way."""
    from .script import replay

    module, hands, dealer, extra, match = content.setup(
        tutorial.game.slug,
        tutorial.seed,
        tutorial.deal,
        tutorial.dealer,
        tutorial.start,
        tutorial.exposed,
        tutorial.deal_number,
        tutorial.totals,
    )
    steps = [script_step(s) for s in steps]
    return replay(module, tutorial.variant, hands, dealer, extra, steps, match)
