"""How the site writes, checked on every page it renders (see README: "Writing for the site").

The pages are rendered once for the module, in the three languages: the home page, every rule
page and variant, the glossary, every tutorial step (with its hint and its explanation shown),
the quiz's questions of every kind and their results, a position page per tutorial, the score
sheet. On all of them: no run of eight words taken from a source, no move written as notation
outside the share box, no Latin punctuation inside Arabic, the French spaces before ``: ; ? !``,
and each game in its own region's words.
"""

import html
import re
import tomllib
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.test import Client

from cardtable import words
from quiz import questions
from rulebook import games, registry
from tests import copying
from tests.quiz.helpers import answer

# Without a database test among those collected, pytest-django makes no test database and
# the module's crawl would load the rules into the developer's own db.sqlite3. One worker
# renders the site for the whole module (a minute and more), not every worker its own.
pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("writing"), pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("ar", "en", "fr")
ARABIC = "\u0600-\u06ff"


BLOCK = re.compile(
    r"</?(?:p|li|dt|dd|td|th|tr|h\d|div|section|caption|legend|label|button|option)\b[^>]*>"
)


def visible(page: str, keep_code: bool = True) -> str:
    """What a reader sees (screen readers included): one line of text per block of the page,
    so that nothing runs from one table cell or paragraph into the next."""
    page = re.sub(r"(?s)<(script|style|head)\b.*?</\1>", " ", page)
    if not keep_code:
        page = re.sub(r"(?s)<code\b.*?</code>", " ", page)
    page = BLOCK.sub("\n", page)
    page = re.sub(r"<[^>]+>", " ", page)
    lines = (re.sub(r"[ \t\r]+", " ", line).strip() for line in html.unescape(page).split("\n"))
    return "\n".join(line for line in lines if line)


def _tutorial_pages(client, lang):
    from tutorials.models import Tutorial

    for tutorial in Tutorial.objects.prefetch_related("steps"):
        steps = list(tutorial.steps.all())
        frames = tutorial.frames(steps)
        for step, frame in zip(steps, frames, strict=True):
            url = f"/{lang}/tutorials/{tutorial.slug}/{step.number}/"
            yield url, client.get(url)
            if step.question:
                client.post(url, {"hint": "1"})
                token = frame.before.module.format_move(frame.answers()[0])
                client.post(url, {"move": token})
                yield url + "#answered", client.get(url)


def _quiz_pages(client, lang):
    """A question of every kind of every game, and its result, from fixed seeds."""
    from quiz.tokens import question_url

    for game, kinds in questions.KINDS.items():
        variant = games.GAMES[game].default_variant
        for kind in kinds:
            url = f"/{lang}" + question_url(game, variant, kind, f"writing-{kind}")[3:]
            yield url, client.get(url)
            _q, result = answer(client, url, right=False)
            yield url + "#result", result


SHEET_ROWS = {
    "tarneeb": ("classic", [
        {"kind": "deal", "bid": bid, "side": side, "tricks": tricks}
        for bid, side, tricks in [(8, "EW", 8), (10, "NS", 7), (9, "NS", 13)]
    ]),
    "bent-al-sbeet": ("qahwa", [
        {"kind": "cards", "hearts_N": 2, "hearts_E": 11, "hearts_S": 0, "hearts_W": 0,
         "queen": "N", "ten": "E", "exposed": "QS"},
        {"kind": "cards", "hearts_N": 13, "hearts_E": 0, "hearts_S": 0, "hearts_W": 0,
         "queen": "N", "ten": "N"},
    ]),
    "sabaat-al-deemin": ("classic", [
        {"kind": "deal", "winner": "EW", "aces": 1, "courts": 2, "seven_out": "on",
         "multiplier": 3, "penalties_NS": 1, "penalties_EW": 0},
    ]),
}  # fmt: skip


