"""The quiz of a kingdom (Trix): the questions of its trick contracts, asked of the contract's own
deal as the penalty family asks them (follow suit, a void, a penalty card a void player must
throw, who leads the next trick), and of the Trix's rows as the layout family asks them (the
cards that fit a row, a pass when none does). The owner chose the contract before; the choice
itself is the "best contract" question, stored with its rollouts (``quiz.core.BEST_CONTRACT``).
No Django here.

A question's position is Trix's (its address reopens on Trix's position page, the contract
named in its moves); what it teaches is read from the trick contract's deal inside it.
"""

from dataclasses import replace

from cardgames import cards
from cardgames.contract import Phase
from cardgames.errors import IllegalMove
from cardgames.kingdom import CHOOSE
from cardgames.penalty.deal import table as penalty_table

from ..core import CHOICE_KINDS, LEGAL_SET, NEXT_LEADER, PLAY, Note, choice_answer, seat_to_act
from .layout import choice_moment as row_moment
from .tricks import (
    NEXT_LEADER_TARGETS,
    choice_moment,
    choice_note,
    next_leader_moment,
    next_leader_notes,
    next_leader_under,
)

SIGNED_POINTS = True  # a penalty costs, a place gains
AUCTION = False
KNOCKS = True  # the Trix's pass, the layout family's knock (offered on the rows only)

# The engine's permission of a legal card where Trix narrows the choice: a void player holding a
# priced card throws it, where the table plays so (``forced_penalty_discard``).
NARROWED = {"forced_penalty": "forced_discard"}
# On the Trix's rows: a card fits a row (a jack opens it, or a card next to an end), or none does.
ROWS = {"starts_row": "row_fit", "next_in_row": "row_fit", "must_pass": "row_blocked"}
ROW_MOMENTS = ("row_fit", "row_blocked")
TRICK_CONTRACTS = ("king_of_hearts", "queens", "diamonds", "tricks", "complex")


def kinds(rules) -> tuple[str, ...]:
    return (LEGAL_SET, PLAY, NEXT_LEADER)


def targets(kind: str, rules) -> tuple[str, ...]:
    forced = ("forced_discard",) if rules.forced_penalty_discard else ()
    return {
        LEGAL_SET: ("follow_suit", "follow_suit", "void", *forced, "row_fit"),
        PLAY: ("follow_suit", "follow_suit", *forced, "row_fit", "row_blocked"),
        NEXT_LEADER: NEXT_LEADER_TARGETS,
    }[kind]


def anchors(rules) -> dict:
    """Every moment is stated in the rule page's section on the trick contracts."""
    out = {
        code: ("tricks", None)
        for code in (
            "follow_suit",
            "void",
            "free_lead",
            "must_follow_suit",
            "discard_higher",
            "not_leader",
            "leader_wins",
        )
    }
    forced = ("tricks", "forced_penalty_discard")
    # the rows and the pass: the rule page's section on the Trix contract
    rows = {code: ("trix", None) for code in (*ROW_MOMENTS, *ROWS, "not_next_in_row")}
    return {
        **out,
        **rows,
        "cannot_pass": ("trix", None),
        "forced_discard": forced,
        "must_discard_penalty_card": forced,
    }


# --- playing a deal forward -----------------------------------------------------------------------


def start(rules, rng, kind: str, target: str) -> dict:
    return {}  # the owner of the first kingdom chooses


def context(kind: str, rules, rng, target: str) -> dict:
    return {}


def policy(rules, rng, target: str, start_state):
    """The owner names a trick contract (the Trix, for a moment on its rows); then every seat
    plays at random (a double or not)."""
    contracts = ("trix",) if target in ROW_MOMENTS else TRICK_CONTRACTS
    named = {CHOOSE + rules.ALL_CONTRACTS.index(c) for c in contracts}

    def move(state):
        legal = state.legal_moves()
        if state.phase == Phase.CHOOSE:
            legal = [m for m in legal if m in named]
        return rng.choice(legal)

    return move


# --- what a position teaches ---------------------------------------------------------------------


def played(pos):
    """The trick contract's own position inside a Trix position, or None (before the choice, in
    the Trix's layout)."""
    state = pos.state
    if state.inner is None or state.contract not in TRICK_CONTRACTS:
        return None
    rules = pos.rules.tricks(state.contract)
    return replace(pos, rules=rules, state=state.inner)


def laid(pos):
    """The Trix's own position (the layout family's deal on its rows), or None."""
    state = pos.state
    if state.inner is None or state.contract in TRICK_CONTRACTS:
        return None
    return replace(pos, rules=pos.rules.layout(), state=state.inner)


def trump(state) -> None:
    return None


def exposed(state) -> int:
    """The doubled cards, shown face up."""
    return state.inner.exposed if state.contract in TRICK_CONTRACTS else 0


def parse_move(pos, token: str) -> int:
    return pos.module.parse_move(token)


def classify(kind: str, pos, context: dict) -> str | None:
    rows = laid(pos)
    if rows is not None:
        return row_moment(kind, rows, ROWS) if kind in CHOICE_KINDS else None
    inner = played(pos)
    if inner is None:
        return None
    if kind in CHOICE_KINDS:
        return choice_moment(kind, inner, None, NARROWED)
    if kind == NEXT_LEADER:
        return next_leader_moment(inner, None)
    return None


# --- the answer and why ---------------------------------------------------------------------------


def expected(kind: str, pos, context: dict) -> dict:
    raise ValueError(kind)  # every kind asked is one ``quiz.core`` answers


def moment_note(moment: str, pos) -> Note:
    if moment in ROW_MOMENTS:
        seat = seat_to_act(pos.state)
        return Note("row_rule" if moment == "row_fit" else "must_pass", {"seat": seat})
    inner = played(pos)
    state = inner.state
    if moment == "forced_discard":  # a void player throws a card the contract prices
        note = choice_note("void", inner, None)
        priced = state.hands[state.to_act] & penalty_table(inner.rules).scoring.trix_mask
        held = [cards.card_code(c) for c in cards.display_order(priced)]
        return Note("forced_penalty", {**note.details, "penalty": held})
    return choice_note(moment, inner, None) or Note(moment, {"seat": seat_to_act(state)})


def notes(kind: str, pos, context: dict) -> list[Note]:
    return next_leader_notes(played(pos), None) if kind == NEXT_LEADER else []


def answer_under(q, pos, variant: str, rules) -> dict:
    """The same deal under another preset, where its contract is one of the preset's (Trix
    Complex has no King of Hearts contract: the position cannot arise there)."""
    if pos.state.contract not in rules.contracts:
        raise IllegalMove("contract_not_played", contract=pos.state.contract)
    other = replace(pos, rules=rules, state=pos.state.copy(rules=rules))
    if q.kind == NEXT_LEADER:
        return next_leader_under(played(other), None)
    return choice_answer(q.kind, other)
