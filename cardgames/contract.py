"""The contract every game's engine meets, stated in code (OpenSpiel states a game's phases and
its state's members the same way, and runs one conformance suite over every game:
``tests/engine/test_contract.py`` runs ours).

A deal's state is a :class:`DealState`; a game's engine module is a :class:`GameModule`. The
apps read nothing else of an engine, so a new game that meets these two Protocols runs in every
app once it is described in :mod:`cardgames.games`.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from .errors import IllegalMove


class Phase(StrEnum):
    """Where a deal stands. A ``StrEnum``: the positions spec and the JSON API carry the value
    (``"play"``), and the engines' hot paths compare it as the str it is."""

    PASS = "pass"  # the penalty family: cards passed before play
    EXPOSE = "expose"  # the penalty family: penalty cards exposed for double value
    BIDDING = "bidding"  # the trick-and-bid family's auction
    TRUMP = "trump"  # the declarer names trumps
    ANNOUNCE = "announce"  # Sab'at Al-Deemin: a seat holding the seven of diamonds announces
    PLAY = "play"  # cards (and knocks) played
    OVER = "over"  # the deal is done: ``points()`` is its score


@dataclass(frozen=True)
class Permission:
    """Why a legal move is allowed: the rule step that lets it through, as a stable ``code``
    and the facts a sentence needs (``details``), the mirror of :class:`IllegalMove`.

    A deal builds it from the same ordered steps as its ``refusal``, so the reason a move is
    allowed and the reason another is refused can never disagree."""

    code: str
    details: Mapping[str, Any] = field(default_factory=dict)


@runtime_checkable
class DealState(Protocol):
    """One deal of any game, from the deal to the score."""

    rules: Any
    hands: list[int]  # four bit sets, by seat (N, E, S, W)
    dealer: int
    history: list[int]  # every move made, as move ints

    @property
    def phase(self) -> str: ...  # a Phase value

    @property
    def to_act(self) -> int | None: ...  # the seat to move, None once the deal is over

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> list[int]: ...  # ascending; empty once over

    def is_legal(self, move: int) -> bool: ...

    def refusal(self, move: int) -> IllegalMove | None: ...  # None: the move is legal

    def permission(self, move: int) -> Permission | None: ...  # None: the move is illegal

    # ``permission(move).code`` without the facts: what a walk over many positions asks (the
    # quiz looks for a teaching moment at every move of a deal and reads no details there).
    def permission_code(self, move: int) -> str | None: ...  # None: the move is illegal

    def parse_move(self, token: str) -> int: ...  # a move token read as this deal's game does

    def play(self, move: int) -> "DealState": ...  # a new state; raises IllegalMove

    def push(self, move: int) -> None: ...  # the same, in place (playouts)

    def copy(self, rules: Any = None) -> "DealState": ...

    def pass_target(self, seat: int) -> int | None: ...  # who ``seat`` passes to; None: no pass

    def points(self) -> list[int]: ...  # the deal's points so far; once over, its score

    def view(self, seat: int) -> Any: ...  # what ``seat`` may see: its hand and the public facts


@runtime_checkable
class GameModule(Protocol):
    """A game's engine module (``cardgames.penalty.hearts``): its rules, variants and moves."""

    Rules: type
    PRESETS: Mapping[str, Any]
    DEFAULT_PRESET: str
    PACK: int

    new_deal: Callable[..., DealState]
    parse_move: Callable[[str], int]
    format_move: Callable[[int], str]
