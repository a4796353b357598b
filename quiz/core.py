"""What the quiz of every family shares: the kinds of question, a question and its reasons, the
family module a game's description names, and the answers every kind computes the same way.
No Django here.

A family module (``quiz.families.penalty``, ``trickbid``, ``layout``) says what is particular
to its games, read from the rules in force and from the engine, never from a game's slug:

- ``kinds(rules)``: the kinds its games ask (the match kind is added where the game's
  description names a ``quiz_match`` part), ``targets(kind, rules)``: the teaching moments each
  kind aims at, ``anchors(rules)``: where the rule page states each moment and reason;
- ``start(rules, rng, kind, target)``: how a deal starts (exposures, the announcements),
  ``context(kind, rules, rng, target)``: what the question holds beyond the position (a score
  sheet), ``policy(rules, rng, target, start)``: how the seated players choose;
- ``classify(kind, pos, context)``: what a position teaches, ``expected(kind, pos, context)``
  and ``notes(kind, pos, context)``: the answers and reasons of its own kinds,
  ``moment_note(moment, pos)``: why the legal moves are what they are,
  ``answer_under(q, pos, variant, rules)``: the answer under another variant;
- ``parse_move(pos, token)``, ``trump(state)``, ``exposed(state)``, and the facts the pages word
  (``SIGNED_POINTS``, ``AUCTION``, ``KNOCKS``).
"""

from dataclasses import dataclass, field
from types import ModuleType
from urllib.parse import parse_qsl

from cardgames import cards
from cardgames.contract import Phase
from cardgames.errors import BadInput
from cardgames.games import GAMES, Game
from cardgames.games import game as described
from cardgames.house_rules import overrides_in, with_overrides
from cardgames.positions import Position, offered_calls, open_position
from cardgames.table import SEATS
from plumbing import families

from . import match_kind
from .notes import Note

LEGAL_SET = "legal-set"
PLAY = "play"
NEXT_LEADER = "next-leader"
TRICK_POINTS = "trick-points"
DEAL_POINTS = "deal-points"
SHEET = "sheet"
KNOCK = "knock"
MATCH = "match"
MIXED = "mixed"
# "Find the best card" with every hand open: its positions are found offline by the analysis
# (``quiz/management/commands/findbestcards.py``) and stored with their answer, since a
# search is too slow to run while a page is drawn; so it is never generated from a seed.
BEST_CARD = "best-card"
# "Choose the best contract": an owner's choice (Trix), judged by rolling each contract out from
# the owner's hand (``Family.choice_values``); stored with its answer, as a best card is
# (``practice/management/commands/findbestcontracts.py``).
BEST_CONTRACT = "best-contract"
ALL_KINDS = (
    LEGAL_SET,
    PLAY,
    NEXT_LEADER,
    TRICK_POINTS,
    DEAL_POINTS,
    SHEET,
    KNOCK,
    MATCH,
    BEST_CARD,
    BEST_CONTRACT,
)
# the kinds whose answer is a move or a set of cards
CHOICE_KINDS = (LEGAL_SET, PLAY, BEST_CARD, BEST_CONTRACT)
PICKED_KINDS = (BEST_CARD, BEST_CONTRACT)  # the kinds only stored questions ask


class UnknownQuestion(LookupError):
    """No such game, variant or kind (HTTP 404): ``code`` and ``details`` as engine errors."""

    def __init__(self, code: str, **details):
        super().__init__(code, details)
        self.code = code
        self.details = details


@dataclass(frozen=True)
class Question:
    game: str
    variant: str
    kind: str  # the kind asked (never "mixed")
    seed: str
    mode: str  # the kind requested: ``kind`` itself, or "mixed"
    query: dict  # the position in the positions spec's query form
    moment: str  # what the position teaches (a code, see the family's ``targets``)
    expected: dict  # the right answer, JSON-friendly, from the engine
    context: dict = field(default_factory=dict)  # beyond the position: the sheet so far
    attempt: int = 0  # which derived seed gave the position
    house: str = ""  # house rules, as a permalink's query writes them (``rule.target=101``)

    @property
    def module(self):
        return described(self.game).engine

    @property
    def family(self) -> ModuleType:
        return family_of(self.game)

    @property
    def rules(self):
        return house_rules(self.module, self.variant, self.house)

    def position(self) -> Position:
        return open_position(self.module, self.query)


@dataclass(frozen=True)
class Verdict:
    correct: bool
    answer: dict
    notes: tuple[Note, ...]


@dataclass(frozen=True)
class Alternative:
    """The same question under another variant: its answer, or why it cannot arise there."""

    variant: str
    expected: dict | None
    reason: Note | None = None
    differs: bool = False


