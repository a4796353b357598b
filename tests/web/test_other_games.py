"""Tarneeb and Sab'at Al-Deemin: rule pages in three languages, the API and the position page."""

import re
from html import unescape

import pytest

SPEC_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
DEAL_32 = "N:KQJ.QT.A9.J A.KJ.K8.AT8 T8.A8.JT.KQ 97.97.Q7.97"


def api(client, game, **params):
    return client.get(f"/api/{game}/position", params)


# ------------------------------------------------------------------ rule pages


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
@pytest.mark.parametrize(
    "game,variant",
    [("tarneeb", ""), ("tarneeb", "egyptian/"), ("tarneeb", "one-bid/"), ("sabaat-al-deemin", "")],
)
def test_rule_pages_render_in_every_language(client, rulebook, lang, game, variant):
    response = client.get(f"/{lang}/{game}/{variant}")
    assert response.status_code == 200
    html = response.content.decode()
    assert re.findall(r"\{\w+\}", html) == []
    assert f'<html lang="{lang}"' in html


def test_tarneeb_worked_example_is_the_sources_sheet(client, rulebook):
    html = client.get("/en/tarneeb/").content.decode()
    example = re.search(r'<section id="example".*?</section>', html, re.S).group(0)
    example = unescape(example)
    assert "written total is 6 and East–West's 14" in example
    assert "kaboot worth 16" in example and "they write 6" in example
    # a negative score: one minus sign (U+2212), isolated left to right
    assert "score for the deal is \u2066\u221216\u2069, and East–West score 4" in example


def test_tarneeb_variants_side_by_side_marks_what_differs(client, rulebook):
    html = client.get("/en/tarneeb/").content.decode()
    row = re.search(r'<tr id="variants-auction">.*?</tr>', html, re.S).group(0)
    assert row.count("differs-from-default") == 3  # lebanese, egyptian and one-bid
    row = re.search(r'<tr id="variants-dealer_forced">.*?</tr>', html, re.S).group(0)
    assert row.count("differs-from-default") == 1


def test_the_egyptian_page_states_its_auction(client, rulebook):
    html = client.get("/en/tarneeb/egyptian/").content.decode()
    auction = re.search(r'id="rule-auction".*?</div>', html, re.S).group(0)
    assert "“7 clubs” is the lowest call and “13 no trumps” the highest" in auction


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_sabaat_page_draws_the_piles_and_the_penalties(client, rulebook, lang):
    html = client.get(f"/{lang}/sabaat-al-deemin/").content.decode()
    layout = re.search(r'<section id="layout".*?</section>', html, re.S).group(0)
    assert layout.count('class="pile"') == 4
    penalties = re.search(r'<table class="differences penalties">.*?</table>', html, re.S).group(0)
    assert penalties.count("<tr>") == 6 and penalties.count(">100<") == 5
    example = re.search(r'<section id="example".*?</section>', html, re.S).group(0)
    for number in ("30", "230", "60", "90"):
        assert number in example


# ------------------------------------------------------------------ Tarneeb positions


@pytest.mark.django_db
def test_tarneeb_bidding_opens_at_the_dealers_right(client):
    data = api(client, "tarneeb", variant="classic", dealer="N", deal=SPEC_DEAL).json()
    assert data["phase"] == "bidding" and data["to_act"] == "W"
    assert data["legal"] == sorted(["pass", "7", "8", "9", "10", "11", "12", "13"])
    assert data["points"] == {"NS": 0, "EW": 0}


@pytest.mark.django_db
def test_tarneeb_trump_call_then_play(client):
    data = api(client, "tarneeb", dealer="N", deal=SPEC_DEAL, moves="7 pass pass pass").json()
    assert data["phase"] == "trump" and data["to_act"] == "W"
    assert data["legal"] == ["trump:C", "trump:D", "trump:H", "trump:NT", "trump:S"]
    data = api(
        client, "tarneeb", dealer="N", deal=SPEC_DEAL, moves="7 pass pass pass trump:H AH"
    ).json()
    assert data["phase"] == "play" and data["trick"] == [{"seat": "W", "card": "AH"}]


