"""Trix's rule pages, position and API: the game listed among the site's, its deals of two
families."""

import re

import pytest

SLUG = "trix"


@pytest.fixture
def loaded(rulebook):
    return rulebook


@pytest.mark.parametrize(
    ("lang", "name", "words"),
    [
        ("en", "Trix", ("King of Hearts", "kingdom", "seven of hearts", "75")),
        ("ar", "تركس", ("شايب الكبة", "البنات", "الديناري", "مملكة", "دبّل")),
        ("fr", "Trix", ("roi de cœur", "royaume", "sept de cœur", "75")),
    ],
)
def test_its_rule_pages_are_served_in_three_languages(client, loaded, lang, name, words):
    for variant in ("", "complex/", "partnerships/", "jawaker/", "complex_partnerships/"):
        url = f"/{lang}/{SLUG}/{variant}"
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert name in html, url
        assert re.findall(r"\{\w+(:\w+)?\}", html) == [], url  # every placeholder filled
    html = client.get(f"/{lang}/{SLUG}/").content.decode()
    for word in words:
        assert word in html, word


DEAL = "N:AKQJT9876543.K.. ..AKQJT98765432. ...AKQJT98765432 2.AQJT98765432.."


@pytest.mark.parametrize(
    ("lang", "choice", "phase"),
    [
        ("en", "The Queens", "the choice of contract"),
        ("ar", "البنات", "اختيار الطلب"),
        ("fr", "Les dames", "le choix du contrat"),
    ],
)
def test_a_position_starts_with_the_owners_choice(client, loaded, lang, choice, phase):
    page = client.get(f"/{lang}/{SLUG}/position/", {"deal": DEAL, "owner": "W"})
    assert page.status_code == 200
    html = page.content.decode()
    assert choice in html and phase in html


def test_the_api_plays_a_kingdoms_deal_and_refuses_in_words(client, loaded):
    moves = "queens,expose:QH,keep,keep,keep,QH,2C,2D,KH"
    answer = client.get(f"/api/{SLUG}/position", {"deal": DEAL, "owner": "W", "moves": moves})
    assert answer.status_code == 200, answer.content.decode()[:500]
    used = client.get(
        f"/api/{SLUG}/position", {"deal": DEAL, "owner": "W", "used": "queens", "moves": "queens"}
    )
    assert used.status_code == 422
    error = used.json()["error"]
    assert error["code"] == "contract_used" and "Queens" in error["message"]
    before = client.get(f"/api/{SLUG}/position", {"deal": DEAL, "owner": "W", "moves": "AH"})
    assert before.status_code == 422 and before.json()["error"]["code"] == "must_choose_contract"


def test_house_rules_change_the_score(client, loaded):
    # WP via GMS, NU: a diamond at 15 (rule.diamond_points); the game's points are signed.
    moves = "diamonds,AH,2C,2D,KH"  # W takes the 2♦ on its own lead
    plain = client.get(f"/api/{SLUG}/position", {"deal": DEAL, "owner": "W", "moves": moves})
    assert plain.json()["points"] == {"N": 0, "E": 0, "S": 0, "W": -10}
    swapped = client.get(
        f"/api/{SLUG}/position",
        {"deal": DEAL, "owner": "W", "moves": moves, "rule.diamond_points": "15"},
    )
    assert swapped.json()["points"]["W"] == -15
    wrong = client.get(f"/api/{SLUG}/position", {"deal": DEAL, "rule.own_double": "sometimes"})
    assert wrong.status_code == 400 and wrong.json()["error"]["code"] == "bad_rule_value"
    # OT's reading of a doubler taking his own card, as a house rule: −75, nobody gains.
    own = "king_of_hearts,expose:KH,QH,2C,2D,KH"  # W leads the Q♥, N's doubled K♥ must win
    for value, expected in (("by_leader", {"N": -150, "W": 75}), ("single", {"N": -75, "W": 0})):
        answer = client.get(
            f"/api/{SLUG}/position",
            {"deal": DEAL, "owner": "W", "moves": own, "rule.own_double": value},
        ).json()
        assert {s: answer["points"][s] for s in "NW"} == expected, value


def test_the_compare_page_sets_two_variants_side_by_side(client, loaded):
    html = client.get("/en/compare/", {"a": "trix:common", "b": "trix:complex"}).content.decode()
    assert "Contracts in a kingdom" in html and "the King of Hearts" in html
    html = client.get("/ar/compare/", {"a": "trix:common", "b": "trix:complex"}).content.decode()
    assert "طلبات المملكة" in html and "شايب الكبة" in html
