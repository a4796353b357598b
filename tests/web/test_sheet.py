"""The Tarneeb score sheet page: matches kept in the database, replayed by the engine. (Every
game's sheet, and the helpers for any game, are in ``test_sheets_every_game``.)"""

import html as htmllib
import re

import pytest
from django.test import Client

from cardgames.trickbid import tarneeb
from scoresheet.models import Entry, Match
from scoresheet.rules import variant_name

pytestmark = pytest.mark.django_db

EXAMPLE = [(8, "EW", 8), (10, "NS", 7), (9, "NS", 13)]  # the source's worked example


def new_match(client, lang="en", game="tarneeb", **data) -> str:
    """A new match of ``game``; ``target`` is the house rule ``rule.target``."""
    from cardgames.games import game as described

    data.setdefault("variant", described(game).engine.DEFAULT_PRESET)
    if "target" in data:
        data["rule.target"] = data.pop("target")
    response = client.post(f"/{lang}/{game}/sheet/", data)
    assert response.status_code == 302, response.content.decode()
    return response["Location"]


def deal(client, url, row, bid, side, tricks, doubled=False):
    data = {"kind": "deal", "row": row, "bid": bid, "side": side, "tricks": tricks}
    if doubled:
        data["doubled"] = "on"
    return client.post(url, data)


def points(client, url, row, ns, ew):
    return client.post(url, {"kind": "points", "row": row, "points_NS": ns, "points_EW": ew})


def standing(html: str) -> dict:
    """What the page shows: {"line-ns": 6, "debt-ew": 0, ...}."""
    found = re.findall(r'id="((?:line|debt|total)-(?:ns|ew))" data-value="(-?\d+)"', html)
    assert len(found) == 6
    return {key: int(value) for key, value in found}


def text(html: str) -> str:
    """What a reader sees: no tags (names are isolated in ``<bdi>``), entities read."""
    return htmllib.unescape(re.sub(r"<[^>]+>", "", html))


def page(client, url) -> str:
    """The page at ``url``; a private link's 303 (claimed, no token in the address) followed."""
    response = client.get(url, follow=True)
    assert response.status_code == 200
    return response.content.decode()


def match_of(url) -> Match:
    """The match of a scorer's link, or of its address without the token (``kept``)."""
    from plumbing.capability import ref

    last = url.rstrip("/").rsplit("/", 1)[1]
    if "/kept/" in url:
        return next(m for m in Match.objects.all() if ref(m.scorer) == last)
    return Match.objects.get(scorer=last)


def enter_example(client, url):
    for row, (bid, side, tricks) in enumerate(EXAMPLE, 1):
        response = deal(client, url, row, bid, side, tricks)
        assert response.status_code == 302 and response["Location"] == url


def test_a_new_match_is_stored_and_listed_most_recent_first(client, rulebook):
    first = new_match(client)
    second = new_match(client, variant="egyptian", target="51")
    assert first == match_of(first).kept_url() and match_of(first).scorer not in first
    assert (match_of(first).variant, match_of(first).rules().target) == ("classic", 31)
    assert (match_of(second).variant, match_of(second).rules().target) == ("egyptian", 51)
    assert match_of(first).house_rules == {} and match_of(second).house_rules == {"target": "51"}
    html = page(client, "/en/tarneeb/sheet/")
    assert html.index(f'href="{second}"') < html.index(f'href="{first}"')
    html = page(client, second)
    assert "Egyptian" in html and 'id="target">51<' in html


def test_the_target_defaults_to_the_variants(client):
    url = new_match(client, variant="one-bid")
    assert match_of(url).rules().target == tarneeb.PRESETS["one-bid"].target == 31
    html = page(client, "/en/tarneeb/sheet/")
    assert 'name="rule.target"' in html and "The usual values: 31, 41, 51 or 61." in html


def test_a_bad_new_match_is_refused(client):
    response = client.post("/en/tarneeb/sheet/", {"variant": "bridge", "rule.target": "40"})
    assert response.status_code == 400
    assert Match.objects.count() == 0
    assert "Choose one of the variants offered." in response.content.decode()


