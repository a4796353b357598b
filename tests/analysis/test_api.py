"""The engine-level interface the web layer and the expert player call: errors, the answer's
shape, its costs and order, the deadline, and the whole deal's review."""

import time

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardgames import analysis, bots, shuffle
from cardgames.errors import EngineError, IllegalMove
from cardgames.games import game as described
from tests.bots.helpers import PRESETS

from .test_sampling import in_play
from .test_search import rows_ending

GAMES = ["bent-al-sbeet", "leekha", "hearts", "sabaat-al-deemin"]
SEARCHED = [(g, p) for g, p in PRESETS if g in GAMES]
BUDGET = 2.0  # seconds: the spec's time budget for one answer


def fresh(game, seed=0):
    module = described(game).engine
    return module.new_deal(
        module.PRESETS[module.DEFAULT_PRESET], shuffle.deal(f"api{seed}", module.PACK), seed % 4
    )


def playing(game, seed, moves):
    """A position of card play (the first seed from ``seed`` whose deal reaches one)."""
    for tried in range(seed, seed + 20):
        state, _ = in_play(game, described(game).engine.DEFAULT_PRESET, tried, moves)
        if state.to_act is not None:
            return state
    raise AssertionError("no deal reached card play")


def check_answer(game, answer, state, seat, higher):
    """Every legal card once, the best first: the cards about as good as the best (cost 0),
    then the costly ones, each costing what it gives up against the best card (in the unit
    players count, and at least the least a player counts), clear of the deals' noise."""
    legal = [m for m in state.legal_moves() if m < 52 or m == 64]
    tuning = described(game).family.analysis.tuning
    step = 10**-tuning.places
    assert answer.seat == seat
    assert sorted(mv.move for mv in answer.moves) == legal  # every legal card, once
    costs = [mv.cost for mv in answer.moves]
    assert costs == sorted(costs) and costs[0] == 0
    best = answer.moves[0].value
    free = [mv.value for mv in answer.moves if mv.cost == 0]
    assert best == (max(free) if higher else min(free))
    for mv in answer.moves:
        assert mv.cost >= 0
        if mv.cost:
            assert mv.cost >= tuning.material - 1e-9
            assert mv.cost == pytest.approx(abs(best - mv.value), abs=step + 1e-9)
            assert mv.cost > mv.margin


# --- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [*GAMES, "tarneeb", "tarneeb-41"])
def test_no_analysis_outside_card_play(game):
    state = fresh(game)
    assert state.phase != "play"  # the pass, the announcements, the auction
    with pytest.raises(analysis.Unavailable) as caught:
        analysis.analyse(game, state)
    assert caught.value.code == "analysis_unavailable"
    assert isinstance(caught.value, EngineError)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("view", ["seat", "open"])
def test_no_analysis_for_a_seat_not_to_act(game, view):
    state = playing(game, 1, 30)
    with pytest.raises(analysis.Unavailable) as caught:
        analysis.analyse(game, state, (state.to_act + 1) % 4, view)
    assert caught.value.details["reason"] == "not_to_act"


def test_unavailable_is_answered_as_an_illegal_move_is():
    # The web layer maps an error to its status by class: 422, as for an illegal move.
    assert issubclass(analysis.Unavailable, IllegalMove)


def test_a_view_the_api_does_not_know_is_bad_input():
    state, _ = in_play("hearts", "pagat", 1, 30)
    with pytest.raises(EngineError) as caught:
        analysis.analyse("hearts", state, view="closed")
    assert caught.value.code == "bad_view"


@pytest.mark.parametrize("game", [*GAMES, "tarneeb", "tarneeb-41"])
@pytest.mark.parametrize("view", ["seat", "open"])
def test_a_deadline_already_past_is_busy_never_a_half_answer(game, view):
    state = playing(game, 2, 30)
    with pytest.raises(analysis.Busy) as caught:
        analysis.analyse(game, state, view=view, deadline=time.monotonic() - 0.001)
    assert caught.value.code == "analysis_busy"


# --- the answer -----------------------------------------------------------------------------


