"""The interface the practice table builds on: views, decisions, hints, seeds and errors."""

import ast
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import bots, shuffle
from cardgames.cards import ACE, SEVEN, card
from cardgames.errors import BadInput, IllegalMove
from cardgames.penalty import bent_al_sbeet
from cardgames.players import knowledge
from cardgames.trickbid import tarneeb

from .helpers import MODULES


def start(game, seed="interface", preset=None):
    module = MODULES[game]
    rules = module.PRESETS[preset or module.DEFAULT_PRESET]
    return module.new_deal(rules, shuffle.deal(seed, module.PACK), 0)


@pytest.mark.parametrize("game", MODULES)
def test_a_decision_is_a_legal_move_with_a_reason(game):
    state = start(game)
    decision = bots.decide(bots.view_of(game, state, state.to_act), "club")
    assert decision.move in state.legal_moves()
    assert decision.reason.code in bots.REASONS[game]
    assert decision.reason.source == bots.REASONS[game][decision.reason.code]


@pytest.mark.parametrize("game", MODULES)
def test_the_same_seed_replays_the_beginners_choices(game):
    def moves(seed):
        state = start(game)
        return [move for _, move, _ in bots.advance(game, state, ["beginner"] * 4, seed)]

    assert moves("seed-1") == moves("seed-1")
    assert moves("seed-1") != moves("seed-2")


@pytest.mark.parametrize("game", MODULES)
def test_the_club_player_needs_no_seed(game):
    a, b = start(game), start(game)
    assert bots.advance(game, a, ["club"] * 4, "x") == bots.advance(game, b, ["club"] * 4, "y")


def test_the_beginners_choice_depends_on_the_position_not_on_the_call_order():
    # The practice table replays a deal from its seed: a decision asked again, later, in the
    # same position, is the same decision.
    state = start("bent-al-sbeet")
    view = bots.view_of("bent-al-sbeet", state, state.to_act)
    first = bots.decide(view, "beginner", "s")
    bots.decide(bots.view_of("tarneeb", start("tarneeb"), 3), "beginner", "s")
    assert bots.decide(view, "beginner", "s") == first


def test_advance_stops_at_a_person_and_at_the_end():
    state = start("tarneeb")
    person = 2
    made = bots.advance("tarneeb", state, {0: "club", 1: "beginner", 3: "club"}, "s")
    assert state.to_act == person
    assert all(seat != person for seat, _, _ in made)
    assert [move for _, move, _ in made] == state.history
    state.push(tarneeb.PASS)
    bots.advance("tarneeb", state, ["club"] * 4, "s")
    assert state.is_over


def test_a_hint_is_the_club_players_decision_for_that_seat():
    state = start("bent-al-sbeet")
    seat = state.to_act
    assert bots.hint("bent-al-sbeet", state, seat) == bots.decide(
        bots.view_of("bent-al-sbeet", state, seat), "club"
    )


def test_no_decision_for_a_seat_that_is_not_to_act():
    state = start("sabaat-al-deemin")
    other = (state.to_act + 1) % 4
    with pytest.raises(IllegalMove) as e:
        bots.hint("sabaat-al-deemin", state, other)
    assert e.value.code == "not_your_turn"


@pytest.mark.parametrize(
    "call,code",
    [
        (lambda s: bots.decide(bots.view_of("tarneeb", s, s.to_act), "grandmaster"), "bad_level"),
        (lambda s: bots.view_of("poker", s, 0), "unknown_game"),
        (lambda s: bots.view_of("tarneeb", s, 4), "bad_seat"),
    ],
)
def test_bad_input_is_refused_with_a_code(call, code):
    with pytest.raises(BadInput) as e:
        call(start("tarneeb"))
    assert e.value.code == code


# --- views ---------------------------------------------------------------------------------


def test_a_view_holds_its_own_hand_and_only_counts_of_the_others():
    state = start("sabaat-al-deemin")
    view = bots.view_of("sabaat-al-deemin", state, 1)
    assert view.hand == state.hands[1]
    assert view.counts == (8, 8, 8, 8)
    assert view.legal == ()  # not its turn
    for other in (0, 2, 3):
        assert state.hands[other] not in _ints(view)


