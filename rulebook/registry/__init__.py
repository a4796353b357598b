"""The registry's versioned data: one TOML file per game, read without Django.

``read(slug)`` returns the parsed file and ``version(slug)`` a digest of its bytes, which keys
the page cache and tells the loader what it last loaded.
"""

import hashlib
import tomllib
from functools import cache
from pathlib import Path

HERE = Path(__file__).parent
LANGUAGES = ("ar", "en", "fr")


def path_for(engine: str) -> Path:
    return HERE / f"{engine}.toml"


@cache
def read(engine: str) -> dict:
    with path_for(engine).open("rb") as f:
        return tomllib.load(f)


def version(engine: str) -> str:
    return hashlib.sha256(path_for(engine).read_bytes()).hexdigest()[:16]
