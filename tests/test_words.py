"""The site's words: one vocabulary per region, counted nouns, lists, signed numbers, dates."""

from datetime import datetime
from pathlib import Path
from unittest import mock

import polib
import pytest
from django.utils import formats, translation

from cardgames import cards
from cardgames.layout import sabaat_al_deemin
from cardgames.penalty import bent_al_sbeet
from cardgames.trickbid import tarneeb
from cardtable import words
from cardtable.words import count, listing, signed, times, vocabulary
from rulebook import games

LOCALE = Path(__file__).resolve().parents[1] / "locale"
NUMBERS = (0, 1, 2, 3, 11, 100)


# ---------------------------------------------------------------- counted nouns
@pytest.mark.parametrize(
    "noun,region,expected",
    [
        ("points", "gulf", ["لا نقاط", "نقطة واحدة", "نقطتان", "3 نقاط", "11 نقطة", "100 نقطة"]),
        (
            "points_obj",
            "gulf",
            ["لا نقاط", "نقطة واحدة", "نقطتين", "3 نقاط", "11 نقطة", "100 نقطة"],
        ),
        ("tricks", "gulf", ["لا أكلات", "أكلة واحدة", "أكلتان", "3 أكلات", "11 أكلة", "100 أكلة"]),
        ("tricks", "levant", ["لا لمّات", "لمّة واحدة", "لمّتان", "3 لمّات", "11 لمّة", "100 لمّة"]),
        ("cards", "gulf", ["لا أوراق", "ورقة واحدة", "ورقتان", "3 أوراق", "11 ورقة", "100 ورقة"]),
        (
            "players",
            "gulf",
            ["لا لاعبين", "لاعب واحد", "لاعبان", "3 لاعبين", "11 لاعبًا", "100 لاعب"],
        ),
        ("deals", "levant", ["لا جولات", "جولة واحدة", "جولتان", "3 جولات", "11 جولة", "100 جولة"]),
    ],
)
def test_arabic_counts_take_each_of_the_six_forms(noun, region, expected):
    with translation.override("ar"):
        assert [count(n, noun, region) for n in NUMBERS] == expected


@pytest.mark.parametrize(
    "noun,expected",
    [
        ("points", ["0 point", "1 point", "2 points", "3 points", "11 points", "100 points"]),
        ("tricks", ["0 pli", "1 pli", "2 plis", "3 plis", "11 plis", "100 plis"]),
        ("cards", ["0 carte", "1 carte", "2 cartes", "3 cartes", "11 cartes", "100 cartes"]),
        (
            "players",
            ["0 joueur", "1 joueur", "2 joueurs", "3 joueurs", "11 joueurs", "100 joueurs"],
        ),
    ],
)
def test_french_counts_are_singular_up_to_one(noun, expected):
    with translation.override("fr"):
        assert [count(n, noun, "levant") for n in NUMBERS] == expected


def test_a_count_is_worked_out_per_language_and_per_number_as_given():
    """Counts are kept once worked out: in each language apart, and True never answers for
    1 (an equal number of another type)."""
    with translation.override("en"):
        count(True, "points")
        assert count(1, "points") == "1 point"
        assert count(2, "points") == "2 points"
    with translation.override("fr"):
        assert count(2, "points") == "2 points"
    with translation.override("ar"):
        assert count(2, "points") == "نقطتان"


def test_a_number_is_never_glued_to_the_arabic_dual():
    with translation.override("ar"):
        for noun in words.COUNTED:
            for region in words.regions():
                assert not count(2, noun, region).startswith("2"), noun


@pytest.mark.parametrize(
    "lang,expected",
    [
        ("en", ["twice", "three times", "4 times"]),
        ("fr", ["le double de", "le triple de", "4 fois"]),
    ],
)
def test_how_many_times_over(lang, expected):
    with translation.override(lang):
        assert [times(n) for n in (2, 3, 4)] == expected
    with translation.override("ar"):
        assert [times(n) for n in (2, 3, 4, 11)] == ["ضعف", "ثلاثة أضعاف", "4 أضعاف", "11 ضعفًا"]


