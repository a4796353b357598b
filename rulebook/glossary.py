"""The glossary, built from the vocabulary: the page's entries, and the links from rule
pages to them.

Every term of ``vocabulary.toml`` has an entry at ``/<lang>/glossary/#<key>``: its English and
French words, its Gulf and Levant words with their alternatives, what it means and which of
the site's games use each word. On a rule page the first time a term appears it links to its
entry (``link_terms``), so a reader meeting «الطرنيب» or «التدبيل» can look it up.
"""

import re
from functools import cache

from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from cardtable import words

from . import games

# Arabic words take their conjunctions and prepositions in front: «والطرنيب»، «بالطرنيب».
ARABIC_PROCLITICS = "(?:[وف]?[بلك]?)"


def entries(lang: str) -> dict:
    """The glossary page as data, in ``lang``: suits, ranks and terms, each with its words."""
    names = game_names(lang)
    out = {"suit": [], "rank": [], "term": []}
    regions = words.regions()
    for term in words.terms().values():
        if term["kind"] not in out:
            continue
        # a term of a game the site does not list yet (Trix, issue 48) waits with its game
        played_in = [g for g in term.get("games") or games.GAMES if g in games.GAMES]
        if not played_in:
            continue
        arabic = []
        for region in regions:
            table = term.get(region, {})
            arabic.append(
                {
                    "region": region,
                    "region_name": words.data()["region_names"][region][lang],
                    "word": table.get("word", ""),
                    "alternatives": table.get("alternatives", []),
                    "games": [
                        names[g] for g in played_in if games.region(games.GAMES[g]) == region
                    ],
                }
            )
        words_ar = list(dict.fromkeys(a["word"] for a in arabic))
        title = {"en": term["en"]["word"], "fr": term["fr"]["word"]}.get(lang)
        out[term["kind"]].append(
            {
                "key": term["key"],
                "title": title or " / ".join(words_ar),
                "symbol": term.get("symbol", ""),
                "en": term["en"]["word"],
                "fr": term["fr"]["word"],
                "arabic": arabic,
                "means": term.get("means", {}).get(lang, ""),
                "note": term.get("note", {}).get(lang, ""),
                "games": [names[g] for g in played_in],
            }
        )
    return out


def game_names(lang: str) -> dict[str, str]:
    """Each game's name in ``lang``, from the registry files (no database needed)."""
    from . import registry

    return {slug: registry.read(spec.registry)["name"][lang] for slug, spec in games.GAMES.items()}


@cache
def _pattern(lang: str, region: str, game: str):
    """One expression for every linkable form of the terms ``game`` uses, longest first."""
    vocab = words._vocabulary(lang, region)
    forms = {}
    for key, term in words.terms().items():
        if term["kind"] != "term" or game not in (term.get("games") or games.GAMES):
            continue
        for form in vocab.words[key].get("forms", []):
            forms.setdefault(form.lower(), key)
    if not forms:
        return None, forms
    alternation = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    prefix = ARABIC_PROCLITICS if lang == "ar" else ""
    flags = re.IGNORECASE if lang != "ar" else 0
    # An Arabic word keeps its vowel marks inside the link («الأكلةَ»).
    marks = "[\u064b-\u065f\u0670]*" if lang == "ar" else ""
    # ...and a link never ends inside a word, nor before its last mark («نوعًا» is not «نوع»).
    end = r"(?![\w\u064b-\u065f\u0670])"
    return re.compile(rf"(?<!\w)({prefix})({alternation})({marks}){end}", flags), forms


def link_terms(text: str, vocab, game: str, seen: set) -> SafeString:
    """``text`` as HTML, the first appearance of each term on the page (``seen`` holds the
    keys already linked) linked to its glossary entry."""
    pattern, forms = _pattern(vocab.lang, vocab.region, game)
    if pattern is None:
        return escape(text)
    url = reverse("glossary")
    out, last = [], 0
    for found in pattern.finditer(text):
        key = forms[found[2].lower()]
        if key in seen:
            continue
        seen.add(key)
        # A prefix stays inside the link, so an Arabic word is never cut where letters join.
        out.append(escape(text[last : found.start()]))
        out.append(format_html('<a class="term" href="{}#{}">{}</a>', url, key, found[0]))
        last = found.end()
    out.append(escape(text[last:]))
    return mark_safe("".join(out))
