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


@cache
def serves(app: str, family) -> bool:
    """Whether ``app`` has a part for ``family``: an app serves only the games of the families
    it words (a new family is served where its part is written)."""
    try:
        part(app, family.name)
    except ModuleNotFoundError as error:
        if error.name != f"{app}.families.{family.name}":
            raise  # a part that fails to import is a fault, not a family left out
        return False
    return True


def of(app: str, family) -> ModuleType:
    """The module of ``app`` for ``family`` (a ``cardgames.contract.Family``)."""
    return part(app, family.name)