def test_lists_use_the_arabic_comma():
    with translation.override("ar"):
        assert listing(["بنت السبيت", "عشرة الديمن"]) == "بنت السبيت، عشرة الديمن"
    with translation.override("fr"):
        assert listing(["a", "b"]) == "a, b"


def test_a_signed_number_has_one_minus_sign_and_is_isolated():
    assert signed(-16) == "\u2066\u221216\u2069"
    assert signed(3, plus=True) == "\u2066+3\u2069"
    assert signed(7) == "7" and signed(0, plus=True) == "0"


def test_dates_follow_each_language():
    moment = datetime(2026, 12, 2, 14, 55)
    with translation.override("ar"):
        assert formats.date_format(moment, "DATETIME_FORMAT") == "2 ديسمبر 2026، 14:55"
    with translation.override("fr"):
        assert formats.date_format(moment, "DATETIME_FORMAT") == "2 décembre 2026 à 14:55"


# ---------------------------------------------------------------- one vocabulary per region
def test_each_game_speaks_its_regions_arabic():
    regions = {slug: games.region(spec) for slug, spec in games.GAMES.items()}
    known = {
        "bent-al-sbeet": "gulf",
        "tarneeb": "levant",
        "sabaat-al-deemin": "gulf",
        "leekha": "levant",
        "tarneeb-41": "levant",
        "hearts": "levant",
    }
    assert {slug: regions[slug] for slug in known} == known
    assert set(regions.values()) <= {"gulf", "levant"}  # a game added since speaks one of them
    levant, gulf = vocabulary("tarneeb", "ar"), vocabulary("bent-al-sbeet", "ar")
    assert [levant.suit(s, "word") for s in range(4)] == ["بستوني", "كبّة", "ديناري", "سباتي"]
    assert [gulf.suit(s, "word") for s in range(4)] == ["سبيت", "هاص", "ديمن", "شريهة"]
    assert levant.card(cards.parse_card("AH")) == "آس الكبّة"
    assert gulf.card(cards.parse_card("AH")) == "إكة الهاص"
    assert levant.term("trumps") == "الطرنيب" and gulf.term("trumps") == "الحكم"
    assert levant.term("trick") == "لمّة" and gulf.term("trick") == "أكلة"
    # English and French are the same for every region
    assert vocabulary("tarneeb", "fr").card(cards.QUEEN + 0) == "dame de pique"
    assert vocabulary("bent-al-sbeet", "fr").card_the(cards.ACE + 13) == "l'as de cœur"


def test_a_game_is_found_from_a_slug_a_spec_or_its_engine():
    for spec in games.GAMES.values():
        assert words.region_of(spec.slug) == words.region_of(spec) == words.region_of(spec.engine)
    with pytest.raises(ValueError):
        words.region_of("bridge")


def test_a_vocabulary_is_built_once_and_names_cards_without_translating():
    first = vocabulary("tarneeb", "ar")
    assert vocabulary("tarneeb", "ar") is first
    with (
        mock.patch("django.utils.translation.gettext") as gettext,
        mock.patch("django.utils.translation.pgettext") as pgettext,
    ):
        names = [first.card(c) for c in range(52)]
        assert not gettext.called and not pgettext.called
    assert len(set(names)) == 52


@pytest.mark.parametrize(
    "game,token,phase,lang,expected",
    [
        ("bent-al-sbeet", "pass:KS", "pass", "ar", "تمرير شايب السبيت"),
        ("bent-al-sbeet", "pass:KS", "pass", "fr", "Passer le roi de pique"),
        ("bent-al-sbeet", "expose:QS", "expose", "en", "Expose the queen of spades"),
        ("bent-al-sbeet", "keep", "expose", "ar", "بلا تدبيل"),
        ("tarneeb", "7C", "bidding", "ar", "طلب 7 سباتي"),
        ("tarneeb", "13NT", "bidding", "fr", "Annoncer 13 sans-atout"),
        ("tarneeb", "trump:NT", "trump", "ar", "بلا طرنيب"),
        ("tarneeb", "trump:S", "trump", "ar", "الطرنيب بستوني"),
        ("tarneeb", "double", "bidding", "fr", "Contre"),
        ("tarneeb", "7C", "play", "en", "seven of clubs"),
        ("sabaat-al-deemin", "double", "announce", "fr", "Double"),
        ("sabaat-al-deemin", "triple", "announce", "ar", "ثري"),
        ("sabaat-al-deemin", "knock", "play", "ar", "دقّ"),
    ],
)
def test_moves_are_named_in_words(game, token, phase, lang, expected):
    assert vocabulary(game, lang).move(token, phase) == expected


