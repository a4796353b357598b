"""A teacher's classes: the class, its students, the work assigned and what each student did.

A class belongs to the account that made it (its teacher). A student is an account: one of
their own, or one the class made for a child (``by_code``), who signs in with the class code
and a quick-login code the teacher hands out. Only a keyed digest of that code is kept
(``codes.digest``), so the database never holds one; reissuing replaces it, and the child's
account's sessions end with the old code. Such an account is the class's: it goes with the
class, or with its removal from the class.

What a student did is kept per assignment (``Work``) and per question (``Answer``), as it
happened, so the teacher's board stays what it was when a student resets a tutorial.
"""

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from . import codes


def new_public_id() -> str:
    return secrets.token_urlsafe(12)  # 96 random bits: a class's address is never guessed


class Classroom(models.Model):
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id)
    code = models.CharField(_("class code"), max_length=12, unique=True, default=codes.class_code)
    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="classes_taught"
    )
    name = models.CharField(_("name"), max_length=80)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name = _("class")
        verbose_name_plural = _("classes")

    def __str__(self) -> str:
        return self.name


class Student(models.Model):
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="students")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="student_of"
    )
    real_name = models.CharField(_("real name"), max_length=80)  # the teacher's eyes only
    display_name = models.CharField(_("display name"), max_length=40)  # what classmates see
    by_code = models.BooleanField(default=False)  # the account is the class's own
    # HMAC of the quick-login code under the class (``codes.digest``); empty for an account.
    code_digest = models.CharField(max_length=64, blank=True)
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name", "pk"]
        verbose_name = _("student")
        verbose_name_plural = _("students")
        constraints = [
            models.UniqueConstraint(fields=["classroom", "user"], name="classes_student_once"),
        ]
        indexes = [models.Index(fields=["code_digest"], name="classes_student_code")]

    def __str__(self) -> str:
        return self.display_name


class Assignment(models.Model):
    """Work given to a class: ``kind`` names it (``kinds.KINDS``: a lesson, a site tutorial,
    quiz questions, a practice deal; a quiz set plugs in as a kind of its own), ``target`` is
    what it points at (a lesson's public id, a tutorial's slug, a game), ``params`` what the
    kind needs besides (the quiz's seeds, the practice deal's seed and seat)."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    kind = models.CharField(max_length=20)
    target = models.CharField(max_length=80)
    params = models.JSONField(default=dict, blank=True)
    title = models.CharField(_("title"), max_length=200)  # as it was named when assigned
    due = models.DateField(_("due date"), null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "pk"]
        verbose_name = _("assignment")
        verbose_name_plural = _("assignments")
        indexes = [models.Index(fields=["kind", "target"], name="classes_assignment_target")]

    def __str__(self) -> str:
        return self.title

    @property
    def shown_title(self) -> str:
        """The title in the reader's language, as its kind names it."""
        from .kinds import KINDS

        kind = KINDS.get(self.kind)
        return kind.title(self) if kind else self.title


class Work(models.Model):
    """One student's work on one assignment: begun, finished, and for a practice deal the
    match they play it in."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="works")
    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="works")
    match = models.CharField(max_length=32, blank=True, db_index=True)  # practice public id
    started = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["assignment", "student"], name="classes_work_once"),
        ]

    def __str__(self) -> str:
        return f"{self.assignment_id}/{self.student_id}"


class Answer(models.Model):
    """A student's record of one question: the first answer (a move's token, or a quiz
    answer's JSON text), whether it was right, and the tries and hints until it was found
    (the tutorials' own count: ``tutorials.progress``)."""

    work = models.ForeignKey(Work, on_delete=models.CASCADE, related_name="answers")
    number = models.PositiveSmallIntegerField()  # the step (lesson, tutorial) or question (quiz)
    first = models.CharField(max_length=400, blank=True)
    right_first = models.BooleanField(default=False)
    tries = models.PositiveSmallIntegerField(default=0)
    hints = models.PositiveSmallIntegerField(default=0)
    solved = models.BooleanField(default=False)
    at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["work", "number"], name="classes_answer_once"),
        ]

    def __str__(self) -> str:
        return f"{self.work_id}/{self.number}"


class ClassTable(models.Model):
    """A live table the teacher opened for students of the class (``tables``): listed on the
    class's pages; the table itself is its places' (deleting the class leaves it)."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="tables")
    table = models.OneToOneField("tables.Table", on_delete=models.CASCADE, related_name="classes")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.classroom_id}/{self.table_id}"
