"""System check: every shipped tutorial replays under its variant and speaks three languages.

It reads the versioned files, not the database, so it guards a fresh clone; the admin checks
an editor's change the same way before saving it.
"""

from django.core import checks

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
