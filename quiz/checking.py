"""Reading and checking an answer, and the same question under the other variants, for every
family alike: what is particular to a family is asked of its module. No Django here.
"""

from cardgames import cards
from cardgames.errors import BadInput, EngineError, IllegalMove
from cardgames.positions import Position, open_position
from cardgames.table import PARTNERSHIPS, SEATS, parse_seat

from .core import (
    BEST_CARD,
    BEST_CONTRACT,
    DEAL_POINTS,
    KNOCK,
    LEGAL_SET,
    MATCH,
    NEXT_LEADER,
    PICKED_KINDS,
    PLAY,
    SHEET,
    TRICK_POINTS,
    Alternative,
    Note,
    Question,
    UnknownQuestion,
    Verdict,
    allowed,
    expected_answer,
    match_part,
    offered,
)

MAX_NUMBER = 9999  # the largest number an answer may hold


# --- reading an answer ------------------------------------------------------------------------


def _one(data: dict, name: str) -> str:
    values = data.get(name) or []
    if isinstance(values, str):
        values = [values]
    if len(values) != 1 or not str(values[0]).strip():
        raise BadInput("missing_answer", field=name)
    return str(values[0]).strip()


def _number(data: dict, name: str, signed: bool = False) -> int:
    text = _one(data, name)
    if signed and text[:1] in ("\u2212", "-"):  # a minus sign, typed or the typographic one
        text = "-" + text[1:].strip()
    try:
        value = int(text)  # any script's digits: ٢٦ reads as 26
    except ValueError:
        raise BadInput("bad_number", field=name, value=text[:20]) from None
    if not (-MAX_NUMBER if signed else 0) <= value <= MAX_NUMBER:
        raise BadInput("bad_number", field=name, value=text[:20])
    return value


def _held(state, c: int) -> None:
    seat = state.to_act
    if not state.hands[seat] >> c & 1:
        raise BadInput("card_not_in_hand", card=cards.card_code(c), seat=SEATS[seat])


def _cards(q: Question, data: dict, pos: Position) -> dict:
    values = data.get("cards") or []
    if isinstance(values, str):
        values = [values]
    if len(values) > 52:
        raise BadInput("bad_card", card="…")
    chosen = 0
    for text in values:
        c = cards.parse_card(text)
        _held(pos.state, c)
        chosen |= 1 << c
    return {"cards": [cards.card_code(c) for c in cards.display_order(chosen)]}


def _move(q: Question, data: dict, pos: Position) -> dict:
    token = _one(data, "move")
    move = q.family.parse_move(pos, token)
    if move < 52:
        _held(pos.state, move)
    if move not in offered(pos, q.kind):
        raise BadInput("not_offered", move=token[:20])
    return {"move": pos.module.format_move(move)}


def read_answer(q: Question, data: dict, pos: Position | None = None) -> dict:
    """The answer in a submitted form (``{name: [values]}``), normalised, JSON-friendly.

    Raises ``BadInput`` for what no honest form sends: a card code that does not parse, a card
    the player does not hold, a call not on offer, a missing or impossible number.
    """
    pos = pos or q.position()
    if q.kind == LEGAL_SET:
        return _cards(q, data, pos)
    if q.kind in (PLAY, BEST_CARD, BEST_CONTRACT):
        return _move(q, data, pos)
    if q.kind == NEXT_LEADER:
        return {"seat": SEATS[parse_seat(_one(data, "seat"))]}
    if q.kind in (TRICK_POINTS, DEAL_POINTS):
        signed = q.family.SIGNED_POINTS
        return {"points": [_number(data, f"points_{s}", signed) for s in SEATS]}
    if q.kind == SHEET:
        return {
            "entries": [_number(data, f"entry_{side}") for side in PARTNERSHIPS],
            "debts": [_number(data, f"debt_{side}") for side in PARTNERSHIPS],
        }
    if q.kind == KNOCK:
        choice = _one(data, "may").lower()
        if choice not in ("yes", "no"):
            raise BadInput("bad_choice", field="may", value=choice[:20])
        return {"may": choice == "yes", "cost": _number(data, "cost")}
    if q.kind == MATCH:
        return match_part(q.game).read(pos, data)
    raise UnknownQuestion("unknown_kind", kind=q.kind)


