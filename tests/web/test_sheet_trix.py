"""Trix kept on the paper score sheet, as Trix players keep one: each row names its contract and
whose kingdom it was played in, the owner chooses each contract once, the kingdoms pass round
the table as the rules say, and each kingdom's subtotal is checked to be zero, in Arabic,
English and French. The values are trix.md's: −75 the king of hearts, −25 a queen, −10 a
diamond, −15 a trick, +200/150/100/50 the Trix's places."""

import re

import pytest

from cardgames import trix
from cardgames.table import SEATS, right_of

from .test_sheet import match_of, new_match, page, text
from .test_sheets_every_game import row, totals

pytestmark = pytest.mark.django_db

NAMES = ["Samir", "Rami", "Hadi", "Ziad"]


def points(*values) -> dict:
    return {f"points_{seat}": v for seat, v in zip(SEATS, values, strict=True)}


# One kingdom of the common game, each contract's points as a table writes them: they add up
# to zero (−75 − 100 − 130 − 195 + 500).
KINGDOM = {
    "king_of_hearts": points(-75, 0, 0, 0),
    "queens": points(-25, -50, 0, -25),
    "diamonds": points(-30, -40, -20, -40),
    "tricks": points(-45, -60, -30, -60),
    "trix": points(50, 150, 200, 100),
}
WORDS = {
    "en": ("The Queens, in the kingdom of Rami", "The kingdom of Rami in all", "add up to zero"),
    "fr": (
        "Les dames, dans le royaume tenu par Rami",
        "Total du royaume tenu par Rami",
        "totalisent zéro",
    ),
    "ar": ("البنات، في مملكة Rami", "مجموع مملكة Rami", "مجموع نقاطها صفر"),
}


def contracts_offered(html: str) -> list[str]:
    return re.findall(r'name="contract" value="([a-z_]+)"', html)


def start(client, lang, variant="common"):
    names = {f"name_{seat}": name for seat, name in zip(SEATS, NAMES, strict=True)}
    return new_match(client, lang=lang, game="trix", variant=variant, **names)


@pytest.mark.parametrize("lang", ("ar", "en", "fr"))
def test_a_whole_trix_match_on_the_sheet(client, rulebook, lang):
    url = start(client, lang)
    html = page(client, url)
    assert 'name="owner"' in html  # the first row names the first kingdom's owner
    assert contracts_offered(html) == list(trix.PRESETS["common"].contracts)
    owner, number = 1, 0  # Rami (East) was dealt the seven of hearts
    for kingdom in range(4):
        for k, (contract, values) in enumerate(KINGDOM.items()):
            number += 1
            html = page(client, url)
            left = contracts_offered(html)
            assert left == list(KINGDOM)[k:], (kingdom, left)  # each contract once a kingdom
            if number > 1:
                assert 'name="owner"' not in html and NAMES[owner] in text(html)
            row(client, url, number, "points", contract=contract, owner=SEATS[owner], **values)
        html = page(client, url)
        subtotal = re.findall(
            r'<tr class="subtotal[^"]*" id="subtotal-(\d+)">(.*?)</tr>', html, re.S
        )
        assert len(subtotal) == kingdom + 1 and subtotal[-1][0] == str(number)
        # each player's points in the kingdom, which add up to zero
        assert re.findall(r'data-value="(-?\d+)"', subtotal[-1][1]) == ["-125", "0", "150", "-25"]
        assert "wrong" not in html.split(f'id="subtotal-{number}"')[0].rsplit("<tr", 1)[1]
        owner = right_of(owner) if trix.PRESETS["common"].kingdom_rotation == "right" else owner
    said = text(html)
    if lang in WORDS:
        label, total, zero = WORDS[lang]
        assert label in said and total in said and zero in said, said[-2000:]
    # four times each player's column of KINGDOM: Hadi (South) wins with 600
    assert totals(html) == {"n": -500, "e": 0, "s": 600, "w": -100}
    assert "Hadi" in text(re.search(r'id="winner".*?</p>', html, re.S)[0])
    assert 'id="points-form"' not in html
    sheet, broken = match_of(url).replay()
    assert broken is None and sheet.standing.over and len(sheet.rows) == 20


def test_a_contract_played_in_the_kingdom_is_refused_in_the_readers_words(client, rulebook):
    url = start(client, "ar")
    row(client, url, 1, "points", contract="queens", owner="E", **KINGDOM["queens"])
    response = client.post(
        url, {"kind": "points", "row": 2, "contract": "queens", **KINGDOM["queens"]}
    )
    assert response.status_code == 400
    said = text(response.content.decode())
    assert "اختر أحد الطلبات الباقية" in said  # the form offers the contracts left only
    assert match_of(url).entries.count() == 1
    assert "queens" not in contracts_offered(response.content.decode())


def test_a_kingdom_that_does_not_add_up_to_zero_is_shown_wrong(client, rulebook):
    url = start(client, "en")
    for number, (contract, values) in enumerate(KINGDOM.items(), 1):
        if contract == "trix":
            values = points(200, 150, 100, 100)  # a place written twice
        row(client, url, number, "points", contract=contract, owner="N", **values)
    html = page(client, url)
    wrong = re.search(r'<tr class="subtotal wrong" id="subtotal-5">(.*?)</tr>', html, re.S)
    assert wrong and "do not add up to zero" in text(wrong[1])


def test_trix_complex_offers_its_two_contracts(client, rulebook):
    url = start(client, "fr", "complex")
    assert contracts_offered(page(client, url)) == ["complex", "trix"]
    row(client, url, 1, "points", contract="complex", owner="S", **points(-200, -100, -100, -100))
    html = page(client, url)
    assert contracts_offered(html) == ["trix"]
    assert "Complex, dans le royaume tenu par Hadi" in text(html)
