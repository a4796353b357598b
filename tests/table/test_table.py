"""The card table and the position viewer, served (the geometry is tested in Chromium)."""

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def get(client, lang="en", game="bent-al-sbeet", **params):
    params.setdefault("dealer", "N")
    params.setdefault("deal", DEAL)
    return client.get(f"/{lang}/{game}/position/", params)


def links(html: str, cls: str) -> str | None:
    m = re.search(rf'<a href="\?([^"]+)"[^>]*class="{cls}"', html)
    return unescape(m.group(1)) if m else None


def test_the_pass_is_chosen_by_touching_three_cards(client, rulebook):
    html = get(client, start="deal").content.decode()
    # West, on the dealer's right, passes first: each of the 13 cards is a checkbox
    west = re.search(r'<div class="seat [^"]*seat-W to-act.*?</div>', html, re.S).group(0)
    assert len(re.findall(r'<input type="checkbox" name="pass" value="pass:\w\w">', west)) == 13
    assert "Choose 3 cards to pass." in html
    # without JavaScript, the form sends the picked cards' moves, which join the moves
    response = get(client, start="deal", **{"pass": ["pass:4S", "pass:AH", "pass:TD"]})
    assert response.status_code == 302
    moves = parse_qs(urlsplit(response.url).query)["moves"][0]
    assert moves == "pass:4S pass:AH pass:TD"
    html = client.get(response.url).content.decode()
    # North passes next (to the right of West: N -> W -> S -> E is the order of play)
    assert re.search(r"seat-S to-act", html)


def test_the_viewer_steps_through_a_line_of_moves(client, rulebook):
    line = "2S 6S TS AS KS 3S"
    html = get(client, moves=line, at="4").content.decode()
    # after four cards the first trick is over, won by North, and shown with its winner
    assert "Won by North" in html
    assert 'aria-current="step"' in html
    back, forward = links(html, "nav-back"), links(html, "nav-forward")
    assert parse_qs(back)["at"] == ["3"] and parse_qs(back)["moves"] == [line]
    assert parse_qs(forward)["at"] == ["5"]
    # the line is kept, the position is the one after four moves: North leads the second trick
    assert re.search(r"seat-N to-act", html)
    # the moves read in words, the notation only inside the share box's <code>
    visible = re.sub(r"<code[^>]*>.*?</code>|<[^>]+>", " ", html, flags=re.S)
    assert "KS" not in visible.split() and "Trick 2" in visible


@pytest.mark.parametrize("game", ["bent-al-sbeet", "trix"])
def test_the_deal_s_points_show_from_its_first_card_not_before(client, rulebook, game):
    """Before a card is played every seat has nought, which says nothing (a Trix deal at the
    owner's choice showed "Points this deal 0 0 0 0"); from the first trick on they show."""
    first = get(client, game=game).content.decode()
    assert 'class="phase"' in first and 'class="points-title"' not in first
    if game == "trix":
        assert 'data-phase="choose"' in first
    if game == "bent-al-sbeet":
        html = get(client, moves="2S 6S TS AS").content.decode()
        assert 'class="points-title"' in html and html.count('<tr><th scope="row">') >= 4


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_tarneeb_bids_on_a_bidding_box(client, rulebook, lang):
    html = get(client, lang, "tarneeb", variant="egyptian").content.decode()
    box = html[html.index('class="actions bidding-box"') : html.index('class="other-calls"')]
    # seven numbers by five strains, then pass (nothing to double yet)
    assert len(re.findall(r'class="move bid"', box)) == 35
    assert re.findall(r'data-call="(\w+)"', box)[:5] == ["7C", "7D", "7H", "7S", "7NT"]
    assert 'data-call="pass"' in html[html.index('class="other-calls"') :]


def test_a_tutorial_does_not_show_the_cards_another_seat_passes(client, tutorials):
    html = client.get("/en/tutorials/bent-first-deal/1/").content.decode()
    played = re.search(r'<div class="played-moves">.*?</section>', html, re.S).group(0)
    assert "West" in played and "3 cards, unseen" in played
    for name in ("king of spades", "queen of diamonds", "seven of clubs"):
        assert name not in played


@pytest.mark.parametrize(
    "lang,taught",
    [("en", "What this hand taught"), ("fr", "Ce que cette donne"), ("ar", "ما علّمته")],
)
def test_the_last_step_says_what_the_hand_taught_and_where_to_go_next(
    client, tutorials, lang, taught
):
    from tutorials.models import Tutorial

    first = Tutorial.objects.get(slug="bent-first-deal")
    last = first.steps.count()
    html = client.get(f"/{lang}/tutorials/bent-first-deal/{last}/").content.decode()
    finish = re.search(r'<section class="finish answer".*?</section>', html, re.S).group(0)
    assert taught in finish
    # the rule sections the hand played out, each linked on the rule page
    assert f'/{lang}/bent-al-sbeet/qahwa/#play"' in finish
    # the next tutorial of the game, and the quiz
    following = Tutorial.objects.filter(game=first.game, order__gt=first.order).order_by("order")[0]
    assert f"/tutorials/{following.slug}/" in finish and "/quiz/set/?game=bent-al-sbeet" in finish
    # a middle step has no such summary
    middle = client.get(f"/{lang}/tutorials/bent-first-deal/2/").content.decode()
    assert 'class="finish answer"' not in middle


def test_a_seat_and_a_card_drawn_once_are_drawn_again_in_each_language_and_each_state():
    """``{% kept %}`` and ``{% card %}`` keep what they drew: never across languages or looks."""
    from django.template import Context, Template
    from django.utils import translation

    from cardgames import cards
    from cardtable.words import vocabulary

    page = Template('{% load cardtable %}{% kept "cardtable/_seat.html" seat=view %}')
    ace = cards.parse_card("AS")

    def seat(lang: str, count: int, legal: bool) -> str:
        with translation.override(lang):
            view = {
                "seat": "N",
                "place": "top",
                "name": vocabulary("tarneeb").seat(0),
                "to_act": legal,
                "open": count == 1,
                "count": count,
                "down": count,
                "backs": range(count) if count > 1 else (),
                "cards": [vocabulary("tarneeb").card_view(ace, legal=legal)] if count == 1 else [],
                "tricks_won": None,
            }
            return page.render(Context({"view": view}))

    english, arabic = seat("en", 1, True), seat("ar", 1, True)
    assert english != arabic and seat("en", 1, True) == english
    with translation.override("ar"):
        words = vocabulary("tarneeb")
        assert words.card(ace) in arabic and words.seat(0) in arabic
    assert "legal" in english and "legal" not in seat("en", 1, False)
    assert english.count('class="back"') == 0
    assert seat("fr", 5, False).count('class="back"') == 5
    assert seat("fr", 4, False).count('class="back"') == 4


def test_cards_named_in_a_row_stay_apart_and_a_kept_fragment_refuses_what_it_cannot_key():
    from django.template import Context, Template

    from cardgames import cards
    from cardtable.words import vocabulary

    views = [vocabulary("hearts").card_view(cards.parse_card(c)) for c in ("5S", "7H", "9D")]
    group = {"kind": "pass", "items": [{"seat": "North", "cards": views}]}
    page = Template('{% load cardtable %}{% kept "cardtable/_scorecard_group.html" g=group %}')
    drawn = page.render(Context({"group": group}))
    assert drawn.count('<span class="card-ref') == 3
    assert '</span><span class="card-ref' not in drawn  # read and shown as three cards
    with pytest.raises(TypeError):
        page.render(Context({"group": {"kind": "pass", "items": [{1, 2}]}}))
