"""The rules the code keeps so that a game is described once (issues 29 and 46): no code compares
a game's slug, a family's name or a bare phase string, or keeps a table keyed by game, family or
phase (the engine included: what differs is asked of a family's typed record or its hooks);
no JavaScript or template does either; nothing on the felt prints a rule's number as a
literal; no module grows past 700 lines, the compiled hot path included. Each test names the
file and line that breaks its rule."""

import ast
import re
import subprocess
from pathlib import Path

from cardgames.contract import Phase
from cardgames.games import FAMILIES, GAMES

ROOT = Path(__file__).resolve().parents[1]
LONGEST = 700
MAY_BE_LONGER: set[str] = set()  # none: the compiled hot path is a package of small modules

SLUGS = {g.slug for g in GAMES.values()} | {g.registry for g in GAMES.values()}
ENGINE_MODULES = {g.engine.__name__.rsplit(".", 1)[1] for g in GAMES.values()}
FAMILY_NAMES = {f.name for f in FAMILIES}
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


def _mentions(node: ast.AST, words) -> bool:
    text = ast.unparse(node).lower()
    return any(word in text for word in words)


def _named_after(tree: ast.AST, words) -> set[str]:
    """The names a module assigns from an expression that reads a phase or a family
    (``phase = state.phase``, ``kind = game.family.name``): a comparison of such a name is a
    comparison of what it was read from, whatever the name says."""
    names = set()
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Assign) and _mentions(node.value, words):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.NamedExpr) and node.value is not None:
            targets = [node.target] if _mentions(node.value, words) else []
        elif isinstance(node, ast.For) and _mentions(node.iter, words):
            targets = [node.target]
        for target in targets:
            names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return names


def _reads(node: ast.AST, words, names: set[str]) -> bool:
    return _mentions(node, words) or any(
        isinstance(n, ast.Name) and n.id in names for n in ast.walk(node)
    )


PHASE_WORDS = ("phase",)
FAMILY_WORDS = ("family",)


def _breaches(path: Path) -> list[str]:
    where = str(path.relative_to(ROOT))
    engine = where.startswith("cardgames/")
    found = []
    tree = ast.parse(path.read_text())
    phased = _named_after(tree, PHASE_WORDS)
    familied = _named_after(tree, FAMILY_WORDS)
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for side in sides:
                if _strings(side) & SLUGS and not engine:
                    found.append(f"{where}:{node.lineno} compares a game slug")
                if _strings(side) & PHASES and any(_reads(s, PHASE_WORDS, phased) for s in sides):
                    found.append(f"{where}:{node.lineno} compares a bare phase string")
                if _strings(side) & FAMILY_NAMES and any(
                    _reads(s, FAMILY_WORDS, familied) for s in sides
                ):
                    found.append(f"{where}:{node.lineno} compares a family's name")
            for op, side in zip(node.ops, node.comparators, strict=True):
                if isinstance(op, ast.Is | ast.IsNot):
                    name = ast.unparse(side).rsplit(".", 1)[-1]
                    if name in ENGINE_MODULES:
                        found.append(f"{where}:{node.lineno} asks which engine module it holds")
                    if name.upper() == name and name.lower() in FAMILY_NAMES | {"family"}:
                        found.append(f"{where}:{node.lineno} asks which family it holds")
        elif isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if len(keys & SLUGS) >= 2:
                found.append(f"{where}:{node.lineno} keeps a table keyed by game")
            if len(keys & FAMILY_NAMES) >= 2:
                found.append(f"{where}:{node.lineno} keeps a table keyed by family")
            if len(keys & PHASES) >= 2:
                found.append(f"{where}:{node.lineno} keeps a table keyed by phase strings")
    return found


def test_no_code_compares_a_game_a_family_or_a_phase_or_keeps_a_table_of_them():
    """The engine may name a game's slug (the list of games); nothing compares a family's name
    or a phase string, or keeps a table keyed by family or by phase strings: a family's typed
    record (``Family``) and a phase's enum member say what differs."""
    found = [b for p in _project_files(".py") for b in _breaches(p)]
    assert found == []


def test_the_rules_catch_what_they_say_they_catch():
    """Each rule fails on the code it forbids (a test that could not fail is no test)."""
    code = """
def f(state, game, view):
    p = state.phase
    if p == "play":  # a phase read first, then compared
        return {"pass": 1, "expose": 2}
    kind = game.family.name
    if kind != "layout" or view.family.name == "penalty":
        return {"penalty": 1, "trickbid": 2}
    return game.family is TRICKBID
"""
    probe = ROOT / "tests" / "_probe_code_rules.py"
    probe.write_text(code)
    try:
        found = _breaches(probe)
    finally:
        probe.unlink()
    assert any("bare phase string" in f for f in found)
    assert any("keyed by phase strings" in f for f in found)
    assert sum("family's name" in f for f in found) == 2
    assert any("keyed by family" in f for f in found)
    assert any("which family" in f for f in found)


