"""Tarneeb by region on the site (issue 48): the rules page's regions in three languages, each
place's rule set read, practised and compared with any other, the thin places said to be thin,
and the claims of tarneeb-regions.md's sources shown beside their rules."""

import html
import re
from urllib.parse import urlencode, urlsplit

import pytest

from cardgames.trickbid import tarneeb
from practice.models import Match
from rulebook import regions
from rulebook.games import get

LANGS = ("ar", "en", "fr")
# The places the sources tie a rule set to, and the one each names.
SIDES = {
    "lebanon": "tarneeb:lebanese",
    "syria": "tarneeb-41:classic",
    "jordan": "tarneeb:classic",
    "egypt": "tarneeb:egyptian",
}
THIN = ("palestine", "iraq", "gulf", "diaspora")
# A few words of each region's text, as each language writes them.
WORDS = {
    "en": {
        "lebanon": ["Lebanon", "parts of Lebanon", "matching the highest bid"],
        "syria": ["Syria", "Tarneeb 41", "Aleppo", "contradiction"],
        "egypt": ["Egypt", "diamonds highest", "house rule"],
        "palestine": ["Palestine", "rather than invent one"],
        "gulf": ["Hakam", "Kout Bo 6", "Malzoom", "too thin for a preset"],
        "iraq": ["No source was found for an Iraqi Tarneeb"],
    },
    "ar": {
        "lebanon": ["لبنان", "بعض مناطق لبنان", "ساوى أعلى طلب"],
        "syria": ["سوريا", "طرنيب 41", "حلب", "تناقضًا"],
        "egypt": ["مصر", "الديناري أعلاها", "قاعدة خاصة"],
        "palestine": ["فلسطين", "بدل أن يخترعها"],
        "gulf": ["حكم", "كوت بو 6", "ملزوم", "أضعف من أن تُبنى عليه نسخة"],
        "iraq": ["لم يُعثر على أي مصدر عن طرنيب عراقي"],
    },
    "fr": {
        "lebanon": ["Liban", "certaines régions du Liban", "en égalant l'enchère la plus haute"],
        "syria": ["Syrie", "Tarneeb 41", "Alep", "contradiction"],
        "egypt": ["Égypte", "carreau en tête", "règle maison"],
        "palestine": ["Palestine", "plutôt que d'en inventer une"],
        "gulf": ["Hakam", "Kout Bo 6", "Malzoom", "trop mince pour une variante"],
        "iraq": ["Aucune source n'a été trouvée sur un Tarneeb irakien"],
    },
}
EVIDENCE_WORDS = {
    "en": "Thin evidence",
    "ar": "أدلّة ضعيفة",
    "fr": "Indices minces",
}


def text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment)).replace("\u00a0", " ")


