"""Positions: a deal, the dealer, a variant and the moves so far, in the positions spec's notation.

A position is always rebuilt by replaying its moves through the engine, so a position that
parses is legal by construction. Game modules provide ``position_start(rules, hands, dealer,
deal_number=, match_totals=, **extra)`` (the state before the first listed move),
``parse_extra``/``format_extra`` (query parameters beyond the spec's common ones, such as Bent
Al Sbeet's ``exposed``), ``TOTALS`` (a match's totals are kept per ``"seats"`` or per
``"sides"``), ``match_over(rules, totals)`` and ``match_after(rules, state, totals)``.

Beyond the deal: ``rule.<key>=<value>`` house rules (``house_rules``), ``deal_number`` and
``totals`` (the match before this deal: ``N:40,E:12`` or ``NS:20,EW:31``, zeros by default).
"""

from dataclasses import dataclass, field

from . import cards
from .domains import rules_json
from .errors import BadInput, EngineError, IllegalMove
from .house_rules import PREFIX, overrides_between, overrides_in, with_overrides
from .table import PARTNERSHIPS, SEATS, parse_seat

MAX_DEAL_NUMBER = 1000


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
    deal_number: int = 1
    totals: tuple[int, ...] | None = None  # the match before this deal; None: all zero

    @property
    def match_totals(self) -> tuple[int, ...]:
        return self.totals if self.totals is not None else zero_totals(self.module)

    def start_state(self):
        """The state before the first of ``moves``, in the position's match context (the pass
        direction of deal n, the lead of the lowest total)."""
        return self.module.position_start(
            self.rules,
            list(self.hands),
            self.dealer,
            deal_number=self.deal_number,
            match_totals=self.match_totals,
            **self.extra,
        )

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
        q.update(self.context_query())
        return q

    def context_query(self) -> dict[str, str]:
        """The house rules, the deal number and the totals, as query parameters (only what
        differs from the variant, the first deal and a fresh match)."""
        q = {}
        preset = self.module.PRESETS.get(self.variant)
        if preset is not None and preset != self.rules:
            for key, value in overrides_between(preset, self.rules).items():
                q[PREFIX + key] = value
        if self.deal_number != 1:
            q["deal_number"] = str(self.deal_number)
        if any(self.match_totals):
            q["totals"] = format_totals(self.module, self.match_totals)
        return q

    def to_json(self, game_slug: str, seat: int | None = None, moves=None) -> dict:
        """The position object of the spec. ``seat``: as that seat sees the deal in play, its
        own hand only (the others' as counts, no ``deal``) and legal moves only on its turn;
        ``moves``: the move tokens to show, when not all are seen as made."""
        s = self.state
        view = s.table_view()
        per_seat = not view.by_side
        points = view.points
        shown = {
            "game": game_slug,
            "variant": self.variant,
            "dealer": SEATS[self.dealer],
            "deal": self.deal if seat is None else None,
            "moves": " ".join(self.move_tokens() if moves is None else moves),
            **self.module.format_extra(self.extra),
            "phase": s.phase,
            "to_act": None if s.to_act is None else SEATS[s.to_act],
            "legal": sorted(self.module.format_move(m) for m in s.legal_moves())
            if s.to_act is not None and seat in (None, s.to_act)
            else [],
            "hands": {
                SEATS[i]: cards.format_hand(h) if seat in (None, i) else h.bit_count()
                for i, h in enumerate(s.hands)
            },
            "trick": [{"seat": SEATS[seat], "card": cards.card_code(c)} for seat, c in view.trick],
            "tricks_won": (
                {SEATS[i]: n for i, n in enumerate(view.tricks_won)}
                if view.tricks_won is not None
                else None
            ),
            "points": (
                {SEATS[i]: p for i, p in enumerate(points)}
                if per_seat
                else {PARTNERSHIPS[i]: p for i, p in enumerate(points)}
            ),
            "is_over": s.is_over,
            "rules": rules_json(self.rules),
            "deal_number": self.deal_number,
            "totals": totals_json(self.module, self.match_totals),
            "match": (
                self.module.match_after(self.rules, s, self.match_totals) if s.is_over else None
            ),
        }
        if seat is not None:
            del shown["deal"]
        return shown


def move_tokens(module, text: str) -> list[str]:
    """Split a moves string, refusing any token that is no move in any phase (HTTP 400)."""
    tokens = (text or "").replace(",", " ").split()
    for i, token in enumerate(tokens):
        try:
            module.parse_move(token)
        except BadInput as e:
            raise e.at_move(i) from None
    return tokens


