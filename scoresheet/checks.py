"""System checks: every game's sheet lives at ``/<lang>/<game>/sheet/``, so ``sheet`` can
never be a variant's slug (its rule page would be unreachable), and every game's sheet takes a
row of its deal's facts with a form of its family's (``families/<family>.py``)."""

from django.core import checks

from cardgames.games import GAMES

from .forms import entry_forms, sheet_games

RESERVED = "sheet"


def sheet_problems() -> list[str]:
    problems = []
    for slug, game in GAMES.items():
        if RESERVED in game.engine.PRESETS:
            problems.append(f"{slug}: a variant is called {RESERVED!r}, the score sheet's word")
        if slug not in sheet_games():
            continue
        try:
            forms = entry_forms(slug)
        except ImportError:
            forms = {}
        missing = [kind for kind in game.sheet.KINDS if kind not in forms]
        if missing:
            problems.append(f"{slug}: no form takes its sheet's rows of {missing}")
    return problems


@checks.register()
def check_sheets(app_configs, **kwargs):
    return [checks.Error(p, id="scoresheet.E001") for p in sheet_problems()]