def test_the_worked_example_entered_as_deals(client):
    url = new_match(client)
    enter_example(client, url)
    html = page(client, url)
    assert standing(html) == {
        "line-ns": 6,
        "line-ew": 14,
        "debt-ns": 0,
        "debt-ew": 0,
        "total-ns": 6,
        "total-ew": 14,
    }
    assert "North–South bid 10 and took 7" in text(html)
    # the row after the miss: North–South writes 0, carries 10, plain total −10 (one minus
    # sign, isolated left to right)
    row = re.search(r'<tr id="row-2">(.*?)</tr>', html, re.S)[1]
    cells = re.findall(r'<bdi dir="ltr">\u2066?(\u2212?\d+)\u2069?</bdi>', row)
    minus = "\u2212"
    assert cells == [f"{minus}10", "0", "0", "10", f"{minus}10", "6", "6", "14", "0", "14"]
    # stored: the raw inputs in order; the sheet is the engine's replay of them
    match = match_of(url)
    stored = list(match.entries.values_list("number", "kind", "facts"))
    deal = {"doubled": False}
    assert stored == [
        (1, "deal", {**deal, "bid": 8, "side": "EW", "tricks": 8}),
        (2, "deal", {**deal, "bid": 10, "side": "NS", "tricks": 7}),
        (3, "deal", {**deal, "bid": 9, "side": "NS", "tricks": 13}),
    ]
    sheet, broken = match.replay()
    assert broken is None
    assert sheet.now == {"line": (6, 14), "debt": (0, 0), "total": (6, 14)}
    assert not sheet.standing.over


def test_the_page_explains_how_the_line_and_the_total_relate(client):
    html = page(client, new_match(client))
    assert "the plain total is the written total less the debt" in html
    assert "now owe 10" in html and "they write 6" in html


def test_points_entered_directly(client):
    url = new_match(client)
    assert deal(client, url, 1, 10, "NS", 7).status_code == 302  # North–South owes 10
    response = points(client, url, 2, 4, 9)
    assert response.status_code == 302
    html = page(client, url)
    # written exactly as typed: the lines and totals move, the debt does not
    assert standing(html) == {
        "line-ns": 4,
        "line-ew": 15,
        "debt-ns": 10,
        "debt-ew": 0,
        "total-ns": -6,
        "total-ew": 15,
    }
    assert "Points written" in html
    entry = match_of(url).entries.get(number=2)
    assert (entry.kind, entry.facts) == ("points", {"points": [4, 9]})


def test_a_reload_or_another_client_shows_the_same(client):
    url = new_match(client)
    enter_example(client, url)
    first = standing(page(client, url))
    assert standing(page(client, url)) == first
    scorer_link = match_of(url).scorer_url()
    assert standing(page(Client(), scorer_link)) == first  # another browser, from the link
    assert Client().get(url).status_code == 404  # the address without the token is not one
    assert standing(page(Client(), match_of(url).share_url())) == first  # the share link


BAD = [
    # (form data, the field and typed value kept in the form, words of the message)
    ({"kind": "points", "points_NS": "-3", "points_EW": "0"}, ("points_NS", "-3"), "from 0 up"),
    ({"kind": "points", "points_NS": "abc", "points_EW": "2"}, ("points_NS", "abc"), "Enter a"),
    (
        {"kind": "points", "points_NS": "50000", "points_EW": "0"},
        ("points_NS", "50000"),
        "less than or equal to 9999",
    ),
    ({"kind": "deal", "bid": "9", "side": "NS", "tricks": "14"}, ("tricks", "14"), "0 to 13"),
    ({"kind": "deal", "bid": "6", "side": "NS", "tricks": "8"}, ("bid", "6"), "7 to 13"),
    ({"kind": "deal", "bid": "eight", "side": "NS", "tricks": "8"}, ("bid", "eight"), "whole"),
    ({"kind": "deal", "bid": "8", "side": "XY", "tricks": "8"}, ("tricks", "8"), "Choose one of"),
    (
        {"kind": "deal", "bid": "8", "side": "NS", "tricks": "8", "doubled": "on"},
        ("bid", "8"),
        "This variant has no doubles",
    ),
]


