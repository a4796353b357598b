"""The open search: its values on small endings are those of a plain minimax with no pruning
and no table, for every penalty game and Sab'at Al-Deemin."""

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from cardgames import bots, shuffle, trix
from cardgames.kingdom import CHOOSE
from cardgames.search import tree as search
from tests.bots.helpers import PRESETS

from .test_sampling import in_play

SEARCHED = [(g, p) for g, p in PRESETS if g in ("bent-al-sbeet", "leekha", "hearts")]
SEARCHED += [("sabaat-al-deemin", "classic")]


def hooks(game):
    """The game's family's analysis hooks: what the search asks of it."""
    return bots.GAMES[game].family.analysis


PENALTY, LAYOUT = hooks("hearts"), hooks("sabaat-al-deemin")


def moves_of(family, state) -> list[int]:
    return [m for m in state.legal_moves() if family.weighs(m)]


def brute(family, goal, state) -> float:
    """Paranoid minimax over every continuation, nothing pruned, nothing remembered."""
    if state.to_act is None:
        return goal.utility(state)
    values = []
    for move in moves_of(family, state):
        child = state.copy()
        child.push(move)
        values.append(brute(family, goal, child))
    return max(values) if goal.ours(state.to_act) else min(values)


def ending(game, preset, seed, cards):
    """A position of card play where the seat to act holds at most ``cards`` cards."""
    state, _ = in_play(game, preset, seed, 0)
    while state.to_act is not None and state.hands[state.to_act].bit_count() > cards:
        state.push(bots.hint(game, state, state.to_act).move)
    return state


@pytest.mark.parametrize("game,preset", SEARCHED)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), cards=st.integers(1, 3), skip=st.integers(0, 3))
def test_the_open_values_are_the_brute_force_values(game, preset, seed, cards, skip):
    state = ending(game, preset, seed, cards)
    for _ in range(skip):  # somewhere inside a trick too
        if state.to_act is not None:
            state.push(bots.hint(game, state, state.to_act).move)
    assume(state.to_act is not None)
    seat = state.to_act
    family = hooks(game)
    values, exact = search.open_values(family, state, seat, exact=True)
    assert exact
    goal = family.objective(state.rules, seat)
    for move, value in values.items():
        child = state.copy()
        child.push(move)
        assert value == goal.value(brute(family, goal, child)), (move, values)


def test_small_endings_are_exact_by_default_and_larger_ones_say_not():
    small = ending("hearts", "pagat", 1, PENALTY.tuning.exact_cards)
    assert search.open_values(PENALTY, small, small.to_act)[1]
    large = ending("hearts", "pagat", 1, PENALTY.tuning.exact_cards + 2)
    assert not search.open_values(PENALTY, large, large.to_act)[1]


def test_sabaat_is_searched_whole_from_its_first_card():
    state = next(
        s
        for seed in range(10)
        if (s := ending("sabaat-al-deemin", "classic", seed, 8)).to_act is not None
    )
    state.push(state.legal_moves()[0])
    values, exact = search.open_values(LAYOUT, state, state.to_act)
    assert exact and set(values.values()) <= {0.0, 1.0}


def test_partners_play_for_their_side_where_the_variant_scores_sides():
    state = ending("leekha", "pairs", 2, 3)
    goal = PENALTY.objective(state.rules, state.to_act)
    assert goal.partners and goal.ours((state.to_act + 2) % 4)
    assert not goal.ours((state.to_act + 1) % 4)
    solo = ending("leekha", "solo", 2, 3)
    assert not PENALTY.objective(solo.rules, solo.to_act).partners


def test_the_bounded_search_answers_a_whole_deal():
    state = ending("bent-al-sbeet", "qahwa", 3, 12)
    values, exact = search.open_values(PENALTY, state, state.to_act)
    assert not exact and set(values) == set(moves_of(PENALTY, state))


def rows_ending(seed: int, left: int):
    """A position of the Trix's rows with at most ``left`` cards in all hands together."""
    rules = trix.PRESETS["common"]
    state = trix.new_deal(rules, shuffle.deal(f"rows:{seed}"), seed % 4)
    state.push(CHOOSE + rules.ALL_CONTRACTS.index("trix"))
    while state.to_act is not None and sum(h.bit_count() for h in state.inner.hands) > left:
        state.push(bots.hint("trix", state, state.to_act).move)
    return state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), left=st.integers(2, 16))
@example(seed=17813, left=12)  # two seats out in either order: the same hands, other places
def test_the_trix_s_rows_are_valued_by_the_places_of_a_brute_force_search(seed, left):
    """The Trix's rows: every card (and a pass) valued by the points of the place the seat goes
    out in, best play by all, as a plain minimax over every continuation finds them; searched
    whole by the analysis itself within 24 cards left in all hands."""
    state = rows_ending(seed, left)
    assume(state.to_act is not None)
    seat = state.to_act
    family = hooks("trix")
    ending = family.ending(state, seat)
    assert ending is not None and ending[1]  # exact, without being asked to be
    goal = family.objective(state.rules, seat)
    places = set(state.rules.layout().place_points) | {0}
    for move, utility in ending[0].items():
        child = state.copy()
        child.push(move)
        assert utility == brute(family, goal, child), (move, ending[0])
        assert goal.value(utility) in places


def test_the_trix_s_rows_wait_for_the_whole_table_before_searching_whole():
    state = rows_ending(7, 30)
    assert sum(h.bit_count() for h in state.inner.hands) > 24
    assert hooks("trix").ending(state, state.to_act) is None