def _sheet_page(client, lang):
    """Every game's sheet with a few rows, its list of sheets, and a refused row."""
    for game, (variant, rows) in SHEET_ROWS.items():
        response = client.post(f"/{lang}/{game}/sheet/", {"variant": variant})
        url = response["Location"]
        for row, data in enumerate(rows, 1):
            client.post(url, {**data, "row": row})
        yield f"/{lang}/{game}/sheet/", client.get(f"/{lang}/{game}/sheet/")
        yield url, client.get(url)
        refused = client.post(url, {**rows[0], "row": len(rows) + 1, "kind": "points"})
        assert refused.status_code == 400
        refused.status_code = 200  # kept as a page to read
        yield url + "#refused", refused


def _practice_pages(client, lang):
    """The practice table of every game in the middle of a deal (with the computers' replies
    and a hint), then its review, and the page that explains the check, from fixed seeds."""
    import random
    from itertools import count

    from plumbing.models import Counter
    from practice import service
    from practice.models import Match
    from tests.practice.helpers import PLAYABLE, learner_token

    numbers = count(1)
    with pytest.MonkeyPatch.context() as patch:
        # The same deals in every language: the review's analysis, cached per deal, is then
        # searched once for the three (most of the module's time otherwise).
        patch.setattr(service, "new_seed", lambda: f"writing-{next(numbers)}")
        patch.setattr(service, "draw_dealer", lambda: 1)
        for game, variant in PLAYABLE:
            yield f"/{lang}/{game}/practice/", client.get(f"/{lang}/{game}/practice/")
            Counter.objects.all().delete()  # every variant of every game: past a learner's limit
            start = client.post(f"/{lang}/{game}/practice/", {"variant": variant, "seat": "S"})
            assert start.status_code == 303, (game, variant, start.status_code)
            url = start["Location"].split("?")[0]
            match = Match.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[1])
            rng = random.Random(variant)
            for ply in range(6):
                practice = match.replay()
                if practice.deal_over:
                    break
                if ply == 4:
                    yield url + "#hint", client.get(url + "?hint=1&seen=0")
                token = learner_token(practice, rng)
                client.post(url + "move/", {"move": token, "ply": practice.ply})
            while not (practice := match.replay()).deal_over:
                client.post(
                    url + "move/", {"move": learner_token(practice, rng), "ply": practice.ply}
                )
            yield url + "#review", client.get(url)
        yield f"/{lang}/mine/", client.get(f"/{lang}/mine/")
        check = f"/{lang}/practice/check/?game=bent-al-sbeet&seed=writing"
        yield check, client.get(check)


def _render(lang):
    client = Client()
    pages = {}

    def add(url, response):
        assert response.status_code == 200, (url, response.status_code)
        pages[url] = response.content.decode()

    for url in (f"/{lang}/", f"/{lang}/glossary/", f"/{lang}/tutorials/", f"/{lang}/quiz/"):
        add(url, client.get(url))
    for slug, spec in games.GAMES.items():
        add(f"/{lang}/{slug}/", client.get(f"/{lang}/{slug}/"))
        for variant in spec.presets:
            add(f"/{lang}/{slug}/{variant}/", client.get(f"/{lang}/{slug}/{variant}/"))
    for url, response in _tutorial_pages(client, lang):
        add(url, response)
        link = re.search(r'href="([^"]+)" class="position-link"', pages[url])
        if link and url.endswith("/1/"):
            position = html.unescape(link[1])
            add(position, client.get(position))
    pages_of = [*_quiz_pages(client, lang), *_sheet_page(client, lang)]
    for url, response in [*pages_of, *_practice_pages(client, lang)]:
        add(url, response)
    for url in _house_rule_pages(lang):
        add(url, client.get(url))
    return pages