@pytest.mark.parametrize("data,kept,words", BAD)
def test_a_bad_entry_is_refused_and_the_form_keeps_it(client, data, kept, words):
    url = new_match(client)
    response = client.post(url, {**data, "row": 1})
    assert response.status_code == 400
    html = htmllib.unescape(response.content.decode())
    assert words in html
    name, value = kept
    assert re.search(rf'<input type="text" name="{name}" value="{re.escape(value)}"', html)
    assert 'role="alert"' in html
    assert match_of(url).entries.count() == 0
    assert standing(html)["line-ns"] == 0


@pytest.mark.parametrize(
    "lang,words", [("fr", "Saisissez un nombre entier"), ("ar", "أدخل رقما صحيحا")]
)
def test_a_bad_entry_is_explained_in_the_pages_language(client, lang, words):
    url = new_match(client, lang=lang)
    assert url.startswith(f"/{lang}/")
    response = points(client, url, 1, "x", 3)
    assert response.status_code == 400
    assert words in response.content.decode()


def test_the_same_form_sent_twice_adds_the_row_once(client):
    url = new_match(client)
    assert deal(client, url, 1, 8, "EW", 8).status_code == 302
    again = deal(client, url, 1, 8, "EW", 8)
    assert again.status_code == 409
    html = again.content.decode()
    assert "Row 1 is already on the sheet" in html
    assert 'name="row" value="2"' in html  # the form, kept, now adds row 2
    assert 'name="bid" value="8"' in html
    assert match_of(url).entries.count() == 1
    assert standing(html)["line-ew"] == 8


def test_a_form_without_or_ahead_of_its_row_is_refused(client):
    url = new_match(client)
    assert deal(client, url, 3, 8, "EW", 8).status_code == 400
    response = client.post(url, {"kind": "deal", "bid": 8, "side": "EW", "tricks": 8})
    assert response.status_code == 400
    assert "out of date" in response.content.decode()
    assert client.post(url, {"kind": "nonsense", "row": 1}).status_code == 400
    assert match_of(url).entries.count() == 0


def test_an_ended_match_takes_no_more_entries(client):
    url = new_match(client)
    assert deal(client, url, 1, 8, "EW", 8).status_code == 302
    html = page(client, url)
    assert f'href="{url}end/"' in html
    assert f'action="{url}end/"' in page(client, url + "end/")  # asks for confirmation
    response = client.post(url + "end/", {"row": 1})
    assert response.status_code == 302 and response["Location"] == url
    assert match_of(url).ended is not None
    html = page(client, url)
    assert "This match has been ended" in html and f'href="{url}end/"' not in html
    assert 'name="bid"' not in html  # no entry form on an ended match
    refused = deal(client, url, 2, 9, "NS", 9)
    assert refused.status_code == 400
    html = refused.content.decode()
    assert "no more deals can be entered" in html
    assert 'name="bid" value="9"' in html and "<fieldset disabled>" in html
    assert match_of(url).entries.count() == 1
    assert client.post(url + "end/", {"row": 1}).status_code == 302  # twice changes nothing
    assert client.put(url + "end/").status_code == 405


def test_the_winner_is_shown_when_a_line_reaches_the_target(client):
    url = new_match(client, target="41")
    assert points(client, url, 1, 30, 12).status_code == 302
    assert 'id="winner"' not in page(client, url)
    assert deal(client, url, 2, 11, "NS", 11).status_code == 302
    html = page(client, url)
    assert "The match is over, won by North–South." in text(html)
    assert standing(html)["line-ns"] == 41
    assert 'name="bid"' not in html
    refused = points(client, url, 3, 1, 1)
    assert refused.status_code == 400
    assert "The match is over, won by North–South" in text(refused.content.decode())
    assert match_of(url).entries.count() == 2


