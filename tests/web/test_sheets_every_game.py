"""Every game's score sheet through its pages: from the start to a winner in each language,
scored by the engine under the table's rules, with the ownership, links, undo and confirmed
end of the Tarneeb sheet.

Leekha, Tarneeb 41 and Hearts, added after the first three, are tested through the same pages
(the ``relatives`` fixture says they are listed)."""

import re

import pytest
from django.test import Client

from cardgames.games import game as described
from cardgames.games import sheet_for
from rulebook import games
from scoresheet.checks import sheet_problems
from scoresheet.models import Entry, Match

from .test_sheet import match_of, new_match, page, text

pytestmark = pytest.mark.django_db

LANGS = ("ar", "en", "fr")


@pytest.fixture
def relatives():
    """Leekha, Tarneeb 41 and Hearts, each with its registry file, in the list of games."""
    assert {"leekha", "tarneeb-41", "hearts"} <= set(games.GAMES)


def row(client, url, number, kind, **data):
    response = client.post(url, {"kind": kind, "row": number, **data})
    assert response.status_code == 302, text(response.content.decode())[-1500:]
    return response


def totals(html: str) -> dict:
    """Each line's total as the page shows it: {"n": 35, ...} or {"ns": 6, ...}."""
    return {k: int(v) for k, v in re.findall(r'id="total-(\w+)" data-value="(-?\d+)"', html)}


def cards(hearts, queen, ten=None, exposed=(), **more):
    data = {f"hearts_{seat}": n for seat, n in zip("NESW", hearts, strict=True)}
    data.update(queen=queen, exposed=list(exposed), **more)
    if ten:
        data["ten"] = ten
    return data


def bids(bid, tricks):
    data = {f"bid_{seat}": n for seat, n in zip("NESW", bid, strict=True)}
    data.update({f"tricks_{seat}": n for seat, n in zip("NESW", tricks, strict=True)})
    return data


SABAAT_FULL = {"winner": "NS", "aces": 4, "courts": 12, "seven_out": "on", "multiplier": 1}

# game: (names, rows of (kind, data), the totals at the end, the winners' names)
MATCHES = {
    "bent-al-sbeet": (
        ["Ahmad", "Badr", "Jassim", "Fahad"],
        [("cards", cards([9, 3, 0, 1], "N", "E", ["QS"]))] * 4
        + [("points", {"points_N": 35, "points_E": 13, "points_S": 0, "points_W": 1})],
        {"n": 175, "e": 65, "s": 0, "w": 5},
        ["Jassim"],
    ),
    "tarneeb": (
        ["Us", "Them"],
        [
            ("deal", {"side": "EW", "bid": 8, "tricks": 8}),
            ("deal", {"side": "NS", "bid": 10, "tricks": 7}),
            ("deal", {"side": "NS", "bid": 9, "tricks": 13}),
            ("points", {"points_NS": 0, "points_EW": 17}),
        ],
        {"ns": 6, "ew": 31},
        ["Them"],
    ),
    "sabaat-al-deemin": (
        [],
        [
            ("deal", SABAAT_FULL),  # 4 aces, 12 court cards and a seven: 400
            (
                "deal",
                {
                    "winner": "EW",
                    "aces": 0,
                    "courts": 1,
                    "multiplier": 1,
                    "penalties_NS": 0,
                    "penalties_EW": 1,
                },
            ),  # fmt: skip
        ],
        {"ns": 500, "ew": 10},
        None,  # North–South, in each language's words
    ),
    "leekha": (
        ["Samir", "Rami", "Hadi", "Ziad"],
        [("cards", cards([13, 0, 0, 0], "N", "N"))] * 3,
        {"n": 108, "e": 0, "s": 0, "w": 0},
        ["Rami", "Ziad"],
    ),
    "tarneeb-41": (
        ["Samir", "Rami", "Hadi", "Ziad"],
        [("bids", bids([7, 1, 1, 2], [7, 2, 2, 2]))] * 3,
        {"n": 42, "e": 3, "s": 3, "w": 6},
        ["Samir", "Hadi"],
    ),
    "hearts": (
        ["Ann", "Bob", "Cy", "Di"],
        [("cards", cards([13, 0, 0, 0], "N"))] * 4,  # four moons
        {"n": 0, "e": 104, "s": 104, "w": 104},
        ["Ann"],
    ),
}
WORDS = {
    "en": ("The match is over, won by", "Score sheet"),
    "fr": ("La partie est finie, gagnée par", "Feuille de marque"),
    "ar": ("انتهت المباراة، وفاز بها", "ورقة التسجيل"),
}