def _house_rule_pages(lang):
    """A page under house rules, the print sheets, the compare pages, a later deal's position."""
    yield f"/{lang}/bent-al-sbeet/qahwa/?rule.target=101&rule.moon=false&rule.pass_direction=right"
    yield f"/{lang}/tarneeb/egyptian/?rule.after_double=double_kept&rule.redouble_allowed=true"
    for slug, spec in games.GAMES.items():
        for variant in spec.presets:
            yield f"/{lang}/{slug}/{variant}/print/"
    yield f"/{lang}/compare/"
    yield f"/{lang}/compare/?a=bent-al-sbeet:qahwa&b=bent-al-sbeet:sbeetah"
    yield f"/{lang}/compare/?a=tarneeb:classic&b=tarneeb:egyptian"
    yield f"/{lang}/compare/?a=tarneeb:classic&b=tarneeb-41:classic"
    yield f"/{lang}/compare/?a=bent-al-sbeet:qahwa&b=hearts:pagat"
    sabaat = "sabaat-al-deemin:classic"
    yield f"/{lang}/compare/?a={sabaat}&b={sabaat}&b.rule.target=300"


# Kept for the session, not the module: xdist may run this module's tests between others',
# and pytest then sets a module's fixture up again (40 seconds each time).
@pytest.fixture(scope="session")
def rendered(django_db_setup, django_db_blocker):
    """Every page, rendered once in each language; the data is loaded and rolled back."""
    from quiz.loader import load_all as load_quiz
    from rulebook.loader import load_all as load_rulebook
    from tutorials.loader import load_all as load_tutorials

    # The browser tests' Playwright session leaves an event loop set on this thread, and
    # Django refuses to open a connection under one; nothing here runs asynchronously.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "1")
        # the words are read here, not the costs: the reviews' analysis over few deals (most
        # of the fixture's time otherwise, 51 of its 77 seconds)
        patch.setattr(settings, "ANALYSIS_SAMPLES", 4, raising=False)
        with django_db_blocker.unblock(), transaction.atomic():
            load_rulebook()
            load_tutorials()
            load_quiz()
            rendered = {lang: _render(lang) for lang in LANGS}
            transaction.set_rollback(True)
    cache.clear()
    return rendered


def _pages(rendered, lang=None, prefix=""):
    for page_lang in [lang] if lang else LANGS:
        for url, page in rendered[page_lang].items():
            if url.startswith(f"/{page_lang}/{prefix}"):
                yield url, page


# ---------------------------------------------------------------- nothing copied
def _cited_titles() -> list[str]:
    """The sources' own titles are cited as they are, so they are no copy."""
    return [
        s["title"] for spec in games.GAMES.values() for s in registry.read(spec.registry)["sources"]
    ]


def test_no_page_shares_eight_words_with_a_source(rendered):
    known = copying.known_digests()
    assert len(known) > 1000
    titles = _cited_titles()
    copied = {}
    for url, page in _pages(rendered):
        text = visible(page)
        for title in titles:
            text = text.replace(title, " ")
        found = [run for line in text.split("\n") for run in copying.shared_runs(line, known)]
        if found:
            copied[url] = found
    assert copied == {}


def test_the_fingerprint_file_matches_the_sources():
    if not copying.source_files():
        pytest.skip("../shared/sources is not here; the committed fingerprint stands in for it")
    assert copying.read_fingerprint() == copying.source_digests()


def test_the_copy_check_finds_a_copied_sentence():
    """The check itself works on a sentence lifted from a source, in any case or punctuation."""
    if not copying.source_files():
        pytest.skip("needs ../shared/sources")
    lifted = copying.SOURCES.glob("003_*.txt").__next__().read_text().split("\n")[-1][:200]
    assert copying.shared_runs(lifted.upper().replace(",", " ;"), copying.read_fingerprint())


# ---------------------------------------------------------------- in-page links
def test_every_in_page_link_has_its_target(rendered):
    """``href="#x"`` (and a link to the same page with ``#x``) needs an element ``id="x"``."""
    missing = {}
    for url, page in _pages(rendered):
        ids = set(re.findall(r'\bid="([^"]+)"', page))
        path = url.split("?")[0].split("#")[0]
        targets = re.findall(r'href="#([^"]+)"', page)
        targets += [
            t
            for link, t in re.findall(r'href="([^"#]*)#([^"]+)"', page)
            if html.unescape(link) in (path, url.split("#")[0])
        ]
        lost = sorted({t for t in targets if t not in ids})
        if lost:
            missing[url] = lost
    assert missing == {}