def region_card(page: str, key: str) -> str:
    return re.search(rf'<li class="region [^"]*" id="region-{key}">.*?\n  </li>', page, re.S)[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_shows_every_region_in_each_language(client, rulebook, lang):
    page = client.get(f"/{lang}/tarneeb/").content.decode()
    assert 'href="#regions"' in page  # from the top of the page, under the variants
    section = re.search(r'<section id="regions".*?</section>', page, re.S)[0]
    for key, words in WORDS[lang].items():
        card = text(region_card(section, key))
        for word in words:
            assert word.replace("\u00a0", " ") in card, (lang, key, word)
    for key, side in SIDES.items():
        game, variant = side.split(":")
        card = region_card(section, key)
        assert f'href="/{lang}/{game}/{variant}/"' in card, key
        assert f'href="/{lang}/{game}/practice/?variant={variant}"' in card, key
    for key in THIN:  # no rule set made up for a place no source describes
        card = region_card(section, key)
        assert "practice" not in card and EVIDENCE_WORDS[lang] in text(card), key
    # each region cites its sources by the registry's titles
    assert "Tarneeb Masrawy Rules (Jawaker)" in text(region_card(section, "egypt"))
    assert "كيف ألعب الطرنيب" in text(region_card(section, "jordan"))
    assert "Kout Bo 6 Rules (Jawaker)" in text(region_card(section, "gulf"))


def test_regions_name_only_rule_sets_the_site_plays():
    spec = get("tarneeb")
    named = {r.key: r.side for r in regions.of_game(spec)}
    assert {k: v for k, v in named.items() if v} == SIDES
    assert regions.region_problems(spec) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_sets_two_regions_side_by_side(client, rulebook, lang):
    page = client.get(f"/{lang}/tarneeb/").content.decode()
    form = re.search(r'<form method="get" action="/' + lang + r'/compare/".*?</form>', page, re.S)
    options = re.findall(r'<option value="([^"]+)"', form[0])
    assert set(options) == set(SIDES.values()) and len(options) == 2 * len(SIDES)
    # the form's answer: Lebanon against Egypt, then Lebanon against Syria's Tarneeb 41
    for a, b, rule in (
        ("lebanon", "egypt", "auction"),
        ("lebanon", "syria", "trumps"),
        ("jordan", "lebanon", "auction"),
    ):
        query = urlencode({"a": SIDES[a], "b": SIDES[b]})
        response = client.get(f"/{lang}/compare/?{query}")
        assert response.status_code == 200, (a, b)
        assert f'id="differ-{rule}"' in response.content.decode(), (a, b, rule)


@pytest.mark.parametrize("lang", LANGS)
def test_the_compare_page_offers_the_regions(client, rulebook, lang):
    page = client.get(f"/{lang}/compare/").content.decode()
    group = re.search(r'<optgroup label="([^"]+)">(.*?)</optgroup>', page, re.S)
    assert group[1] == {"en": "By region", "ar": "حسب البلد", "fr": "Par région"}[lang]
    assert re.findall(r'<option value="([^"]+)"', group[2]) == list(SIDES.values())
    label = {"en": "Lebanon (Tarneeb – Lebanese)", "ar": "لبنان (طرنيب – اللبنانية)"}.get(lang)
    if label:
        assert label in html.unescape(group[2])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("region", sorted(SIDES))
def test_a_practice_match_starts_under_each_regions_rules(client, rulebook, lang, region):
    game, variant = SIDES[region].split(":")
    form = {"variant": variant, "seat": "S", "level": "club"}
    response = client.post(f"/{lang}/{game}/practice/", form)
    assert response.status_code == 303
    url = urlsplit(response["Location"]).path
    match = Match.objects.get(public_id=url.rstrip("/").split("/")[-1])
    practice = match.replay()
    assert practice.setup.rules() == get(game).presets[variant]
    page = client.get(url)
    assert page.status_code == 200 and f'<html lang="{lang}"' in page.content.decode()
    # the learner's first move, from the page's own form
    token = practice.module.format_move(practice.legal()[0])
    turn = {"ply": practice.ply, "deal": practice.deal_number, "undos": 0}
    assert client.post(url + "move/", {**turn, "move": token}).status_code == 303
    assert match.__class__.objects.get(pk=match.pk).replay().ply > practice.ply


@pytest.mark.parametrize("lang", LANGS)
def test_every_conflict_is_a_claim_on_the_page(client, rulebook, lang):
    """tarneeb-regions.md's summary, each conflict shown as the sources' claims beside its
    rule: the auction, all four passing, the made contract, a failed 13, the target, the
    Egyptian suit order; doubling as the Egyptian page states it."""
    page = client.get(f"/{lang}/tarneeb/egyptian/").content.decode()
    conflicts = {
        "auction": ["Cats at Cards", "Tarneeb Masrawy Rules (Jawaker)"],
        "dealer_forced": ["old Wikipedia revision, en-academic", "tarneeb-arabic"],
        "made_scores": ["Rules (Shaddah app)"],
        "defenders_score_made": ["skorat", "tarneeb-arabic"],
        "grand_missed_defender_multiplier": ["Tarneeb (King Trix)"],
        "target": ["Rules (Shaddah app)", "طرنيب Tarneeb (dev mazzi, store text)"],
        "strain_order": ["Tarneeb Masrawy Rules (Jawaker)", "Tarneeb (SquareScores guide)"],
        "double_defenders": ["Tarneeb Masrawy Rules (Jawaker)"],
    }
    for key, titles in conflicts.items():
        rule = text(re.search(rf'<div class="rule" id="rule-{key}".*?</dd>', page, re.S)[0])
        for title in titles:
            assert title in rule, (lang, key, title)
    # the site's default is told with its reason on the suit order, and the other order offered
    rule = re.search(r'<div class="rule" id="rule-strain_order".*?</dd>', page, re.S)[0]
    assert 'class="differs"' in rule


def test_jawakers_suit_order_is_a_house_rule_of_the_egyptian_preset(client, rulebook):
    page = client.get("/en/tarneeb/egyptian/?rule.strain_order=diamonds_high")
    assert page.status_code == 200
    rule = text(re.search(r'id="rule-strain_order".*?</dd>', page.content.decode(), re.S)[0])
    assert "diamonds, hearts, spades, clubs" in rule
    found = client.get(
        "/api/compare",
        {"a": "tarneeb:egyptian", "b": "tarneeb:egyptian", "b.rule.strain_order": "diamonds_high"},
    ).json()
    assert [d["rule"] for d in found["differences"]] == ["strain_order"]


@pytest.mark.parametrize("lang", LANGS)
def test_tarneeb_41_records_jawakers_syrian_41_page_beside_the_others(client, rulebook, lang):
    """relatives.md: hearts always trumps, one bid each from 1 [P-41, AG-41, SH-41, TR-41,
    T4-41]; tarneeb-regions.md: Jawaker's "Syrian 41" AMP page shows an auction from 7 and a
    trump chosen by its winner. Both are recorded; the site plays the first."""
    page = client.get(f"/{lang}/tarneeb-41/").content.decode()
    trumps = text(re.search(r'<div class="rule" id="rule-trumps".*?</dd>', page, re.S)[0])
    called = {"en": "named by the auction's winner", "ar": "يسمّيه الرابح في المزايدة"}
    called["fr"] = "choisi par le gagnant des enchères"
    assert "Tarneeb Syrian 41 Rules, AMP page (Jawaker)" in trumps and called[lang] in trumps
    assert tarneeb.PRESETS["classic"].auction == "classic"
    min_bid = text(re.search(r'<div class="rule" id="rule-min_bid".*?</dd>', page, re.S)[0])
    assert "Tarneeb Syrian 41 Rules, AMP page (Jawaker)" in min_bid


@pytest.mark.parametrize("lang", LANGS)
def test_the_differences_table_groups_two_dozen_sources_by_what_they_say(client, rulebook, lang):
    """With 24 sources, a column each would be unreadable on a phone: each rule's cell lists
    what is said, and who says it."""
    page = client.get(f"/{lang}/tarneeb/").content.decode()
    table = re.search(r'<table class="differences by-value">.*?</table>', page, re.S)[0]
    header = re.search(r"<thead>.*?</thead>", table, re.S)[0]
    assert header.count("<th ") == 5 and "<bdi" not in header
    row = re.search(r'<tr id="diff-strain_order".*?</tr>', table, re.S)[0]
    groups = re.findall(r"<li><strong>(.*?)</strong>(.*?)</li>", row, re.S)
    assert len(groups) == 2
    assert "Tarneeb (SquareScores guide)" in groups[0][1]
    assert "Tarneeb Masrawy Rules (Jawaker)" in groups[1][1]
    row = text(re.search(r'<tr id="diff-defenders_score_made".*?</tr>', table, re.S)[0])
    for title in ("Rules (Shaddah app)", "tarneeb-arabic (lib/tarneeb/types.ts)", "skorat"):
        assert title in row


@pytest.mark.django_db
def test_a_score_sheet_kept_as_some_apps_score_the_defenders(client, rulebook):
    """WK, SK and SHD score the defenders' tricks on a made bid too: a sheet started with that
    house rule writes them (NS bid 8 and take 9: 9 to NS, 4 to EW)."""
    from tests.web.test_sheet import deal, new_match, page, standing

    url = new_match(client, **{"rule.defenders_score_made": "true", "rule.made_scores": "bid"})
    assert deal(client, url, 1, 8, "NS", 9).status_code == 302
    shown = standing(page(client, url))
    assert (shown["line-ns"], shown["line-ew"]) == (8, 4)  # SHD: the number bid, and EW's 4


@pytest.mark.parametrize("lang", LANGS)
def test_the_variants_named_by_place_come_first_and_the_mechanical_ones_apart(
    client, rulebook, lang
):
    """A Lebanese player finds "Lebanese" among the first variants; the forms named by how they
    work are listed apart, as house rules too."""
    page = client.get(f"/{lang}/tarneeb/").content.decode()
    nav = re.search(r'<nav class="variants".*?</nav>', page, re.S)[0]
    first, apart = re.findall(r"<ul>(.*?)</ul>", nav, re.S)[:2]
    slugs = lambda part: re.findall(rf'href="/{lang}/tarneeb/([\w-]+)/"', part)  # noqa: E731
    assert slugs(first) == ["lebanese", "egyptian"]  # Classic is the page itself
    assert slugs(apart) == ["clockwise", "one-bid", "dealer-forced"]
    heading = {"en": "Named by how they work", "ar": "باسم طريقة لعبها", "fr": "Nommées d’après"}
    assert heading[lang] in text(nav)
    # a game with no regions lists its variants as before
    nav = re.search(
        r'<nav class="variants".*?</nav>', client.get(f"/{lang}/leekha/").content.decode(), re.S
    )[0]
    assert 'class="by-mechanics"' not in nav
