"""System checks: every tutorial replays under its variant and speaks three languages.

The first reads the versioned files, so it guards a fresh clone; the second reads the stored
rows when the database is there, so a row changed outside the admin (which refuses a broken
edit the same way) is named too.
"""

from django.core import checks
from django.db import DatabaseError

from . import content


@checks.register()
def tutorials_replay(app_configs=None, **kwargs):
    errors = []
    for path in content.files():
        try:
            data = content.read(path)
        except ValueError as e:  # tomllib.TOMLDecodeError
            errors.append(checks.Error(f"{path.name}: {e}", id="tutorials.E001"))
            continue
        for problem in content.problems(data):
            errors.append(checks.Error(problem, obj=path.name, id="tutorials.E002"))
    return errors


@checks.register()
def stored_tutorials_replay(app_configs=None, **kwargs):
    from .models import Tutorial, problems_of

    errors = []
    try:
        tutorials = list(Tutorial.objects.select_related("game").prefetch_related("steps"))
    except DatabaseError:  # not migrated yet: nothing stored to check
        return []
    for tutorial in tutorials:
        for problem in problems_of(tutorial, list(tutorial.steps.all())):
            errors.append(
                checks.Error(f"stored tutorial: {problem}", obj=tutorial.slug, id="tutorials.E003")
            )
    return errors
