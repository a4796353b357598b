"""The relatives' tutorials teach what they say: each question is the rule at work, and the
totals a narration gives are the engine's."""

import pytest

from cardgames import cards
from cardgames.penalty import hearts, leekha
from cardgames.table import SEATS
from cardgames.trickbid import tarneeb_41
from tutorials import content

SHIPPED = {d["slug"]: d for d in content.read_all()}
QS, TD = cards.parse_card("QS"), cards.parse_card("TD")
HEARTS = cards.suit_mask(cards.HEARTS)


def frames(slug):
    return content.frames_of(SHIPPED[slug])


def questions(slug):
    return [f for f in frames(slug) if f.step.question]


def text(slug, number, lang="en"):
    return SHIPPED[slug]["steps"][number - 1]["text"][lang]


def totals_after(module, variant, state, before):
    """Where the match stands after the tutorial's deal, from the totals its narration gives."""
    return module.match_after(module.PRESETS[variant], state, before)


# --------------------------------------------------------------- Leekha
def test_the_talyeekh_questions_force_a_leekha_on_a_void_player():
    forced = []
    for frame in questions("leekha-talyeekh"):
        state = frame.before.state
        hand = state.hands[state.to_act]
        led = cards.suit_of(state.trick[0][1]) if state.trick else None
        legal = {m for m in state.legal_moves() if m < 52}
        if led is not None and not hand & cards.suit_mask(led) and hand & (1 << QS | 1 << TD):
            assert legal == {c for c in (QS, TD) if hand >> c & 1}
            forced.append(legal)
    # once with both leekhas to choose from, once with the ten alone
    assert {QS, TD} in forced and {TD} in forced
    # under a house rule without the talyeekh, the same position lets any card go
    state = questions("leekha-talyeekh")[0].before.state
    free = state.copy(rules=leekha.Rules(forced_penalty_discard=False))
    assert len(free.legal_moves()) > 2


def test_the_partners_tutorial_ends_the_game_as_it_says():
    last = frames("leekha-partners")[-1].after.state
    assert last.is_over and last.points() == [0, 18, 17, 1]
    before = (97, 83, 37, 61)  # step 1's totals
    classic = totals_after(leekha, "classic", last, before)
    assert classic["totals"] == {"N": 97, "E": 101, "S": 54, "W": 62}
    assert classic["over"] and classic["winners"] == ["NS"]  # East reached 101: East–West lose
    solo = totals_after(leekha, "solo", last, before)
    assert solo["over"] and solo["winners"] == ["S"]  # alone, the lowest total wins
    for number, figure in ((1, "97"), (9, "101"), (9, "54")):
        assert all(figure in text("leekha-partners", number, lang) for lang in ("ar", "en", "fr"))


def test_the_partners_question_keeps_the_hearts_off_north():
    (frame,) = questions("leekha-partners")
    state = frame.before.state
    for answer in frame.answers():
        after = state.play(answer)
        assert SEATS[after.last_trick[1]] == "S"
    ducking = [m for m in state.legal_moves() if m not in frame.answers()]
    assert ducking and all(SEATS[state.play(m).last_trick[1]] == "N" for m in ducking)


# --------------------------------------------------------------- Hearts
def test_the_first_trick_and_unbroken_hearts_questions():
    first, lead = questions("hearts-first-tricks")
    state = first.before.state
    legal = {m for m in state.legal_moves()}
    assert not state.played & ~cards.suit_mask(cards.CLUBS)  # the first trick, clubs only
    assert state.hands[state.to_act] & (HEARTS | 1 << QS)
    assert not any(c == QS or cards.suit_of(c) == cards.HEARTS for c in legal)
    state = lead.before.state
    assert not state.trick and not state.played & HEARTS
    assert state.hands[state.to_act] & HEARTS
    assert not any(cards.suit_of(c) == cards.HEARTS for c in state.legal_moves())


def test_the_moon_tutorial_shoots_the_moon():
    last = frames("hearts-moon")[-1].after.state
    assert last.moon_by() == SEATS.index("S")
    assert last.points() == [26, 26, 0, 26]
    assert hearts.PRESETS["pagat"].moon


# --------------------------------------------------------------- Tarneeb 41
def test_the_dealers_bid_reaches_eleven_and_four_would_throw_in():
    (bid, ruff) = questions("tarneeb-41-bidding")
    state = bid.before.state
    assert [state.parse_move(t) for t in bid.step.moves] == bid.answers()
    played = state.play(bid.answers()[0])
    assert played.phase == "play"
    short = state.play(state.parse_move("4"))
    assert short.thrown_in and short.is_over
    # the ruff: every accepted answer is a heart, which wins the club trick
    state = ruff.before.state
    for answer in ruff.answers():
        assert cards.suit_of(answer) == cards.HEARTS
    assert not state.hands[state.to_act] & cards.suit_mask(cards.CLUBS)


def test_the_forty_one_tutorial_stops_at_zero_under_classic_only():
    last = frames("tarneeb-41-forty-one")[-1].after.state
    assert last.points() == [14, 1, 2, -1]
    before = (33, 22, -2, 30)  # step 1's totals
    classic = totals_after(tarneeb_41, "classic", last, before)
    assert classic["totals"] == {"N": 47, "E": 23, "S": 0, "W": 29}
    assert not classic["over"]  # the partner at exactly zero holds the win back
    book = totals_after(tarneeb_41, "four-hundred", last, before)
    assert book["over"] and book["winners"] == ["NS"]
    assert all("47" in text("tarneeb-41-forty-one", 12, lang) for lang in ("ar", "en", "fr"))


@pytest.mark.parametrize(
    "slug", [s for s, d in SHIPPED.items() if d["game"] in ("leekha", "tarneeb-41", "hearts")]
)
def test_cards_are_played_one_at_a_time_or_in_a_named_batch(slug):
    """A step that plays several cards says so: it names them all (as {XX}) or calls itself a
    batch played together."""
    for number, step in enumerate(SHIPPED[slug]["steps"], start=1):
        tokens = content.split(step.get("moves"))
        played = [t for t in tokens if len(t) == 2 and not t.isdigit()]
        if len(played) <= 1:
            continue
        en = step["text"]["en"]
        named = all("{" + t + "}" in en for t in played)
        assert named or "together" in en, (slug, number)


def test_a_step_found_wanting_is_reported():
    step = {"moves": "AS KS", "text": {"en": "You lead the {AS}."}}
    played = [t for t in content.split(step["moves"]) if len(t) == 2]
    assert not all("{" + t + "}" in step["text"]["en"] for t in played)
