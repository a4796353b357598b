"""A decision and its reason: a stable code, the source whose tip it follows, and the facts the
web layer needs to word it. No prose here: the site writes the sentence in each language.

``source`` is the key of a source in the game's registry file (``qahwa``, ``sbeetah``,
``squarescores``) when a source gives the advice; ``None`` marks the site's own advice, which
every page must label as such.
"""

from typing import NamedTuple


class Reason(NamedTuple):
    code: str
    source: str | None
    facts: dict  # JSON-friendly: card codes ("QS"), suit letters ("S"), numbers, call tokens


class Decision(NamedTuple):
    move: int
    reason: Reason


class Advice(NamedTuple):
    """What a family's heuristic returns before the game names the source of its tip."""

    move: int
    code: str
    facts: dict


# Made on every move: as plain tuples are made (a named tuple's own constructor is a Python
# function), every field given in order.
_new = tuple.__new__


def advise(move: int, code: str, facts: dict) -> Advice:
    return _new(Advice, (move, code, facts))


def decision(move: int, code: str, source: str | None, facts: dict) -> Decision:
    return _new(Decision, (move, _new(Reason, (code, source, facts))))


# Codes every family uses. Each family module declares its own ``CODES`` the same way:
# code -> the names of its facts, in a fixed order.
COMMON_CODES = {
    "only_move": (),  # a single legal move: a forced card, a knock, a forced bid
    "random_move": (),  # the beginner's seeded random choice among the legal moves
}