def open_position(
    module, params, variant: str | None = None, overrides: dict | None = None
) -> Position:
    """Read a position from query parameters and replay it.

    House rules come from the ``rule.<key>`` parameters and ``overrides`` (``{key: text}``,
    which win). Raises ``BadInput`` for what cannot be read (a ``RuleError`` for a bad rule)
    and ``IllegalMove`` (with ``move_index``) for the first move the rules refuse.
    """
    variant = variant or params.get("variant") or module.DEFAULT_PRESET
    if variant not in module.PRESETS:
        raise BadInput("unknown_variant", variant=variant)
    rules = with_overrides(module.PRESETS[variant], {**overrides_in(params), **(overrides or {})})
    dealer = parse_seat(params.get("dealer") or "N")
    deal_text = params.get("deal")
    if not deal_text:
        raise BadInput("bad_deal", reason="missing")
    hands = cards.parse_deal(deal_text, module.PACK)
    extra = module.parse_extra(params)
    deal_number = parse_deal_number(params.get("deal_number"))
    totals = parse_totals(module, params.get("totals"))
    if module.match_over(rules, totals):
        raise BadInput("bad_totals", reason="match_over", totals=format_totals(module, totals))
    tokens = move_tokens(module, params.get("moves", ""))
    state = module.position_start(
        rules, list(hands), dealer, deal_number=deal_number, match_totals=totals, **extra
    )
    moves = []
    for i, token in enumerate(tokens):
        # A token can mean different moves by phase (Egyptian 7C: a bid, or a card).
        parse = state.parse_move
        try:
            move = parse(token)
            state.push(move)
        except EngineError as e:
            raise e.at_move(i) from None
        moves.append(move)
    return Position(
        module, variant, rules, dealer, hands, moves, extra, state, deal_number, tuple(totals)
    )


# --- a match in context: the deal number and the totals before this deal ----------------------


def parse_deal_number(text) -> int:
    """``deal_number``: 1 by default, else a whole number from 1 up."""
    if text is None or str(text).strip() == "":
        return 1
    word = str(text).strip()
    if not (word.isascii() and word.isdigit()) or not 1 <= int(word) <= MAX_DEAL_NUMBER:
        raise BadInput("bad_deal_number", deal_number=str(text), max=MAX_DEAL_NUMBER)
    return int(word)


def totals_keys(module) -> tuple[str, ...]:
    """What a game's match totals are kept by: the seats, or the two sides."""
    return tuple(SEATS) if module.TOTALS == "seats" else PARTNERSHIPS


def zero_totals(module) -> tuple[int, ...]:
    return (0,) * len(totals_keys(module))


def parse_totals(module, text) -> tuple[int, ...]:
    """``totals=N:40,E:12`` (by seat) or ``NS:20,EW:31`` (by side): the match totals before
    this deal; a seat or side not named has 0."""
    keys = totals_keys(module)
    out = dict.fromkeys(keys, 0)
    seen = set()
    for item in filter(None, (text or "").replace(" ", ",").split(",")):
        key, colon, value = item.partition(":")
        key = key.strip().upper()
        if not colon or key not in out:
            reason = "not_a_seat" if module.TOTALS == "seats" else "not_a_side"
            raise BadInput("bad_totals", reason=reason, item=item, expected=list(keys))
        if key in seen:
            raise BadInput("bad_totals", reason="repeated", item=item)
        number = value.strip()
        digits = number[1:] if number[:1] in "+-" else number
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 6:
            raise BadInput("bad_totals", reason="not_a_number", item=item)
        seen.add(key)
        out[key] = int(number)
    if module.TOTALS == "sides" and any(v < 0 for v in out.values()):
        raise BadInput("bad_totals", reason="negative_line", item=text)
    return tuple(out[k] for k in keys)


def format_totals(module, totals) -> str:
    return ",".join(f"{k}:{v}" for k, v in zip(totals_keys(module), totals, strict=True))


def totals_json(module, totals) -> dict:
    return dict(zip(totals_keys(module), totals, strict=True))


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
        parse = state.parse_move
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
    try:
        error = state.refusal(move)
        if error is None:
            return None
    except IllegalMove as e:
        error = e
    except EngineError as e:
        return e.code if e.code in _NOT_NOW else "bad_move"
    if variant and error.details.get("reason") == "not_in_variant":
        return "not_in_variant"
    return error.code
