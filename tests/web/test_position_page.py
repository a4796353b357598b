"""The position page: the same query string as the API, drawn as a table."""

import re

import pytest

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def page(client, lang="en", **params):
    params.setdefault("variant", "qahwa")
    params.setdefault("dealer", "N")
    params.setdefault("deal", DEAL)
    return client.get(f"/{lang}/bent-al-sbeet/position/", params)


def legal_cards(html):
    return sorted(re.findall(r'class="play" data-card="(\w\w)"', html))


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_the_player_to_act_and_their_legal_cards_are_marked(client, rulebook, lang):
    response = page(client, lang)
    assert response.status_code == 200
    html = response.content.decode()
    assert legal_cards(html) == ["2S", "3S", "4S", "5C", "6C", "7C", "8D", "9D", "TD"]
    west = re.search(r'<div class="seat [^"]*seat-W to-act.*?</div>', html, re.S)
    assert west, "West is to act"
    # 13 cards in each hand, each named in words for screen readers
    assert html.count('class="sr-only"') >= 52


def test_each_legal_card_links_to_the_position_after_it(client, rulebook):
    html = page(client, moves="4S").content.decode()
    assert legal_cards(html) == ["5S", "6S", "7S"]
    assert "moves=4S+7S" in html


def test_cards_are_named_in_words_in_each_language(client, rulebook):
    assert "queen of spades" in page(client, "en").content.decode()
    assert "dame de pique" in page(client, "fr").content.decode()
    assert "بنت السبيت" in page(client, "ar").content.decode()


def test_the_seat_table_does_not_mirror_in_arabic(client, rulebook):
    html = page(client, "ar").content.decode()
    assert 'dir="rtl"' in html
    assert re.search(r'<div class="felt[^"]*" dir="ltr"', html)


@pytest.mark.parametrize("lang,word", [("en", "follow"), ("fr", "fournir"), ("ar", "أن تلعب من")])
def test_an_illegal_move_is_explained_in_the_pages_language(client, rulebook, lang, word):
    response = page(client, lang, moves="4S AD")
    assert response.status_code == 422
    html = response.content.decode()
    assert 'role="alert"' in html and word in html
    # the position before the refused move is shown: South to act, following spades
    assert legal_cards(html) == ["5S", "6S", "7S"]


@pytest.mark.parametrize(
    "params", [{"deal": "N:nonsense"}, {"dealer": "Q"}, {"variant": "nonesuch"}, {"moves": "ZZ"}]
)
@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_unreadable_input_is_400_never_500(client, rulebook, lang, params):
    response = page(client, lang, **params)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()


def test_a_finished_deal_shows_the_score(client, rulebook):
    """Replay a whole deal through the API's notation and check the page's points."""
    from cardgames import cards
    from cardgames.penalty import bent_al_sbeet as engine

    state = engine.position_start(engine.PRESETS["qahwa"], cards.parse_deal(DEAL), 0)
    moves = []
    while not state.is_over:
        move = state.legal_moves()[0]
        moves.append(engine.format_move(move))
        state.push(move)
    html = page(client, moves=" ".join(moves)).content.decode()
    assert "The deal is over" in html
    points = [int(p) for p in re.findall(r"<td><bdi dir=\"ltr\">(-?\d+)</bdi></td>", html)]
    assert points == state.points() and sum(points) in (36, 108)