# --- the game's description -----------------------------------------------------------------


def quizzed() -> list[Game]:
    """The listed games the quiz asks about: those of the families it words."""
    return [g for g in GAMES.values() if families.serves("quiz", g.family)]


def description(game: str) -> Game:
    """The game's description (``UnknownQuestion`` for a game the quiz does not ask about)."""
    try:
        found = described(game)
    except BadInput:
        raise UnknownQuestion("unknown_game", game=game) from None
    if not families.serves("quiz", found.family):
        raise UnknownQuestion("unknown_game", game=game)
    return found


def family_of(game: str) -> ModuleType:
    """The quiz module of the game's family (``quiz/families/<family>.py``)."""
    return families.of("quiz", description(game).family)


def match_part(game: str) -> ModuleType | None:
    """The match kind's module where the game asks who wins its match (``Game.match_quiz``)."""
    return match_kind if description(game).match_quiz else None


def default_rules(game: str):
    engine = description(game).engine
    return engine.PRESETS[engine.DEFAULT_PRESET]


def kinds_of(game: str) -> tuple[str, ...]:
    """The kinds a game asks: its family's under the game's rules, then the match."""
    found = family_of(game).kinds(default_rules(game))
    return (*found, MATCH) if match_part(game) is not None else found


def house_rules(module, variant: str, house: str = ""):
    """The variant's rules with the house rules of ``house`` (``rule.<key>=<value>&...``);
    ``RuleError`` (a ``BadInput``) for one the engine cannot play."""
    return with_overrides(module.PRESETS[variant], overrides_in(dict(parse_qsl(house))))


# --- cards ------------------------------------------------------------------------------------


def mask(moves) -> int:
    """The cards among ``moves``, as a bit set (calls left out)."""
    out = 0
    for m in moves:
        if m < 52:
            out |= 1 << m
    return out


def codes(bits: int) -> list[str]:
    return [cards.card_code(c) for c in cards.display_order(bits)]


def seat_to_act(state) -> str | None:
    return SEATS[state.to_act] if state.to_act is not None else None


# --- the answers every kind computes the same way ------------------------------------------------


def offered(pos, kind: str) -> list[int]:
    """The moves an answer may name: the acting hand's cards and the calls on offer."""
    state = pos.state
    if state.to_act is None or kind not in CHOICE_KINDS:
        return []
    hand = cards.display_order(state.hands[state.to_act]) if state.phase == Phase.PLAY else []
    return hand + answer_calls(pos, kind)


def answer_calls(pos, kind: str) -> list[int]:
    """Calls shown as answer buttons, legal or not, so their presence gives nothing away; for
    a best contract, the contracts the owner may still choose (the question is which suits)."""
    if pos.state.to_act is None:
        return []
    if kind == BEST_CONTRACT:
        return pos.state.legal_moves()
    return offered_calls(pos.module, pos.state) if kind == PLAY else []


def choice_answer(kind: str, pos) -> dict:
    """The right answer of a choice: every legal card, or every legal move offered."""
    legal_moves = pos.state.legal_moves()
    if kind == LEGAL_SET:
        return {"cards": codes(mask(legal_moves))}
    legal = set(legal_moves)
    return {"moves": [pos.module.format_move(m) for m in offered(pos, kind) if m in legal]}


def card_choice(state) -> list[int] | None:
    """The legal moves where the seat to act chooses among two cards or more in play, else
    None: no question of choice is asked of a single card or outside play."""
    if state.to_act is None or state.phase != Phase.PLAY:
        return None
    if state.hands[state.to_act].bit_count() < 2:
        return None
    return state.legal_moves()


def allowed(state, move: int) -> Note:
    """Why the engine allows ``move`` now: the rule step it names (its permission)."""
    found = state.permission(move)
    return Note(found.code, dict(found.details))


def expected_answer(game: str, kind: str, pos, context: dict | None = None) -> dict:
    """The right answer, computed by the engine, JSON-friendly; a best card's or a best
    contract's is the one stored with the question (``context["best"]``), never searched again."""
    if kind in PICKED_KINDS:
        return {"moves": list((context or {}).get("best", []))}
    if kind in CHOICE_KINDS:
        return choice_answer(kind, pos)
    if kind == NEXT_LEADER:
        return {"seat": SEATS[pos.state.to_act]}
    if kind == MATCH:
        return match_part(game).expected(pos)
    if kind not in ALL_KINDS:
        raise UnknownQuestion("unknown_kind", kind=kind)
    return family_of(game).expected(kind, pos, context or {})
