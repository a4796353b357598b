"""The layers the brief keeps apart: the engines, the quiz's generator, the practice match and
the tutorials' replay import no Django, and work without it."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

BLOCK_DJANGO = (
    "import sys\n"
    "class Block:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name == 'django' or name.startswith('django.'):\n"
    "            raise ImportError('django is blocked')\n"
    "sys.meta_path.insert(0, Block())\n"
)

USES = {
    "every engine module": (
        "import importlib, pkgutil\n"
        "import rulebook.engine as engine\n"
        "for m in pkgutil.iter_modules(engine.__path__):\n"
        "    importlib.import_module('rulebook.engine.' + m.name)\n"
    ),
    "the quiz's generator": (
        "from quiz import questions\n"
        "q = questions.generate('tarneeb', 'classic', 'sheet', 'no-django')\n"
        "assert questions.check(q, q.expected).correct\n"
    ),
    "the practice match": (
        "from practice.match import Practice, Setup\n"
        "m = Practice.start(Setup('tarneeb', 'classic', {}), 'no-django')\n"
        "assert m.to_json('x')['position']['to_act'] == 'S'\n"
    ),
    "the tutorials' replay": (
        "from tutorials import content\n"
        "for data in content.read_all():\n"
        "    assert content.problems(data) == [], data['slug']\n"
    ),
}


@pytest.mark.parametrize("use", USES)
def test_runs_without_django(use):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    result = subprocess.run(
        [sys.executable, "-c", BLOCK_DJANGO + USES[use]],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr


# The card table every app draws with reads the engine and nothing else of the site; its one
# reach beyond is the game list, for the region whose card words a game speaks.
TABLE_MAY_IMPORT = ("cardtable", "rulebook.engine", "rulebook.games", "django")


def _imports(path: Path) -> set[str]:
    import ast

    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: inside the app
                names.add("cardtable")
            else:
                names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def test_the_card_table_imports_only_the_engine():
    stdlib = sys.stdlib_module_names
    found = {}
    for path in (ROOT / "cardtable").rglob("*.py"):
        for name in _imports(path):
            top = name.split(".")[0]
            allowed = name.startswith(TABLE_MAY_IMPORT) or top in stdlib
            if not allowed:
                found.setdefault(str(path.relative_to(ROOT)), []).append(name)
    assert found == {}


def test_no_app_draws_a_table_of_its_own():
    """The seat, card and table templates exist once, in the card table's app."""
    names = {"_table.html", "_seat.html", "_card.html", "_call.html"}
    copies = [
        p.relative_to(ROOT)
        for p in ROOT.rglob("*.html")
        if p.name in names and ".venv" not in p.parts and "cardtable" not in p.parts
    ]
    assert copies == []
