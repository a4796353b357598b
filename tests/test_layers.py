"""The layers the brief keeps apart: the engines, the quiz's generator, the practice match and
the tutorials' replay import no Django, and work without it; the apps import one way, read
from every module's imports."""

import os
import re
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
        "import cardgames\n"
        "for m in pkgutil.walk_packages(cardgames.__path__, 'cardgames.'):\n"
        "    importlib.import_module(m.name)\n"
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
    ("cardgames", "rulebook.registry"),  # the games and the rules' data: no Django
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


# A module named in a string, as ``import_module("quiz.families.penalty")`` or a dotted path
# ``"practice.review:penalty_points"`` names it: an import all the same.
# The settings name every module Django loads, and each server entry point names the settings:
# configuration, read by name once the site starts, never an import one module makes of another.
SETTINGS = "diwaniya.settings"
NAMED_MODULE = re.compile(r"[a-z_]+(\.[a-z_][a-z0-9_]*)+(:[A-Za-z_]\w*)?")


def imports_of(path: Path) -> list[tuple[str, int]]:
    """Every name ``path`` imports, at module level or inside a function, as a dotted name
    (``from x import y``: ``x.y``; relative imports resolved), with its line; and every project
    module a string names (``"quiz.families.penalty"``, ``"practice.review:points"``), which a
    program imports by its name."""
    import ast

    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and NAMED_MODULE.fullmatch(node.value)
            and node.value.split(".")[0] in PROJECT
            and SETTINGS not in (module_name(path), node.value)
        ):
            found.append((node.value.partition(":")[0], node.lineno))
        elif isinstance(node, ast.Import):
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
        if app_of(module) == "cardgames"
        for name, line in imports_of(path)
        if name.split(".")[0] in {*PROJECT, "django"} and app_of(name) != "cardgames"
    ]
    assert outside == []


# The card table every app draws with reads the engine and nothing else of the site; its one
# reach beyond is the registry's data, for the region whose card words a game speaks.
TABLE_MAY_IMPORT = ("cardtable", "cardgames", "rulebook.registry", "django")


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


# --- the house the imports draw: module by module ---------------------------------------------

# The engine's own floors, lowest first: what every family shares (cards, seats, the contract,
# the sheet's and the view's common parts, the players' kit, the search), then the families,
# each on its own and none importing another, then the games whose deals are of several
# families (Trix: a match over two families' games), then the list of games, then the entry
# points that take a game by its slug. Nothing imports a floor above its own.
FAMILY_PACKAGES = ("cardgames.penalty", "cardgames.trickbid", "cardgames.layout")
OVER_FAMILIES = ("cardgames.trix",)
ENGINE_TOP = ("cardgames.bots", "cardgames.analysis")


def engine_floor(module: str) -> int | None:
    if not (module == "cardgames" or module.startswith("cardgames.")):
        return None
    if module in ENGINE_TOP:
        return 4
    if module == "cardgames.games":
        return 3
    if any(module == f or module.startswith(f + ".") for f in OVER_FAMILIES):
        return 2
    if any(module == f or module.startswith(f + ".") for f in FAMILY_PACKAGES):
        return 1
    return 0


def family_of(module: str) -> str | None:
    return next((f for f in FAMILY_PACKAGES if module == f or module.startswith(f + ".")), None)


def module_graph() -> dict[str, set[str]]:
    """Each project module -> the project modules it imports (the most specific module a
    dotted name names: ``from x import y`` is ``x.y`` where that is a module, else ``x``)."""
    modules = project_modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        for name, _line in imports_of(path):
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != module:
                graph[module].add(name)
    return graph


def test_the_engine_imports_no_floor_above_its_own_and_no_family_another():
    graph = module_graph()
    upward = [
        f"{module} imports {name}"
        for module, names in graph.items()
        if engine_floor(module) is not None
        for name in names
        if engine_floor(name) is not None
        and (
            engine_floor(name) > engine_floor(module)
            or (family_of(module) and family_of(name) and family_of(name) != family_of(module))
        )
    ]
    assert upward == []


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import each other, however far round (Tarjan's strongly
    connected components of more than one module, or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out = []

    def visit(start: str) -> None:
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        out.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return out


def test_no_module_imports_itself_however_far_round():
    """The house drawn from every import (at module level, inside a function, or named in a
    string) has no circle: no two modules of the site import each other, however far round,
    so none needs an import inside a function, or a module's ``__getattr__``, to load."""
    assert _circles(module_graph()) == []


def test_the_circle_finder_finds_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def test_no_app_imports_another_apps_views():
    """What two apps share lives with the app that owns the data (its models, a service, a
    module of its own); an app's views are its own. (The site's urls route to every app's.)"""
    found = [
        f"{module} imports {name} (line {line})"
        for module, path in project_modules().items()
        if module != "diwaniya.urls"
        for name, line in imports_of(path)
        if ".views" in name + "."
        and app_of(name) is not None
        and app_of(name) != app_of(module)
        and (name.split(".")[1:2] == ["views"] or name.endswith(".views"))
    ]
    assert found == []


def test_the_engine_has_no_import_inside_a_function():
    """An import inside a function was how a circle was dodged: none is left in the engine (an
    optional tool loaded where it is needed, mypyc or a library's version, is no dodge)."""
    import ast

    optional = {"mypyc", "setuptools", "importlib"}
    found = []
    for module, path in project_modules().items():
        if engine_floor(module) is None:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    name = getattr(inner, "module", None) or inner.names[0].name
                    if inner.level or name.split(".")[0] not in optional:
                        found.append(f"{module}:{inner.lineno} imports {name} inside a function")
    assert found == []