# --- checking it ----------------------------------------------------------------------------------


def is_right(q: Question, answer: dict) -> bool:
    if q.kind == LEGAL_SET:
        return set(answer["cards"]) == set(q.expected["cards"])
    if q.kind in (PLAY, *PICKED_KINDS):  # a best card or contract: a stored move of cost 0
        return answer["move"] in q.expected["moves"]
    return answer == q.expected


def check(q: Question, answer: dict) -> Verdict:
    """Right or wrong, with the reasons: the engine's refusal of a wrong move, the rule it
    names for a right one, how points and sheet entries come about."""
    pos = q.position()
    return Verdict(is_right(q, answer), answer, tuple(_notes(q, pos, answer)))


def moment_note(q: Question, pos) -> Note:
    """Why the legal moves are what they are, in one sentence's facts."""
    return q.family.moment_note(q.moment, pos)


def _refused(state, move: int) -> Note:
    e = state.refusal(move)
    return Note(e.code, e.details)


def _notes(q: Question, pos, answer: dict) -> list[Note]:
    state = pos.state
    if q.kind == LEGAL_SET:
        found = [moment_note(q, pos)]
        legal, chosen = set(q.expected["cards"]), set(answer["cards"])
        found += [_refused(state, cards.parse_card(c)) for c in answer["cards"] if c not in legal]
        found += [Note("missed_card", {"card": c}) for c in q.expected["cards"] if c not in chosen]
        return found
    if q.kind == PLAY:
        move = q.family.parse_move(pos, answer["move"])
        if state.refusal(move) is None:
            return [allowed(state, move)]
        return [_refused(state, move), moment_note(q, pos)]
    if q.kind == MATCH:
        return match_part(q.game).notes(pos)
    if q.kind in PICKED_KINDS:  # the page words each move's stored cost instead
        return []
    return q.family.notes(q.kind, pos, q.context)


# --- the same question under the other variants --------------------------------------------------


def alternatives(q: Question) -> list[Alternative]:
    """The question's answer under each other preset of the game, or why it cannot arise.

    Positions are recomputed: the same situation (hands, trick, cards played, sheet) judged by
    the other variant's rules. Where a variant changes who acts or what has been said (the
    first lead, an auction), the position's moves are replayed under it instead, and a
    refusal says why the position cannot arise there.
    """
    out = []
    if q.kind in PICKED_KINDS:  # the stored costs hold under the question's own variant only
        return out
    pos = q.position()
    for variant, rules in q.module.PRESETS.items():
        if variant == q.variant:
            continue
        try:
            answer = _answer_under(q, pos, variant, rules)
        except EngineError as e:
            out.append(Alternative(variant, None, Note(e.code, e.details), differs=True))
            continue
        out.append(Alternative(variant, answer, None, differs=_differs(q, answer)))
    return out


def _differs(q: Question, answer: dict) -> bool:
    if q.kind == LEGAL_SET:
        return set(answer["cards"]) != set(q.expected["cards"])
    if q.kind == PLAY:
        return set(answer["moves"]) != set(q.expected["moves"])
    return answer != q.expected


def _answer_under(q: Question, pos, variant: str, rules) -> dict:
    if q.kind == MATCH:  # the same deal and totals, replayed under the other rules
        other = open_position(q.module, {**q.query, "variant": variant})
        if match_part(q.game).classify(other) is None:
            raise IllegalMove("deal_not_over")
        return expected_answer(q.game, q.kind, other, q.context)
    return q.family.answer_under(q, pos, variant, rules)
