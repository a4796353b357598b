"""A student's work, recorded as it happens: the tutorials' player, the quiz and practice
say what happened (their ``signals``), and this module keeps it for every class of the
student that was given that work, then tells those classes' boards (``live``).

A learner who is no student of a class that assigned it (or not signed in) costs one
query at most; a practice move costs none until a deal is over.
"""

import json

from django.db import IntegrityError, transaction
from django.utils import timezone

from . import kinds, live
from .models import Answer, Assignment, Student, Work


def _student_works(user, kind: str, target: str) -> list[Work]:
    """The student's works on the assignments of ``kind`` on ``target`` of their classes,
    each made on first use."""
    if user is None or not user.is_authenticated:
        return []
    found = list(
        Assignment.objects.filter(
            kind=kind, target=target, classroom__students__user=user
        ).select_related("classroom")
    )
    if not found:
        return []
    students = {
        s.classroom_id: s
        for s in Student.objects.filter(user=user, classroom__in=[a.classroom_id for a in found])
    }
    works = []
    for assignment in found:
        student = students.get(assignment.classroom_id)
        if student is not None:
            works.append(start(assignment, student))
    return works


def start(assignment: Assignment, student: Student) -> Work:
    """The student's work on the assignment, begun now if it was not."""
    try:
        with transaction.atomic():
            work, _made = Work.objects.get_or_create(assignment=assignment, student=student)
    except IntegrityError:  # begun in another tab at the same moment
        work = Work.objects.get(assignment=assignment, student=student)
    work.assignment = assignment
    return work


def _answer(work: Work, number: int) -> Answer:
    try:
        with transaction.atomic():
            return Answer.objects.select_for_update().get_or_create(work=work, number=number)[0]
    except IntegrityError:
        return Answer.objects.get(work=work, number=number)


def _keep(work: Work, number: int, first: str | None, right: bool, question: dict) -> None:
    """One question's record: the first answer kept as it was, the tries, hints and whether
    it was found as the player counts them now."""
    with transaction.atomic():
        answer = _answer(work, number)
        answer = Answer.objects.select_for_update().get(pk=answer.pk)
        if first is not None and not answer.first:
            answer.first, answer.right_first = first[:400], right
        answer.tries = max(answer.tries, question.get("tries", 0))
        answer.hints = max(answer.hints, question.get("hints", 0))
        answer.solved = answer.solved or bool(question.get("solved"))
        answer.save()


def _finish_if_done(work: Work) -> None:
    """A work is done once every question of it is found."""
    if work.finished is not None:
        return
    questions = kinds.KINDS[work.assignment.kind].questions(work.assignment) or []
    wanted = {q.number for q in questions}
    found = set(work.answers.filter(solved=True).values_list("number", flat=True))
    if wanted <= found:
        Work.objects.filter(pk=work.pk, finished__isnull=True).update(finished=timezone.now())


def _told(works: list[Work]) -> None:
    for public_id in {w.assignment.classroom.public_id for w in works}:
        live.changed(public_id)


def tutorial_answered(sender, request, play, number, kind, token, right, question, **extra):
    """A lesson's or a tutorial's question answered or its hint asked (never a preview)."""
    row = play.extra.get("lesson_row")
    if play.extra.get("lesson_preview"):
        return
    if row is not None:
        works = _student_works(request.user, "lesson", row.public_id)
    elif play.tutorial is not None:
        works = _student_works(request.user, "tutorial", play.tutorial.slug)
    else:
        return
    for work in works:
        _keep(work, number, token if kind == "answer" else None, right, question)
        _finish_if_done(work)
    _told(works)


def quiz_answered(sender, request, url_key, answer, correct, **extra):
    game, variant, kind, seed = url_key
    works = []
    for work in _student_works(request.user, "quiz", game):
        p = work.assignment.params
        if [p.get("variant"), p.get("kind")] != [variant, kind] or seed not in p.get("seeds", []):
            continue
        number = p["seeds"].index(seed) + 1
        question = {"solved": correct, "tries": 0 if correct else 1}
        _keep(work, number, json.dumps(answer, sort_keys=True), correct, question)
        _finish_if_done(work)
        works.append(work)
    _told(works)


def practice_changed(sender, match, practice, **extra):
    """A homework deal played to its end: the work is done (its result and verdicts are read
    from the match itself by the board)."""
    if not practice.deal_over or practice.deal_number != 1:
        return
    works = list(
        Work.objects.filter(match=match.public_id, finished__isnull=True).select_related(
            "assignment__classroom"
        )
    )
    for work in works:
        Work.objects.filter(pk=work.pk, finished__isnull=True).update(finished=timezone.now())
    _told(works)
