"""The Arabic font is a subset: every Arabic character the site's texts use must be in it."""

from pathlib import Path

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[2]
FONTS = sorted((ROOT / "static" / "fonts").glob("noto-sans-arabic-*-subset.woff2"))
TEXTS = [
    ROOT / "locale" / "ar" / "LC_MESSAGES" / "django.po",
    ROOT / "cardtable" / "vocabulary.toml",
    *(ROOT / "rulebook" / "registry").glob("*.toml"),
    *(ROOT / "tutorials" / "data").glob("*.toml"),
    *(ROOT / "quiz" / "data").glob("*.toml"),
]


def arabic_characters() -> set[str]:
    text = "".join(p.read_text(encoding="utf-8") for p in TEXTS)
    return {c for c in text if "\u0600" <= c <= "\u06ff"}


def test_every_arabic_character_of_the_site_is_in_both_weights():
    used = arabic_characters()
    assert len(used) > 40 and len(FONTS) == 2
    for path in FONTS:
        cmap = TTFont(path).getBestCmap()
        assert {c for c in used if ord(c) not in cmap} == set(), path.name