def test_bids_in_words():
    assert vocabulary("tarneeb", "ar").bid("7C") == "7 سباتي"
    assert vocabulary("tarneeb", "ar").bid("13NT") == "13 بلا طرنيب"
    assert vocabulary("tarneeb", "fr").bid("13NT") == "13 sans-atout"
    assert vocabulary("tarneeb", "fr").bid("8H") == "8 cœurs"
    assert vocabulary("tarneeb", "en").bid("9") == "9"


@pytest.mark.parametrize("module", [bent_al_sbeet, tarneeb, sabaat_al_deemin])
@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_every_move_of_every_game_has_words(module, lang):
    """No move token reaches a reader as notation: each one, in each phase it can be read in."""
    vocab = vocabulary(module, lang)
    for move in range(256):
        try:
            token = module.format_move(move)
        except Exception:  # noqa: BLE001 - not a move of this game
            continue
        for phase in ("pass", "expose", "announce", "bidding", "trump", "play"):
            said = vocab.move(token, phase)
            # a classic bid is a number and keeps it ("Bid 7"); no other token shows through
            assert said and (token.isdigit() or token not in said.split()), (token, phase)


def test_suit_and_rank_names_are_not_in_the_catalogues():
    for lang in ("ar", "fr"):
        po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
        assert not [e.msgid for e in po if e.msgctxt in ("suit", "rank", "card")]


def test_each_catalogue_defines_each_message_once():
    """A message merged in twice breaks msgfmt and makemessages (polib compiles it silently)."""
    for lang in ("ar", "en", "fr"):
        po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
        keys = [(e.msgctxt, e.msgid) for e in po if not e.obsolete]
        assert sorted(k for k in set(keys) if keys.count(k) > 1) == [], lang


def test_the_vocabulary_is_complete():
    for term in words.terms().values():
        for table in ("en", "fr", *words.regions()):
            assert term[table]["word"].strip(), (term["key"], table)
        if term["kind"] == "term":
            assert all(term["means"][lang] for lang in ("ar", "en", "fr")), term["key"]
        if "move" in term["en"]:
            for table in ("fr", *words.regions()):
                assert term[table]["move"], (term["key"], table)
    gulf_clubs = words.terms()["clubs"]["gulf"]
    assert gulf_clubs["word"] == "شريهة" and gulf_clubs["alternatives"] == ["شيريا", "كلفس"]
    assert words.terms()["clubs"]["levant"]["alternatives"] == ["سنك"]


def test_a_term_links_to_the_glossary_once_and_keeps_its_arabic_whole():
    from rulebook import glossary

    vocab = vocabulary("bent-al-sbeet", "ar")
    seen = set()
    with translation.override("ar"):
        html = glossary.link_terms(
            "يبدأ الأكلةَ الأولى، ثم الأكلة التالية.", vocab, "bent-al-sbeet", seen
        )
    assert html.count("#trick") == 1 and seen == {"lead", "trick"}  # each term once
    assert '<a class="term" href="/ar/glossary/#trick">الأكلةَ</a>' in html  # vowel mark inside
    with translation.override("ar"):
        html = glossary.link_terms(
            "يجوز لصاحب الطلب أن يختار", vocabulary("tarneeb"), "tarneeb", set()
        )
    assert ">لصاحب الطلب</a>" in html  # the prefix is inside, so the letters stay joined


def test_negative_numbers_written_in_a_text_are_isolated():
    assert words.isolate_signed("فيكلّفهما الضعف: −16، لا -8.") == (
        "فيكلّفهما الضعف: \u2066\u221216\u2069، لا \u2066\u22128\u2069."
    )
    assert words.isolate_signed("counter-clockwise, North–South, 7-3") == (
        "counter-clockwise, North–South, 7-3"
    )
