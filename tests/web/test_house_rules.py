"""House rules on the rule pages: ``?rule.<key>=<value>`` rewrites the page, the form gives the
permalink, and every problem is a 400 page that keeps what the reader chose."""

import re
from html import unescape
from types import SimpleNamespace
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from django.utils import translation

from cardgames.contract import Game
from rulebook import checks, games
from rulebook.models import Rule

from .test_rule_pages import text_of


def block(html: str, rule: str) -> str:
    """One rule's statement on the page (its name and sentence), as text."""
    found = re.search(rf'id="rule-{rule}".*?(?=<details|<p class="house-mark")', html, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", unescape(found.group(0))))


def form_fields(html: str) -> list[tuple[str, str]]:
    """What the "your table's rules" form sends as it is shown (a browser's GET)."""
    form = re.search(r'<form method="get"[^>]*class="house-form".*?</form>', html, re.S).group(0)
    sent = []
    for select in re.finditer(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected>', select.group(2))
        sent.append((select.group(1), unescape(chosen.group(1))))
    for box in re.finditer(
        r'<input type="(hidden|checkbox)" name="([^"]+)" value="([^"]*)"([^>]*)>', form
    ):
        if box.group(1) == "hidden" or "checked" in box.group(4):
            sent.append((box.group(2), box.group(3)))
    return sent


WORDS = {
    # a changed target, the moon switched off, another pass: what each page must then say
    "en": {
        "target": "101",
        "moon": "no moon shot",
        "pass": "always passed to the player on your right",
    },
    "fr": {
        "target": "101",
        "moon": "pas de coup de la lune",
        "pass": "toujours passées au joueur à votre droite",
    },
    "ar": {
        "target": "101",
        "moon": "لا ضربة قمر هنا",
        "pass": "دائمًا إلى اللاعب الذي على يمينك",
    },
}


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_a_page_under_house_rules_says_them_everywhere(client, rulebook, lang):
    query = "rule.target=101&rule.moon=false&rule.pass_direction=right"
    response = client.get(f"/{lang}/bent-al-sbeet/qahwa/?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    words = WORDS[lang]
    assert words["target"] in block(html, "target") and "151" not in block(html, "target")
    assert words["moon"] in block(html, "moon")
    assert words["pass"] in block(html, "pass_direction")
    glance = text_of(response).split("</section>")[0]
    assert "101" in glance
    # marked as the table's own, with the variant's value beside it
    assert 'class="house-mark"' in re.search(r'id="rule-moon".*?</dd>', html, re.S).group(0)
    # a house-rule page is not indexed, and points at its variant
    assert '<meta name="robots" content="noindex">' in html
    # (the default variant's address is the game's own)
    assert re.search(rf'<link rel="canonical" href="[^"]*/{lang}/bent-al-sbeet/">', html)
    # its links keep the house rules: the print sheet and the comparison with the variant
    printed = re.search(r'href="([^"]*/bent-al-sbeet/qahwa/print/[^"]*)"', html).group(1)
    assert sorted(parse_qsl(urlsplit(unescape(printed)).query)) == sorted(parse_qsl(query))
    assert "a.rule.moon=false" in html


def test_a_preset_page_is_indexed_and_has_no_house_banner(client, rulebook):
    html = client.get("/en/bent-al-sbeet/qahwa/").content.decode()
    assert "noindex" not in html and 'class="house-banner"' not in html


def test_the_default_page_takes_house_rules_too(client, rulebook):
    html = client.get("/en/bent-al-sbeet/?rule.target=201").content.decode()
    assert "201" in block(html, "target") and "noindex" in html


def test_a_tarneeb_table_plays_to_41(client, rulebook):
    html = client.get("/ar/tarneeb/classic/?rule.target=41").content.decode()
    assert "41" in block(html, "target")
    with translation.override("ar"):
        name = Rule.objects.get(game__slug="tarneeb", key="target").name
    assert name in html  # the banner names the house rule


def test_the_form_lists_every_rule_with_its_values_in_words(client, rulebook):
    html = client.get("/en/bent-al-sbeet/qahwa/").content.decode()
    spec = games.get("bent-al-sbeet")
    sent = dict(form_fields(html))
    for key in games.rule_keys(spec):
        assert f"rule.{key}" in sent, key
    form = re.search(r'class="house-form".*?</form>', html, re.S).group(0)
    assert "left on odd deals, right on even deals" in form  # a choice in words
    assert "one card at most" in form  # a reading no source states, offered
    assert "<legend>Exposing</legend>" in form  # grouped by the page's sections


@pytest.mark.parametrize(
    "query",
    [
        "",
        "rule.target=101&rule.moon=false",
        "rule.pass_count=0&rule.exposable=QS&rule.expose_limit=one",
        "rule.later_deal_lead=lowest_score_each_trick&rule.lowest_score_tie=dealer",
    ],
)
def test_the_permalink_round_trips_through_the_form(client, rulebook, query):
    url = "/en/bent-al-sbeet/qahwa/" + (f"?{query}" if query else "")
    html = client.get(url).content.decode()
    sent = form_fields(html)
    response = client.get("/en/bent-al-sbeet/qahwa/?" + urlencode(sent))
    assert response.status_code == 302
    back = urlsplit(response["Location"])
    assert back.path == "/en/bent-al-sbeet/qahwa/"
    assert sorted(parse_qsl(back.query, keep_blank_values=True)) == sorted(
        parse_qsl(query, keep_blank_values=True)
    )


def test_a_form_that_changes_one_value_gives_a_short_permalink(client, rulebook):
    sent = dict(form_fields(client.get("/fr/tarneeb/classic/").content.decode()))
    sent["rule.target"] = "51"
    response = client.get("/fr/tarneeb/classic/?" + urlencode(sent))
    assert response["Location"] == "/fr/tarneeb/classic/?rule.target=51"


def test_no_exposable_card_is_a_house_rule_too(client, rulebook):
    query = urlencode([("rule.exposable", "")])
    html = client.get(f"/en/bent-al-sbeet/qahwa/?{query}").content.decode()
    assert 'name="rule.exposable" value="QS" checked' not in html
    assert 'class="house-banner"' in html


@pytest.mark.parametrize(
    "lang,words",
    [
        ("en", "There is no redouble without the double."),
        ("fr", "Il n’y a pas de surcontre sans le contre."),
        ("ar", "الدبل"),
    ],
)
def test_a_conflict_is_a_400_that_marks_both_rules(client, rulebook, lang, words):
    response = client.get(f"/{lang}/tarneeb/classic/?rule.redouble_allowed=true&rule.target=41")
    assert response.status_code == 400
    html = response.content.decode()
    assert 'name="robots" content="noindex"' in html
    for key in ("redouble_allowed", "double_allowed"):
        field = re.search(rf'id="field-{key}".*?</div>', html, re.S).group(0)
        assert 'aria-invalid="true"' in field and f'id="error-{key}"' in field
    assert words.replace("’", "'") in unescape(html).replace("’", "'")
    # what the reader chose is kept
    chosen = dict(form_fields(html))
    assert chosen["rule.redouble_allowed"] == "true" and chosen["rule.target"] == "41"


def test_a_bad_value_is_marked_beside_its_rule_and_kept(client, rulebook):
    response = client.get("/fr/bent-al-sbeet/qahwa/?rule.target=abc&rule.moon=false")
    assert response.status_code == 400
    html = response.content.decode()
    field = re.search(r'id="field-target".*?</div>', html, re.S).group(0)
    assert 'aria-invalid="true"' in field and "1 à 1000" in unescape(field)
    assert "Fin de la partie" in unescape(field)  # the rule by its name, not its key
    assert dict(form_fields(html))["rule.target"] == "abc"
    assert dict(form_fields(html))["rule.moon"] == "false"


def test_an_unknown_rule_is_a_400_in_the_pages_language(client, rulebook):
    response = client.get("/ar/bent-al-sbeet/sbeetah/?rule.nonesuch=1")
    assert response.status_code == 400
    assert "nonesuch" in response.content.decode() and 'dir="rtl"' in response.content.decode()


def test_house_rule_pages_are_cached_briefly_and_apart(client, rulebook):
    from django.core.cache import caches

    client.get("/en/bent-al-sbeet/qahwa/?rule.target=101")
    client.get("/en/bent-al-sbeet/qahwa/")
    countless, default = list(caches["countless"]._cache), list(caches["default"]._cache)
    assert any(
        "house:rules:en:bent-al-sbeet:qahwa" in k and "rule.target=101" in k for k in countless
    )
    assert any(":rules:en:bent-al-sbeet:qahwa:" in k and "house:" not in k for k in default)
    assert not any("house:" in k for k in default)


def test_the_differences_offer_the_sites_own_readings_as_house_rules(client, rulebook):
    html = client.get("/en/tarneeb/egyptian/").content.decode()
    row = re.search(r'<tr id="diff-after_double".*?</tr>', html, re.S).group(0)
    assert "No source says" in row
    assert "rule.after_double=double_kept" in row
    row = re.search(r'<tr id="diff-double_allowed".*?</tr>', html, re.S).group(0)
    assert "A regional variant" in row
    html = client.get("/en/bent-al-sbeet/sbeetah/").content.decode()
    row = re.search(r'<tr id="diff-later_deal_lead".*?</tr>', html, re.S).group(0)
    assert "A source leaves it open" in row
    assert (
        "rule.later_deal_lead=same" in row and "rule.later_deal_lead=lowest_score_each_trick" in row
    )


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_the_print_sheet_lists_every_rule_with_the_house_rules(client, rulebook, lang):
    response = client.get(f"/{lang}/bent-al-sbeet/qahwa/print/?rule.target=201")
    assert response.status_code == 200
    html = response.content.decode()
    assert "201" in html and "css/print" in html and "noindex" in html
    names = Rule.objects.filter(game__slug="bent-al-sbeet")
    with translation.override(lang):
        for rule in names:
            assert unescape(rule.name) in unescape(html)
    assert client.get(f"/{lang}/bent-al-sbeet/qahwa/print/?rule.target=x").status_code == 400


def fake(slug: str, *variants: str):
    """A game called ``slug`` with variants called ``variants``, in an engine of its own."""
    engine = SimpleNamespace(PRESETS=dict.fromkeys(variants), DEFAULT_PRESET=variants[0])
    return Game(slug, engine, "tarneeb")


def test_a_reserved_word_is_refused_as_a_slug():
    problems = checks.reserved_problems([fake("compare", "classic", "print")])
    assert any("'compare' is a reserved word" in p for p in problems)
    assert any("'print' is a reserved word" in p for p in problems)
    assert checks.reserved_problems(games.GAMES.values()) == []


@pytest.mark.parametrize("word", ["mine", "lessons", "tables", "table", "accounts", "analysis"])
def test_the_words_of_coming_pages_are_reserved_and_checked(word):
    """positions.md's reserved words name pages to come (accounts, lessons, live tables,
    analysis) and My matches: ``manage.py check`` refuses any as a game or variant slug."""
    from django.core import checks as django_checks

    assert word in games.RESERVED
    problems = checks.reserved_problems([fake(word, "classic", word)])
    assert f"the game slug {word!r} is a reserved word" in problems
    assert f"{word}: the variant slug {word!r} is a reserved word" in problems
    assert checks.no_reserved_slugs() == []
    assert checks.no_reserved_slugs in django_checks.registry.registry.get_checks()
