"""What the quiz stores: the hand-picked questions (content, loaded from ``quiz/data/``) and the
answer forms already used (so a replayed form is recognised, whoever sends it).

Generated questions are not stored: a seed names each one (see ``questions.generate``).
"""

from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from cardgames.errors import BadInput, EngineError
from cardgames.table import PARTNERSHIPS
from rulebook.models import Loaded

from . import questions

# The position's parameters a question may add (the engines' ``parse_extra``): Bent Al Sbeet's
# exposed cards, a deal's start, a Trix kingdom's owner and the contracts already used in it.
EXTRA_KEYS = ("exposed", "start", "owner", "used")
SIDES = PARTNERSHIPS  # a sheet row names its side as the table does


def shape_problem(extra, sheet) -> str | None:
    """The code of what is wrong with the JSON of ``extra`` or ``sheet``, before the engine
    reads them: ``extra`` an object of ``EXTRA_KEYS`` to text, ``sheet`` a list of deals
    ``[bid, side, tricks]`` or ``[bid, side, tricks, doubled]``."""
    if not isinstance(extra, dict) or any(
        key not in EXTRA_KEYS or not isinstance(value, str) for key, value in extra.items()
    ):
        return "bad_extra"
    if not isinstance(sheet, list) or not all(_deal_row(row) for row in sheet):
        return "bad_sheet"
    return None


def _deal_row(row) -> bool:
    def number(x):
        return isinstance(x, int) and not isinstance(x, bool)

    return (
        isinstance(row, list)
        and len(row) in (3, 4)
        and number(row[0])
        and row[1] in SIDES
        and number(row[2])
        and (len(row) == 3 or isinstance(row[3], bool))
    )


class HandPicked(Loaded):
    """A question on a chosen position. The answer is not stored: the engine computes it;
    except a best card's (``solution``), which the analysis found offline."""

    game = models.SlugField()
    key = models.SlugField(max_length=60)
    variant = models.SlugField()
    kind = models.SlugField()
    order = models.PositiveSmallIntegerField(default=0)
    dealer = models.CharField(max_length=1, default="N")
    deal = models.CharField(max_length=200)
    moves = models.TextField(blank=True)
    extra = models.JSONField(
        default=dict, blank=True, help_text=_("More query parameters, as exposed or start")
    )
    sheet = models.JSONField(
        default=list, blank=True, help_text=_("Tarneeb: the deals already on the sheet")
    )
    solution = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("Find the best card: the right cards and every card’s cost, found offline"),
    )
    title = models.CharField(_("title"), max_length=200)
    note = models.TextField(_("note"), blank=True, help_text=_("Shown after the answer"))

    class Meta:
        ordering = ["game", "order", "key"]
        unique_together = [("game", "key")]
        verbose_name = _("hand-picked question")
        verbose_name_plural = _("hand-picked questions")

    def __str__(self):
        return f"{self.game}/{self.key}"

    @property
    def seed(self) -> str:
        return f"{questions.PICKED}{self.key}"

    def query(self) -> dict:
        return {
            **{k: str(v) for k, v in (self.extra or {}).items()},
            "variant": self.variant,
            "dealer": self.dealer,
            "deal": self.deal,
            "moves": self.moves,
        }

    def question(self) -> questions.Question:
        """The question, built by the engine (``BadInput``/``IllegalMove`` if it is broken)."""
        problem = shape_problem(self.extra, self.sheet)
        if problem:
            raise BadInput(problem)
        return questions.build(
            self.game,
            self.variant,
            self.kind,
            self.query(),
            seed=self.seed,
            context=self.context(),
        )

    def context(self) -> dict:
        """What the question holds beyond its position: Tarneeb's sheet so far, or a best
        card's stored answer (``best``: the moves of cost 0; ``moves``: each legal card's
        cost and value; ``unit``)."""
        found = {"sheet": self.sheet} if self.sheet else {}
        if self.solution:
            found.update(self.solution)
        return found

    def clean(self):
        from .messages import say

        problem = shape_problem(self.extra, self.sheet)
        if problem:
            raise ValidationError({"extra" if problem == "bad_extra" else "sheet": say(problem)})
        try:
            self.question()
        except (EngineError, questions.UnknownQuestion) as e:
            raise ValidationError(say(e.code, e.details, self.game)) from None


class Answered(models.Model):
    """An answer form that was sent: its nonce may not be sent again."""

    nonce = models.CharField(max_length=40, unique=True)
    question = models.CharField(max_length=200)
    correct = models.BooleanField()
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("answered form")
        verbose_name_plural = _("answered forms")

    def __str__(self):
        return f"{self.question} ({self.nonce})"


class QuizProgress(models.Model):
    """A visitor's quiz (``progress.Progress``): one row per browser session, deleted with it,
    or per account (adopted from the session at sign-in), deleted with the account."""

    session = models.OneToOneField(
        Session, on_delete=models.CASCADE, related_name="quiz", null=True, blank=True
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="quiz",
        null=True,
        blank=True,
    )
    data = models.JSONField(default=dict)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "quiz_progress"
        constraints = [
            models.CheckConstraint(
                condition=Q(session__isnull=False, user__isnull=True)
                | Q(session__isnull=True, user__isnull=False),
                name="quiz_progress_session_or_user",
            ),
        ]
        verbose_name = _("quiz progress")
        verbose_name_plural = _("quiz progress")

    def __str__(self):
        who = (self.session_id or f"@{self.user_id}")[:8]
        return f"{who}… {self.data.get('right', 0)}/{self.data.get('answered', 0)}"
