"""The contract every game's engine meets, stated in code (OpenSpiel states a game's phases and
its state's members the same way, and runs one conformance suite over every game:
``tests/engine/test_contract.py`` runs ours).

A deal's state is a :class:`DealState`; a game's engine module is a :class:`GameModule`, which
names its :class:`Family`, the typed record of what its family shares (python-chess's variants
and OpenSpiel's ``GameType`` declare theirs beside their code). What one seat may see of a deal
at one moment is a :class:`TableView`, the only thing the card table draws. The apps read
nothing else of an engine, so a new game that meets these Protocols runs in every app once it
is listed in :mod:`cardgames.games`.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import ModuleType
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
    CHOOSE = "choose"  # Trix: the kingdom's owner names the deal's contract
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
    deal_number: int | None  # its number in a match, where the deal keeps its match, else None
    match_totals: tuple | None  # the match's totals before it, likewise

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

    def view(self, seat: int) -> Any: ...  # the public record ``seat``'s players read (fast)

    def table_view(self, seen=frozenset()) -> "TableView": ...  # what the seats ``seen`` see

    def move_view(self, move: int) -> "Move": ...  # a move of this moment, described

    def touch(self, card: int) -> int | None: ...  # the move touching a card of the hand makes

    def format_move(self, move: int) -> str: ...  # a move's token, as this deal's game writes it


@runtime_checkable
class GameModule(Protocol):
    """A game's engine module (``cardgames.penalty.hearts``): its rules, variants and moves."""

    Rules: type
    PRESETS: Mapping[str, Any]
    DEFAULT_PRESET: str
    PACK: int

    FAMILY: "Family"

    new_deal: Callable[..., DealState]
    parse_move: Callable[[str], int]
    format_move: Callable[[int], str]


# --- what a table shows --------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """A move as a table shows it: its int, its token, and what it is, typed, so nothing above
    the engine reads a token's syntax. ``kind`` is the word a table says it with: ``card`` (a card
    played or laid), ``pass_cards`` (a card chosen to pass), ``expose``, ``keep``, ``pass_call``,
    ``bid``, ``double``, ``double_deal`` (Sab'at's announcement), ``triple``, ``redeal``,
    ``trump_call``, ``knock``, ``contract_<name>`` (Trix: the owner names the contract).
    ``card``: the card it plays or names; ``bid``: the tricks a bid names; ``strain``: a suited
    bid's or a trump call's strain (``S``..``C``, ``NT``)."""

    move: int
    token: str
    kind: str
    card: int | None = None
    bid: int | None = None
    strain: str | None = None

    @property
    def names_card(self) -> bool:
        """A move made by touching a card of the hand: playing, passing or exposing it."""
        return self.card is not None


CARD_KINDS = frozenset({"card", "pass_cards", "expose"})  # the kinds that name a card


@dataclass(frozen=True)
class ContractView:
    """The bid won, as the table sees it: ``strain`` is None until the declarer has named
    trumps; ``multiplier`` is what a double (or a redouble) multiplies the score by under the
    rules in force, 1 when not doubled."""

    bid: int
    declarer: int
    strain: str | None
    doubled: bool
    redoubled: bool
    multiplier: int


@dataclass(frozen=True)
class TableView:
    """What the seats ``seen`` may see of a deal at this moment, decided once, by the deal's
    family: the card table draws this and nothing else.

    ``hands``: each seen seat's cards (None: face down), ``counts``: how many each holds;
    ``shown``: the cards each seat shows face up in its hand (exposed cards), which everyone
    sees; ``exposed``: every card exposed this deal and ``exposure`` the times it counts under
    the rules in force. ``passes``: the cards each seat chose to pass, where a seen seat may
    know them (its own; a pass it received, once the cards have changed hands; every pass once
    the deal is over), else None; ``received``: the cards each seat holds that a seen seat
    passed it or that were passed to a seen seat, once the cards have changed hands (their
    passer and their receiver know where they are);
    ``pass_needed``: the cards the seat to act has still to choose. ``legal``: the moves of the
    seat to act, where its hand is seen. ``auction``: every call with who made it; ``contract``
    once a bid is won; ``piles``: the layout's cards by suit (S, H, D, C) where cards are laid
    out; ``multiplier``: the deal's score multiplied by an announcement (Sab'at's double or
    triple), else 1. ``trumps``: the trump strain in force (``S``..``C``, ``NT``) once it is
    known, else None. ``points``: by seat, or by side (``by_side``)."""

    seen: frozenset[int]
    phase: str
    to_act: int | None
    dealer: int
    hands: tuple[int | None, ...]
    counts: tuple[int, ...]
    legal: tuple[Move, ...]
    points: tuple[int, ...]
    trick: tuple[tuple[int, int], ...] = ()
    last_trick: tuple[tuple[tuple[int, int], ...], int] | None = None
    tricks_won: tuple[int, ...] | None = None
    shown: tuple[int, ...] = (0, 0, 0, 0)
    exposed: int = 0
    exposure: int = 1
    passes: tuple[int | None, ...] = (None, None, None, None)
    received: tuple[int, ...] = (0, 0, 0, 0)
    pass_needed: int = 0
    auction: tuple[tuple[int, Move], ...] = ()
    contract: ContractView | None = None
    piles: tuple[tuple[int, ...], ...] | None = None
    multiplier: int = 1
    trumps: str | None = None

    @property
    def by_side(self) -> bool:
        return len(self.points) == 2

    def knows_pass(self, seat: int) -> bool:
        """Whether this view may know the cards ``seat`` passes."""
        return self.passes[seat] is not None


# --- a family, typed -------------------------------------------------------------------------


class Players(Protocol):
    """A family's computer players (its ``players`` module)."""

    CODES: Mapping[str, tuple[str, ...]]  # every reason code it gives -> the names of its facts

    def club(self, view: Any, game: "Game") -> Any: ...  # an Advice, from a seat's view


