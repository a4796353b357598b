"""The family's hot path, ``scoring``, ``prepared``, ``rulings`` and ``deal``, compiled by mypyc
from these very sources when the machine can build it (``make setup`` does): a random playout, the
bots' rollout, runs four to five times as fast. The sources stay the engine. The modules are
compiled together, as one group (one shared library), so the hot path is a package of small modules,
not one long file: a call from one to another stays a native call. The compiled modules are used
only when all are present and were built from the engine's sources as they are now (``build``
records the SHA-256 of every engine file, and the mypy that compiled them), so an edit is never
shadowed by an older build; ``DIWANIYA_PURE=1`` runs the sources whatever is built.

    python -c "from cardgames.penalty import compiled; compiled.build()"
"""

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import tempfile
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
MODULES = ("scoring", "prepared", "rulings", "deal")  # in the order they import each other
RECORD = HERE / "compiled.json"  # what the compiled modules were built from
GROUP = f"{__package__}._hot"  # mypyc's shared library for the modules
# Only these modules are type-checked: what they import runs as Python, as it is.
MYPY_OPTIONS = ("--follow-imports=silent", "--ignore-missing-imports")


def sources() -> dict[str, str]:
    """The SHA-256 of every engine source (the compiled modules rely on the types of what they
    import), the interpreter a build is for, and the compiler's version."""
    engine = HERE.parent
    digests = {
        str(path.relative_to(engine)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(engine.rglob("*.py"))
    }
    return {**digests, "python": sys.implementation.cache_tag, "mypy": _mypy_version()}


def _mypy_version() -> str:
    try:
        from importlib.metadata import version

        return version("mypy")
    except Exception:  # not installed: nothing can have been built by it
        return ""


def _built_files() -> list[Path]:
    """The files a build leaves: one module per source and the library they share."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    names = [*MODULES, GROUP.rpartition(".")[2] + "__mypyc"]
    return [HERE / f"{name}{suffix}" for name in names]


def _compiled_files() -> list[Path]:
    return [
        path
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        for path in HERE.glob(f"*{suffix}")
    ]


def fresh() -> bool:
    """Whether every compiled module is here, built from the sources as they are now."""
    try:
        record = json.loads(RECORD.read_text())
    except (OSError, ValueError):
        return False
    return all(path.exists() for path in _built_files()) and record == sources()


def _pure() -> bool:
    return os.environ.get("DIWANIYA_PURE", "") not in ("", "0")


def choose(package: str) -> str:
    """At the package's import: ``"mypyc"`` when the compiled modules will be imported, else
    ``"python"``, the sources loaded in their place if anything compiled is beside them."""
    if fresh() and not _pure():
        return "mypyc"
    if _compiled_files():
        for name in MODULES:  # the import system would take the compiled file: load the source
            spec = importlib.util.spec_from_file_location(f"{package}.{name}", HERE / f"{name}.py")
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[spec.name] = module
            spec.loader.exec_module(module)
            setattr(sys.modules[package], name, module)
    return "python"


def build() -> bool:
    """Compile the modules unless they are fresh; False (the sources will run) when this
    machine cannot, with the reason printed."""
    if fresh():
        return True
    for path in [*_compiled_files(), RECORD]:
        path.unlink(missing_ok=True)
    paths = [str((HERE / f"{name}.py").relative_to(ROOT)) for name in MODULES]
    here = os.getcwd()
    os.chdir(ROOT)  # mypyc names the modules by their paths
    try:
        return _compile(paths)
    finally:
        os.chdir(here)


def _compile(paths: list[str]) -> bool:
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as error:
        print(f"penalty engine: not compiled ({error}); it runs from its sources")
        return False
    with tempfile.TemporaryDirectory() as work, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # setuptools' notes on the project's own pyproject
        try:
            setup(
                name="diwaniya-penalty-hot-path",
                ext_modules=mypycify(
                    [*MYPY_OPTIONS, *paths], group_name=GROUP, target_dir=work, opt_level="3"
                ),
                script_args=["-q", "build_ext", "--inplace", "--build-temp", work],
            )
        except (SystemExit, Exception) as error:  # no C compiler, no Python headers, ...
            for path in _compiled_files():
                path.unlink(missing_ok=True)
            print(f"penalty engine: not compiled ({error}); it runs from its sources")
            return False
    RECORD.write_text(json.dumps(sources(), indent=1) + "\n")
    print("penalty engine: compiled with mypyc")
    return True
