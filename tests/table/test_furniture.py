"""What every page carries for search engines and previews, and the newcomer's path."""

import re
from xml.etree import ElementTree

import pytest
from django.test import override_settings

LANGS = ("ar", "en", "fr")


def heads(html: str) -> dict:
    return {
        "canonical": re.findall(r'<link rel="canonical" href="([^"]+)"', html),
        "alternates": dict(
            re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"', html)
        ),
        "og": dict(re.findall(r'<meta property="og:(\w+)" content="([^"]*)"', html)),
        "description": re.findall(r'<meta name="description" content="([^"]+)"', html),
    }


@override_settings(SITE_URL="https://diwaniya.example")
@pytest.mark.parametrize("lang", LANGS)
def test_a_rule_page_and_its_default_twin_name_one_canonical_address(client, rulebook, lang):
    game = heads(client.get(f"/{lang}/bent-al-sbeet/").content.decode())
    twin = heads(client.get(f"/{lang}/bent-al-sbeet/qahwa/").content.decode())
    other = heads(client.get(f"/{lang}/bent-al-sbeet/sbeetah/").content.decode())
    address = f"https://diwaniya.example/{lang}/bent-al-sbeet/"
    assert game["canonical"] == twin["canonical"] == [address]
    assert other["canonical"] == [address + "sbeetah/"]
    # absolute hreflang links, the page itself among them, and x-default without a language
    assert twin["alternates"] == {
        "ar": "https://diwaniya.example/ar/bent-al-sbeet/",
        "en": "https://diwaniya.example/en/bent-al-sbeet/",
        "fr": "https://diwaniya.example/fr/bent-al-sbeet/",
        "x-default": "https://diwaniya.example/bent-al-sbeet/",
    }
    assert game["og"]["url"] == address and game["og"]["title"]
    assert (
        game["description"]
        and game["description"][0]
        != heads(client.get(f"/{lang}/").content.decode())["description"][0]
    )


@override_settings(SITE_URL="https://diwaniya.example")
def test_the_address_without_a_language_serves_as_x_default(client, rulebook):
    response = client.get("/bent-al-sbeet/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 302 and response["Location"] == "/fr/bent-al-sbeet/"


@override_settings(SITE_URL="https://diwaniya.example")
def test_error_pages_have_no_hreflang_nor_canonical(client, rulebook):
    html = client.get("/en/no-such-game/").content.decode()
    assert heads(html)["alternates"] == {} and heads(html)["canonical"] == []


@override_settings(SITE_URL="https://diwaniya.example")
def test_the_sitemap_lists_every_page_type_in_every_language(client, tutorials):
    response = client.get("/sitemap.xml", HTTP_HOST="testserver")
    assert response.status_code == 200
    xml = ElementTree.fromstring(response.content)
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    locations = [loc.text for loc in xml.findall("s:url/s:loc", ns)]
    assert all(loc.startswith("https://diwaniya.example/") for loc in locations)
    for lang in LANGS:
        for path in (
            "",
            "bent-al-sbeet/",
            "tarneeb/egyptian/",
            "glossary/",
            "tutorials/",
            "quiz/",
            "tutorials/bent-first-deal/1/",
        ):
            assert f"https://diwaniya.example/{lang}/{path}" in locations
    assert "https://diwaniya.example/en/tarneeb/classic/" not in locations  # the default twin
    assert b'hreflang="x-default"' in response.content


@override_settings(SITE_URL="https://diwaniya.example")
def test_robots_points_at_the_sitemap_and_keeps_private_pages_out(client):
    text = client.get("/robots.txt").content.decode()
    assert "Sitemap: https://diwaniya.example/sitemap.xml" in text
    assert "Disallow: /en/mine/" in text and "Disallow: /api/" in text


def test_pages_without_a_fixed_address_are_not_indexed(client, rulebook):
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    html = client.get("/en/tarneeb/position/", {"deal": deal}).content.decode()
    assert '<meta name="robots" content="noindex">' in html
    assert "noindex" not in client.get("/en/tarneeb/").content.decode()


def test_every_page_has_a_favicon_from_the_site(client, rulebook):
    html = client.get("/ar/").content.decode()
    assert re.search(r'<link rel="icon" href="/static/favicon\.[0-9a-f]+\.svg"', html)


@pytest.mark.parametrize(
    "lang,learn", [("en", "Learn Tarneeb"), ("fr", "apprendre à jouer"), ("ar", "تعلّم")]
)
def test_a_rule_page_starts_with_the_path_for_a_newcomer(client, tutorials, lang, learn):
    html = client.get(f"/{lang}/tarneeb/").content.decode()
    box = re.search(r'<nav class="learn".*?</nav>', html, re.S).group(0)
    assert learn in box
    assert html.index('class="learn"') < html.index('id="glance"')
    assert "/tutorials/tarneeb-first-auction/" in box  # the first tutorial of the game
    assert "/quiz/set/?game=tarneeb" in box  # a set of five, ending on a score
    assert "#glance" in box
    # "Play a deal", one tap from a practice match, beside the path
    play = re.search(r'<form method="post" action="([^"]+)" class="play-deal">', html)
    assert play and play[1] == f"/{lang}/tarneeb/practice/play/"


def test_the_path_follows_the_visitors_progress(client, tutorials):
    html = client.get("/en/bent-al-sbeet/").content.decode()
    assert "/tutorials/bent-first-deal/" in html and "resume at step" not in html
    from tutorials.models import Tutorial

    question = Tutorial.objects.get(slug="bent-first-deal").steps.filter(question=True).first()
    step = question.number
    assert client.post(f"/en/tutorials/bent-first-deal/{step}/", {"hint": "1"}).status_code == 302
    client.get(f"/en/tutorials/bent-first-deal/{step + 1}/")
    mine = client.get("/en/bent-al-sbeet/").content.decode()
    assert f"resume at step {step + 1}" in mine
    # the page is the same address for everyone, but the progress is this visitor's alone
    other = client.__class__().get("/en/bent-al-sbeet/").content.decode()
    assert "resume at step" not in other


@pytest.mark.parametrize("lang", LANGS)
def test_rule_sections_link_to_the_table_that_plays_them_out(client, tutorials, lang):
    html = client.get(f"/{lang}/bent-al-sbeet/").content.decode()
    sections = dict(re.findall(r'<section id="([\w-]+)"(.*?)</section>', html, re.S))
    linked = [key for key, body in sections.items() if 'class="worked"' in body]
    assert {"deal", "play", "scoring"} <= set(linked)
    position = re.search(
        r'<p class="worked">.*?<a href="([^"]+)">[^<]*</a>\s*</p>', sections["play"], re.S
    )
    url = position.group(1).replace("&amp;", "&")
    assert f"/{lang}/bent-al-sbeet/position/?variant=qahwa" in url
    assert client.get(url).status_code == 200
    # a sbeetah page links only to positions played under sbeetah
    sbeetah = client.get(f"/{lang}/bent-al-sbeet/sbeetah/").content.decode()
    assert "variant=qahwa" not in "".join(re.findall(r'<p class="worked">.*?</p>', sbeetah, re.S))


def test_a_page_outside_the_languages_has_its_furniture_too(client, rulebook):
    # the sitemap's own error page, and a page whose address carries no language
    assert client.get("/sitemap.xml", {"p": "9"}).status_code == 404
    assert client.get("/robots.txt").status_code == 200
