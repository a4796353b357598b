"""Lessons kept: created, saved as versions, copied, deleted, and learners' answers counted.

Every change is checked first (``checked``: read, size, the engine's replay), so nothing is
ever stored broken; then written in one transaction.
"""

import hashlib
import json
from collections import Counter
from functools import lru_cache

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from tutorials import lesson as format
from tutorials.script import ScriptError

from .models import Answer, Lesson, Version

MAX_BYTES = format.MAX_BYTES


class TooLarge(Exception):
    pass


class Stale(Exception):
    """A save made on a version that is no longer the lesson's: ``row`` is the lesson now."""

    def __init__(self, row: Lesson):
        super().__init__("stale_version")
        self.row = row


def checked(obj) -> tuple[format.Lesson, dict]:
    """The lesson an object describes and its canonical form: ``BadLesson`` if it cannot be
    read, ``TooLarge`` past the size limit, ``ScriptError`` if the engine refuses a step."""
    if format.size_of(obj) > MAX_BYTES:
        raise TooLarge
    lesson = format.read(obj)
    format.check(lesson)
    return lesson, format.to_json(lesson)


def _fields(lesson: format.Lesson, data: dict) -> dict:
    return {
        "game": lesson.game,
        "variant": lesson.variant,
        "language": lesson.language,
        "title": lesson.title,
        "data": data,
    }


def create(obj, copied_from: str = "") -> Lesson:
    lesson, data = checked(obj)
    with transaction.atomic():
        row = Lesson.objects.create(copied_from=copied_from, **_fields(lesson, data))
        Version.objects.create(lesson=row, number=1, data=data)
    return row


def save(row: Lesson, obj, version) -> Lesson:
    """Store ``obj`` as the lesson's next version, if ``version`` is the one it was read at;
    ``Stale`` (nothing written) if another save came first."""
    lesson, data = checked(obj)
    with transaction.atomic():
        # Raised only while still at ``version``: one UPDATE, so two saves never both win.
        raised = Lesson.objects.filter(pk=row.pk, version=version).update(
            version=F("version") + 1, updated=timezone.now()
        )
        if not raised:
            raise Stale(Lesson.objects.get(pk=row.pk))
        fresh = Lesson.objects.select_for_update().get(pk=row.pk)
        for name, value in _fields(lesson, data).items():
            setattr(fresh, name, value)
        fresh.save(update_fields=["game", "variant", "language", "title", "data"])
        Version.objects.create(lesson=fresh, number=fresh.version, data=data)
    return fresh


def copy(row: Lesson) -> Lesson:
    return create(row.data, copied_from=row.public_id)


def restore(row: Lesson, number: int) -> Lesson:
    """Save an earlier version again, as the newest (``Version.DoesNotExist`` if none)."""
    old = row.versions.get(number=number)
    return save(row, old.data, row.version)


def find(public_id: str) -> Lesson | None:
    return Lesson.objects.filter(public_id=public_id).first()


def frames(row: Lesson):
    """The lesson and its steps replayed; ``ScriptError`` if the engine no longer plays it (a
    rule changed since it was saved). A version never changes, so its replay is kept."""
    return _replayed(row.public_id, row.version, json.dumps(row.data, sort_keys=True))


@lru_cache(maxsize=128)
def _replayed(public_id: str, version: int, text: str):
    lesson = format.read(json.loads(text))
    return lesson, format.check(lesson)


def replays(row: Lesson) -> bool:
    try:
        frames(row)
    except (ScriptError, format.BadLesson):
        return False
    return True


# ------------------------------------------------------------------------------ answers


def learner_of(row: Lesson, session_key: str) -> str:
    """Who answered, as the results count them: a digest that names nobody."""
    return hashlib.sha256(f"{row.public_id}:{session_key}".encode()).hexdigest()[:32]


def reached(row: Lesson, learner: str, step: int) -> None:
    try:
        with transaction.atomic():
            Answer.objects.get_or_create(lesson=row, learner=learner, step=step)
    except IntegrityError:
        pass  # the same learner in two tabs: counted once


def answered(row: Lesson, learner: str, step: int, token: str, right: bool) -> None:
    """A learner's answer: only the first is kept."""
    reached(row, learner, step)
    Answer.objects.filter(lesson=row, learner=learner, step=step, token="").update(
        token=token, right=right
    )


def results(row: Lesson) -> dict:
    """The API's results object: counts only, never who."""
    lesson, _frames = frames(row)
    rows = list(Answer.objects.filter(lesson=row).values_list("learner", "step", "token", "right"))
    questions = []
    for n, step in enumerate(lesson.steps, start=1):
        if step.question is None:
            continue
        mine = [r for r in rows if r[1] == n]
        answers = [r for r in mine if r[2]]
        questions.append(
            {
                "step": n,
                "reached": len(mine),
                "answered": len(answers),
                "right_first": sum(1 for r in answers if r[3]),
                "first_answers": dict(Counter(r[2] for r in answers).most_common()),
            }
        )
    return {"learners": len({r[0] for r in rows}), "questions": questions}