# A template compares a phase, a game or a family as ``phase == "play"`` or
# ``game == "tarneeb"``.
TEMPLATE_COMPARISON = re.compile(r"""(\w*(phase|game|family)\w*)\s*(==|!=)\s*["']([\w-]+)["']""")


def test_no_template_compares_a_game_a_family_or_a_phase():
    found = []
    for path in _project_files(".html"):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            for match in TEMPLATE_COMPARISON.finditer(line):
                if match.group(4) in PHASES | SLUGS | FAMILY_NAMES:
                    found.append(f"{path.relative_to(ROOT)}:{n} {match.group(0)}")
    assert found == []


# JavaScript compares a phase as ``state.phase != "play"`` or ``phase === 'bidding'``, keys a
# table by phases as ``{pass: …, expose: …}`` or ``{"deal": …}``, and names a game or a family
# in a string it compares.
JS_COMPARED = re.compile(r"""(!==?|===?)\s*["']([\w-]+)["']|["']([\w-]+)["']\s*(!==?|===?)""")
JS_KEY = re.compile(r"""(?:^|[{,])\s*["']?([a-z_]+)["']?\s*:""")
JS_PHASE_READ = re.compile(r"""\.phase\b|\bphase\b""")


def _js_breaches(path: Path) -> list[str]:
    where = str(path.relative_to(ROOT))
    found = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        code = line.split("//", 1)[0]
        for match in JS_COMPARED.finditer(code):
            word = match.group(2) or match.group(3)
            if word in SLUGS | FAMILY_NAMES:
                found.append(f"{where}:{n} compares a game or a family: {match.group(0)}")
            if word in PHASES | {"deal"} and JS_PHASE_READ.search(code):
                found.append(f"{where}:{n} compares a bare phase string: {match.group(0)}")
        keys = {m.group(1) for m in JS_KEY.finditer(code)}
        if len(keys & (PHASES | {"deal"})) >= 2 or len(keys & FAMILY_NAMES) >= 2:
            found.append(f"{where}:{n} keeps a table keyed by phases or families")
    return found


def _scripts() -> list[Path]:
    """The site's own JavaScript (a vendored library under ``static/vendor`` is not ours)."""
    return [p for p in _project_files(".js") if "/vendor/" not in str(p)]


def test_no_javascript_compares_a_game_a_family_or_a_phase():
    assert _scripts()
    found = [b for p in _scripts() for b in _js_breaches(p)]
    assert found == []


def test_the_javascript_rule_catches_what_it_says_it_catches():
    probe = ROOT / "tests" / "_probe_code_rules.js"
    probe.write_text(
        'if (state.phase != "play") go();\n'
        "var PHASES = {deal: 1, pass: 2, play: 3};\n"
        'if (game === "tarneeb") go();\n'
    )
    try:
        found = _js_breaches(probe)
    finally:
        probe.unlink()
    assert len(found) == 3, found


# A number a rule sets, printed as a literal on the felt: an exposure's "×2", a double's "×2".
LITERAL_TIMES = re.compile(r"×\s*\d")


def test_nothing_on_the_felt_prints_a_rules_number_as_a_literal():
    felt = [
        *(ROOT / "cardtable" / "templates").rglob("*.html"),
        *_scripts(),
        *(ROOT / "cardtable").glob("*.py"),
    ]
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in felt
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if LITERAL_TIMES.search(line)
    ]
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


# An engine module, a game or a state probed for what it happens to define: the typed records
# (``Family``, ``Game``) say what a game has, and a probe cannot be read by these rules.
PROBED = {"engine", "module", "spec", "game", "state", "family"}


def _probes(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "hasattr":
            target = node.args[0] if node.args else None
            names = {n.id for n in ast.walk(target) if isinstance(n, ast.Name)} if target else set()
            attrs = {n.attr for n in ast.walk(target) if isinstance(n, ast.Attribute)}
            if (names | attrs) & PROBED:
                found.append(ast.unparse(node))
    return found


def test_no_code_probes_a_game_with_hasattr():
    probes = {
        str(p.relative_to(ROOT)): found
        for p in _project_files(".py")
        if (found := _probes(ast.parse(p.read_text())))
    }
    assert probes == {}


def test_the_probe_rule_catches_what_it_says_it_catches():
    caught = _probes(ast.parse('if hasattr(engine, "layout_example"): pass'))
    assert caught == ["hasattr(engine, 'layout_example')"]
    assert _probes(ast.parse('hasattr(params, "getlist")')) == []
