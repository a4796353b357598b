"""What the native review of the Arabic and French pages found that only code could fix."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.utils import translation

from cardtable import words

ROOT = Path(__file__).resolve().parents[2]
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_no_none_before_trumps_are_named(client, rulebook, lang):
    # the auction is won but the declarer has not named trumps yet
    params = {"dealer": "N", "deal": DEAL, "moves": "7 pass pass pass"}
    html = client.get(f"/{lang}/tarneeb/position/", params).content.decode()
    assert 'data-phase="trump"' in html
    assert "None" not in re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize(
    "lang,joined",
    [("en", "A, B and C"), ("fr", "A, B et C"), ("ar", "A، B وC")],
)
def test_a_list_in_a_sentence_joins_its_last_two(lang, joined):
    with translation.override(lang):
        assert words.listing(["A", "B", "C"], "and") == joined
        assert words.listing(["A"], "and") == "A"


def test_a_glossary_link_never_cuts_a_word_before_its_tanween(client, rulebook):
    html = client.get("/ar/tarneeb/").content.decode()
    # a link's text is a whole word: no Arabic letter or mark right after the closing tag
    assert not re.search(r"</a>[\u064b-\u065f\u0670\u0621-\u064a]", html)


def test_each_claim_names_its_source_in_the_readers_language_too(client, rulebook):
    html = client.get("/fr/bent-al-sbeet/").content.decode()
    claims = re.search(r'<ul class="claims">(.*?)</ul>', html, re.S).group(1)
    assert '<bdi lang="en">' in claims and "(" in claims  # the English title, then the label


@pytest.mark.parametrize(
    "params,status",
    [
        ({"start": "deal", "variant": "qahwa"}, "chooses the cards to pass"),
        ({"variant": "qahwa"}, "to play"),
    ],
)
def test_the_status_line_says_what_the_seat_does_now(client, rulebook, params, status):
    html = client.get("/en/bent-al-sbeet/position/", {"dealer": "N", "deal": DEAL, **params})
    assert status in re.search(r'<p class="status"[^>]*>(.*?)</p>', html.content.decode()).group(1)


def test_every_string_of_the_code_is_in_the_catalogues(tmp_path):
    """makemessages, run on a copy of the project, finds nothing left to translate (the way a
    missing entry once showed English on every Arabic page)."""
    if not shutil.which("xgettext"):
        pytest.skip("GNU gettext is not installed (.ci/run installs it)")
    copy = tmp_path / "project"
    skip = shutil.ignore_patterns(".*", "staticfiles", "tests", "bench", "*.sqlite3*", "*.mo")
    shutil.copytree(ROOT, copy, ignore=skip)
    env = {**os.environ, "DJANGO_SECRET_KEY": "catalogue-check", "DJANGO_DEBUG": "0"}
    command = [sys.executable, "manage.py", "makemessages", "-l", "ar", "-l", "fr"]
    subprocess.run(command + ["--no-obsolete"], cwd=copy, env=env, check=True, capture_output=True)
    for lang in ("ar", "fr"):
        po = polib.pofile(str(copy / "locale" / lang / "LC_MESSAGES" / "django.po"))
        missing = [e.msgid for e in po if not e.obsolete and (not e.translated() or e.fuzzy)]
        assert missing == [], lang