def _ints(value):
    """Every int inside a view (its fields, tuples, the table), to look for a hidden hand."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, tuple | list):
        return [i for item in value for i in _ints(item)]
    return []


def _voids(tricks) -> tuple:
    """The voids shown in ``tricks`` (each ``(seat, card)`` in play order), worked out plainly."""
    voids = [0, 0, 0, 0]
    for trick in tricks:
        for seat, c in trick[1:]:
            if c // 13 != trick[0][1] // 13:
                voids[seat] |= 1 << trick[0][1] // 13
    return tuple(voids)


def _random_play(state, rng, moves, record=None):
    """``moves`` random legal moves (fewer if the deal ends); ``record`` gets ``(seat, card)``
    of every card played."""
    for _ in range(moves):
        if state.is_over:
            break
        seat, move = state.to_act, rng.choice(state.legal_moves())
        state.push(move)
        if record is not None and move < 52 and state.phase in ("play", "over"):
            record.append((seat, move))
    return state


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    moves=st.integers(0, 80),
    game=st.sampled_from(["tarneeb", "tarneeb-41"]),
)
def test_the_voids_in_a_view_are_those_the_engines_tricks_show(seed, moves, game):
    module = MODULES[game]
    rules = module.PRESETS[module.DEFAULT_PRESET]
    state = module.new_deal(rules, shuffle.deal(str(seed)), seed % 4)
    _random_play(state, random.Random(seed), moves)
    view = bots.view_of(game, state, seed % 4)
    assert view.table.tricks == tuple(state.tricks)
    assert view.table.voids == _voids([t for t, _ in state.tricks] + [state.trick])


@pytest.mark.parametrize("game", ["tarneeb-41", "sabaat-al-deemin"])
def test_a_deal_taken_back_and_played_otherwise_reads_its_own_record(game):
    # What the record shows is kept from one move to the next; a move taken back (the
    # practice table's undo) and another played instead must not leave the first behind.
    module = MODULES[game]
    rules = module.PRESETS[module.DEFAULT_PRESET]
    for seed in range(40):
        state = module.new_deal(rules, shuffle.deal(f"undo-{seed}", module.PACK), 0)
        rng = random.Random(seed)
        while not state.is_over:
            before = state.copy()
            _random_play(state, rng, 1)
            bots.view_of(game, state, 0)  # the memory now holds this line of play
            if len(state.legal_moves()) > 1 and rng.random() < 0.3:
                state = before  # taken back: another legal move instead
                _random_play(state, rng, 1)
            view = bots.view_of(game, state, 0)
            knowledge.clear_memos()
            assert bots.view_of(game, state, 0) == view


def test_the_view_of_a_pass_shows_what_the_seat_passed_and_received():
    rules = bent_al_sbeet.PRESETS["qahwa"]  # deal 1: to the left
    state = bent_al_sbeet.new_deal(rules, shuffle.deal("pass"), 0)
    bots.advance("bent-al-sbeet", state, ["club"] * 4, "")  # to the end
    state = bent_al_sbeet.new_deal(rules, shuffle.deal("pass"), 0)
    while state.phase == "pass":
        state.push(bots.hint("bent-al-sbeet", state, state.to_act).move)
    view = bots.view_of("bent-al-sbeet", state, 0)
    left, right = 1, 3  # N passes to E (its left) and receives from W
    assert view.table.pass_to == left
    assert view.table.passed == state.passes[0]
    assert view.table.received == state.passes[right]
    assert view.table.received & state.hands[0] == view.table.received


def test_a_layout_view_shows_every_move_and_who_made_it():
    state = start("sabaat-al-deemin", preset="classic")
    bots.advance("sabaat-al-deemin", state, ["beginner"] * 4, "layout")
    view = bots.view_of("sabaat-al-deemin", state, 0)
    assert view.table.moves == tuple(state.history)
    assert view.table.actors == tuple(state.actors)
    assert view.table.layout == tuple(state.layout)


def test_only_the_view_reads_an_engine_state():
    # The heuristics get a SeatView and nothing else: no module but view.py (and the entry
    # points that hand a state to it) names a state or reads a field that holds hidden cards.
    engine = Path(bots.__file__).parent
    hidden = {"hands", "dealt", "passes", "pass_target", "push", "copy", "legal_moves"}
    heuristics = [*engine.glob("*/players.py"), engine / "players" / "knowledge.py"]
    for path in sorted(heuristics):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            assert not (isinstance(node, ast.Name) and node.id == "state"), path.name
            assert not (isinstance(node, ast.arg) and node.arg == "state"), path.name
            assert not (isinstance(node, ast.Attribute) and node.attr in hidden), (
                path.name,
                node.attr,
            )


def test_the_view_reads_only_what_the_engines_make_public():
    # The engines' private fields (a leading underscore) change with their internals; the view
    # reads the fields and accessors their docstrings name.
    tree = ast.parse((Path(bots.__file__).parent / "players" / "seat.py").read_text())
    read = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "state"
    }
    assert read and not [name for name in read if name.startswith("_")], sorted(read)


def test_the_match_context_comes_from_the_engine_or_from_the_caller():
    tarneeb_deal = start("tarneeb")
    view = bots.view_of("tarneeb", tarneeb_deal, 3, deal_number=4, totals=(12, 30))
    assert (view.deal_number, view.match_totals) == (4, (12, 30))
    assert bots.view_of("tarneeb", tarneeb_deal, 3).deal_number is None
    # Bent Al Sbeet's deal knows its place in the match: the engine's word is kept.
    rules = bent_al_sbeet.PRESETS["sbeetah"]
    deal = bent_al_sbeet.new_deal(rules, shuffle.deal("x"), 0, 3, (40, 12, 7, 90))
    view = bots.view_of("bent-al-sbeet", deal, 0, deal_number=9, totals=(0, 0, 0, 0))
    assert (view.deal_number, view.match_totals) == (3, (40, 12, 7, 90))


def test_each_deal_of_a_match_draws_its_own_beginner_choices():
    def first_calls(number):
        state = start("tarneeb")
        made = bots.advance("tarneeb", state, ["beginner"] * 4, "match", deal_number=number)
        return [move for _, move, _ in made]

    assert first_calls(1) == first_calls(1)
    assert first_calls(1) != first_calls(2)


def test_the_same_cards_played_from_other_seats_show_other_voids():
    # Two deals whose cards fall in the same order from seats one place apart: the voids kept
    # for the first must not be read for the second.
    module = MODULES["tarneeb-41"]
    rules = module.PRESETS["classic"]
    hands = shuffle.deal("same-cards")
    first = module.new_deal(rules, hands, 0)
    second = module.new_deal(rules, hands[3:] + hands[:3], 1)
    for _ in range(4):  # the same bids, one seat on
        first.push(module.classic_bid(3))
        second.push(module.classic_bid(3))
    rng = random.Random(3)
    while not first.is_over:
        move = rng.choice(first.legal_moves())
        first.push(move)
        second.push(move)
        one = bots.view_of("tarneeb-41", first, 0).table.voids
        other = bots.view_of("tarneeb-41", second, 1).table.voids
        assert other == one[3:] + one[:3]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 60))
def test_what_knocks_show_is_kept_as_it_happened(seed, moves):
    # A knock shows the knocker held none of the cards open at that moment; the view keeps
    # that from move to move. Worked out here from the whole record at once.
    module = MODULES["sabaat-al-deemin"]
    state = module.new_deal(module.PRESETS["classic"], shuffle.deal(str(seed), module.PACK), 0)
    _random_play(state, random.Random(seed), moves)
    lacks = [0, 0, 0, 0]
    layout = [None] * 4
    for move, seat in zip(state.history, state.actors, strict=True):
        if move == module.KNOCK:
            for s, top in enumerate(layout):  # each pile's seven, or the card above its top
                if top is None:
                    lacks[seat] |= 1 << card(SEVEN, s)
                elif top % 13 != ACE:
                    lacks[seat] |= 1 << (top + 1)
        elif move < 52:
            layout[move // 13] = move
    expected = tuple(lack & ~state.laid for lack in lacks)
    assert bots.view_of("sabaat-al-deemin", state, 0).table.lacks == expected
