"""Rule pages: generated from the registry and the engine's parameters, in three languages."""

import dataclasses
import re
from html import escape

import pytest
from django.urls import resolve
from django.utils import translation

from rulebook import differences, games, pages
from rulebook.models import Game, Rule

SECTIONS = [
    "glance",
    "deal",
    "exposing",
    "play",
    "scoring",
    "example",
    "end",
    "differences",
    "tips",
    "relatives",
]


def text_of(response):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_home_lists_the_games_in_each_language(client, rulebook, lang):
    response = client.get(f"/{lang}/")
    assert response.status_code == 200
    name = Game.objects.get(slug="bent-al-sbeet").__dict__[f"name_{lang}"]
    assert name and name in response.content.decode()
    assert f'href="/{lang}/bent-al-sbeet/"' in response.content.decode()


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_the_default_rules_page_has_every_section(client, rulebook, lang):
    response = client.get(f"/{lang}/bent-al-sbeet/")
    assert response.status_code == 200
    html = response.content.decode()
    for key in SECTIONS:
        assert f'<section id="{key}"' in html, key
    assert html.index('id="glance"') < html.index('id="differences"') < html.index('id="relatives"')


EXPECTED = {
    # variant: the numbers the page must state, from the engine's presets
    "qahwa": {"queen_points": "13", "queen_exposed": "26", "target": "151", "example": "28"},
    "sbeetah": {"queen_points": "12", "queen_exposed": "24", "target": "152", "example": "26"},
}


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
@pytest.mark.parametrize("variant", ["qahwa", "sbeetah"])
def test_each_variant_page_states_its_own_numbers(client, rulebook, lang, variant):
    response = client.get(f"/{lang}/bent-al-sbeet/{variant}/")
    assert response.status_code == 200
    html = response.content.decode()
    numbers = EXPECTED[variant]
    queen = re.search(r'id="rule-queen_points".*?</div>', html, re.S).group(0)
    assert numbers["queen_points"] in queen and numbers["queen_exposed"] in queen
    target = re.search(r'id="rule-target".*?</div>', html, re.S).group(0)
    assert numbers["target"] in target
    example = re.search(r'<section id="example".*?</section>', html, re.S).group(0)
    assert numbers["example"] in example


def test_the_sbeetah_page_doubles_hearts_and_has_no_moon(client, rulebook):
    html = client.get("/en/bent-al-sbeet/sbeetah/").content.decode()
    hearts = re.search(r'id="rule-hearts_double_when_both_exposed".*?</div>', html, re.S).group(0)
    assert "2 points each" in hearts
    moon = re.search(r'id="rule-moon".*?</div>', html, re.S).group(0)
    assert "no moon shot" in re.sub(r"<[^>]+>", "", moon)  # the term links to the glossary
    lead = re.search(r'id="rule-opening_lead".*?</div>', html, re.S).group(0)
    assert "jack of hearts" in lead


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_the_differences_table_shows_each_claim_and_the_reason(client, rulebook, lang):
    html = client.get(f"/{lang}/bent-al-sbeet/").content.decode()
    row = re.search(r'<tr id="diff-queen_points"[^>]*>.*?</tr>', html, re.S).group(0)
    kind, *cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    with translation.override(lang):
        assert kind == str(differences.LABELS[differences.DISAGREE])
    assert cells[0].startswith("13") and cells[1].startswith("12")
    assert cells[2].strip() == "13"  # the site's default
    with translation.override(lang):
        reason = Rule.objects.get(key="queen_points", game__slug="bent-al-sbeet").default_reason
    assert reason and escape(reason) in cells[3]
    # a rule only one source states is listed, with the silent source marked
    assert 'id="diff-moon"' in html and "claim-not_stated" in html
    # a rule on which both sources agree is not
    assert 'id="diff-ten_points"' not in html


def test_changing_a_parameter_changes_the_page(rulebook):
    spec = games.get("bent-al-sbeet")
    game = Game.objects.get(slug="bent-al-sbeet")
    base = spec.presets["qahwa"]
    changed = dataclasses.replace(base, queen_points=20, exposure_multiplier=3, target=201)
    with translation.override("en"):
        before = pages.build(game, spec, "qahwa", base)
        after = pages.build(game, spec, "qahwa", changed)

    def statement(page, key):
        return next(r.statement for s in page["sections"] for r in s["rules"] if r.key == key)

    assert "20" not in statement(before, "queen_points")
    assert "20" in statement(after, "queen_points") and "60" in statement(after, "queen_points")
    assert "201" in statement(after, "target")
    assert statement(after, "exposure_multiplier") != statement(before, "exposure_multiplier")
    off = dataclasses.replace(base, forced_penalty_discard=False, moon=False)
    with translation.override("en"):
        page = pages.build(game, spec, "qahwa", off)
    assert statement(page, "forced_penalty_discard") != statement(before, "forced_penalty_discard")
    assert statement(page, "moon") != statement(before, "moon")


@pytest.mark.parametrize(
    "lang,word", [("en", "no variant"), ("fr", "aucune variante"), ("ar", "لا توجد")]
)
def test_an_unknown_variant_is_a_404_in_the_pages_language(client, rulebook, lang, word):
    response = client.get(f"/{lang}/bent-al-sbeet/nonesuch/")
    assert response.status_code == 404
    assert word in response.content.decode()


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_an_unknown_game_is_a_404_that_names_it(client, rulebook, lang):
    for path in (f"/{lang}/poker/", f"/{lang}/poker/position/", f"/{lang}/tarneeb-4/"):
        response = client.get(path)
        assert response.status_code == 404
        assert path.split("/")[2] in text_of(response)


def test_a_games_pages_are_resolved_for_its_games_alone():
    """A game's rule and position pages are tried before every other page, so their pattern
    may match the site's games and nothing else: never a page's own word."""

    def resolved(lang, path):
        with translation.override(lang):  # the address's language prefix is the active one
            return resolve(f"/{lang}/{path}")

    for slug in games.GAMES:  # tarneeb-41 is not read as tarneeb followed by more
        for lang, path, name in (
            ("en", f"{slug}/", "rules"),
            ("fr", f"{slug}/position/", "position"),
        ):
            match = resolved(lang, path)
            assert (match.url_name, match.kwargs) == (name, {"game": slug})
    for word in games.RESERVED:
        assert resolved("ar", f"{word}/").url_name != "rules"
    assert resolved("en", "quiz/").view_name == "quiz:index"
    assert resolved("en", "tutorials/").view_name == "tutorials:list"


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
@pytest.mark.parametrize("variant", ["qahwa", "sbeetah"])
def test_every_placeholder_is_filled(client, rulebook, lang, variant):
    html = client.get(f"/{lang}/bent-al-sbeet/{variant}/").content.decode()
    assert re.findall(r"\{\w+\}", html) == []
