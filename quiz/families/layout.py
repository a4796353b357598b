"""The quiz of the layout family: Sab'at Al-Deemin, where cards are laid on the suits' piles
and a player with nothing to lay knocks. No Django here.

Moments: ``opening`` (the deal opens with the opening card), ``some_fit`` (only the cards that
fit the piles may be laid), ``blocked`` (nothing fits: knock); for a knock, what it costs now:
``blocked`` (nothing), ``one_fits``, ``playable``, ``playable_doubled`` (a doubled deal, whose
multiplier never reaches a penalty).
"""

from dataclasses import replace

from cardgames.cards import card_code
from cardgames.contract import Phase
from cardgames.layout.sabaat_al_deemin import DOUBLE, KNOCK, PASS, TRIPLE, penalty_for
from cardgames.table import PARTNERSHIPS, SEATS

from ..core import (
    CHOICE_KINDS,
    LEGAL_SET,
    PLAY,
    Note,
    card_choice,
    choice_answer,
    mask,
    seat_to_act,
)
from ..core import (
    KNOCK as KNOCK_KIND,
)

SIGNED_POINTS = False
AUCTION = False
KNOCKS = True  # a player with nothing to lay knocks: a move of its own

# The engine's permission of a legal move, where the layout narrows the choice: the moment.
NARROWED = {
    "opens_with": "opening",
    "starts_pile": "some_fit",
    "next_on_pile": "some_fit",
    "must_knock": "blocked",
}

ANCHORS = {
    "opening": ("play", "opening_card"),
    "must_open_seven_of_diamonds": ("play", "opening_card"),
    "some_fit": ("layout", None),
    "not_playable_on_layout": ("layout", None),
    "blocked": ("layout", None),
    "cannot_knock": ("penalties", "penalty_points"),
    "one_fits": ("penalties", "penalty_points"),
    "playable": ("penalties", "penalty_points"),
    "playable_doubled": ("penalties", "penalty_multiplied"),
}


def kinds(rules) -> tuple[str, ...]:
    return (LEGAL_SET, PLAY, KNOCK_KIND)


def targets(kind: str, rules) -> tuple[str, ...]:
    return {
        LEGAL_SET: ("some_fit", "some_fit", "some_fit", "opening"),
        PLAY: ("some_fit", "some_fit", "blocked", "opening"),
        KNOCK_KIND: ("blocked", "one_fits", "playable", "playable_doubled"),
    }[kind]


def anchors(rules) -> dict:
    return ANCHORS


# --- playing a deal forward -----------------------------------------------------------------------


def start(rules, rng, kind: str, target: str) -> dict:
    """Some deals start with the announcements (a double is aimed at through them)."""
    if target == "playable_doubled" or (kind != LEGAL_SET and rng.random() < 0.2):
        return {"start": Phase.ANNOUNCE.value}
    return {}


def context(kind: str, rules, rng, target: str) -> dict:
    return {}


def policy(rules, rng, target: str, start_state):
    return lambda state: _move(state, rng, target)


def _move(state, rng, target):
    legal = state.legal_moves()
    if state.phase == Phase.ANNOUNCE:
        if DOUBLE in legal and (target == "playable_doubled" or rng.random() < 0.3):
            return DOUBLE
        if TRIPLE in legal and rng.random() < 0.3:
            return TRIPLE
        return PASS  # never a redeal: it would end the deal
    return rng.choice(legal)


# --- what a position teaches ---------------------------------------------------------------------


def trump(state) -> None:
    return None


def exposed(state) -> int:
    return 0


def parse_move(pos, token: str) -> int:
    return pos.module.parse_move(token)


def classify(kind: str, pos, context: dict) -> str | None:
    if kind in CHOICE_KINDS:
        return choice_moment(kind, pos, NARROWED)
    if kind == KNOCK_KIND:
        return _knock_moment(pos)
    return None


def choice_moment(kind: str, pos, narrowed: dict) -> str | None:
    """The rule the engine names for a legal move, where the layout narrows the choice
    (``narrowed``: the engine's permission code -> the moment; the Trix names its own)."""
    state = pos.state
    legal_moves = card_choice(state)
    if legal_moves is None:
        return None
    if mask(legal_moves) == state.hands[state.to_act]:
        return None  # every card is right: nothing to learn
    if not mask(legal_moves) and kind != PLAY:
        return None  # no card to choose: only a knock
    return narrowed.get(state.permission_code(legal_moves[0]))


def _knock_moment(pos) -> str | None:
    state = pos.state
    if state.phase != Phase.PLAY:
        return None
    legal = state.legal_moves()
    if legal == [KNOCK]:
        return "blocked"
    if state.multiplier > 1:
        return "playable_doubled"
    if len(legal) == 1 and state.hands[state.to_act].bit_count() >= 3:
        return "one_fits"
    return "playable"


# --- the answer and why ---------------------------------------------------------------------------


def expected(kind: str, pos, context: dict) -> dict:
    state = pos.state
    penalty = penalty_for(state, KNOCK)
    return {"may": KNOCK in state.legal_moves(), "cost": penalty.points if penalty else 0}


def moment_note(moment: str, pos) -> Note:
    seat = seat_to_act(pos.state)
    if moment == "opening":
        return Note("opens_with", {"seat": seat, "card": pos.rules.opening_card})
    if moment == "some_fit":
        return Note("layout_rule", {"seat": seat})
    if moment == "blocked":
        return Note("must_knock", {"seat": seat})
    return Note(moment, {"seat": seat})


def notes(kind: str, pos, context: dict) -> list[Note]:
    """What a knock now costs, and why."""
    state, rules = pos.state, pos.rules
    seat = state.to_act
    penalty = penalty_for(state, KNOCK)
    if penalty is None:
        found = [Note("knock_allowed", {"seat": SEATS[seat]})]
    else:
        playable = [m for m in state.legal_moves() if m < 52]
        facts = {
            "seat": SEATS[seat],
            "playable": [card_code(c) for c in playable],
            "side": PARTNERSHIPS[penalty.side],
            "points": penalty.points,
        }
        found = [Note("knock_penalty", facts)]
    if state.multiplier > 1 and not rules.penalty_multiplied and penalty is not None:
        found.append(Note("penalty_not_multiplied", {"multiplier": state.multiplier}))
    return found


def answer_under(q, pos, variant: str, rules) -> dict:
    """The same layout and hands judged by ``rules``."""
    other = replace(pos, rules=rules, state=pos.state.copy(rules=rules))
    if q.kind in CHOICE_KINDS:
        return choice_answer(q.kind, other)
    return expected(q.kind, other, q.context)