# ---------------------------------------------------------------- moves in words
TOKEN = re.compile(
    r"(?<![\w/?=&%])(?:[2-9TJQKA][SHDC]|1[0-3](?:NT|[SHDC])|[1-9]NT|(?:pass|expose|trump):\S+)"
    r"(?![\w])"
)


ADDRESS = re.compile(r"\S*/\S*")  # a link shown as text: its random token may read "-6D-"


def test_no_move_is_shown_as_notation_outside_the_share_box(rendered):
    found = {}
    for url, page in _pages(rendered):
        tokens = TOKEN.findall(ADDRESS.sub(" ", visible(page, keep_code=False)))
        if tokens:
            found[url] = tokens[:5]
    assert found == {}


def test_the_share_box_shows_the_notation_on_purpose(rendered):
    position = next(page for url, page in _pages(rendered, "ar") if "/position/" in url)
    assert re.search(r'<code class="notation">[^<]*\b[2-9TJQKA][SHDC]\b', position)
    assert '<section class="scorecard"' in position


# ---------------------------------------------------------------- no code shown
def _codes() -> set[str]:
    """What the site names things by in its code: every game and variant slug, rule key and
    value (the registry's and the engines', of every knob of every family)."""
    from cardgames.compare import Side, family_parameters, knob_text

    out = set()
    for slug, spec in games.GAMES.items():
        out |= {slug, *spec.presets}
        for rule in registry.read(spec.registry)["rules"]:
            out |= {rule["key"], *(str(v["value"]) for v in rule.get("values", []))}
        for variant in spec.presets:
            side = Side(slug, spec.engine, variant)
            for key, value in family_parameters(side).items():
                out |= {key, knob_text(side, key, value)}
    return {c for c in out if re.fullmatch(r"[a-z][a-z0-9_-]*[a-z0-9]", c)}


VARIANT_WORD = {"en": r"\b(\S+) variant\b", "fr": r"\bvariante (\S+)", "ar": r"صيغة (\S+)"}


def _names(lang: str) -> set[str]:
    """The words the registry gives in ``lang`` (variant names, values' labels), which may be
    spelt as a code is: pagat's rules are named "pagat"."""
    out = set()
    for spec in games.GAMES.values():
        data = registry.read(spec.registry)
        out |= {v["name"][lang] for v in data["variants"]}
        for rule in data["rules"]:
            out |= {v["label"][lang] for v in rule.get("values", []) if "label" in v}
    return out


def test_no_key_slug_or_code_reaches_the_reader(rendered):
    """Nowhere, in any language, does a reader meet a rule's key, a value's code or a slug:
    not as a table's cell or a list's line, not joined with underscores or hyphens, not as
    "the openspiel variant". Code samples (``<code>``), addresses and the glossary's lists of
    each language's words are not read as prose."""
    codes = _codes()
    assert {"each_bid", "called", "declarer", "openspiel", "pass_direction"} <= codes
    compound = {c for c in codes if re.search(r"[_-]", c)}
    slugs = {v for spec in games.GAMES.values() for v in spec.presets} - {"classic"}
    found = {}
    for url, page in _pages(rendered):
        lang = url[1:3]
        text = re.sub(r"https?://\S+", " ", visible(page, keep_code=False))
        allowed = _names(lang) | {"none"} if lang == "en" else _names(lang)
        lines = [] if "/glossary/" in url else text.split("\n")
        hits = [line for line in lines if line in codes and line not in allowed]
        hits += [w for w in re.findall(r"[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+", text) if w in compound]
        hits += [w for w in re.findall(VARIANT_WORD[lang], text) if w.strip("«»()،,.") in slugs]
        if hits:
            found[url] = hits[:5]
    assert found == {}