@dataclass(frozen=True)
class Tuning:
    """How the analysis and the expert player spend their time on a family's deals (each
    number measured: see ``cardgames.search``), and how finely the analysis's verdict reads
    (``cardgames.analysis``)."""

    samples: int  # deals drawn for one answer from a seat's view
    exact_cards: int  # the open search is exact within this many cards a hand
    playouts: int  # random playouts that judge a position past the bounded search's horizon
    bounded_plies: int | None  # the bounded search's plies; None: to the end of the trick
    expert_samples: int  # deals the expert rolls out a move at most
    rolled_out: frozenset[str]  # the phases whose moves the expert rolls out
    tolerance: float  # what the club player's move may cost before the expert overrules it
    material: float  # the least cost a player counts: a card costs less is as good as the best
    places: int  # the decimals a value and a cost are written with, as players count them


@dataclass(frozen=True, eq=False)
class Family:
    """What the games of one family share, typed. A field says what the family's games do (bid,
    knock, lay out, pass) or names its parts; nothing above the engine compares ``name``, which
    only finds each app's module for the family (``<app>/families/<name>.py``), as Django
    finds an app's ``admin.py``."""

    name: str
    bids: bool  # an auction decides a contract before play
    knocks: bool  # a seat that cannot lay a card knocks
    lays_out: bool  # cards are laid on piles, not played to tricks
    passes: bool  # cards may be passed before play
    tricks: bool  # cards are played to tricks, each won by one seat
    unit: str  # what the analysis values a card in: "tricks", "points", "chance"
    higher_is_better: bool  # the analysis's values: more is better (tricks, chance)
    players: Players
    expert_codes: Mapping[str, tuple[str, ...]]  # the expert's own reasons and their facts
    sheet: type  # the score sheet: the one model of a match across deals
    analysis: Any  # the analysis's hooks (``search.hooks.Hooks``)
    # The game and the deal whose moves are being made: the deal's own, but a match whose deals
    # are other families' games (Trix's kingdom) answers with the contract in play.
    playing: Callable[["Game", Any], tuple["Game", Any]] = field(default=lambda g, s: (g, s))
    # What a game's rule page draws from the engine: a layout mid-deal, the penalties' table.
    layout_example: Callable[[Any], list] | None = None  # rules -> the piles, each its cards
    penalty_table: Callable[[Any], Mapping[str, Any]] | None = None  # rules -> {code: penalty}
    # The analysis of an owner's choice of contract (Trix): (the owner's view, a seed, how many
    # deals to roll out) -> {contract: what the owner makes of it above a seat's average}.
    choice_values: Callable[[Any, str, int], Mapping[str, float]] | None = None


@dataclass(frozen=True, eq=False)
class Game:
    """One game the site plays: its slug (the URL's), its engine module, the stem of its
    registry file (``rulebook/registry/<registry>.toml``), and where it differs from its
    family. Two games may share one engine module (a variant with a registry of its own)."""

    slug: str
    engine: ModuleType
    registry: str
    # The computer players' tips a source gives: reason code -> the registry source's key (a
    # code not named is the site's own advice).
    sources: Mapping[str, str] = field(default_factory=dict)
    match_quiz: bool = False  # the quiz asks "who wins the match?" of this game
    sheet_class: type | None = None  # a sheet of its own, where the family's does not fit
    # The record a match's contract is played under as a game of its own (the Trix's rows, laid
    # out, not played to tricks: ``Family.playing``); None: the engine's family.
    plays_as: Family | None = None

    @property
    def family(self) -> Family:
        return self.plays_as or self.engine.FAMILY

    @property
    def sheet(self) -> type:
        """The game's score sheet class (``sheet(rules)`` makes one)."""
        return self.sheet_class or self.family.sheet

    @property
    def presets(self) -> Mapping[str, Any]:
        return self.engine.PRESETS

    @property
    def default_variant(self) -> str:
        return self.engine.DEFAULT_PRESET
