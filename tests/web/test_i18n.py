"""Languages: every catalogue complete, the URL carries the language, `/` follows the browser."""

import re
from pathlib import Path

import polib
import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale"


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_every_message_is_translated_and_none_is_fuzzy(lang):
    po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
    assert len(po) > 50
    assert [e.msgid for e in po.untranslated_entries()] == []
    assert [e.msgid for e in po.fuzzy_entries()] == []


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_translations_keep_every_placeholder(lang):
    import re

    po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
    names = re.compile(r"%\(\w+\)s|\{\w+\}")
    for e in po.translated_entries():
        if e.msgid_plural:
            continue
        # A translation may name a seat once where the English repeats it.
        assert set(names.findall(e.msgid)) == set(names.findall(e.msgstr)), e.msgid


@pytest.mark.parametrize(
    "header,expected",
    [("ar,en;q=0.5", "/ar/"), ("fr-FR,fr;q=0.9", "/fr/"), ("en-GB", "/en/"), ("de", "/en/")],
)
@pytest.mark.django_db
def test_the_root_redirects_by_accept_language(client, header, expected):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=header)
    assert response.status_code == 302
    assert response["Location"] == expected


@pytest.mark.parametrize("lang,direction", [("ar", "rtl"), ("en", "ltr"), ("fr", "ltr")])
def test_pages_declare_language_and_direction(client, rulebook, lang, direction):
    html = client.get(f"/{lang}/").content.decode()
    assert f'<html lang="{lang}" dir="{direction}">' in html


def test_the_switcher_lands_on_the_same_page_and_query(client, rulebook):
    query = (
        "?variant=sbeetah&dealer=E&deal=N%3AAKQJ.T98.765.432+T98.765.432.AKQJ"
        "+765.432.AKQJ.T98+432.AKQJ.T98.765"
    )
    html = client.get("/en/bent-al-sbeet/position/" + query).content.decode()
    assert 'href="/ar/bent-al-sbeet/position/?variant=sbeetah&amp;dealer=E' in html
    html = client.get("/fr/bent-al-sbeet/sbeetah/").content.decode()
    assert 'href="/ar/bent-al-sbeet/sbeetah/"' in html
    assert 'href="/en/bent-al-sbeet/sbeetah/"' in html


def test_no_page_fetches_from_the_internet(client, rulebook, settings):
    settings.SITE_URL = "https://diwaniya.example"
    for url in ["/ar/", "/en/bent-al-sbeet/", "/fr/bent-al-sbeet/sbeetah/"]:
        html = client.get(url).content.decode()
        # hreflang, canonical and og:url name the site's own address (SITE_URL); a browser
        # fetches nothing from them
        own = (
            r'<link rel="(alternate|canonical)"( hreflang="[\w-]+")? href="https://diwaniya\.example/'
            r'|<meta property="og:url" content="https://diwaniya\.example/'
        )
        html = re.sub(own, "", html)
        assert "http://" not in html.replace("http://testserver", "")
        assert "https://" not in html
