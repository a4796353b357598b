"""Load the hand-picked questions (``quiz/data/<engine>.toml``) into the database.

The registry loader's rule (``rulebook.loader.sync``): a row still as last loaded follows the
file, a row edited in the admin since is kept and reported, and loading twice changes nothing.
Every question is rebuilt by the engine first; a file with a position that does not replay, or
that asks nothing of its kind, is refused as a whole, naming the question and the reason.

A file lists ``[[questions]]`` with ``key``, ``variant``, ``kind``, ``dealer``, ``deal``,
``moves``, optionally ``exposed``/``start`` (the position's extra parameters) and ``sheet``
(Tarneeb: the deals already on the sheet, ``[bid, side, tricks]``), and the texts ``title``
and ``note`` in ``ar``, ``en`` and ``fr``. The "find the best card" puzzles are in
``quiz/data/best_card/<engine>.toml``, written by ``manage.py findbestcards``, each with its
``solution`` (the right cards and every card's cost, as the analysis found them offline); the
"choose the best contract" questions (Trix) in ``quiz/data/best_contract/<engine>.toml``,
written by ``manage.py findbestcontracts`` with theirs (every contract's value, rolled out).
"""

import tomllib
from pathlib import Path

from django.db import transaction

from cardgames.errors import EngineError
from rulebook import games, registry
from rulebook.loader import Report, prune, sync, texts
from rulebook.signals import one_revision

from . import questions
from .core import quizzed
from .models import EXTRA_KEYS, HandPicked

DATA = Path(__file__).parent / "data"


class BadData(Exception):
    """The files hold questions that cannot be loaded; ``problems`` says which and why."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


# The folders of DATA written by ``manage.py findbestcards`` and ``findbestcontracts``.
FOUND = ("best_card", "best_contract")


def files(spec: games.Game) -> tuple[Path, ...]:
    """Where the game's hand-picked questions, its best-card puzzles and its best-contract
    questions are kept: ``quiz/data/<engine>.toml`` and ``quiz/data/<found>/<engine>.toml``;
    for a game whose registry file is kept elsewhere (a test's game), ``<stem>.quiz.toml`` and
    ``<stem>.<found>.toml`` beside it."""
    if spec.registry.endswith(".toml"):
        kept = registry.path_for(spec.registry)
        return kept.with_suffix(".quiz.toml"), *(kept.with_suffix(f".{f}.toml") for f in FOUND)
    return DATA / f"{spec.registry}.toml", *(DATA / f / f"{spec.registry}.toml" for f in FOUND)


def read(spec: games.Game) -> list[dict]:
    """The game's hand-picked questions, then the puzzles found offline."""
    found = []
    for path in files(spec):
        if path.exists():
            with path.open("rb") as f:
                found += tomllib.load(f).get("questions", [])
    return found


def values(item: dict, order: int) -> dict:
    return {
        "variant": item.get("variant", ""),
        "kind": item.get("kind", ""),
        "order": order,
        "dealer": item.get("dealer", "N"),
        "deal": item.get("deal", ""),
        "moves": item.get("moves", ""),
        "extra": {k: item[k] for k in EXTRA_KEYS if item.get(k)},
        "sheet": item.get("sheet", []),
        "solution": item.get("solution", {}),
        **texts(item, "title"),
        **texts(item, "note"),
    }


def problems(spec: games.Game, items: list[dict]) -> list[str]:
    """Everything wrong with a game's file, as sentences for the person who edits it."""
    found, seen = [], set()
    for i, item in enumerate(items):
        key = item.get("key", "")
        where = f"{spec.registry}.toml question {i + 1} ({key or 'no key'})"
        if not key or key in seen:
            found.append(f"{where}: a key is needed, unique in the file")
        seen.add(key)
        for name in ("title", "note"):
            table = item.get(name) or {}
            missing = [lang for lang in registry.LANGUAGES if not str(table.get(lang, "")).strip()]
            if missing and name == "title":
                found.append(f"{where}: no {', '.join(missing)} {name}")
        row = HandPicked(game=spec.slug, key=key, **values(item, i))
        try:
            row.question()
        except questions.UnknownQuestion as e:
            found.append(f"{where}: {e.code} {e.details}")
        except EngineError as e:
            index = f" at move {e.move_index + 1}" if e.move_index is not None else ""
            found.append(f"{where}: {e}{index}")
    return found


@transaction.atomic
def load_game(spec: games.Game, report: Report) -> None:
    items = read(spec)
    wrong = problems(spec, items)
    if wrong:
        raise BadData(wrong)
    kept = []
    for order, item in enumerate(items):
        row = sync(HandPicked, {"game": spec.slug, "key": item["key"]}, values(item, order), report)
        kept.append(row.pk)
    prune(HandPicked.objects.filter(game=spec.slug), kept, report)


@one_revision()
def load_all() -> dict[str, Report]:
    """Load every game's file; nothing is loaded while any file has a problem."""
    wrong = [p for spec in quizzed() for p in problems(spec, read(spec))]
    if wrong:
        raise BadData(wrong)
    reports = {}
    for spec in quizzed():
        reports[spec.slug] = report = Report()
        load_game(spec, report)
    HandPicked.objects.exclude(game__in=[g.slug for g in quizzed()]).delete()
    return reports
