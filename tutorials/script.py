"""A tutorial's script replayed by the engine (no Django here).

A script is a deal, a dealer, a variant and steps. Each step plays its moves (none, one, or a
group such as a whole pass or the rest of a trick) on the position the previous step left.
A question step waits for the learner before its moves: its first move is the answer, unless
it names the answers it accepts (``accept``: card tokens, or ``"legal"`` for any legal move).
A step may restart the same deal under another variant (``variant``), so one tutorial can show
where two variants part.

Replaying is the only way a step's position is built, so a tutorial can never show a move its
variant forbids: ``replay`` raises ``ScriptError`` naming the step and the engine's reason.
"""

from dataclasses import dataclass, field

from cardgames import cards, shuffle
from cardgames.errors import BadInput, EngineError
from cardgames.house_rules import with_overrides
from cardgames.positions import Position, zero_totals
from cardgames.table import parse_seat

ANY_LEGAL = "legal"


class ScriptError(Exception):
    """A step the engine refuses: ``step`` (1-based), the move ``token`` and the engine's error."""

    def __init__(self, step: int, token: str | None, error: EngineError | str):
        self.step = step
        self.token = token
        self.error = error
        self.code = error.code if isinstance(error, EngineError) else str(error)
        self.details = error.details if isinstance(error, EngineError) else {}
        where = f"step {step}" + (f", move {token!r}" if token else "")
        super().__init__(f"{where}: {self.code} {self.details or ''}".strip())


@dataclass
class Step:
    moves: list[str] = field(default_factory=list)
    question: bool = False
    accept: list[str] | str | None = None  # None: the first move; ANY_LEGAL; or tokens
    variant: str | None = None  # restart the deal under this variant before the moves


@dataclass(frozen=True)
class Match:
    """Where the deal stands in a match: its number and the totals before it (None: zeros)."""

    deal_number: int = 1
    totals: tuple[int, ...] | None = None


@dataclass
class Frame:
    """One step replayed: the position before its moves and after them."""

    number: int
    step: Step
    before: Position
    after: Position

    @property
    def shown(self) -> Position:
        """The position a step shows before it is answered: a question waits before its moves."""
        return self.before if self.step.question else self.after

    def answers(self) -> list[int]:
        """The moves accepted as the answer to a question step, as engine moves."""
        state = self.before.state
        if self.step.accept == ANY_LEGAL:
            return sorted(state.legal_moves())
        tokens = self.step.accept or self.step.moves[:1]
        return [_parse(state, self.before.module, t) for t in tokens]


def _parse(state, module, token: str) -> int:
    # A token can mean different moves by phase (Egyptian 7C: a bid, or a card).
    parse = state.parse_move
    return parse(token)


def deal_hands(module, seed: str | None, deal: str | None) -> tuple[list[int], int | None]:
    """The hands of a script: an explicit PBN deal (and the dealer it names) or a seeded one."""
    if deal:
        hands = cards.parse_deal(deal, module.PACK)
        return list(hands), parse_seat(deal.split(":", 1)[0]) if ":" in deal else None
    return list(shuffle.deal(seed, module.PACK)), None


def replay(
    module,
    variant: str,
    hands,
    dealer: int,
    extra: dict,
    steps: list[Step],
    match=Match(),
    house=None,
):
    """Every step's frame, in order; ``ScriptError`` at the first step the engine refuses.
    ``house``: the house rules (``{key: text}``) every variant of the script is played with."""
    frames = []
    house = house or {}
    current = _start(module, variant, hands, dealer, extra, 0, match, house)
    for number, step in enumerate(steps, start=1):
        if step.variant and step.variant != current.variant:
            current = _start(module, step.variant, hands, dealer, extra, number, match, house)
        before = current
        after = _advance(before, step, number)
        if step.question:
            _check_question(before, step, number)
        frames.append(Frame(number, step, before, after))
        current = after
    return frames


def _start(module, variant, hands, dealer, extra, number, match=Match(), house=None) -> Position:
    if variant not in module.PRESETS:
        raise ScriptError(number, None, BadInput("unknown_variant", variant=variant))
    totals = match.totals if match.totals is not None else zero_totals(module)
    try:
        rules = with_overrides(module.PRESETS[variant], house or {})
        if module.match_over(rules, totals):
            raise BadInput("bad_totals", reason="match_over")
        state = module.position_start(
            rules,
            list(hands),
            dealer,
            deal_number=match.deal_number,
            match_totals=totals,
            **extra,
        )
    except EngineError as e:
        raise ScriptError(number, None, e) from None
    return Position(
        module,
        variant,
        rules,
        dealer,
        list(hands),
        [],
        dict(extra),
        state,
        match.deal_number,
        match.totals,
    )


def _advance(position: Position, step: Step, number: int) -> Position:
    state = position.state.copy()
    moves = list(position.moves)
    for token in step.moves:
        if state.is_over:
            raise ScriptError(number, token, "deal_over")
        try:
            move = _parse(state, position.module, token)
            state.push(move)
        except EngineError as e:
            raise ScriptError(number, token, e) from None
        moves.append(move)
    return Position(
        position.module,
        position.variant,
        position.rules,
        position.dealer,
        position.hands,
        moves,
        position.extra,
        state,
        position.deal_number,
        position.totals,
    )


def _check_question(before: Position, step: Step, number: int) -> None:
    """A question needs a player to act, moves to follow, and answers that are all legal."""
    state = before.state
    if state.to_act is None or not step.moves:
        raise ScriptError(number, None, "question_without_a_move")
    legal = set(state.legal_moves())
    frame = Frame(number, step, before, before)
    try:
        answers = frame.answers()
    except EngineError as e:
        raise ScriptError(number, None, e) from None
    first = _parse(state, before.module, step.moves[0])
    for token, move in zip(step.accept or step.moves[:1], answers, strict=False):
        if step.accept != ANY_LEGAL and move not in legal:
            raise ScriptError(number, token, "answer_not_legal")
    if step.accept != ANY_LEGAL and first not in answers:
        raise ScriptError(number, step.moves[0], "played_move_not_an_answer")
