"""The one typed table view (``contract.TableView``): what the seats seen may see of a deal, decided
by the deal's family once, for every page that draws a table (positions, tutorials, lessons, the
quiz, practice, live tables) and for the practice match object's history."""

import dataclasses
import random

import pytest

from cardgames import shuffle
from cardgames.contract import Move, TableView
from cardgames.games import GAMES
from cardgames.penalty import bent_al_sbeet, hearts
from cardgames.penalty.scoring import QS
from cardgames.table import N, S
from cardgames.trickbid import tarneeb

SEATS = range(4)


def played(slug: str, seed: str, moves: int):
    """A deal of ``slug`` after ``moves`` random legal moves."""
    module = GAMES[slug].engine
    state = module.new_deal(
        module.PRESETS[module.DEFAULT_PRESET], shuffle.deal(seed, module.PACK), N
    )
    rng = random.Random(seed)
    for _ in range(moves):
        if state.to_act is None:
            break
        state.push(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("slug", list(GAMES))
@pytest.mark.parametrize("moves", [0, 5, 20, 200])
def test_a_view_shows_the_seen_hands_alone_and_the_legal_moves_of_a_seen_seat(slug, moves):
    state = played(slug, f"view-{slug}", moves)
    for seen in (frozenset(), frozenset({S}), frozenset(SEATS)):
        view = state.table_view(seen)
        assert isinstance(view, TableView) and view.phase == state.phase
        assert view.hands == tuple(state.hands[s] if s in seen else None for s in SEATS)
        assert view.counts == tuple(h.bit_count() for h in state.hands)
        assert view.points == tuple(state.points())
        if state.to_act in seen:
            assert [m.move for m in view.legal] == state.legal_moves()
        else:
            assert view.legal == ()
        for move in view.legal:  # each move with its token, typed: no token to read
            assert isinstance(move, Move) and move.token == state.format_move(move.move)
            assert state.parse_move(move.token) == move.move


def test_each_move_names_what_it_is():
    deal = bent_al_sbeet.new_deal(bent_al_sbeet.PRESETS["qahwa"], shuffle.deal("kinds"), N)
    passes = {m.kind for m in deal.table_view({deal.to_act}).legal}
    assert passes == {"pass_cards"}
    auction = tarneeb.new_deal(tarneeb.PRESETS["egyptian"], shuffle.deal("kinds"), N)
    moves = {m.token: m for m in auction.table_view({auction.to_act}).legal}
    assert moves["pass"].kind == "pass_call" and moves["7C"].kind == "bid"
    assert (moves["7C"].bid, moves["7C"].strain, moves["7C"].card) == (7, "C", None)
    assert (moves["9NT"].bid, moves["9NT"].strain) == (9, "NT")


def test_a_pass_is_known_to_its_maker_to_its_receiver_once_exchanged_and_to_all_at_the_end():
    deal = hearts.new_deal(hearts.PRESETS["pagat"], shuffle.deal("passes"), N, deal_number=1)
    rng = random.Random(1)
    while deal.phase == "pass":  # before the exchange: South knows its own pass alone
        assert [s for s in SEATS if deal.table_view({S}).knows_pass(s)] == [S]
        deal.push(rng.choice(deal.legal_moves()))
    giver = next(s for s in SEATS if deal.pass_target(s) == S)  # hearts, deal 1: to the left
    view = deal.table_view({S})
    assert {s for s in SEATS if view.knows_pass(s)} == {S, giver} and giver != S
    assert view.passes[giver] == deal.passes[giver]
    assert deal.table_view().passes == (None, None, None, None)  # a watcher knows none
    deal.playout(random.Random(2).random)
    assert deal.table_view().passes == tuple(deal.passes)


@pytest.mark.parametrize("times", [2, 3])
def test_an_exposed_card_is_shown_at_a_hidden_seat_with_the_multiplier_in_force(times):
    rules = dataclasses.replace(bent_al_sbeet.PRESETS["qahwa"], exposure_multiplier=times)
    hands = shuffle.deal("exposed")
    holder = next(s for s in SEATS if hands[s] >> QS & 1)
    deal = bent_al_sbeet.new_deal(rules, hands, N, start="play", exposed=1 << QS)
    other = next(s for s in SEATS if s != holder)
    view = deal.table_view({other})
    assert view.hands[holder] is None and view.shown[holder] == 1 << QS
    assert view.exposed == 1 << QS and view.exposure == times


def test_a_doubled_contract_says_its_multiplier_as_the_rules_score_it():
    rules = dataclasses.replace(tarneeb.PRESETS["egyptian"], redouble_allowed=True)
    deal = tarneeb.new_deal(rules, shuffle.deal("double"), N)
    for token in ("7C", "double", "double", "pass", "pass"):  # four calls after the bid: the end
        deal.push(deal.parse_move(token))
    contract = deal.table_view().contract
    assert (contract.bid, contract.strain, contract.doubled, contract.redoubled) == (
        7,
        "C",
        True,
        True,
    )
    assert contract.multiplier == rules.double_multiplier**2
    assert {call.kind for _, call in deal.table_view().auction} == {"bid", "double", "pass_call"}


def test_a_layout_view_has_its_piles_and_no_tricks():
    state = played("sabaat-al-deemin", "piles", 30)
    view = state.table_view(frozenset(SEATS))
    assert view.piles is not None and len(view.piles) == 4 and view.tricks_won is None
    laid = sum(1 << c for pile in view.piles for c in pile)
    assert laid == state.laid and view.trick == ()
    assert view.multiplier == state.multiplier and view.by_side
