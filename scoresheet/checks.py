"""System checks: every game's sheet lives at ``/<lang>/<game>/sheet/``, so ``sheet`` can
never be a variant's slug (its rule page would be unreachable), and every engine has a sheet."""

from django.core import checks

from rulebook.engine import ENGINES, engine
from rulebook.engine.sheets import SHEETS

RESERVED = "sheet"


def sheet_problems() -> list[str]:
    problems = []
    for slug in ENGINES:
        if RESERVED in engine(slug).PRESETS:
            problems.append(f"{slug}: a variant is called {RESERVED!r}, the score sheet's word")
        if slug not in SHEETS:
            problems.append(f"{slug}: the engine has no score sheet (rulebook.engine.sheets)")
    return problems


@checks.register()
def check_sheets(app_configs, **kwargs):
    return [checks.Error(p, id="scoresheet.E001") for p in sheet_problems()]
