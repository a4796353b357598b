"""The release a process runs: a digest of everything a page is made from (code, templates,
catalogues, registry, static files, the main dependencies' versions, ``SITE_URL``), or
``DIWANIYA_RELEASE`` where the deployment names it.

The shared cache's keys begin with it, so pages cached by one release are never served by the
next (an engine fix, a reworded template, a new translation), while two releases running side
by side during a rolling deploy each keep their own. Content edits are the database's business
(``Game.revision``); this covers what a deploy changes.
"""

import hashlib
import os
from importlib import metadata
from pathlib import Path

SOURCES = (
    "diwaniya",
    "plumbing",
    "rulebook",
    "quiz",
    "tutorials",
    "practice",
    "scoresheet",
    "templates",
    "locale",
    "static",
)
KINDS = {".py", ".html", ".txt", ".xml", ".po", ".toml", ".css", ".js", ".svg", ".woff2"}


def digest(root: Path) -> str:
    if os.environ.get("DIWANIYA_RELEASE"):
        return os.environ["DIWANIYA_RELEASE"]
    h = hashlib.sha256()
    # Pages also follow the installed dependencies and the site's own address (absolute links).
    for name in ("django", "django-modeltranslation", "whitenoise", "django-csp"):
        h.update(f"{name}={_installed(name)};".encode())
    h.update(os.environ.get("SITE_URL", "").encode())
    for top in SOURCES:
        for path in sorted((root / top).rglob("*")):
            if path.suffix in KINDS and "__pycache__" not in path.parts and path.is_file():
                h.update(str(path.relative_to(root)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()[:12]


def _installed(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return ""