def test_bids_are_listed_from_the_lowest(rendered):
    """A list of bids reads 7, 8 … and 13 (never 10, 11, 12, 13, 7, 8, as text sorts them), each
    bid a word of the sentence ("bid 7"), not a button's label ("Bid 7")."""
    from django.utils import translation

    for lang in LANGS:
        checked = 0
        with translation.override(lang):
            label = words.vocabulary("tarneeb").move("7", "bidding")
            bid = re.escape(label[:1].lower() + label[1:]).replace("7", r"(\d+)")
            joins = [words.listing(["<", ">"], c)[1:-1] for c in (None, "and")]
        then = "|".join(re.escape(j) for j in joins)
        for url, page in _pages(rendered, lang, "compare/"):
            for run in re.findall(rf"{bid}(?:(?:{then}){bid})+", visible(page)):
                numbers = [int(n) for n in run if n]
                assert numbers == sorted(numbers), (url, numbers)
                checked += 1
        assert checked >= 1, lang


def test_every_variant_has_an_arabic_name():
    for spec in games.GAMES.values():
        for variant in registry.read(spec.registry)["variants"]:
            assert not re.search("[A-Za-z]", variant["name"]["ar"]), (spec.slug, variant["slug"])


# ---------------------------------------------------------------- Arabic
def test_no_latin_punctuation_between_arabic_words(rendered):
    pattern = re.compile(rf"[{ARABIC}][\u064b-\u065f\u0670]*\s*[,;?]|[,;]\s*[{ARABIC}]")
    found = {}
    for url, page in _pages(rendered, "ar"):
        hits = pattern.findall(visible(page))
        if hits:
            found[url] = hits[:5]
    assert found == {}


def _read_and_seen(page: str) -> tuple[str, str]:
    """A page's text as a screen reader reads it (without what is hidden from it) and as the
    eye sees it (without what only a screen reader gets), inline tags joined as they join."""
    page = re.sub(r"(?s)<(script|style|head)\b.*?</\1>", " ", page)
    page = BLOCK.sub("\n", page)
    read = re.sub(r'(?s)<(\w+)\b[^>]*aria-hidden="true"[^>]*>.*?</\1>', "", page)
    seen = re.sub(r'(?s)<span class="sr-only">.*?</span>', "", page)
    return tuple(html.unescape(re.sub(r"<[^>]+>", "", t)) for t in (read, seen))


def test_a_one_letter_word_joins_the_word_after_it(rendered):
    """«بثلاثة»، «للشمال»، but «بـ13» and «بـK»: the tatweel only before what cannot join,
    in what a screen reader reads and in what the eye sees (a card shows «بـ3♣»)."""
    alone = rf"(?<![{ARABIC}])"
    joined_badly = re.compile(rf"{alone}[بكلف]\u0640[{ARABIC}]|{alone}ل\u0640?ال")
    unjoinable = re.compile(rf"{alone}[بكلف](?=[0-9A-Za-z\u2066\u2068])")
    found = {}
    for url, page in _pages(rendered, "ar"):
        for text in _read_and_seen(page):
            hits = joined_badly.findall(text) + unjoinable.findall(text)
            if hits:
                found[url] = hits[:5]
    assert found == {}
    page = rendered["ar"]["/ar/tutorials/bent-first-deal/5/"]
    read, seen = _read_and_seen(page)
    assert "يبدأ الغرب بثلاثة الشريهة" in read and "يبدأ الغرب بـ3" in seen


def _words_of_one_region(region: str, other: str) -> list[str]:
    """Every shape of a card word (the word, with its article, its listed forms) that one
    region writes and the other never does, from the vocabulary."""

    def shapes(entry: dict) -> set[str]:
        return {entry.get("word", ""), entry.get("the", ""), *entry.get("forms", [])} - {""}

    out = set()
    for term in words.data()["terms"]:
        if region in term and other in term:
            theirs = shapes(term[other]) | set(term[other].get("alternatives", []))
            out |= shapes(term[region]) - theirs
    return sorted(out)


