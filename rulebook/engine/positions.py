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


# Why a call is refused when it simply does not belong to this moment (not worth offering).
_NOT_OFFERED = {
    "wrong_phase",
    "card_not_in_hand",
    "bad_move",
    "not_your_turn",
    "wrong_bid_form",
    "bid_out_of_range",
    "no_trumps_not_allowed",
}


def offered_calls(module, state) -> list[int]:
    """The calls (moves that are not cards) a player could choose from at this moment.

    Legal or not, so a tutorial or a quiz that offers them as answers gives nothing away: a
    knock with a card that fits, a bid too low. Calls of another phase, or another variant's
    form of bid, are left out. Found by asking the engine, so no game is special-cased.
    """
    offered = []
    for move in range(64, 256):
        try:
            token = module.format_move(move)
            parse = getattr(state, "parse_move", None) or module.parse_move
            if parse(token) != move:
                continue
            state.copy().push(move)
        except EngineError as e:
            not_here = e.code in _NOT_OFFERED or e.details.get("reason") == "not_in_variant"
            if not_here or not isinstance(e, IllegalMove):
                continue
        except (ValueError, KeyError, IndexError, TypeError):
            continue  # not a move of this game
        offered.append(move)
    return offered
