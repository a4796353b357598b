"""The registry's versioned data: one TOML file per game, read without Django.

``read(name)`` returns the parsed file and ``version(name)`` a digest of its bytes, which keys
the page cache and tells the loader what it last loaded. A game's ``registry`` names its file:
the stem of a file of this folder (``hearts``), or the path from the project's root of a file
kept elsewhere (``tests/newgame/<game>.toml``: a test's game).
"""

import hashlib
import tomllib
from functools import cache
from pathlib import Path

HERE = Path(__file__).parent
LANGUAGES = ("ar", "en", "fr")


def path_for(engine: str) -> Path:
    if engine.endswith(".toml"):
        return HERE.parents[1] / engine
    return HERE / f"{engine}.toml"


@cache
def read(engine: str) -> dict:
    with path_for(engine).open("rb") as f:
        return tomllib.load(f)


def version(engine: str) -> str:
    return hashlib.sha256(path_for(engine).read_bytes()).hexdigest()[:16]
