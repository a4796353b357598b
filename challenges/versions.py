"""The computer players' version a challenge is pinned to: the SHA-256 of their source
(``cardgames/bots.py``, ``players/``, each family's ``players.py`` and the search), so any
change of how they play is a new version. A challenge keeps the version it opened with; once
the site's differs, it takes no more moves and the daily command opens new challenges with the
new players (never a running one changed)."""

import hashlib
from functools import cache
from pathlib import Path

from cardgames import bots


@cache
def current() -> str:
    digest = hashlib.sha256()
    root = Path(bots.__file__).parent
    sources = {root / "bots.py", *root.glob("players/*.py"), *root.glob("*/players.py")}
    sources |= set(root.glob("search/*.py"))
    for path in sorted(sources):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
