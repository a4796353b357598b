"""The rules the code keeps so that a game is described once (issue 29): outside the engine, no
code compares a game's slug or a bare phase string, or keeps a table keyed by game; no module
grows past 700 lines. Each test names the file and line that breaks its rule."""

import ast
import re
import subprocess
from pathlib import Path

from cardgames.contract import Phase
from cardgames.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
LONGEST = 700
# mypyc compiles the penalty family's deal whole: splitting it would cost the hot path.
MAY_BE_LONGER: set[str] = set()  # none: the compiled hot path is a package of small modules

SLUGS = {g.slug for g in GAMES.values()} | {g.registry for g in GAMES.values()}
ENGINE_MODULES = {g.engine.__name__.rsplit(".", 1)[1] for g in GAMES.values()}
PHASES = {p.value for p in Phase}


def _project_files(*suffixes: str) -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [
        ROOT / name
        for name in listed
        if name.endswith(suffixes)
        and not name.startswith("tests/")
        and "/migrations/" not in name
        and (ROOT / name).exists()
    ]


def _outside_engine(path: Path) -> bool:
    return not str(path.relative_to(ROOT)).startswith("cardgames/")


def test_no_module_is_longer_than_700_lines():
    long = {
        str(p.relative_to(ROOT)): n
        for p in _project_files(".py")
        if (n := len(p.read_text().splitlines())) > LONGEST
    }
    assert {k: v for k, v in long.items() if k not in MAY_BE_LONGER} == {}


def _strings(node: ast.AST) -> set[str]:
    """The str constants ``node`` is, or holds (a tuple, list or set of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return set().union(*(_strings(e) for e in node.elts)) if node.elts else set()
    return set()


def _mentions_phase(node: ast.AST) -> bool:
    return "phase" in ast.unparse(node).lower()


def _breaches(path: Path) -> list[str]:
    where = str(path.relative_to(ROOT))
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for side in sides:
                if _strings(side) & SLUGS:
                    found.append(f"{where}:{node.lineno} compares a game slug")
                if _strings(side) & PHASES and any(_mentions_phase(s) for s in sides):
                    found.append(f"{where}:{node.lineno} compares a bare phase string")
            for op, side in zip(node.ops, node.comparators, strict=True):
                if isinstance(op, ast.Is | ast.IsNot):
                    name = ast.unparse(side).rsplit(".", 1)[-1]
                    if name in ENGINE_MODULES:
                        found.append(f"{where}:{node.lineno} asks which engine module it holds")
        elif isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            if len(set(keys) & SLUGS) >= 2:
                found.append(f"{where}:{node.lineno} keeps a table keyed by game")
    return found


def test_no_code_outside_the_engine_compares_a_game_or_a_phase():
    found = [b for p in _project_files(".py") if _outside_engine(p) for b in _breaches(p)]
    assert found == []


# A template compares a phase or a game as ``phase == "play"`` or ``game == "tarneeb"``.
TEMPLATE_COMPARISON = re.compile(r"""(\w*(phase|game)\w*)\s*(==|!=)\s*["']([\w-]+)["']""")


def test_no_template_compares_a_game_or_a_phase():
    found = []
    for path in _project_files(".html"):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            for match in TEMPLATE_COMPARISON.finditer(line):
                if match.group(4) in PHASES | SLUGS:
                    found.append(f"{path.relative_to(ROOT)}:{n} {match.group(0)}")
    assert found == []


# Seats and sides go through cardgames/table.py: stepping round the table is a seat plus
# or minus something taken modulo four (``(seat + step) % 4``, ``(dealer - 1) & 3``), and the
# seats' and sides' names are table.py's SEATS and PARTNERSHIPS. The penalty family's compiled
# deal keeps its own arithmetic (mypyc: its inner loop must not call out); the benchmarks'
# baselines are written the obvious way on purpose and are not read. A counter's residue
# (``i % 4`` for the i-th case's dealer, a deal number's cycle) does not step round a seat.
SEAT_RULE_EXEMPT = {"cardgames/table.py", "cardgames/penalty/deal.py"}
SEAT_NAMES = {"NESW", ("NS", "EW")}


def _is_int(node: ast.AST, value: int) -> bool:
    return isinstance(node, ast.Constant) and node.value == value


def _steps_round_the_table(node: ast.AST) -> bool:
    if not isinstance(node, ast.BinOp) or not isinstance(node.left, ast.BinOp):
        return False
    wraps = (isinstance(node.op, ast.Mod) and _is_int(node.right, 4)) or (
        isinstance(node.op, ast.BitAnd) and _is_int(node.right, 3)
    )
    return wraps and isinstance(node.left.op, ast.Add | ast.Sub)


def _names_seats(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in SEAT_NAMES
    if isinstance(node, ast.Tuple) and all(isinstance(e, ast.Constant) for e in node.elts):
        return tuple(e.value for e in node.elts) in SEAT_NAMES
    return False


def test_seats_and_sides_only_through_the_table():
    found = []
    for path in _project_files(".py"):
        where = str(path.relative_to(ROOT))
        if where in SEAT_RULE_EXEMPT or where.startswith("bench/"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if _steps_round_the_table(node):
                found.append(f"{where}:{node.lineno} steps round the table: {ast.unparse(node)}")
            elif _names_seats(node):
                found.append(f"{where}:{node.lineno} names the seats or sides itself")
    assert found == []
