"""The layers the brief keeps apart: the engines, the quiz's generator, the practice match and
the tutorials' replay import no Django, and work without it; the apps import one way, read
from every module's imports."""

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


# The layers of the site, lowest first: a module imports its own app and the apps of its own
# layer or lower ones, never a higher one, and no two apps import each other, however far
# round. Django's contrib apps are built so; the engine and the registry's data sit at the
# bottom, below the card table and the plumbing every page is served with.
LAYERS = (
    ("rulebook.engine", "rulebook.registry"),  # the games and the rules' data: no Django
    ("cardtable", "plumbing"),  # the card-table kit and the web plumbing every app serves with
    ("rulebook", "tutorials", "quiz", "practice", "scoresheet", "lessons", "accounts"),
    ("tables", "challenges"),  # live tables (practice matches of several people); challenges
    ("diwaniya",),  # the site: settings, urls, the home page and the learning path
)
LAYER = {app: n for n, apps in enumerate(LAYERS) for app in apps}
PROJECT = {app.split(".")[0] for app in LAYER}


def app_of(module: str) -> str | None:
    """The app a dotted name belongs to (the longest of ``LAYERS`` it starts with)."""
    found = [app for app in LAYER if module == app or module.startswith(app + ".")]
    return max(found, key=len, default=None)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> list[tuple[str, int]]:
    """Every name ``path`` imports, at module level or inside a function, as a dotted name
    (``from x import y``: ``x.y``; relative imports resolved), with its line."""
    import ast

    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            found += [
                (f"{base}.{a.name}" if a.name != "*" else base, node.lineno) for a in node.names
            ]
    return found


def project_modules() -> dict[str, Path]:
    """Every module of the site's apps, migrations included."""
    return {
        module_name(path): path
        for top in sorted(PROJECT)
        for path in sorted((ROOT / top).rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def app_imports() -> list[tuple[str, str, str, str, int]]:
    """(app, imported app, module, name imported, line) for each import from one app to
    another."""
    out = []
    for module, path in project_modules().items():
        mine = app_of(module)
        for name, line in imports_of(path):
            theirs = app_of(name)
            if mine and theirs and theirs != mine:
                out.append((mine, theirs, module, name, line))
    return out


def test_every_module_belongs_to_a_layer():
    assert [m for m in project_modules() if app_of(m) is None] == []


def test_no_app_imports_an_app_of_a_higher_layer():
    upward = [
        f"{module} imports {name} (line {line}): {mine} is below {theirs}"
        for mine, theirs, module, name, line in app_imports()
        if LAYER[theirs] > LAYER[mine]
    ]
    assert upward == []


def test_no_import_circle_between_apps():
    edges: dict[str, dict[str, list[str]]] = {}
    for mine, theirs, module, name, line in app_imports():
        edges.setdefault(mine, {}).setdefault(theirs, []).append(f"{module}: {name} ({line})")

    def reaches(start: str, goal: str, seen: set) -> list[str] | None:
        """A path of apps from ``start`` to ``goal`` (depth first), or None."""
        for step in edges.get(start, {}):
            if step == goal:
                return [start, goal]
            if step not in seen:
                seen.add(step)
                rest = reaches(step, goal, seen)
                if rest:
                    return [start, *rest]
        return None

    circles = []
    for app in sorted(edges):
        circle = reaches(app, app, set())
        if circle and min(circle) == app:  # each circle once, from its first app
            hops = zip(circle, circle[1:], strict=False)
            circles.append([f"{a} -> {b}: {edges[a][b]}" for a, b in hops])
    assert circles == []


def test_the_engine_imports_nothing_of_the_project_but_itself():
    """Nor Django: the engines run alone (``test_runs_without_django``)."""
    outside = [
        f"{module} imports {name} (line {line})"
        for module, path in project_modules().items()
        if app_of(module) == "rulebook.engine"
        for name, line in imports_of(path)
        if name.split(".")[0] in {*PROJECT, "django"} and app_of(name) != "rulebook.engine"
    ]
    assert outside == []


# The card table every app draws with reads the engine and nothing else of the site; its one
# reach beyond is the registry's data, for the region whose card words a game speaks.
TABLE_MAY_IMPORT = ("cardtable", "rulebook.engine", "rulebook.registry", "django")


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
