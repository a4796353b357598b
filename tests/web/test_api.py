"""The JSON API of ../shared/spec/positions.md, for Bent Al Sbeet."""

import pytest

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
URL = "/api/bent-al-sbeet/position"


def get(client, **params):
    params.setdefault("variant", "qahwa")
    params.setdefault("dealer", "N")
    params.setdefault("deal", DEAL)
    return client.get(URL, params)


@pytest.mark.django_db
def test_the_opening_position_under_qahwa(client):
    data = get(client).json()
    assert data["game"] == "bent-al-sbeet" and data["variant"] == "qahwa"
    assert data["phase"] == "play"
    assert data["to_act"] == "W"  # the dealer's right leads
    # hearts are not broken, so West may lead anything but a heart; tokens sorted
    assert data["legal"] == ["2S", "3S", "4S", "5C", "6C", "7C", "8D", "9D", "TD"]
    assert data["trick"] == []
    assert data["tricks_won"] == {"N": 0, "E": 0, "S": 0, "W": 0}
    assert data["points"] == {"N": 0, "E": 0, "S": 0, "W": 0}


@pytest.mark.django_db
def test_a_trick_in_progress_and_a_trick_won(client):
    data = get(client, moves="4S 7s").json()
    assert data["trick"] == [{"seat": "W", "card": "4S"}, {"seat": "S", "card": "7S"}]
    assert data["to_act"] == "E" and data["legal"] == ["8S", "9S", "TS"]
    data = get(client, moves="4S 7S TS AS").json()
    assert data["trick"] == [] and data["tricks_won"]["N"] == 1 and data["to_act"] == "N"


@pytest.mark.django_db
def test_an_exposed_queen_counts_double(client):
    data = get(client, moves="4S 5S 8S QS", exposed="QS").json()
    assert data["points"]["N"] == 26
    data = get(client, moves="4S 5S 8S QS", exposed="QS", variant="sbeetah", dealer="E").json()
    # under sbeetah the jack of hearts opens, so this line is refused at the first card
    assert "error" in data


@pytest.mark.django_db
def test_sbeetah_opens_with_the_jack_of_hearts(client):
    data = get(client, variant="sbeetah").json()
    assert data["to_act"] == "W" and data["legal"] == ["JH"]
    response = get(client, variant="sbeetah", moves="2S")
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "must_lead_jack_of_hearts"
    assert response.json()["error"]["move"] == 0


@pytest.mark.parametrize(
    "moves,code,index",
    [
        ("AH", "hearts_not_broken", 0),
        ("AS", "card_not_in_hand", 0),
        ("4S AD", "must_follow_suit", 1),
    ],
)
@pytest.mark.django_db
def test_illegal_moves_are_422_with_the_index(client, moves, code, index):
    response = get(client, moves=moves)
    assert response.status_code == 422
    error = response.json()["error"]
    assert (error["code"], error["move"]) == (code, index)
    assert error["message"]


@pytest.mark.parametrize(
    "params,code",
    [
        ({"moves": "4S ZZ"}, None),
        ({"deal": DEAL.replace("AKQJ.T98", "AKQJ.T9A", 1)}, "bad_deal"),
        ({"deal": "N:AKQ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765J"}, None),
        ({"deal": "nonsense"}, "bad_deal"),
        ({"dealer": "X"}, "bad_seat"),
        ({"variant": "nonesuch"}, "unknown_variant"),
        ({"exposed": "AS"}, "bad_deal"),
    ],
)
@pytest.mark.django_db
def test_unreadable_input_is_400(client, params, code):
    response = get(client, **params)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] in {"bad_card", "bad_move", "bad_deal", "bad_seat", "unknown_variant"}
    if code:
        assert error["code"] == code


@pytest.mark.django_db
def test_an_unreadable_move_names_its_index(client):
    error = get(client, moves="4S ZZ").json()["error"]
    assert error["move"] == 1


@pytest.mark.django_db
def test_an_unknown_game_is_404(client):
    response = client.get("/api/poker/position", {"deal": DEAL})
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "unknown_game"


@pytest.mark.django_db
def test_messages_follow_lang_then_accept_language(client):
    fr = get(client, moves="4S AD", lang="fr").json()["error"]["message"]
    ar = client.get(
        URL,
        {"variant": "qahwa", "dealer": "N", "deal": DEAL, "moves": "4S AD"},
        HTTP_ACCEPT_LANGUAGE="ar",
    ).json()["error"]["message"]
    en = get(client, moves="4S AD").json()["error"]["message"]
    assert "pique" in fr and "carreau" in fr
    assert "السبيت" in ar
    assert "spades" in en
    assert len({fr, ar, en}) == 3


@pytest.mark.django_db
def test_the_variants_list(client, rulebook):
    data = client.get("/api/bent-al-sbeet/variants").json()
    by_slug = {v["slug"]: v for v in data["variants"]}
    assert set(by_slug) == {"qahwa", "sbeetah"}
    qahwa, sbeetah = by_slug["qahwa"], by_slug["sbeetah"]
    assert qahwa["sources"] == ["000_a6d1c5145e79b297.txt"]
    assert sbeetah["sources"] == ["002_a900c57e8df11e16.txt"]
    assert all(qahwa["names"][lang] for lang in ("ar", "en", "fr"))
    assert qahwa["parameters"]["queen_points"] == 13 and sbeetah["parameters"]["queen_points"] == 12
    assert qahwa["parameters"]["exposable"] == ["QS", "TD"]
    assert qahwa["parameters"]["moon"] is True and sbeetah["parameters"]["target"] == 152