GULF = sorted({*_words_of_one_region("gulf", "levant"), "أكلة"} - {"صن"})
LEVANT = [w for w in _words_of_one_region("levant", "gulf") if w not in {"آس", "ليخة", "سنك"}]


def _found(region_words: list[str], text: str) -> list[str]:
    """The words of ``region_words`` in ``text`` as words (after و، ف، ب، ل، ك at most)."""
    return [
        w for w in region_words if re.search(rf"(?<![{ARABIC}])[وفبلك]?{w}(?![{ARABIC}])", text)
    ]


def _arabic_pages_of(rendered, game):
    """A game's own Arabic pages, without the quiz's list of recent questions of any game."""
    slugs = {
        "tarneeb": "tarneeb",
        "bent-al-sbeet": "bent",
        "sabaat-al-deemin": "sabaat",
        "leekha": "leekha",
        "tarneeb-41": "tarneeb-41",
        "hearts": "hearts",
    }
    for url, page in _pages(rendered, "ar"):
        if url.startswith((f"/ar/{game}/", f"/ar/tutorials/{slugs[game]}-", f"/ar/quiz/{game}/")):
            yield url, visible(re.sub(r"(?s)<aside class=\"quiz-progress\".*?</aside>", "", page))


def test_tarneeb_speaks_levantine_and_the_gulf_games_gulf_arabic(rendered):
    rules = visible(rendered["ar"]["/ar/tarneeb/"]) + visible(
        rendered["ar"]["/ar/tarneeb/egyptian/"]
    )
    for word in ["الطرنيب", "بلا طرنيب", "لمّة", "البستوني", "الكبّة", "الديناري", "السباتي"]:
        assert word in rules, word
    bent = visible(rendered["ar"]["/ar/bent-al-sbeet/"])
    for word in ["بنت السبيت", "الهاص", "عشرة الديمن", "أكلة"]:
        assert word in bent, word
    for url, text in _arabic_pages_of(rendered, "tarneeb"):
        assert _found(GULF, text) == [], url
    for game in ("bent-al-sbeet", "sabaat-al-deemin"):
        for url, text in _arabic_pages_of(rendered, game):
            assert _found(LEVANT, text) == [], url


def test_the_relatives_speak_levantine(rendered):
    """Leekha, Tarneeb 41 and Hearts are written in the Levant's words, on their rule pages,
    tutorials and quiz questions; Bent Al Sbeet is named, as a relative, by its own name."""
    for game in ("leekha", "tarneeb-41", "hearts"):
        pages = list(_arabic_pages_of(rendered, game))
        assert any("/tutorials/" in url for url, _ in pages)
        assert any("/quiz/" in url for url, _ in pages)
        for url, text in pages:
            text = text.replace("بنت السبيت", "")
            assert _found(GULF, text) == [], url
    rules = visible(rendered["ar"]["/ar/leekha/"])
    for word in ["بنت البستوني", "عشرة الديناري", "الكبّة", "لمّة", "التلييخ"]:
        assert word in rules, word


def test_cards_are_named_for_screen_readers_in_the_games_words(rendered):
    page = rendered["ar"]["/ar/tutorials/tarneeb-first-auction/3/"]
    assert '<span class="sr-only">آس البستوني</span>' in page
    page = rendered["ar"]["/ar/tutorials/bent-first-deal/1/"]
    assert '<span class="sr-only">بنت السبيت</span>' in page


# ---------------------------------------------------------------- French
def french_problems(text: str) -> list[str]:
    """French typography: a no-break space before : ; ? ! and inside « »."""
    bad = re.findall(r"\S{0,12}(?:[ ][:;?!]|[^\s\u00a0\u202f:/\d][:;?!](?![/\d]))\S{0,8}", text)
    bad += re.findall(r"\S{0,12}(?:«[^\u00a0]|[^\u00a0]»)\S{0,8}", text)
    return bad


