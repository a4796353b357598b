"""The computer players' version a challenge is pinned to: the SHA-256 of their source (the
modules of ``bots``), so any change of how they play is a new version. A challenge keeps the
version it opened with; once the site's differs, it takes no more moves and the daily command
opens new challenges with the new players (never a running one changed)."""

import hashlib
from functools import cache
from pathlib import Path

from rulebook.engine import bots


@cache
def current() -> str:
    digest = hashlib.sha256()
    for path in sorted(Path(bots.__file__).parent.rglob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