@pytest.mark.parametrize("game,preset", SEARCHED)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 60), view=st.sampled_from(["seat", "open"]))
def test_every_legal_card_best_first_with_cost_zero_for_the_best(game, preset, seed, moves, view):
    state, _ = in_play(game, preset, seed, moves)
    assume(state.to_act is not None)
    answer = analysis.analyse(game, state, view=view, samples=2, seed="s")
    check_answer(game, answer, state, state.to_act, higher=game == "sabaat-al-deemin")
    assert answer.view == view
    assert answer.samples == (None if view == "open" else answer.samples)
    if view == "seat":
        assert 1 <= answer.samples <= 2
    if game == "sabaat-al-deemin":
        assert all(0 <= mv.value <= 1 for mv in answer.moves)
        if view == "open":  # paranoid and searched whole: the side goes out first, or not
            assert answer.exact and {mv.value for mv in answer.moves} <= {0.0, 1.0}
    else:
        assert all(mv.value >= 0 for mv in answer.moves)


def test_the_seat_view_is_not_exact_while_cards_are_hidden():
    state, _ = in_play("hearts", "pagat", 4, 30)
    assert not analysis.analyse("hearts", state, samples=2).exact


def test_the_expert_player_asks_with_the_view_alone():
    state, _ = in_play("leekha", "classic", 6, 40)
    view = bots.view_of("leekha", state, state.to_act)
    answer = analysis.analyse_view(view, samples=2, seed="x")
    assert answer == analysis.analyse("leekha", state, samples=2, seed="x")


@pytest.mark.parametrize("game", ["tarneeb", "tarneeb-41"])
def test_the_tarneeb_family_goes_to_the_double_dummy_solver(game):
    pytest.importorskip("cardgames.trickbid.solver")
    state = playing(game, 3, 30)
    for view in ("open", "seat"):
        answer = analysis.analyse(game, state, view=view, samples=2)
        check_answer(game, answer, state, state.to_act, higher=True)
    assert analysis.analyse(game, state, view="open").exact


def test_the_tarneeb_table_comes_from_the_solver():
    trick = pytest.importorskip("cardgames.trickbid.solver")
    state = playing("tarneeb", 3, 30)
    assert analysis.table("tarneeb", state) == trick.table(state)


def test_the_penalty_games_and_sabaat_have_no_table():
    for game in GAMES:
        state, _ = in_play(game, described(game).engine.DEFAULT_PRESET, 1, 10)
        assert analysis.table(game, state) is None
        assert not analysis.has_table(game)  # so the site asks for none
    assert analysis.has_table("tarneeb") and analysis.has_table("tarneeb-41")


# --- the whole deal -------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_deal_judges_each_card_of_the_seats_asked(game):
    start = fresh(game, 5)
    state = start.copy()
    moves = []
    while state.to_act is not None:
        move = bots.hint(game, state, state.to_act).move
        moves.append(move)
        state.push(move)
    judged = analysis.analyse_deal(game, start, moves, "seat", seats={1}, seed="r", samples=4)
    replay = start.copy()
    expected = []
    for ply, move in enumerate(moves):
        if replay.phase == "play" and replay.to_act == 1 and (move < 52 or move == 64):
            expected.append((ply, move))
        replay.push(move)
    assert [(p.ply, p.move) for p in judged] == expected
    alone = {}
    for p in judged:
        assert p.seat == 1 and p.cost >= 0 and p.best
        assert (p.cost == 0) == (p.move in p.best)
        alone[p.ply] = p
    # each card as its moment is judged alone, and a forced card at no cost
    for ply, seat, move, state, chosen in analysis.card_plays(game, start, moves, {1}):
        if not chosen:
            assert alone[ply].cost == 0 and alone[ply].best == (move,)
            continue
        answer = analysis.analyse(game, state, seat, "seat", seed="r", samples=4)
        assert alone[ply] == analysis.cost_of(answer, ply, move)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), left=st.integers(4, 52), view=st.sampled_from(["seat", "open"]))
def test_the_trix_s_rows_are_valued_in_the_points_of_a_place(seed, left, view):
    """Every card that fits a row (or the pass) valued by the place it leads the seat to: 200,
    150, 100 or 50 with every hand open and few cards left, their average from the seat's view."""
    state = rows_ending(seed, left)
    assume(state.to_act is not None)
    answer = analysis.analyse("trix", state, view=view, samples=2, seed="s")
    check_answer("trix", answer, state, state.to_act, higher=True)
    assert all(50 <= mv.value <= 200 for mv in answer.moves)
    if view == "open" and sum(h.bit_count() for h in state.inner.hands) <= 24:
        assert answer.exact and {mv.value for mv in answer.moves} <= {50.0, 100.0, 150.0, 200.0}