def test_french_pages_have_their_no_break_spaces(rendered):
    found = {}
    titles = _cited_titles()  # cited as the sources write them
    for url, page in _pages(rendered, "fr"):
        text = visible(page, keep_code=False)
        for title in titles:
            text = text.replace(title, " ")
        problems = french_problems(text)
        if problems:
            found[url] = problems[:5]
    assert found == {}


def _french_texts():
    po = polib.pofile(str(ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"))
    for entry in po.translated_entries():
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            yield f"catalogue: {entry.msgid[:40]}", text
    files = [
        *(ROOT / "rulebook" / "registry").glob("*.toml"),
        *(ROOT / "tutorials" / "data").glob("*.toml"),
        *(ROOT / "quiz" / "data").glob("*.toml"),
        ROOT / "cardtable" / "vocabulary.toml",
    ]
    for path in files:
        yield from ((path.name, text) for text in _strings(tomllib.loads(path.read_text()), "fr"))


def _strings(data, lang):
    """Every text of ``lang`` in a parsed TOML file: the values of its ``lang`` keys."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == lang and isinstance(value, str):
                yield value
            elif key == lang and isinstance(value, dict):  # a vocabulary table
                yield from (v for k, v in value.items() if k in ("word", "the", "move"))
            else:
                yield from _strings(value, lang)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value, lang)


def test_every_french_string_has_its_no_break_spaces():
    found = []
    for where, text in _french_texts():
        # "{x:points}" is a placeholder, "%(n)s" a format: neither is French prose
        prose = re.sub(r"\{\w+:\w+\}", "{}", text)
        found += [(where, p) for p in french_problems(prose)]
    assert found == []


# ---------------------------------------------------------------- the glossary
def test_the_glossary_lists_every_term_with_both_regions_words(rendered):
    for lang in LANGS:
        page = rendered[lang][f"/{lang}/glossary/"]
        for key, term in words.terms().items():
            listed = [g for g in term.get("games") or games.GAMES if g in games.GAMES]
            if term["kind"] != "move" and listed:  # a game not on the site yet waits with it
                assert f'id="{key}"' in page, (lang, key)
        text = visible(page)
        for word in ["شريهة", "شيريا", "كلفس", "سباتي", "سنك", "طرنيب", "الحكم"]:
            assert word in text, (lang, word)
    assert "Tarneeb" in visible(rendered["en"]["/en/glossary/"])


def test_rule_pages_link_their_terms_to_the_glossary(rendered):
    for lang in LANGS:
        page = rendered[lang][f"/{lang}/tarneeb/"]
        assert f'href="/{lang}/glossary/#trumps"' in page
        assert f'href="/{lang}/glossary/#trick"' in page
        assert f'href="/{lang}/glossary/"' in page  # from the footer of every page
    assert 'href="/ar/glossary/#expose"' in rendered["ar"]["/ar/bent-al-sbeet/"]


def test_source_titles_have_a_label_in_the_readers_language(rendered):
    page = visible(rendered["ar"]["/ar/tarneeb/"])
    assert "Tarneeb (SquareScores guide) (الطرنيب، دليل تطبيق" in page
    page = visible(rendered["fr"]["/fr/bent-al-sbeet/"])
    assert "بنت السبيت (السبيتة) (Bent Al Sbeet (Sbeetah), un article en arabe)" in page


def test_the_api_names_cards_in_the_games_words(client):
    """The JSON API's messages speak each game's region, like its pages."""
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    query = {"variant": "classic", "dealer": "N", "deal": deal, "lang": "ar"}
    tarneeb = client.get("/api/tarneeb/position", {**query, "moves": "7 pass pass pass trump:S 2C"})
    assert tarneeb.status_code == 422
    message = tarneeb.json()["error"]["message"]
    assert "السباتي" in message and "الشريهة" not in message
    query["variant"] = "qahwa"
    bent = client.get("/api/bent-al-sbeet/position", {**query, "moves": "2C"})
    assert "الشريهة" in bent.json()["error"]["message"]