def start(client, lang, game, names=(), **data):
    keys = "NESW" if engine_lines(game) == 4 else ("NS", "EW")
    data.update({f"name_{k}": n for k, n in zip(keys, names, strict=False)})
    return new_match(client, lang=lang, game=game, **data)


def engine_lines(game) -> int:
    module = described(game).engine
    return len(sheet_for(game, module.PRESETS[module.DEFAULT_PRESET]).LINES)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", MATCHES)
def test_every_game_from_the_start_to_a_winner(client, rulebook, relatives, game, lang):
    names, rows, expected, winners = MATCHES[game]
    url = start(client, lang, game, names)
    assert url.startswith(f"/{lang}/{game}/sheet/kept/")
    html = page(client, url)
    assert f'<html lang="{lang}"' in html and 'id="winner"' not in html
    for number, (kind, data) in enumerate(rows, 1):
        row(client, url, number, kind, **data)
    html = page(client, url)
    assert totals(html) == expected
    said = text(re.search(r'<p class="winner" id="winner".*?</p>', html, re.S)[0])
    assert WORDS[lang][0] in said
    if winners is None:
        from cardtable.words import vocabulary

        winners = [vocabulary(game, lang).side(0)]
    assert all(name in said for name in winners), said
    assert not re.search(r'id="(?:cards|bids|deal|points)-form"', html)  # over: no more rows
    # The page is the engine replaying the stored rows, nothing else.
    match = match_of(url)
    sheet, broken = match.replay()
    assert broken is None and sheet.standing.over
    assert {k.lower(): v for k, v in zip(sheet.LINES, sheet.totals, strict=True)} == expected
    refused = client.post(url, {"kind": rows[0][0], "row": len(rows) + 1, **rows[0][1]})
    assert refused.status_code == 400 and match.entries.count() == len(rows)


def test_qahwas_28_through_the_page(client, rulebook):
    url = start(client, "en", "bent-al-sbeet")
    row(client, url, 1, "cards", **cards([2, 11, 0, 0], "N", "E", ["QS"]))
    assert totals(page(client, url)) == {"n": 28, "e": 21, "s": 0, "w": 0}


def test_a_moon_is_said_in_the_row(client, rulebook, relatives):
    url = start(client, "en", "hearts", ["Ann", "Bob", "Cy", "Di"])
    row(client, url, 1, "cards", **cards([13, 0, 0, 0], "N"))
    html = text(page(client, url))
    assert "Ann took every card that scores" in html


def test_each_game_speaks_its_regions_words(client, rulebook, relatives):
    bent = text(page(client, start(client, "ar", "bent-al-sbeet")))
    assert "بنت السبيت" in bent and "الهاص" in bent and "الكبّة" not in bent
    t41 = text(page(client, start(client, "ar", "tarneeb-41")))
    assert "اللمّات" in t41 and "أكلة" not in t41 and "الأكلات" not in t41
    sabaat = text(page(client, start(client, "ar", "sabaat-al-deemin")))
    assert "الثري" in sabaat and "الشايب" not in sabaat
    leekha = text(page(client, start(client, "ar", "leekha")))
    assert "بنت البستوني" in leekha and "الكبّة" in leekha and "الهاص" not in leekha


