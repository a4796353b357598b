"""System checks: every hand-picked question replays under its variant and asks its kind.

The first reads the versioned files, so it guards a fresh clone; the second reads the stored
rows when the database is there, so a row changed outside the admin (which checks an editor's
change the same way, ``HandPicked.clean``) is named too.
"""

from django.core import checks
from django.db import DatabaseError

from cardgames.errors import EngineError

from . import loader
from .core import quizzed


@checks.register()
def hand_picked_questions_replay(app_configs=None, **kwargs):
    errors = []
    for spec in quizzed():
        try:
            items = loader.read(spec)
        except ValueError as e:  # tomllib.TOMLDecodeError
            errors.append(checks.Error(f"{spec.registry}.toml: {e}", id="quiz.E001"))
            continue
        for problem in loader.problems(spec, items):
            errors.append(checks.Error(problem, id="quiz.E002"))
    return errors


@checks.register()
def stored_questions_replay(app_configs=None, **kwargs):
    from . import questions
    from .models import HandPicked

    try:
        rows = list(HandPicked.objects.all())
    except DatabaseError:  # not migrated yet: nothing stored to check
        return []
    errors = []
    for row in rows:
        try:
            row.question()
        except (EngineError, questions.UnknownQuestion) as e:
            errors.append(
                checks.Error(f"stored hand-picked question {row}: {e}", obj=row.key, id="quiz.E003")
            )
    return errors
