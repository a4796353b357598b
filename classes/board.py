"""The class board: per assignment, each student's work (done or not, stars, first-try
answers, hints, each question's first answer drawn as cards, a practice deal's result and the
review's verdicts), and per question the class's first answers grouped, the commonest wrong
answer first. The CSV export writes the same rows (``rows``).

A student's own page reads only their row (``student_board``): the groups, which count the
classmates' answers, are the teacher's alone.
"""

from collections import Counter
from urllib.parse import urlencode

from django.core.cache import caches
from django.urls import reverse
from django.utils.translation import get_language

from cardtable.words import vocabulary
from tutorials.progress import Progress

from . import kinds
from .models import Answer, Work

PRACTICE_SECONDS = 24 * 3600  # a finished deal's verdicts never change


def _progress(answers: list[Answer]) -> Progress:
    """A student's answers as the tutorials' progress counts them, for its stars."""
    return Progress(
        {
            "q": {
                str(a.number): {"tries": a.tries, "hints": a.hints, "solved": a.solved}
                for a in answers
            }
        }
    )


def _status(work: Work | None, questions) -> str:
    if work is None:
        return "todo"
    return "done" if work.finished else "started"


def _practice(work: Work | None) -> dict | None:
    """A homework deal's result and the review's verdicts, once the deal is over; read from
    the match itself, kept per deal and language (a finished deal never changes)."""
    if work is None or not work.match:
        return None
    key = f"classes:practice:{work.match}:{get_language()}"
    store = caches["countless"]
    found = store.get(key)
    if found is None:
        found = _judged(work.match)
        if found is not None and found.get("over"):
            store.set(key, found, PRACTICE_SECONDS)
    return found


def _judged(public_id: str) -> dict | None:
    from practice import review
    from practice.models import Match

    read = Match.read(public_id)
    if read is None:
        return None
    match, deals = read
    practice = match.replay(deals[:1])
    if not practice.state.is_over:
        return {"over": False, "ply": practice.ply}
    vocab = vocabulary(practice.game)
    position = practice.position()
    points = practice.state.points()
    mine = points[practice.seat] if len(points) == 4 else points[practice.seat % 2]
    base = reverse("position", args=[practice.game])
    decisions = review.decisions(practice, vocab, lambda i: urlencode(position.query(i)))
    return {
        "over": True,
        "points": mine,
        "decisions": len(decisions),
        "differ": [d for d in decisions if not d["same"]],
        "position_url": f"{base}?{urlencode(position.query())}",
        "seed": practice.record.seed,
    }


def _drawn(kind, assignment, question, first: str):
    return kind.draw(assignment, question, first) if first else None


def assignment_board(assignment, students, works: dict, teacher: bool) -> dict:
    """One assignment's part of the board: ``works`` by student id (with their answers)."""
    kind = kinds.KINDS[assignment.kind]
    questions = kind.questions(assignment)
    gone = questions is None
    questions = questions or []
    by_number = {q.number: q for q in questions}
    rows = []
    groups = {q.number: Counter() for q in questions}
    names = {q.number: {} for q in questions}
    drawn_cache = {}
    for student in students:
        work = works.get(student.pk)
        answers = list(work.answers.all()) if work else []
        progress = _progress(answers)
        numbers = [q.number for q in questions]
        cells = []
        for q in questions:
            a = next((x for x in answers if x.number == q.number), None)
            if a is not None and a.first:
                key = (q.number, a.first)
                if key not in drawn_cache:
                    drawn_cache[key] = _drawn(kind, assignment, q, a.first)
                groups[q.number][(a.first, a.right_first)] += 1
                names[q.number].setdefault((a.first, a.right_first), []).append(student)
            cells.append(
                {
                    "question": q,
                    "answer": a,
                    "drawn": drawn_cache.get((q.number, a.first)) if a and a.first else None,
                    "stars": progress.stars(q.number) if a else 0,
                }
            )
        answered = [a for a in answers if a.first and a.number in by_number]
        rows.append(
            {
                "student": student,
                "work": work,
                "status": _status(work, questions),
                "stars": progress.tutorial_stars(numbers) if answered and numbers else None,
                "first_try": sum(1 for a in answered if a.right_first),
                "answered": len(answered),
                "hints": sum(a.hints for a in answers if a.number in by_number),
                "cells": cells,
                "practice": _practice(work) if assignment.kind == "practice" else None,
            }
        )
    per_question = []
    if teacher:
        for q in questions:
            counted = groups[q.number]
            ordered = sorted(counted.items(), key=lambda item: (item[0][1], -item[1], item[0][0]))
            per_question.append(
                {
                    "question": q,
                    "answered": sum(counted.values()),
                    "groups": [
                        {
                            "drawn": drawn_cache[(q.number, first)],
                            "right": right,
                            "count": n,
                            "students": names[q.number][(first, right)],
                        }
                        for (first, right), n in ordered
                    ],
                }
            )
    return {
        "assignment": assignment,
        "kind": kind,
        "gone": gone,
        "questions": questions,
        "rows": rows,
        "per_question": per_question,
        "done": sum(1 for r in rows if r["status"] == "done"),
    }


def _works(classroom, students) -> dict:
    works = Work.objects.filter(
        assignment__classroom=classroom, student__in=students
    ).prefetch_related("answers")
    found = {}
    for work in works:
        found.setdefault(work.assignment_id, {})[work.student_id] = work
    return found


def class_board(classroom) -> list[dict]:
    """The teacher's board: every assignment, every student."""
    students = list(classroom.students.all())
    works = _works(classroom, students)
    return [
        assignment_board(a, students, works.get(a.pk, {}), teacher=True)
        for a in classroom.assignments.all()
    ]


def student_board(classroom, student) -> list[dict]:
    """A student's own homework: every assignment, their row only."""
    works = _works(classroom, [student])
    return [
        assignment_board(a, [student], works.get(a.pk, {}), teacher=False)
        for a in classroom.assignments.all()
    ]