@pytest.mark.parametrize("game", MATCHES)
def test_a_bad_row_is_refused_in_the_games_terms_and_kept(client, rulebook, relatives, game):
    url = start(client, "en", game)
    kind = {"bent-al-sbeet": "cards", "leekha": "cards", "hearts": "cards", "tarneeb-41": "bids"}
    kind = kind.get(game, "deal")
    data = {
        "cards": cards([5, 5, 5, 5], "N", "E"),
        "bids": bids([3, 3, 3, 3], [4, 4, 4, 4]),
        "deal": {"side": "NS", "bid": 14, "tricks": 7, "winner": "NS", "aces": 9, "courts": 0},
    }[kind]
    response = client.post(url, {"kind": kind, "row": 1, **data})
    assert response.status_code == 400
    html = text(response.content.decode())
    assert "Nothing was entered" in html
    assert any(
        words in html
        for words in ("add up to 20: a deal has 13", "add up to 16: a deal has 13", "14", "“9”")
    ), html[-2000:]
    assert match_of(url).entries.count() == 0


# --- ownership, links, undo and end for every game ----------------------------------------


def _first_row(game):
    return MATCHES[game][1][0]


@pytest.mark.parametrize("game", MATCHES)
def test_only_the_owner_writes_and_the_share_link_reads(client, rulebook, relatives, game):
    url = start(client, "en", game)
    kind, data = _first_row(game)
    row(client, url, 1, kind, **data)
    match = match_of(url)
    stranger = Client()
    for path, post in (("", {"kind": kind, "row": 2, **data}), ("undo/", {"row": 1}),
                       ("end/", {"row": 1})):  # fmt: skip
        assert stranger.post(url + path, post).status_code == 404
    html = page(stranger, match.share_url())
    assert 'id="read-only"' in html and match.scorer not in html
    assert "<form" not in html.split("<main", 1)[1]
    assert stranger.post(match.share_url(), {"kind": kind, "row": 2}).status_code == 405
    assert match.entries.count() == 1 and Match.objects.get().ended is None
    # another game's address does not reach it
    other = "tarneeb" if game != "tarneeb" else "bent-al-sbeet"
    assert client.get(url.replace(f"/{game}/", f"/{other}/")).status_code == 404
    assert client.get(match.share_url().replace(f"/{game}/", f"/{other}/")).status_code == 404


@pytest.mark.parametrize("game", MATCHES)
def test_undo_and_end_refuse_a_stale_form(client, rulebook, relatives, game):
    url = start(client, "en", game)
    kind, data = _first_row(game)
    row(client, url, 1, kind, **data)
    again = client.post(url, {"kind": kind, "row": 1, **data})
    assert again.status_code == 409  # the same row sent twice: once
    row(client, url, 2, kind, **data)
    assert client.post(url + "undo/", {"row": 1}).status_code == 409
    assert client.post(url + "undo/", {"row": 2}).status_code == 302
    assert list(match_of(url).entries.values_list("number", flat=True)) == [1]
    assert 'id="end-form"' in page(client, url + "end/")
    row(client, url, 2, kind, **data)  # from another tab, after the confirmation was shown
    assert client.post(url + "end/", {"row": 1}).status_code == 409
    assert match_of(url).ended is None
    assert client.post(url + "end/", {"row": 2}).status_code == 302
    assert match_of(url).ended is not None
    assert client.post(url, {"kind": kind, "row": 3, **data}).status_code == 400


def test_my_matches_lists_every_games_sheets(client, rulebook, relatives):
    urls = [start(client, "en", game) for game in MATCHES]
    html = page(client, "/en/mine/")
    items = re.findall(r'<li class="match" data-share="[^"]+" data-game="([\w-]+)"', html)
    assert items == list(reversed(MATCHES))  # newest first
    for url in urls:
        assert f'href="{url}"' in html
    for game in MATCHES:
        assert f'href="/en/{game}/sheet/"' in html  # a new sheet of each game
    bent_list = page(client, "/en/bent-al-sbeet/sheet/")
    assert bent_list.count('<li class="match"') == 1


# --- house rules, names, the reserved word ---------------------------------------------------


