"""System checks: every game's sheet lives at ``/<lang>/<game>/sheet/``, so ``sheet`` can
never be a variant's slug (its rule page would be unreachable), and every described game names
a sheet."""

from django.core import checks

from cardgames.games import GAMES

RESERVED = "sheet"


def sheet_problems() -> list[str]:
    problems = []
    for slug, game in GAMES.items():
        if RESERVED in game.engine.PRESETS:
            problems.append(f"{slug}: a variant is called {RESERVED!r}, the score sheet's word")
        try:
            game.part("sheet")
        except (KeyError, ImportError, AttributeError):
            problems.append(f"{slug}: its description names no score sheet (``sheet``)")
    return problems


@checks.register()
def check_sheets(app_configs, **kwargs):
    return [checks.Error(p, id="scoresheet.E001") for p in sheet_problems()]
