"""The auction judged (issue 45): in Tarneeb and Tarneeb 41 the review sets each of the
learner's calls against the deal's double-dummy table and beside the club and expert players'
call from the learner's seat ("with every hand open, your side could make 9 in hearts; you
passed at 8"), in the three languages."""

import random
import re

import pytest
from django.utils import translation

from cardgames import shuffle
from cardgames.games import game as described
from cardgames.table import S
from cardgames.trickbid import moves
from cardtable.words import count, vocabulary
from practice import calls
from tests.web.test_writing import visible

from .helpers import learner_token
from .test_pages import match_of, new_match, play, table_url

TARNEEB = described("tarneeb").engine
TABLE = {
    "NS": {"S": 5, "H": 9, "D": 4, "C": 6, "NT": 6},
    "EW": {"S": 8, "H": 4, "D": 8, "C": 7, "NT": 7},
}


def south_to_call(opponents_bid: int | None):
    """A classic Tarneeb auction where South calls after West (an opponent) bid
    ``opponents_bid`` (or passed), every other seat passing."""
    rules = TARNEEB.PRESETS["classic"]
    for dealer in range(4):
        state = TARNEEB.new_deal(rules, shuffle.deal("calls", TARNEEB.PACK), dealer)
        while state.to_act != S and state.phase == "bidding":
            wants = moves.classic_bid(opponents_bid) if opponents_bid and state.to_act % 2 else None
            state.push(wants if wants in state.legal_moves() else moves.PASS)
        if state.to_act == S and (state.high is not None) == (opponents_bid is not None):
            return state
    raise AssertionError("no such auction")


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_a_pass_under_what_the_side_could_make(lang):
    state = south_to_call(8)
    with translation.override(lang):
        vocab = vocabulary("tarneeb")
        said = calls._said(vocab, state, S, moves.PASS, TABLE)
        assert count(9, "tricks_obj", vocab.region) in said
        assert vocab.strain("H") in said and vocab.bid("8") in said
        if lang == "en":
            assert said == (
                "With every hand open, your side could make 9 tricks in hearts; you passed at 8."
            )


def test_bids_over_and_on_and_a_pass_that_was_right():
    state = south_to_call(8)
    with translation.override("en"):
        vocab = vocabulary("tarneeb")
        over = calls._said(vocab, state, S, moves.classic_bid(10), TABLE)
        assert over.startswith("With every hand open, your side could make at most 9 tricks")
        on = calls._said(vocab, state, S, moves.classic_bid(9), TABLE)
        assert on.endswith("your 9 was on.")
        low = {"NS": {**TABLE["NS"], "H": 7}, "EW": TABLE["EW"]}
        right = calls._said(vocab, state, S, moves.PASS, low)
        assert right.endswith("passing was right.")
        first = calls._said(vocab, south_to_call(None), S, moves.PASS, TABLE)
        assert first.endswith("you passed before anyone bid.")


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["tarneeb", "tarneeb-41"])
def test_the_review_shows_the_learners_calls_judged(client, rulebook, game, settings):
    settings.ANALYSIS_SECONDS = 30
    settings.ANALYSIS_SAMPLES = 8
    rng = random.Random(f"calls {game}")
    url = table_url(new_match(client, game))
    for _ in range(4):
        practice = match_of(url).replay()
        while not practice.deal_over:
            assert play(client, url, learner_token(practice, rng)).status_code == 303
            practice = match_of(url).replay()
        if practice.state.phase == "over" and not getattr(practice.state, "thrown_in", False):
            break
        client.post(url + "next/", {"deal": practice.deal_number})
    mine = [
        ply
        for ply, (seat, _m) in enumerate(zip(practice.actors, practice.moves, strict=True))
        if seat == practice.seat and practice.position(ply).state.phase == "bidding"
    ]
    assert mine
    for lang in ("ar", "en", "fr"):
        body = client.get(url.replace("/en/", f"/{lang}/")).content.decode()
        box = re.search(r'(?s)<section class="calls".*?</section>', body)
        assert box, lang
        items = re.findall(r'<li data-at="(\d+)">', box[0])
        assert [int(at) - 1 for at in items] == mine
        with translation.override(lang):
            text = visible(box[0])
            assert str(calls.CLUB_SAME) in text or str(calls.CLUB_OTHER).split("%")[0] in text


@pytest.mark.django_db
def test_the_felts_own_calls_are_still_drawn_while_the_deal_is_played(client, rulebook):
    """The review's judged calls are not the felt's calls: Sab'at's announcements are buttons
    on the table while the deal is played (the two once shared a name in the page's context)."""
    url = table_url(new_match(client, "sabaat-al-deemin"))
    practice = match_of(url).replay()
    assert practice.learner_to_act and practice.state.phase == "announce"
    body = client.get(url).content.decode()
    for token in (practice.module.format_move(m) for m in practice.legal()):
        assert f'name="move" value="{token}"' in body