def test_an_egyptian_doubled_deal(client):
    url = new_match(client, variant="egyptian")
    assert 'name="doubled"' in page(client, url)
    assert deal(client, url, 1, 8, "EW", 8, doubled=True).status_code == 302
    assert standing(page(client, url))["line-ew"] == 16  # a made double: twice 8
    assert deal(client, url, 2, 10, "NS", 7, doubled=True).status_code == 302
    html = page(client, url)
    # the missed double costs twice the bid; the defenders' tricks are not doubled
    assert standing(html) == {
        "line-ns": 0,
        "line-ew": 22,
        "debt-ns": 20,
        "debt-ew": 0,
        "total-ns": -20,
        "total-ew": 22,
    }
    assert "North–South bid 10, doubled, and took 7" in text(html)
    assert match_of(url).entries.get(number=2).facts["doubled"] is True
    assert 'name="doubled"' not in page(client, new_match(client))


@pytest.mark.parametrize("lang,direction", [("ar", "rtl"), ("en", "ltr"), ("fr", "ltr")])
def test_the_pages_render_in_each_language(client, lang, direction):
    url = new_match(client, lang=lang)
    deal(client, url, 1, 8, "EW", 8)
    for address in (f"/{lang}/tarneeb/sheet/", url):
        html = page(client, address)
        assert f'<html lang="{lang}" dir="{direction}">' in html
        assert 'name="csrfmiddlewaretoken"' in html
    # the language switcher leads to the same match
    other = "en" if lang != "en" else "fr"
    assert f'href="/{other}{url[3:]}"' in page(client, url)


def test_an_unknown_match_is_404(client):
    assert client.get("/en/tarneeb/sheet/1/").status_code == 404
    for where in ("score", "view"):
        assert client.get(f"/en/tarneeb/sheet/{where}/nothing-here/").status_code == 404
    missing = "/en/tarneeb/sheet/score/nothing-here/"
    assert client.post(missing, {"kind": "points", "row": 1}).status_code == 404
    assert client.post(missing + "end/", {"row": 0}).status_code == 404
    assert client.post(missing + "undo/", {"row": 1}).status_code == 404


def test_forms_need_the_csrf_token():
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/en/tarneeb/sheet/", {"variant": "classic"}).status_code == 403
    assert Match.objects.count() == 0


def test_every_variant_has_a_name():
    from django.utils import translation

    from rulebook.loader import load_all
    from rulebook.models import game_rows

    load_all()
    with translation.override("fr"):
        names = {variant_name(game_rows("tarneeb"), slug) for slug in tarneeb.PRESETS}
    assert len(names) == len(tarneeb.PRESETS) and "Classique" in names


def test_a_row_the_engine_refuses_is_reported_not_a_500(client):
    url = new_match(client)
    facts = {"bid": 5, "side": "NS", "tricks": 5, "doubled": False}
    Entry.objects.create(match=match_of(url), number=1, kind="deal", facts=facts)
    html = page(client, url)
    assert "Row 1 cannot be read" in html and "7 to 13" in html


DEBTS_HINT = "Whole numbers from 0 up, written exactly as typed: the debts do not change."


@pytest.mark.parametrize(
    ("game", "lang", "keeps_debts"),
    [
        ("tarneeb", "en", True),
        ("tarneeb", "ar", True),
        ("hearts", "en", False),
        ("leekha", "fr", False),
    ],
)
def test_the_points_form_speaks_of_debts_only_where_the_sheet_keeps_them(
    client, rulebook, game, lang, keeps_debts
):
    """Tarneeb's sheet carries debts, so its typed-points hint says they stay; no other game's
    sheet has debts, nor that sentence, in any language."""
    from django.utils import translation

    with translation.override(lang):
        sentence = translation.gettext(DEBTS_HINT)
    hints = re.findall(r'<p class="hint">([^<]*)</p>', page(client, new_match(client, lang, game)))
    assert any(sentence in htmllib.unescape(h) for h in hints) == keeps_debts
