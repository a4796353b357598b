"""Each app's part for a family of games, found by the family's name, as Django finds an app's
``admin.py``: ``<app>/families/<family>.py`` (``quiz/families/penalty.py``: the penalty
family's questions). An app keeps no table of families, and the engine names no app: a new
family adds a module in each app that words its games, and nothing else of the app changes."""

from functools import cache
from importlib import import_module
from types import ModuleType


@cache
def part(app: str, family_name: str) -> ModuleType:
    """``<app>.families.<family_name>`` (``ModuleNotFoundError`` where the app has none)."""
    return import_module(f"{app}.families.{family_name}")


def of(app: str, family) -> ModuleType:
    """The module of ``app`` for ``family`` (a ``cardgames.contract.Family``)."""
    return part(app, family.name)