def test_house_rules_are_read_by_the_engine_and_kept(client, rulebook):
    url = start(client, "en", "bent-al-sbeet", **{"rule.target": "101", "rule.moon": "false"})
    match = match_of(url)
    assert match.house_rules == {"moon": "false", "target": "101"}
    assert match.rules().target == 101 and match.rules().moon is False
    html = text(page(client, url))
    assert "House rules:" in html and "101" in html
    # the moon is off: a player who takes every card that scores pays for them
    row(client, url, 1, "cards", **cards([13, 0, 0, 0], "N", "N"))
    assert totals(page(client, url)) == {"n": 36, "e": 0, "s": 0, "w": 0}
    # the same as the variant: nothing to keep
    same = start(client, "en", "bent-al-sbeet", **{"rule.target": "151"})
    assert match_of(same).house_rules == {}
    # no card may be exposed: the empty set is a choice of its own, not "as the variant"
    assert '<option value=",">' in page(client, "/en/bent-al-sbeet/sheet/")
    bare = start(client, "en", "bent-al-sbeet", **{"rule.exposable": ","})
    assert match_of(bare).house_rules == {"exposable": ""}
    assert 'name="exposed"' not in page(client, bare)


@pytest.mark.parametrize("lang", LANGS)
def test_a_house_rule_the_engine_refuses_is_explained(client, rulebook, lang):
    for value, words in (
        ({"rule.target": "9999999"}, {"en": "takes a whole number from 1 to 1000"}),
        ({"rule.exposure_multiplier": "x"}, {"en": "is not a value"}),
    ):
        response = client.post(f"/{lang}/bent-al-sbeet/sheet/", {"variant": "qahwa", **value})
        assert response.status_code == 400
        assert 'role="alert"' in response.content.decode()
        if lang in words:
            assert words[lang] in text(response.content.decode())
    assert Match.objects.count() == 0


def test_a_rule_page_can_link_to_a_sheet_under_its_rules(client, rulebook):
    html = page(client, "/en/bent-al-sbeet/sheet/?variant=sbeetah&rule.target=201")
    assert re.search(r'<option value="sbeetah" selected>', html)
    assert re.search(r'name="rule.target" value="201"', html)


def test_names_are_kept_and_isolated(client, rulebook):
    evil = "\u202eNaif"
    url = start(client, "ar", "bent-al-sbeet", [evil, "بدر", "", "Fahad"])
    assert match_of(url).names == [evil, "بدر", "", "Fahad"]
    html = page(client, url)
    assert f"<bdi>{evil}</bdi>" in html and "<bdi>بدر</bdi>" in html
    assert "<bdi>الجنوب</bdi>" in html  # a blank name: the seat's


def test_sheet_is_never_a_variant(monkeypatch):
    assert sheet_problems() == []
    module = described("tarneeb").engine
    monkeypatch.setattr(module, "PRESETS", {**module.PRESETS, "sheet": module.PRESETS["classic"]})
    assert any("'sheet'" in p for p in sheet_problems())


def test_only_a_registered_game_has_sheet_pages(client, rulebook, monkeypatch):
    assert client.get("/en/poker/sheet/").status_code == 404
    monkeypatch.setattr(games, "GAMES", {k: v for k, v in games.GAMES.items() if k != "tarneeb"})
    assert client.get("/en/tarneeb/sheet/").status_code == 404


def test_a_stored_rule_the_engine_refuses_is_reported_not_a_500(client, rulebook):
    url = start(client, "en", "bent-al-sbeet")
    Match.objects.update(house_rules={"target": "lots"})
    html = text(page(client, url))
    assert "cannot be read" in html
    Match.objects.update(house_rules={})
    Entry.objects.create(match=match_of(url), number=1, kind="cards", facts={"hearts": "x"})
    assert "Row 1 cannot be read" in text(page(client, url))
    assert client.get("/en/mine/").status_code == 200


def test_a_refusal_names_the_player_as_the_table_named_them(client, rulebook, relatives):
    url = start(
        client, "en", "hearts", ["Ann", "Bob", "Cy", "Di"], **{"rule.no_trick_points": "-5"}
    )
    assert match_of(url).house_rules == {"no_trick_points": "-5"}
    data = cards([13, 0, 0, 0], "N", no_trick=["N"])
    response = client.post(url, {"kind": "cards", "row": 1, **data})
    assert response.status_code == 400
    assert "Ann took cards that score" in text(response.content.decode())
    row(client, url, 1, "cards", **cards([10, 3, 0, 0], "N", no_trick=["W"]))
    assert totals(page(client, url)) == {"n": 23, "e": 3, "s": 0, "w": -5}
