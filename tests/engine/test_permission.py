"""``permission(move)``: the rule step that lets a legal move through, for every game.

The quiz explains a legal move with its own ``why_legal`` today; the engine's permission must
say the same (code and details) wherever the quiz explains a move, so the quiz can ask the
engine instead. This test is how the quiz knows it can switch (it imports the quiz's current
explanation for now). Everywhere, a move has a permission exactly when it has no refusal.
"""

import random
from types import SimpleNamespace

import pytest

from cardgames import cards
from cardgames.contract import Permission
from cardgames.games import GAMES
from plumbing.families import serves
from tests.engine.moves import CASES, first_move_deal
from tests.quiz.oracle import why_legal  # the quiz's reading, kept when the quiz asked the engine

DEALS = 12  # per preset: every phase is reached, at many positions, in well under a second


def _candidates(state) -> list[int]:
    """Every move the state's phase could name: the legal ones and many refused."""
    return sorted({*range(52), *state.legal_moves(), *range(64, 72), *range(100, 140)})


def _quiz_explains(slug: str, state, move: int) -> bool:
    """Whether the quiz's ``why_legal`` explains ``move`` here: card plays (and the knock) in
    play, and Tarneeb's auction."""
    if state.phase == "play":
        if slug == "trix":  # the trick contracts' cards, and the Trix's rows and pass
            return move < 52 or state.contract == "trix"
        return move < 52 or slug == "sabaat-al-deemin"
    return slug == "tarneeb" and state.phase == "bidding"


def _queen_broke_hearts(slug, rules, state, note, permission) -> bool:
    """The one place the quiz is wrong today: with ``queen_breaks_hearts`` (OpenSpiel's
    preset), the Q♠ played breaks hearts, so a lead is free; the quiz only looks at hearts."""
    queen = 1 << cards.parse_card("QS")
    return (
        slug == "hearts"
        and rules.queen_breaks_hearts
        and state.played & queen
        and note.code in ("leads_non_heart", "only_hearts")
        and permission.code == "free_lead"
    )


# The games the quiz asks about (the oracle is the quiz's reading).
QUIZZED = [(slug, preset) for slug, preset in CASES if serves("quiz", GAMES[slug].family)]


@pytest.mark.parametrize(("slug", "preset"), QUIZZED)
def test_permission_is_what_the_quiz_says(slug, preset):
    module = GAMES[slug].engine
    rules = module.PRESETS[preset]
    rng = random.Random(f"{slug}/{preset}")
    explained = 0
    for _ in range(DEALS):
        state = first_move_deal(module, rules, rng, "permission")
        while not state.is_over:
            legal = state.legal_moves()
            for move in _candidates(state):
                try:
                    refusal = state.refusal(move)
                except Exception:  # BadInput: an int that is no move at all
                    continue
                permission = state.permission(move)
                assert (permission is None) == (refusal is not None), (state, move)
                assert (move in legal) == (permission is not None), (state, move)
                if permission is None:
                    continue
                assert isinstance(permission, Permission)
                if not _quiz_explains(slug, state, move):
                    continue
                pos = SimpleNamespace(state=state, module=module, rules=rules)
                note = why_legal(pos, move)
                if _queen_broke_hearts(slug, rules, state, note, permission):
                    continue
                assert (permission.code, dict(permission.details)) == (
                    note.code,
                    note.details,
                ), (state, module.format_move(move))
                explained += 1
            state.push(rng.choice(legal))
    assert explained > 100
