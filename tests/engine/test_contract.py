"""The game contract (``cardgames.contract``), checked over every game of
``cardgames.games.GAMES`` and every preset, as OpenSpiel runs one suite over every game.

Each engine module is a ``GameModule`` and each deal a ``DealState``; random deals played out
keep the members' promises to one another at every position.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames.contract import DealState, GameModule, Permission, Phase
from cardgames.errors import BadInput
from cardgames.games import GAMES
from tests.engine.moves import CASES, first_move_deal

# Every int any game uses as a move lies below 256 (the trick-and-bid trump calls are 240..244).
MOVE_INTS = range(256)


def _moves(module) -> list[int]:
    """Every int that is a move of the game (whatever the phase)."""
    found = []
    for move in MOVE_INTS:
        try:
            module.format_move(move)
        except BadInput:
            continue
        found.append(move)
    return found


# Tokens no game reads (and, for some games, tokens only another game reads).
UNKNOWN_TOKENS = ("", "zz", "QX", "pass:", "expose:QS", "keep", "knock", "99NT", "1C", "7C")


def _refused(parse, token: str):
    """``(type, code)`` of the error ``parse`` raises on ``token``, or the move it reads."""
    try:
        return parse(token)
    except BadInput as error:
        return type(error), error.code


def _same(a, b) -> bool:
    return (
        a.history == b.history
        and a.phase == b.phase
        and a.to_act == b.to_act
        and list(a.hands) == list(b.hands)
        and a.legal_moves() == b.legal_moves()
        and a.points() == b.points()
    )


def _swapped(state, seat: int):
    """A copy of ``state`` where two other seats have swapped one card nobody has seen (not
    exposed, not chosen to pass), or None when there is none to swap."""
    others = [s for s in range(4) if s != seat]
    shown = state.table_view()  # exposed (doubled) and face-up cards are seen by all
    seen = shown.exposed | shown.shown[0] | shown.shown[1] | shown.shown[2] | shown.shown[3]
    passes = getattr(state, "passes", (0, 0, 0, 0))
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            free_a = state.hands[a] & ~seen & ~passes[a]
            free_b = state.hands[b] & ~seen & ~passes[b]
            if free_a and free_b:
                ca, cb = free_a & -free_a, free_b & -free_b
                other = state.copy()
                other.hands[a] ^= ca | cb
                other.hands[b] ^= ca | cb
                return other
    return None


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_engine_module_is_a_game_module(slug):
    module = GAMES[slug].engine
    assert isinstance(module, GameModule)
    assert module.DEFAULT_PRESET in module.PRESETS


@pytest.mark.parametrize(("slug", "preset"), CASES)
def test_every_deal_is_a_deal_state(slug, preset):
    module = GAMES[slug].engine
    state = first_move_deal(module, module.PRESETS[preset], random.Random(slug), "contract")
    assert isinstance(state, DealState)
    assert isinstance(state.phase, Phase)


@settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32))
def test_deals_played_out_keep_the_contract(case, seed):
    slug, preset = case
    module = GAMES[slug].engine
    rules = module.PRESETS[preset]
    rng = random.Random(seed)
    moves = _moves(module)
    state = first_move_deal(module, rules, rng, "contract")
    while True:
        # Phases: a member, and over exactly when nobody is to act.
        assert isinstance(state.phase, Phase)
        assert (state.to_act is None) == state.is_over == (state.phase == Phase.OVER)
        legal = state.legal_moves()
        assert legal == sorted(set(legal))
        assert (not legal) == state.is_over
        # Legality, refusal and permission say the same of every move.
        for move in moves:
            refusal = state.refusal(move)
            permission = state.permission(move)
            is_legal = move in legal
            assert state.is_legal(move) == is_legal, (state, move)
            assert (refusal is None) == is_legal, (state, move)
            assert (permission is not None) == is_legal, (state, move)
            if permission is not None:
                assert isinstance(permission, Permission) and permission.code
            # The code alone (what the quiz asks at every move of a walk) is the permission's.
            assert state.permission_code(move) == (permission and permission.code), (state, move)
        # Tokens read back as the moves they name.
        parse = state.parse_move
        for move in legal:
            assert parse(module.format_move(move)) == move
        # Who passes to whom: a seat, or None where the game has no pass this deal; never
        # oneself.
        for seat in range(4):
            target = state.pass_target(seat)
            assert target is None or (target in range(4) and target != seat), (state, seat)
        # A token the game does not know is refused as the module refuses it.
        for token in UNKNOWN_TOKENS:
            refused = _refused(module.parse_move, token)
            if isinstance(refused, tuple):
                assert _refused(parse, token) == refused, token
        # A seat's view holds no card of another seat's hand: dealing the unseen cards
        # differently changes nothing in it.
        for seat in range(4):
            other = _swapped(state, seat)
            if other is not None:
                assert other.view(seat) == state.view(seat), (state, seat)
        if state.is_over:
            break
        move = rng.choice(legal)
        # play and push agree; a copy is independent of its original.
        before = state.copy()
        played = state.play(move)
        assert _same(state, before)
        state.push(move)
        assert _same(state, played)
        assert not _same(state, before)
