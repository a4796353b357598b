"""Positions: a deal, the dealer, a variant and the moves so far, in the positions spec's notation.

A position is always rebuilt by replaying its moves through the engine, so a position that
parses is legal by construction. Game modules provide ``position_start(rules, hands, dealer,
**extra)`` (the state before the first listed move) and ``EXTRA_PARAMS`` (query parameters
beyond the spec's common ones, such as Bent Al Sbeet's ``exposed``).
"""

from dataclasses import dataclass, field

from . import cards
from .errors import BadInput, EngineError, IllegalMove
from .table import PARTNERSHIPS, SEATS, parse_seat


@dataclass
class Position:
    module: object
    variant: str
    rules: object
    dealer: int
    hands: list[int]
    moves: list[int] = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    state: object = None

    # ----------------------------------------------------------- notation out
    @property
    def deal(self) -> str:
        return cards.format_deal(self.hands, self.dealer)

    def move_tokens(self) -> list[str]:
        return [self.module.format_move(m) for m in self.moves]

    def query(self, upto: int | None = None) -> dict[str, str]:
        """The query parameters that reopen this position (after ``upto`` moves, if given)."""
        moves = self.moves if upto is None else self.moves[:upto]
        q = {
            "variant": self.variant,
            "dealer": SEATS[self.dealer],
            "deal": self.deal,
            "moves": " ".join(self.module.format_move(m) for m in moves),
        }
        q.update(self.module.format_extra(self.extra) if self.extra else {})
        return q

    def to_json(self, game_slug: str) -> dict:
        s = self.state
        per_seat = len(s.points()) == 4
        points = s.points()
        return {
            "game": game_slug,
            "variant": self.variant,
            "dealer": SEATS[self.dealer],
            "deal": self.deal,
            "moves": " ".join(self.move_tokens()),
            **self.module.format_extra(self.extra),
            "phase": s.phase,
            "to_act": None if s.to_act is None else SEATS[s.to_act],
            "legal": sorted(self.module.format_move(m) for m in s.legal_moves())
            if s.to_act is not None
            else [],
            "hands": {SEATS[i]: cards.format_hand(h) for i, h in enumerate(s.hands)},
            "trick": [{"seat": SEATS[seat], "card": cards.card_code(c)} for seat, c in trick_of(s)],
            "tricks_won": (
                {SEATS[i]: n for i, n in enumerate(s.tricks_won)}
                if hasattr(s, "tricks_won")
                else None
            ),
            "points": (
                {SEATS[i]: p for i, p in enumerate(points)}
                if per_seat
                else {PARTNERSHIPS[i]: p for i, p in enumerate(points)}
            ),
            "is_over": s.is_over,
        }


def trick_of(state) -> list:
    return list(getattr(state, "trick", []) or [])


def move_tokens(module, text: str) -> list[str]:
    """Split a moves string, refusing any token that is no move in any phase (HTTP 400)."""
    tokens = (text or "").replace(",", " ").split()
    for i, token in enumerate(tokens):
        try:
            module.parse_move(token)
        except BadInput as e:
            raise e.at_move(i) from None
    return tokens


def open_position(module, params, variant: str | None = None) -> Position:
    """Read a position from query parameters and replay it.

    Raises ``BadInput`` for what cannot be read and ``IllegalMove`` (with ``move_index``) for
    the first move the rules refuse.
    """
    variant = variant or params.get("variant") or module.DEFAULT_PRESET
    if variant not in module.PRESETS:
        raise BadInput("unknown_variant", variant=variant)
    rules = module.PRESETS[variant]
    dealer = parse_seat(params.get("dealer") or "N")
    deal_text = params.get("deal")
    if not deal_text:
        raise BadInput("bad_deal", reason="missing")
    hands = cards.parse_deal(deal_text, module.PACK)
    extra = module.parse_extra(params)
    tokens = move_tokens(module, params.get("moves", ""))
    state = module.position_start(rules, list(hands), dealer, **extra)
    moves = []
    for i, token in enumerate(tokens):
        # A token can mean different moves by phase (Egyptian 7C: a bid, or a card).
        parse = getattr(state, "parse_move", None) or module.parse_move
        try:
            move = parse(token)
            state.push(move)
        except EngineError as e:
            raise e.at_move(i) from None
        moves.append(move)
    return Position(module, variant, rules, dealer, hands, moves, extra, state)


# Refusals that say a call does not belong to this moment, so it is not worth offering:
# because of the rules (the same in every deal of a variant) or of this very state.
_NOT_IN_VARIANT = {"wrong_bid_form", "bid_out_of_range", "no_trumps_not_allowed", "not_in_variant"}
_NOT_NOW = {"wrong_phase", "card_not_in_hand", "bad_move", "not_your_turn"}


def offered_calls(module, state) -> list[int]:
    """The calls (moves that are not cards) a player could choose from at this moment.

    Legal or not, so a tutorial or a quiz that offers them as answers gives nothing away: a
    knock with a card that fits, a bid too low. Calls of another phase, or another variant's
    form of bid, are left out. Found by asking the engine, so no game is special-cased.
    """
    legal = set(state.legal_moves())
    offered = []
    for move in _variant_calls(module, state, legal):
        if move not in legal and _refusal_code(state, move) in _NOT_NOW:
            continue
        offered.append(move)
    return offered


_CALLS: dict = {}


def _variant_calls(module, state, legal: set[int]) -> tuple[int, ...]:
    """The calls of this game, phase and variant: the move ints above the cards that read back
    as themselves in the phase and that the variant's rules allow in some deal.

    Worked out once per game, phase and rules: a token's meaning depends on the phase at most,
    and the engines check a variant's own limits before anything that depends on the deal.
    """
    key = (module.__name__, state.phase, state.rules)
    if key not in _CALLS:
        parse = getattr(state, "parse_move", None) or module.parse_move
        calls = []
        for move in range(64, 256):
            try:
                if parse(module.format_move(move)) != move:
                    continue
            except (EngineError, ValueError, KeyError, IndexError, TypeError):
                continue  # not a move of this game
            if move in legal or _refusal_code(state, move, variant=True) not in _NOT_IN_VARIANT:
                calls.append(move)
        _CALLS[key] = tuple(calls)
    return _CALLS[key]


def _refusal_code(state, move: int, variant: bool = False) -> str | None:
    """The code of the engine's refusal of ``move`` here (without playing it where it can).

    With ``variant``, a call the variant does not have at all (Tarneeb's double outside the
    Egyptian auction) reads ``not_in_variant``."""
    refusal = getattr(state, "refusal", None)
    try:
        if refusal is None:
            state.copy().push(move)
            return None
        error = refusal(move)
        if error is None:
            return None
    except IllegalMove as e:
        error = e
    except EngineError as e:
        return e.code if e.code in _NOT_NOW else "bad_move"
    if variant and error.details.get("reason") == "not_in_variant":
        return "not_in_variant"
    return error.code
