"""Runs of words a page shares with a source: the check behind "facts yes, wording no".

Text is folded before it is compared: case, punctuation, Arabic diacritics and tatweel, and
the shapes of alef, ya and ta marbuta, so a copy cannot hide behind a comma or a hamza. A run
is RUN consecutive words. The sources' runs are kept as hashes in ``FINGERPRINT`` (never the
text), so a clean clone without ``../shared/sources`` can still run the check;
``python -m tests.copying`` rewrites the file from the sources.
"""

import hashlib
import re
import sys
import unicodedata
from pathlib import Path

RUN = 8
ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT.parent / "shared" / "sources"
FINGERPRINT = Path(__file__).resolve().parent / "data" / "source-runs.txt"
_MARKS = re.compile("[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]")
_FOLD = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ى": "ي", "ة": "ه"})
_WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text).casefold()
    text = _MARKS.sub("", text).translate(_FOLD)
    return _WORD.findall(text.replace("_", " "))


def runs(text: str) -> list[tuple[str, ...]]:
    w = words(text)
    return [tuple(w[i : i + RUN]) for i in range(len(w) - RUN + 1)]


def digest(run) -> str:
    return hashlib.blake2b(" ".join(run).encode(), digest_size=8).hexdigest()


def source_files() -> list[Path]:
    return sorted(p for p in SOURCES.iterdir() if p.is_file()) if SOURCES.is_dir() else []


def source_digests() -> set[str]:
    """The hashes of every run of every file in ``../shared/sources``."""
    return {digest(r) for p in source_files() for r in runs(p.read_text(encoding="utf-8"))}


def read_fingerprint() -> set[str]:
    lines = FINGERPRINT.read_text(encoding="utf-8").splitlines()
    return {line for line in lines if line and not line.startswith("#")}


def known_digests() -> set[str]:
    """The sources' runs: from the sources when they are here, else from the fingerprint."""
    return source_digests() if source_files() else read_fingerprint()


def shared_runs(text: str, known: set[str]) -> list[str]:
    """The runs of ``text`` found in a source, as text, merged where they overlap."""
    w = words(text)
    hits = [i for i in range(len(w) - RUN + 1) if digest(w[i : i + RUN]) in known]
    spans = []
    for i in hits:
        if spans and i <= spans[-1][1]:
            spans[-1][1] = i + RUN
        else:
            spans.append([i, i + RUN])
    return [" ".join(w[a:b]) for a, b in spans]


def write_fingerprint() -> int:
    found = sorted(source_digests())
    header = (
        f"# Hashes (BLAKE2b, 8 bytes) of every run of {RUN} folded words in ../shared/sources:\n"
        "# the copy check's reference when the sources are absent. Rewrite it with\n"
        "# `python -m tests.copying` whenever the sources change.\n"
    )
    FINGERPRINT.parent.mkdir(exist_ok=True)
    FINGERPRINT.write_text(header + "\n".join(found) + "\n", encoding="utf-8")
    return len(found)


if __name__ == "__main__":
    if not source_files():
        sys.exit(f"no sources in {SOURCES}")
    print(f"{write_fingerprint()} runs written to {FINGERPRINT}")
