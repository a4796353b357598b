"""A lesson as stored: its current object and every saved version, and learners' answers.

Each save is a new ``Version`` row and the lesson's ``version`` raised by one, in one
transaction and only while the lesson is still at the version the edit was made on (a compare
and set, ``store.save``): two tabs saving at once never both win, and an acknowledged save
is committed before it is answered.
"""

import secrets

from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def new_public_id() -> str:
    return secrets.token_urlsafe(12)  # 96 random bits, 16 characters: never guessed


def new_edit_key() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits


OWNED = "lesson"  # the kind of thing a session owns (plumbing.ownership): its edit key


class Lesson(models.Model):
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id)
    edit_key = models.CharField(max_length=64, unique=True, default=new_edit_key)
    game = models.SlugField(_("game"))
    variant = models.SlugField(_("variant"))
    language = models.CharField(_("language"), max_length=2)
    title = models.CharField(_("title"), max_length=2000)
    version = models.PositiveIntegerField(default=1)
    data = models.JSONField()  # the current lesson object (``tutorials.lesson.to_json``)
    copied_from = models.CharField(max_length=32, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("lesson")
        verbose_name_plural = _("lessons")
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("lessons:play", args=[self.public_id])

    def share_url(self) -> str:
        """The learners' link, with no language in it: the site sends each learner to the
        lesson in their browser's language (i18n_patterns' redirect), whatever the teacher's."""
        path = self.get_absolute_url()
        return "/" + path.lstrip("/").partition("/")[2]

    def private_url(self) -> str:
        """The edit link: opening it claims the lesson for the browser (a capability link)."""
        return reverse("lessons:claim", args=[self.public_id, self.edit_key])


class Version(models.Model):
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    data = models.JSONField()
    saved = models.DateTimeField(default=timezone.now)

    class Meta:
        unique_together = [("lesson", "number")]
        ordering = ["-number"]
        verbose_name = _("saved version")
        verbose_name_plural = _("saved versions")

    def __str__(self) -> str:
        return f"{self.lesson.public_id} v{self.number}"


class Answer(models.Model):
    """One learner's first answer to one question of a lesson: counts, never who. A learner
    is a digest of their browser session and the lesson, which names nobody; ``token`` is
    empty while they have reached the question without answering it."""

    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="answers")
    learner = models.CharField(max_length=32)
    step = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=16, blank=True)
    right = models.BooleanField(default=False)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        unique_together = [("lesson", "learner", "step")]
        verbose_name = _("answer")
        verbose_name_plural = _("answers")

    def __str__(self) -> str:
        return f"{self.lesson.public_id} {self.step} {self.token or '-'}"
