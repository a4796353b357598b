"""System check: every hand-picked question replays under its variant and asks its kind.

It reads the versioned files, not the database, so it guards a fresh clone; the admin checks an
editor's change the same way (``HandPicked.clean``) before saving it.
"""

from django.core import checks

from rulebook import games

from . import loader


@checks.register()
def hand_picked_questions_replay(app_configs=None, **kwargs):
    errors = []
    for spec in games.GAMES.values():
        try:
            items = loader.read(spec)
        except ValueError as e:  # tomllib.TOMLDecodeError
            errors.append(checks.Error(f"{spec.engine_name}.toml: {e}", id="quiz.E001"))
            continue
        for problem in loader.problems(spec, items):
            errors.append(checks.Error(problem, id="quiz.E002"))
    return errors