@pytest.mark.parametrize(
    "moves,code,index",
    [("8 7", "bid_too_low", 1), ("pass pass pass pass 7", "wrong_phase", 4)],
)
@pytest.mark.django_db
def test_tarneeb_refused_calls(client, moves, code, index):
    response = api(client, "tarneeb", dealer="N", deal=SPEC_DEAL, moves=moves)
    assert response.status_code == 422
    assert (response.json()["error"]["code"], response.json()["error"]["move"]) == (code, index)


@pytest.mark.django_db
def test_tarneeb_egyptian_bids_carry_the_suit(client):
    data = api(client, "tarneeb", variant="egyptian", dealer="N", deal=SPEC_DEAL, moves="7C").json()
    assert data["to_act"] == "S" and "7D" in data["legal"] and "7C" not in data["legal"]
    assert "double" in data["legal"]


@pytest.mark.django_db
def test_tarneeb_position_page_shows_the_auction(client, rulebook):
    response = client.get(
        "/fr/tarneeb/position/", {"dealer": "N", "deal": SPEC_DEAL, "moves": "7 8"}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="auction"' in html and html.count("<li>") >= 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    "lang,call,words", [("en", "trump:H", "Trumps: hearts."), ("fr", "trump:NT", "Sans-atout")]
)
def test_tarneeb_position_page_names_the_trumps(client, rulebook, lang, call, words):
    moves = f"7 pass pass pass {call}"
    response = client.get(
        f"/{lang}/tarneeb/position/", {"dealer": "N", "deal": SPEC_DEAL, "moves": moves}
    )
    assert response.status_code == 200
    assert words in response.content.decode()


# ------------------------------------------------------------------ Sab'at Al-Deemin positions


@pytest.mark.django_db
def test_sabaat_the_seven_of_diamonds_opens(client):
    data = api(client, "sabaat-al-deemin", dealer="N", deal=DEAL_32).json()
    assert data["phase"] == "play" and data["to_act"] == "W" and data["legal"] == ["7D"]
    response = api(client, "sabaat-al-deemin", dealer="N", deal=DEAL_32, moves="QD")
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "must_open_seven_of_diamonds"


@pytest.mark.django_db
def test_sabaat_a_52_card_deal_is_refused(client):
    response = api(client, "sabaat-al-deemin", dealer="N", deal=SPEC_DEAL)
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_deal"


@pytest.mark.django_db
def test_sabaat_knock_only_when_nothing_fits(client):
    # South holds nothing that fits after the seven of diamonds: the knock is the only move
    data = api(client, "sabaat-al-deemin", dealer="N", deal=DEAL_32, moves="7D").json()
    assert (data["to_act"], data["legal"]) == ("S", ["knock"])
    # East holds the eight of diamonds, so East may not knock
    data = api(client, "sabaat-al-deemin", dealer="N", deal=DEAL_32, moves="7D knock").json()
    assert (data["to_act"], data["legal"]) == ("E", ["8D"])
    response = api(client, "sabaat-al-deemin", dealer="N", deal=DEAL_32, moves="7D knock knock")
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "cannot_knock" and error["move"] == 2


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_sabaat_position_page_shows_the_layout(client, rulebook, lang):
    response = client.get(
        f"/{lang}/sabaat-al-deemin/position/", {"dealer": "N", "deal": DEAL_32, "moves": "7D"}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('class="pile"') == 4
    assert 'class="move"' in html  # South can only knock


@pytest.mark.parametrize("game", ["bent-al-sbeet", "tarneeb", "sabaat-al-deemin"])
def test_a_bad_position_link_offers_a_working_one_for_the_same_game(client, rulebook, game):
    response = client.get(f"/en/{game}/position/", {"deal": "N:nonsense"})
    assert response.status_code == 400
    example = re.search(r'<a href="\?([^"]+)">', response.content.decode()).group(1)
    assert client.get(f"/en/{game}/position/?" + unescape(example)).status_code == 200
