"""Quiz questions: seeded deals played forward by the engines to a teaching moment, and answers
checked by the same engines. Imports nothing from Django; the views word what it finds.

A question is named by ``(game, variant, kind, seed)``. :func:`generate` deals with
``shuffle.deal`` from the seed, plays the deal forward with a seeded ``random.Random`` until the
position teaches what was aimed at (a void, a forced discard, unbroken hearts, a trump decision,
a blocked pile...), and tries derived seeds (``seed/1``, ``seed/2``...) until one does, so every
seed gives a question and the same seed always gives the same one.

The position is kept in the positions spec's query form (``Question.query``), so it reopens on
the position page; :func:`build` reopens it and asks the engine for the answer, which is
therefore right by construction, under the question's variant. Hand-picked questions are built
the same way from a stored position.

>>> q = generate("tarneeb", "classic", "legal-set", "doc")
>>> q.kind, sorted(q.expected) == ["cards"], q == generate("tarneeb", "classic", "legal-set", "doc")
('legal-set', True, True)
>>> check(q, {"cards": q.expected["cards"]}).correct
True

Kinds (not every kind applies to every game, see ``KINDS``):

``legal-set``  every card the player to act may play (an answer is a set of cards)
``play``       play one legal card, or make a legal call (Tarneeb's bidding, Sab'at's knock)
``next-leader`` after a completed trick, the seat that leads the next one
``trick-points`` / ``deal-points``  Bent Al Sbeet's points per player (exposures, the moon)
``sheet``      Tarneeb: what each side writes on the score sheet and what it still owes
``knock``      Sab'at Al-Deemin: may the player knock, and what a knock now costs
``match``      who wins the match after a finished deal of a running match (``match_kind``)
``mixed``      a kind drawn from the seed among the game's kinds
"""

import random
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from urllib.parse import parse_qsl

from rulebook import games
from rulebook.engine import bent_al_sbeet, cards, sabaat_al_deemin, shuffle, tarneeb
from rulebook.engine.errors import BadInput, EngineError, IllegalMove
from rulebook.engine.house_rules import overrides_in, with_overrides
from rulebook.engine.penalty.deal import table as penalty_table
from rulebook.engine.positions import Position, offered_calls, open_position
from rulebook.engine.score_sheet import Sheet
from rulebook.engine.table import PARTNERSHIPS, SEATS, parse_seat
from rulebook.engine.tricks import trick_winner

from . import match_kind

BENT, TARNEEB, SABAAT = "bent-al-sbeet", "tarneeb", "sabaat-al-deemin"
LEEKHA, TARNEEB_41, HEARTS = "leekha", "tarneeb-41", "hearts"  # the relatives: quiz/relatives.py

LEGAL_SET = "legal-set"
PLAY = "play"
NEXT_LEADER = "next-leader"
TRICK_POINTS = "trick-points"
DEAL_POINTS = "deal-points"
SHEET = "sheet"
KNOCK = "knock"
MATCH = match_kind.MATCH
MIXED = "mixed"

KINDS = {
    BENT: (LEGAL_SET, PLAY, NEXT_LEADER, TRICK_POINTS, DEAL_POINTS, MATCH),
    TARNEEB: (LEGAL_SET, PLAY, NEXT_LEADER, SHEET, MATCH),
    SABAAT: (LEGAL_SET, PLAY, KNOCK, MATCH),
    LEEKHA: (LEGAL_SET, PLAY, NEXT_LEADER, TRICK_POINTS, DEAL_POINTS),
    TARNEEB_41: (LEGAL_SET, PLAY, NEXT_LEADER, DEAL_POINTS),
    HEARTS: (LEGAL_SET, PLAY, NEXT_LEADER, TRICK_POINTS, DEAL_POINTS),
}
# Games whose points answers may be below zero (a missed bid costs it).
SIGNED_POINTS = {TARNEEB_41}
ALL_KINDS = (LEGAL_SET, PLAY, NEXT_LEADER, TRICK_POINTS, DEAL_POINTS, SHEET, KNOCK, MATCH)

PICKED = "pick-"  # the seed of a hand-picked question: "pick-" and its key

ATTEMPTS = 1000  # derived seeds tried before giving up (never reached in practice: see tests)
KEEP_AIM = 600  # derived seeds tried for the moment the seed aims at, before any other will do
MAX_NUMBER = 9999  # the largest number an answer may hold

HEARTS_MASK = cards.suit_mask(cards.HEARTS)
QS_BIT, TD_BIT = 1 << bent_al_sbeet.QS, 1 << bent_al_sbeet.TD
PENALTY_MASK = QS_BIT | TD_BIT


class UnknownQuestion(LookupError):
    """No such game, variant or kind (HTTP 404): ``code`` and ``details`` as engine errors."""

    def __init__(self, code: str, **details):
        super().__init__(code, details)
        self.code = code
        self.details = details


@dataclass(frozen=True)
class Note:
    """One reason, as a code and facts (never prose); the views word it in the reader's
    language. Codes are the engine's (``must_follow_suit``...) or the quiz's (``follows_suit``)."""

    code: str
    details: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Question:
    game: str
    variant: str
    kind: str  # the kind asked (never "mixed")
    seed: str
    mode: str  # the kind requested: ``kind`` itself, or "mixed"
    query: dict  # the position in the positions spec's query form
    moment: str  # what the position teaches (a code, see ``TARGETS``)
    expected: dict  # the right answer, JSON-friendly, from the engine
    context: dict = field(default_factory=dict)  # beyond the position: the sheet so far
    attempt: int = 0  # which derived seed gave the position
    house: str = ""  # house rules, as a permalink's query writes them (``rule.target=101``)

    @property
    def module(self):
        return games.GAMES[self.game].engine

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


# --- what each kind aims at -------------------------------------------------------------------


@cache  # asked twice a move while a question is looked for: the import machinery each time
def _relatives():
    """The relatives' part of the quiz (imported when first asked: it builds on this module)."""
    from . import relatives

    return relatives


def _relative(game_or_module) -> bool:
    return game_or_module in (LEEKHA, TARNEEB_41, HEARTS) or game_or_module in _relatives().MODULES


def targets(game: str, kind: str, rules) -> tuple[str, ...]:
    """The teaching moments the generator looks for, for this game, kind and rules (a moment
    listed twice is aimed at twice as often)."""
    if kind == MATCH:
        return match_kind.targets(games.GAMES[game].engine)
    if _relative(game):
        return _relatives().targets(game, kind, rules)
    if game == BENT:
        forced = ("forced_discard",) if rules.forced_penalty_discard else ()
        hearts = ("hearts_unbroken",) if rules.hearts_must_break else ()
        jack = ("jack_opening",) if rules.opening_lead == "jack_of_hearts" else ()
        doubled = ("hearts_doubled",) if rules.hearts_double_when_both_exposed else ()
        return {
            LEGAL_SET: ("follow_suit", "follow_suit", "void", *forced, *hearts, *jack),
            PLAY: ("follow_suit", "follow_suit", *forced, *hearts, *jack),
            NEXT_LEADER: ("discard_higher", "not_leader"),
            TRICK_POINTS: ("queen", "queen_exposed", "ten", "ten_exposed", "hearts", *doubled),
            DEAL_POINTS: ("plain", "exposed", "moon" if rules.moon else "all_taken", *doubled),
        }[kind]
    if game == TARNEEB:
        forced = ("dealer_forced",) if rules.dealer_forced else ()
        match = ("dealer_match",) if rules.auction == "one_bid" and rules.dealer_may_match else ()
        return {
            LEGAL_SET: ("follow_suit", "void_trump", "void"),
            PLAY: ("follow_suit", "beat_the_bid", *forced, *match),
            NEXT_LEADER: ("ruff", "discard_higher", "not_leader"),
            SHEET: ("debt_paid", "missed", "made"),
        }[kind]
    return {
        LEGAL_SET: ("some_fit", "some_fit", "some_fit", "opening"),
        PLAY: ("some_fit", "some_fit", "blocked", "opening"),
        KNOCK: ("blocked", "one_fits", "playable", "playable_doubled"),
    }[kind]


def match_kind_anchors(ties: str | None) -> dict:
    """Where the end of a match is stated: the target, and the rule on ties where there is one."""
    return {
        match_kind.ONE_WINNER: ("end", "target"),
        match_kind.GOES_ON: ("end", "target"),
        match_kind.TIE: ("end", ties or "target"),
    }


# Where each moment and each reason is stated: (section key, rule key or None) on the rule page.
ANCHORS = {
    BENT: {
        "follow_suit": ("play", None),
        "void": ("play", None),
        "free_lead": ("play", None),
        "must_follow_suit": ("play", None),
        "forced_discard": ("play", "forced_penalty_discard"),
        "must_discard_penalty_card": ("play", "forced_penalty_discard"),
        "hearts_unbroken": ("play", "hearts_must_break"),
        "hearts_not_broken": ("play", "hearts_must_break"),
        "jack_opening": ("play", "opening_lead"),
        "must_lead_jack_of_hearts": ("play", "opening_lead"),
        "discard_higher": ("play", None),
        "not_leader": ("play", None),
        "leader_wins": ("play", None),
        "queen": ("scoring", "queen_points"),
        "ten": ("scoring", "ten_points"),
        "hearts": ("scoring", "heart_points"),
        "queen_exposed": ("exposing", "exposure_multiplier"),
        "ten_exposed": ("exposing", "exposure_multiplier"),
        "exposed": ("exposing", "exposure_multiplier"),
        "hearts_doubled": ("scoring", "hearts_double_when_both_exposed"),
        "moon": ("scoring", "moon"),
        "all_taken": ("scoring", "moon"),
        "plain": ("scoring", None),
        **match_kind_anchors("ties"),
    },
    TARNEEB: {
        "follow_suit": ("play", None),
        "void": ("play", None),
        "void_trump": ("play", None),
        "free_lead": ("play", None),
        "must_follow_suit": ("play", None),
        "beat_the_bid": ("bidding", "auction"),
        "bid_too_low": ("bidding", "auction"),
        "wrong_bid_form": ("bidding", "auction"),
        "cannot_double": ("bidding", "auction"),
        "dealer_forced": ("bidding", "dealer_forced"),
        "must_bid": ("bidding", "dealer_forced"),
        "dealer_match": ("bidding", "dealer_may_match"),
        "ruff": ("play", None),
        "discard_higher": ("play", None),
        "not_leader": ("play", None),
        "leader_wins": ("play", None),
        "debt_paid": ("sheet", None),
        "missed": ("scoring", None),
        "made": ("scoring", None),
        "kaboot": ("scoring", "kaboot_bonus"),
        "grand": ("scoring", "grand_made_points"),
        **match_kind_anchors(None),
    },
    SABAAT: {
        "opening": ("play", "opening_card"),
        "must_open_seven_of_diamonds": ("play", "opening_card"),
        "some_fit": ("layout", None),
        "not_playable_on_layout": ("layout", None),
        "blocked": ("layout", None),
        "cannot_knock": ("penalties", "penalty_points"),
        "one_fits": ("penalties", "penalty_points"),
        "playable": ("penalties", "penalty_points"),
        "playable_doubled": ("penalties", "penalty_multiplied"),
        **match_kind_anchors(None),
    },
}


def anchor(game: str, code: str) -> tuple[str, str | None] | None:
    anchors = _relatives().ANCHORS.get(game) if _relative(game) else ANCHORS.get(game)
    return (anchors or {}).get(code)


# --- generating ---------------------------------------------------------------------------------


def kind_for(game: str, kind: str, seed: str) -> str:
    """The concrete kind: ``kind`` itself, or for "mixed" one drawn from the seed."""
    if kind != MIXED:
        return kind
    return random.Random(f"mixed/{game}/{seed}").choice(KINDS[game])


def check_names(game: str, variant: str, kind: str):
    """The game's spec, or ``UnknownQuestion`` naming what does not exist."""
    spec = games.get(game)
    if spec is None or game not in KINDS:
        raise UnknownQuestion("unknown_game", game=game)
    if variant not in spec.presets:
        raise UnknownQuestion("unknown_variant", variant=variant)
    if kind != MIXED and kind not in KINDS[game]:
        raise UnknownQuestion("unknown_kind", kind=kind)
    return spec


def house_rules(module, variant: str, house: str = ""):
    """The variant's rules with the house rules of ``house`` (``rule.<key>=<value>&...``);
    ``RuleError`` (a ``BadInput``) for one the engine cannot play."""
    return with_overrides(module.PRESETS[variant], overrides_in(dict(parse_qsl(house))))


def generate(game: str, variant: str, kind: str, seed: str, house: str = "") -> Question:
    """The question named by (game, variant, kind, seed) under the house rules ``house``: the
    same every time."""
    check_names(game, variant, kind)
    house_rules(games.GAMES[game].engine, variant, house)  # refused before anything is dealt
    return _generate(game, variant, kind_for(game, kind, str(seed)), str(seed), kind, house)


@lru_cache(maxsize=2048)
def _generate(
    game: str, variant: str, kind: str, seed: str, mode: str, house: str = ""
) -> Question:
    module = games.GAMES[game].engine
    rules = house_rules(module, variant, house)
    aims = targets(game, kind, rules)
    # The seed picks what to teach; derived seeds deal again until a deal shows it (a moon
    # shot can take a few hundred deals), and only then may another moment do.
    target = random.Random(f"{game}/{variant}/{kind}/{seed}/aim").choice(aims)
    for attempt in range(ATTEMPTS):
        derived = seed if attempt == 0 else f"{seed}/{attempt}"
        rng = random.Random(f"{game}/{variant}/{kind}/{derived}")
        if attempt >= KEEP_AIM:
            target = rng.choice(aims)
        context = _context(game, kind, rules, rng, target)
        if kind == MATCH:
            query = match_kind.walk(module, variant, rules, derived, rng, target)
        else:
            query = _walk(module, variant, rules, derived, rng, kind, target, context)
        if query is None:
            continue
        q = build(game, variant, kind, query, seed=seed, mode=mode, context=context)
        if q.moment == target:
            return replace(q, attempt=attempt, house=house)
    raise RuntimeError(f"no {kind} question found for {game}/{variant} from seed {seed!r}")


def build(
    game: str,
    variant: str,
    kind: str,
    query: dict,
    *,
    seed: str = "",
    mode: str | None = None,
    context: dict | None = None,
) -> Question:
    """A question on a given position: the engine classifies it and computes the answer.

    Raises ``BadInput``/``IllegalMove`` for a position that does not replay, and
    ``BadInput("not_a_question")`` for one that asks nothing under this kind.
    """
    check_names(game, variant, kind)
    if kind == MIXED:
        raise UnknownQuestion("unknown_kind", kind=kind)
    query = {k: str(v) for k, v in query.items() if v not in (None, "")}
    query["variant"] = variant
    query.setdefault("moves", "")
    context = dict(context or {})
    pos = open_position(games.GAMES[game].engine, query)
    moment = classify(kind, pos, context)
    if moment is None:
        raise BadInput("not_a_question", kind=kind)
    return Question(
        game=game,
        variant=variant,
        kind=kind,
        seed=seed,
        mode=mode or kind,
        query=pos.query(),
        moment=moment,
        expected=expected_answer(kind, pos, context),
        context=context,
    )


def _context(game, kind, rules, rng, target) -> dict:
    if kind != SHEET:
        return {}
    return {"sheet": _sheet_rows(rules, rng, target)}


def _sheet_rows(rules, rng, target) -> list[list]:
    """Deals already on the sheet: ``[bid, side, tricks]``, one of them missed when aiming at a
    debt, and never a finished match."""
    for _ in range(50):
        rows = []
        for i in range(rng.randint(1, 3)):
            bid = rng.randint(rules.min_bid, min(rules.max_bid, rules.min_bid + 3))
            low = max(0, bid - 4)
            must_miss = i == 0 and target in ("debt_paid", "missed")
            tricks = rng.randint(low, bid - 1) if must_miss else rng.randint(low, 13)
            rows.append([bid, rng.choice(PARTNERSHIPS), tricks])
        try:
            sheet = replay_sheet(rules, rows)
        except EngineError:
            continue
        if sheet.winner is None:
            return rows
    return []


def replay_sheet(rules, rows) -> Sheet:
    """The sheet after ``rows`` (``[bid, side, tricks]`` or ``[bid, side, tricks, doubled]``)."""
    sheet = Sheet.for_rules(rules)
    for row in rows:
        bid, side, tricks, *rest = row
        sheet.enter_deal(rules, int(bid), side, int(tricks), bool(rest and rest[0]))
    return sheet


def _walk(module, variant, rules, seed, rng, kind, target, context) -> dict | None:
    """Deal from ``seed`` and play on; the query of a position where ``target`` shows, or None."""
    hands = list(shuffle.deal(seed, module.PACK))
    dealer = rng.randrange(4)
    extra = _extra(module, rules, rng, kind, target)
    state = module.position_start(rules, list(hands), dealer, **extra)
    moves: list[int] = []
    pos = Position(module, variant, rules, dealer, hands, moves, extra, state)
    policy = _policy(module, rules, rng, target, state)
    found = []
    while True:
        if classify(kind, pos, context) == target:
            found.append(len(moves))
        if state.to_act is None:
            break
        move = policy(state)
        state.push(move)
        moves.append(move)
    if not found:
        return None
    return Position(
        module, variant, rules, dealer, hands, moves[: rng.choice(found)], extra
    ).query()


def _extra(module, rules, rng, kind, target) -> dict:
    if module is bent_al_sbeet:
        exposed = 0
        want = {
            "queen_exposed": QS_BIT,
            "ten_exposed": TD_BIT,
            "exposed": QS_BIT if rng.random() < 0.5 else TD_BIT,
            "hearts_doubled": PENALTY_MASK,
        }.get(target, 0)
        for c in rules.exposable:
            if (want >> c & 1) or (target not in ("queen", "ten", "plain") and rng.random() < 0.25):
                exposed |= 1 << c
        return {"exposed": exposed} if exposed else {}
    if module is sabaat_al_deemin:
        if target == "playable_doubled" or (kind != LEGAL_SET and rng.random() < 0.2):
            return {"start": "announce"}
    return {}


def _policy(module, rules, rng, target, start):
    """How the seated players choose their moves: at random, with a purpose where needed."""
    if _relative(module):
        return _relatives().policy(module, rules, rng, target, start)
    if module is bent_al_sbeet:
        if target in ("moon", "all_taken"):
            return _shooter(start, rng)
        return lambda state: rng.choice(state.legal_moves())
    if module is tarneeb:
        return lambda state: _tarneeb_move(state, rng, target)
    return lambda state: _sabaat_move(state, rng, target)


def _shooter(start, rng):
    """One player (the strongest hand) tries to take every trick; the others duck and feed it
    their hearts and penalty cards while it is winning the trick."""
    shooter = max(range(4), key=lambda s: sum(c % 13 for c in cards.cards_in(start.hands[s])))

    def move(state):
        legal = state.legal_moves()
        if state.to_act == shooter:
            return max(legal, key=lambda c: (c % 13, rng.random()))
        trick, led = state.trick, state.led_suit
        if led is None or any(c // 13 == led for c in legal):
            return min(legal, key=lambda c: (c // 13 == cards.HEARTS, c % 13, rng.random()))
        winning = trick_winner(trick) == shooter if trick else True
        shooter_played = any(seat == shooter for seat, _ in trick)
        feed = winning or not shooter_played

        def value(c):
            pays = (1 << c) & (PENALTY_MASK | HEARTS_MASK) != 0
            return (pays if feed else not pays, c % 13)

        return max(legal, key=value)

    return move


def _tarneeb_move(state, rng, target):
    legal = state.legal_moves()
    if state.phase == "bidding":
        if target == "dealer_forced" and len(state.bids) < 3 and tarneeb.PASS in legal:
            return tarneeb.PASS
        if tarneeb.DOUBLE in legal and rng.random() < 0.15:
            return tarneeb.DOUBLE
        bids = [m for m in legal if m not in (tarneeb.PASS, tarneeb.DOUBLE)]
        if tarneeb.PASS in legal and (not bids or rng.random() < 0.5):
            return tarneeb.PASS
        return rng.choice(bids[:5])
    if state.phase == "trump":
        suits = [m for m in legal if m != tarneeb.trump_call(tarneeb.NT)]
        return rng.choice(suits if rng.random() < 0.9 else legal)
    return rng.choice(legal)


def _sabaat_move(state, rng, target):
    legal = state.legal_moves()
    if state.phase == "announce":
        if sabaat_al_deemin.DOUBLE in legal and (
            target == "playable_doubled" or rng.random() < 0.3
        ):
            return sabaat_al_deemin.DOUBLE
        if sabaat_al_deemin.TRIPLE in legal and rng.random() < 0.3:
            return sabaat_al_deemin.TRIPLE
        return sabaat_al_deemin.PASS  # never a redeal: it would end the deal
    return rng.choice(legal)


# --- classifying a position -----------------------------------------------------------------------


def classify(kind: str, pos: Position, context: dict | None = None) -> str | None:
    """What this position teaches for ``kind``, or None when it asks nothing worth asking."""
    if _relative(pos.module):
        return _relatives().classify(kind, pos, context)
    if kind in (LEGAL_SET, PLAY):
        return _choice_moment(kind, pos)
    if kind == NEXT_LEADER:
        return _next_leader_moment(pos)
    if kind == TRICK_POINTS:
        return _trick_points_moment(pos)
    if kind == DEAL_POINTS:
        return _deal_points_moment(pos)
    if kind == SHEET:
        return _sheet_moment(pos, context or {})
    if kind == KNOCK:
        return _knock_moment(pos)
    if kind == MATCH:
        return match_kind.classify(pos)
    return None


def _mask(moves) -> int:
    out = 0
    for m in moves:
        if m < 52:
            out |= 1 << m
    return out


def _choice_moment(kind, pos) -> str | None:
    state, module = pos.state, pos.module
    if state.to_act is None:
        return None
    if module is tarneeb and state.phase == "bidding":
        return _auction_moment(kind, pos) if kind == PLAY else None
    if state.phase != "play":
        return None
    hand = state.hands[state.to_act]
    if hand.bit_count() < 2:
        return None
    legal_moves = state.legal_moves()
    legal = _mask(legal_moves)
    every = legal == hand
    if module is sabaat_al_deemin:
        if legal_moves == [sabaat_al_deemin.KNOCK]:
            return "blocked" if kind == PLAY else None
        if not state.laid:
            return "opening"
        return None if every else "some_fit"
    led = _led_suit(state)
    if led is None:
        if module is bent_al_sbeet and legal == 1 << bent_al_sbeet.JH and not state.played:
            moment = "jack_opening"
        elif module is bent_al_sbeet and not every:
            moment = "hearts_unbroken"
        else:
            moment = "free_lead"
    elif hand & cards.suit_mask(led):
        moment = "follow_suit"
    elif module is bent_al_sbeet:
        moment = "void" if every else "forced_discard"
    elif state.trump is not None and hand & cards.suit_mask(state.trump):
        moment = "void_trump"
    else:
        moment = "void"
    if every and (kind == PLAY or moment in ("follow_suit", "free_lead")):
        return None  # every card is right: nothing to learn
    return moment


def _led_suit(state) -> int | None:
    trick = getattr(state, "trick", None)
    return trick[0][1] // 13 if trick else None


def _auction_moment(kind, pos) -> str | None:
    state, rules = pos.state, pos.rules
    legal = set(state.legal_moves())
    if set(offered_calls(pos.module, state)) <= legal:
        return None  # every call is right
    if rules.dealer_forced and state.high is None and len(state.bids) == 3:
        return "dealer_forced"
    if state.high is None:
        return None
    if rules.auction == "one_bid" and rules.dealer_may_match and state.to_act == state.dealer:
        return "dealer_match"
    return "beat_the_bid"


def completed_trick(pos) -> tuple[list, int] | None:
    """``(trick, winner)`` when the position's last move completed a trick and another follows."""
    state = pos.state
    if state.phase != "play" or state.trick or not pos.moves or pos.moves[-1] >= 52:
        return None
    trick, winner = state.last_trick
    return list(trick), winner


def _next_leader_moment(pos) -> str | None:
    done = completed_trick(pos)
    if done is None:
        return None
    trick, winner = done
    led = trick[0][1] // 13
    trump = getattr(pos.state, "trump", None)
    win = dict(trick)[winner]
    if trump is not None and win // 13 == trump != led:
        return "ruff"
    if any(c // 13 not in (led, trump) and c % 13 > win % 13 for _, c in trick):
        return "discard_higher"
    return "not_leader" if winner != trick[0][0] else "leader_wins"


def trick_points(pos) -> list[int]:
    """What the completed trick costs each seat: the engine's scoring of its cards alone (the
    penalty family's one scoring function)."""
    trick, winner = completed_trick(pos)
    taken = [0, 0, 0, 0]
    for _, c in trick:
        taken[winner] |= 1 << c
    return penalty_table(pos.rules).scoring.score(taken, pos.state.exposed, over=False)


def scoring_cards(rules) -> int:
    """The cards that score under a penalty game's ``rules``, as a bit set (what a table of
    taken cards shows)."""
    scoring = penalty_table(rules).scoring
    bonus = 1 << cards.card(cards.JACK, cards.DIAMONDS) if scoring.jack else 0
    return scoring.moon_mask | bonus


def card_value(rules, card: int, exposed: int = 0) -> int:
    """What one card taken alone costs under a penalty game's ``rules`` (0: it scores nothing)."""
    return penalty_table(rules).scoring.score([1 << card, 0, 0, 0], exposed, over=False)[0]


def _trick_points_moment(pos) -> str | None:
    if pos.module is not bent_al_sbeet or completed_trick(pos) is None:
        return None
    if not any(trick_points(pos)):
        return None
    trick, _ = completed_trick(pos)
    bits = _mask(c for _, c in trick)
    exposed = pos.state.exposed
    both = exposed & PENALTY_MASK == PENALTY_MASK
    if pos.rules.hearts_double_when_both_exposed and both and bits & HEARTS_MASK:
        return "hearts_doubled"
    if bits & QS_BIT:
        return "queen_exposed" if exposed & QS_BIT else "queen"
    if bits & TD_BIT:
        return "ten_exposed" if exposed & TD_BIT else "ten"
    return "hearts"


def _deal_points_moment(pos) -> str | None:
    state = pos.state
    if pos.module is not bent_al_sbeet or state.phase != "over":
        return None
    if state.moon_by() is not None:
        return "moon"
    if any(t & bent_al_sbeet.MOON_MASK == bent_al_sbeet.MOON_MASK for t in state.taken):
        return "all_taken"
    both = state.exposed & PENALTY_MASK == PENALTY_MASK
    if pos.rules.hearts_double_when_both_exposed and both:
        return "hearts_doubled"
    return "exposed" if state.exposed else "plain"


def sheet_rows(pos, context) -> tuple[Sheet, object]:
    """The sheet before this deal and the row the deal writes."""
    before = replay_sheet(pos.rules, context.get("sheet", []))
    after = replay_sheet(pos.rules, context.get("sheet", []))
    return before, after.enter_result(pos.state)


def _sheet_moment(pos, context) -> str | None:
    state = pos.state
    if pos.module is not tarneeb or state.phase != "over" or state.thrown_in:
        return None
    try:
        before, row = sheet_rows(pos, context)
    except EngineError:
        return None
    if any(before.debts[s] > 0 and row.scores[s] > 0 for s in (0, 1)):
        return "debt_paid"
    contract = state.contract
    won = state.side_tricks()[contract.side]
    if contract.bid == tarneeb.TRICKS:
        return "grand"
    if won == tarneeb.TRICKS:
        return "kaboot"
    return "made" if won >= contract.bid else "missed"


def _knock_moment(pos) -> str | None:
    state = pos.state
    if pos.module is not sabaat_al_deemin or state.phase != "play":
        return None
    legal = state.legal_moves()
    if legal == [sabaat_al_deemin.KNOCK]:
        return "blocked"
    if state.multiplier > 1:
        return "playable_doubled"
    if len(legal) == 1 and state.hands[state.to_act].bit_count() >= 3:
        return "one_fits"
    return "playable"


# --- the answer -------------------------------------------------------------------------------


def offered(pos, kind: str) -> list[int]:
    """The moves an answer may name: the acting hand's cards and the calls on offer."""
    state = pos.state
    if state.to_act is None or kind not in (LEGAL_SET, PLAY):
        return []
    hand = cards.display_order(state.hands[state.to_act]) if state.phase == "play" else []
    return hand + answer_calls(pos, kind)


def answer_calls(pos, kind: str) -> list[int]:
    """Calls shown as answer buttons, legal or not, so their presence gives nothing away."""
    if kind != PLAY or pos.state.to_act is None:
        return []
    return offered_calls(pos.module, pos.state)


def expected_answer(kind: str, pos, context: dict | None = None) -> dict:
    """The right answer, computed by the engine, JSON-friendly."""
    state, module = pos.state, pos.module
    if kind == LEGAL_SET:
        legal = _mask(state.legal_moves())
        return {"cards": [cards.card_code(c) for c in cards.display_order(legal)]}
    if kind == PLAY:
        legal = set(state.legal_moves())
        return {"moves": [module.format_move(m) for m in offered(pos, kind) if m in legal]}
    if kind == NEXT_LEADER:
        return {"seat": SEATS[state.to_act]}
    if kind == TRICK_POINTS:
        return {"points": trick_points(pos)}
    if kind == DEAL_POINTS:
        return {"points": state.points()}
    if kind == SHEET:
        _, row = sheet_rows(pos, context or {})
        return {"entries": list(row.entries), "debts": list(row.debts)}
    if kind == KNOCK:
        penalty = sabaat_al_deemin.penalty_for(state, sabaat_al_deemin.KNOCK)
        return {
            "may": sabaat_al_deemin.KNOCK in state.legal_moves(),
            "cost": penalty.points if penalty else 0,
        }
    if kind == MATCH:
        return match_kind.expected(pos)
    raise UnknownQuestion("unknown_kind", kind=kind)


# --- reading and checking an answer --------------------------------------------------------------


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


def read_answer(q: Question, data: dict, pos: Position | None = None) -> dict:
    """The answer in a submitted form (``{name: [values]}``), normalised, JSON-friendly.

    Raises ``BadInput`` for what no honest form sends: a card code that does not parse, a card
    the player does not hold, a call not on offer, a missing or impossible number.
    """
    pos = pos or q.position()
    state = pos.state
    if q.kind == LEGAL_SET:
        values = data.get("cards") or []
        if isinstance(values, str):
            values = [values]
        if len(values) > 52:
            raise BadInput("bad_card", card="…")
        chosen = 0
        for text in values:
            c = cards.parse_card(text)
            _held(state, c)
            chosen |= 1 << c
        return {"cards": [cards.card_code(c) for c in cards.display_order(chosen)]}
    if q.kind == PLAY:
        token = _one(data, "move")
        parse = getattr(state, "parse_move", None) or pos.module.parse_move
        move = parse(token)
        if move < 52:
            _held(state, move)
        if move not in offered(pos, q.kind):
            raise BadInput("not_offered", move=token[:20])
        return {"move": pos.module.format_move(move)}
    if q.kind == NEXT_LEADER:
        return {"seat": SEATS[parse_seat(_one(data, "seat"))]}
    if q.kind in (TRICK_POINTS, DEAL_POINTS):
        signed = q.game in SIGNED_POINTS
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
        return match_kind.read(pos, data)
    raise UnknownQuestion("unknown_kind", kind=q.kind)


def is_right(q: Question, answer: dict) -> bool:
    if q.kind == LEGAL_SET:
        return set(answer["cards"]) == set(q.expected["cards"])
    if q.kind == PLAY:
        return answer["move"] in q.expected["moves"]
    return answer == q.expected


def check(q: Question, answer: dict) -> Verdict:
    """Right or wrong, with the reasons: the engine's refusal of a wrong move, why a right one
    is allowed, how points and sheet entries come about."""
    pos = q.position()
    notes = _notes(q, pos, answer)
    return Verdict(is_right(q, answer), answer, tuple(notes))


def refusal(state, move: int) -> IllegalMove | None:
    """The engine's refusal of ``move`` now, or None when it is legal."""
    try:
        state.play(move)
    except IllegalMove as e:
        return e
    return None


def _notes(q, pos, answer) -> list[Note]:
    state = pos.state
    if q.kind == LEGAL_SET:
        notes = [moment_note(q, pos)]
        legal, chosen = set(q.expected["cards"]), set(answer["cards"])
        for code in answer["cards"]:
            if code not in legal:
                e = refusal(state, cards.parse_card(code))
                notes.append(Note(e.code, e.details))
        for code in q.expected["cards"]:
            if code not in chosen:
                notes.append(Note("missed_card", {"card": code}))
        return notes
    if q.kind == PLAY:
        move = _parse(pos, answer["move"])
        e = refusal(state, move)
        if e is None:
            return [why_legal(pos, move)]
        return [Note(e.code, e.details), moment_note(q, pos)]
    if q.kind == NEXT_LEADER:
        return _trick_notes(pos)
    if q.kind == TRICK_POINTS:
        return _trick_points_notes(pos)
    if q.kind == DEAL_POINTS:
        if _relative(pos.module):
            return _relatives().deal_points_notes(pos)
        return _deal_points_notes(pos)
    if q.kind == SHEET:
        return _sheet_notes(pos, q.context)
    if q.kind == KNOCK:
        return _knock_notes(pos)
    if q.kind == MATCH:
        return match_kind.notes(pos)
    return []


def _parse(pos, token: str) -> int:
    parse = getattr(pos.state, "parse_move", None) or pos.module.parse_move
    return parse(token)


def moment_note(q: Question, pos) -> Note:
    """Why the legal cards are what they are, in one sentence's facts."""
    state = pos.state
    if _relative(pos.module):
        note = _relatives().moment_note(q, pos)
        if note is not None:
            return note
    seat = SEATS[state.to_act] if state.to_act is not None else None
    led = _led_suit(state)
    led_suit = cards.SUITS[led] if led is not None else None
    m = q.moment
    if m == "follow_suit":
        return Note("must_follow", {"seat": seat, "led_suit": led_suit})
    if m == "void":
        return Note("void_any", {"seat": seat, "led_suit": led_suit})
    if m == "void_trump":
        return Note("void_trump", {"seat": seat, "led_suit": led_suit, "suit": _trump(state)})
    if m == "forced_discard":
        held = state.hands[state.to_act] & PENALTY_MASK
        return Note("forced_penalty", {"seat": seat, "led_suit": led_suit, "penalty": _codes(held)})
    if m == "hearts_unbroken":
        return Note("leads_non_heart", {"seat": seat})
    if m == "jack_opening":
        return Note("leads_jack_of_hearts", {"seat": seat, "card": "JH"})
    if m == "free_lead":
        return Note("free_lead", {"seat": seat})
    if m == "opening":
        return Note("opens_with", {"seat": seat, "card": pos.rules.opening_card})
    if m == "some_fit":
        return Note("layout_rule", {"seat": seat})
    if m == "blocked":
        return Note("must_knock", {"seat": seat})
    if m in ("beat_the_bid", "dealer_match"):
        top = state.high[1]
        return Note(
            "dealer_may_match" if m == "dealer_match" else "beat_highest",
            {"highest": pos.module.format_move(top), "by": SEATS[state.high[0]]},
        )
    if m == "dealer_forced":
        return Note("dealer_forced_bid", {"seat": seat, "bid": str(pos.rules.min_bid)})
    return Note(m, {"seat": seat})


def _trump(state) -> str | None:
    return cards.SUITS[state.trump] if getattr(state, "trump", None) is not None else None


def _codes(mask: int) -> list[str]:
    return [cards.card_code(c) for c in cards.display_order(mask)]


def why_legal(pos, move: int) -> Note:
    """Why the engine allows ``move`` here (the rule that lets it through)."""
    if _relative(pos.module):
        return _relatives().why_legal(pos, move)
    state, module, rules = pos.state, pos.module, pos.rules
    seat = SEATS[state.to_act]
    token = module.format_move(move)
    if module is sabaat_al_deemin:
        if move == sabaat_al_deemin.KNOCK:
            return Note("must_knock", {"seat": seat})
        if not state.laid:
            return Note("opens_with", {"seat": seat, "card": token})
        if move % 13 == cards.SEVEN:
            return Note("starts_pile", {"card": token, "suit": cards.SUITS[move // 13]})
        return Note("next_on_pile", {"card": token, "suit": cards.SUITS[move // 13]})
    if module is tarneeb and move >= 52:
        if move == tarneeb.PASS:
            return Note("may_pass", {"seat": seat})
        if move == tarneeb.DOUBLE:
            return Note("may_double", {"seat": seat})
        if state.high is None:
            if rules.dealer_forced and len(state.bids) == 3:
                return Note("dealer_forced_bid", {"seat": seat, "bid": token})
            return Note("opening_bid", {"bid": token})
        top = module.format_move(state.high[1])
        if move == state.high[1]:
            return Note("dealer_may_match", {"highest": top, "by": SEATS[state.high[0]]})
        return Note("bid_beats", {"bid": token, "highest": top})
    hand = state.hands[state.to_act]
    led = _led_suit(state)
    if led is None:
        if module is bent_al_sbeet and _mask(state.legal_moves()) == 1 << bent_al_sbeet.JH:
            if not state.played:
                return Note("leads_jack_of_hearts", {"seat": seat, "card": token})
        if module is bent_al_sbeet and rules.hearts_must_break and not state.played & HEARTS_MASK:
            if hand & ~HEARTS_MASK:
                return Note("leads_non_heart", {"seat": seat})
            return Note("only_hearts", {"seat": seat})
        return Note("free_lead", {"seat": seat})
    led_suit = cards.SUITS[led]
    if move // 13 == led:
        return Note("follows_suit", {"card": token, "led_suit": led_suit})
    if module is bent_al_sbeet and rules.forced_penalty_discard and hand & PENALTY_MASK:
        return Note(
            "forced_penalty",
            {"seat": seat, "led_suit": led_suit, "penalty": _codes(hand & PENALTY_MASK)},
        )
    if module is tarneeb and state.trump is not None and move // 13 == state.trump:
        return Note("void_trump", {"seat": seat, "led_suit": led_suit, "suit": _trump(state)})
    return Note("void_any", {"seat": seat, "led_suit": led_suit})


def _trick_notes(pos) -> list[Note]:
    trick, winner = completed_trick(pos)
    led = trick[0][1] // 13
    trump = getattr(pos.state, "trump", None)
    win = dict(trick)[winner]
    facts = {"seat": SEATS[winner], "card": cards.card_code(win), "led_suit": cards.SUITS[led]}
    if trump is not None and win // 13 == trump != led:
        notes = [Note("trick_won_trump", facts)]
    else:
        notes = [Note("trick_won_highest", facts)]
    higher = [c for _, c in trick if c // 13 not in (led, trump) and c % 13 > win % 13]
    if higher:
        best = max(higher, key=lambda c: c % 13)
        code = "off_suit_cannot_win" if trump is not None else "off_suit_no_trumps"
        notes.append(Note(code, {"card": cards.card_code(best)}))
    return notes


def _items(rules, exposed: int, taken: int) -> dict:
    """What a set of taken cards is made of, each part priced by the engine (a card that
    scores nothing under these rules is left out)."""

    def priced(card):
        value = card_value(rules, card, exposed)
        return value if taken >> card & 1 and value else None

    return {
        "hearts": (taken & HEARTS_MASK).bit_count(),
        "heart_points": card_value(rules, cards.card(cards.TWO, cards.HEARTS), exposed),
        "queen": priced(bent_al_sbeet.QS),
        "queen_exposed": bool(exposed & QS_BIT),
        "ten": priced(bent_al_sbeet.TD),
        "ten_exposed": bool(exposed & TD_BIT),
        "king": priced(cards.card(cards.KING, cards.CLUBS)),
        "jack": priced(cards.card(cards.JACK, cards.DIAMONDS)),
    }


def _trick_points_notes(pos) -> list[Note]:
    trick, winner = completed_trick(pos)
    taken = _mask(c for _, c in trick)
    items = _items(pos.rules, pos.state.exposed, taken)
    return [Note("seat_points", {"seat": SEATS[winner], **items, "points": sum(trick_points(pos))})]


def _deal_points_notes(pos) -> list[Note]:
    state, rules = pos.state, pos.rules
    raw = bent_al_sbeet.score_deal(rules, state.taken, state.exposed, over=False)
    notes = [
        Note(
            "seat_points",
            {"seat": SEATS[s], **_items(rules, state.exposed, state.taken[s]), "points": raw[s]},
        )
        for s in range(4)
    ]
    both = state.exposed & PENALTY_MASK == PENALTY_MASK
    if rules.hearts_double_when_both_exposed and both:
        notes.append(Note("hearts_doubled", {}))
    moon = state.moon_by()
    if moon is not None:
        notes.append(Note("moon", {"seat": SEATS[moon], "total": raw[moon]}))
    else:
        everything = bent_al_sbeet.MOON_MASK
        for s in range(4):
            if state.taken[s] & everything == everything:
                notes.append(Note("no_moon", {"seat": SEATS[s]}))
    return notes


def _sheet_notes(pos, context) -> list[Note]:
    state = pos.state
    before, row = sheet_rows(pos, context)
    contract = state.contract
    side = contract.side
    won = state.side_tricks()[side]
    facts = {
        "side": PARTNERSHIPS[side],
        "bid": contract.bid,
        "tricks": won,
        "score": row.scores[side],
        "other": PARTNERSHIPS[1 - side],
        "other_tricks": tarneeb.TRICKS - won,
        "other_score": row.scores[1 - side],
    }
    if won >= contract.bid:
        code = (
            "grand_made"
            if contract.bid == tarneeb.TRICKS
            else ("kaboot" if won == tarneeb.TRICKS else "made")
        )
    else:
        code = "grand_missed" if contract.bid == tarneeb.TRICKS else "missed"
        facts["cost"] = -row.scores[side]
    notes = [Note(code, facts)]
    if contract.doubled:
        notes.append(Note("doubled", {"factor": pos.rules.double_multiplier}))
    for s in (0, 1):
        owed, score = before.debts[s], row.scores[s]
        f = {"side": PARTNERSHIPS[s], "entry": row.entries[s], "debt": row.debts[s]}
        if score < 0:
            notes.append(Note("entry_missed", {**f, "cost": -score}))
        elif score > 0 and owed:
            notes.append(Note("entry_pays", {**f, "score": score, "owed": owed}))
        elif score > 0:
            notes.append(Note("entry_plain", f))
        else:
            notes.append(Note("entry_nothing", f))
    return notes


def _knock_notes(pos) -> list[Note]:
    state, rules = pos.state, pos.rules
    seat = state.to_act
    penalty = sabaat_al_deemin.penalty_for(state, sabaat_al_deemin.KNOCK)
    if penalty is None:
        notes = [Note("knock_allowed", {"seat": SEATS[seat]})]
    else:
        playable = [m for m in state.legal_moves() if m < 52]
        notes = [
            Note(
                "knock_penalty",
                {
                    "seat": SEATS[seat],
                    "playable": [cards.card_code(c) for c in playable],
                    "side": PARTNERSHIPS[penalty.side],
                    "points": penalty.points,
                },
            )
        ]
    if state.multiplier > 1 and not rules.penalty_multiplied and penalty is not None:
        notes.append(Note("penalty_not_multiplied", {"multiplier": state.multiplier}))
    return notes


# --- the same question under the other variants --------------------------------------------------


def alternatives(q: Question) -> list[Alternative]:
    """The question's answer under each other preset of the game, or why it cannot arise.

    Positions are recomputed: the same situation (hands, trick, cards played, sheet) judged by
    the other variant's rules. Where a variant changes who acts or what has been said (the
    first lead of Bent Al Sbeet, Tarneeb's auctions), the position's moves are replayed under
    it instead, and a refusal says why the position cannot arise there.
    """
    out = []
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


def _answer_under(q, pos, variant, rules) -> dict:
    state, module = pos.state, pos.module
    if _relative(module) and q.kind in (TRICK_POINTS, DEAL_POINTS):
        return _relatives().points_under(q, pos, rules)
    if q.kind in (LEGAL_SET, PLAY):
        if module is _relatives().tarneeb_41:
            other = _relatives().replay_under(q, pos, variant)
        elif module is tarneeb and state.phase == "bidding":
            other = open_position(module, {**q.query, "variant": variant})
            if other.state.to_act != state.to_act or other.state.phase != state.phase:
                raise IllegalMove("other_turn", seat=SEATS[other.state.to_act])
        else:
            other = _same_situation(pos, rules)
        return expected_answer(q.kind, other, q.context)
    if q.kind == NEXT_LEADER:
        trick, _ = completed_trick(pos)
        return {"seat": SEATS[trick_winner(trick, getattr(state, "trump", None))]}
    if q.kind == TRICK_POINTS:
        trick, winner = completed_trick(pos)
        taken = [0, 0, 0, 0]
        taken[winner] = _mask(c for _, c in trick)
        return {"points": bent_al_sbeet.score_deal(rules, taken, state.exposed, over=False)}
    if q.kind == DEAL_POINTS:
        return {"points": bent_al_sbeet.score_deal(rules, state.taken, state.exposed, over=True)}
    if q.kind == SHEET:
        sheet = replay_sheet(rules, q.context.get("sheet", []))
        contract = state.contract
        scores = tarneeb.score_deal(rules, contract, state.side_tricks())
        row = sheet.enter_scores(*scores)
        return {"entries": list(row.entries), "debts": list(row.debts)}
    if q.kind == KNOCK:
        other = _same_situation(pos, rules)
        return expected_answer(q.kind, other, q.context)
    if q.kind == MATCH:  # the same deal and totals, replayed under the other rules
        other = open_position(module, {**q.query, "variant": variant})
        if match_kind.classify(other) is None:
            raise IllegalMove("deal_not_over")
        return expected_answer(q.kind, other, q.context)
    raise UnknownQuestion("unknown_kind", kind=q.kind)


def _same_situation(pos, rules) -> Position:
    """The position's situation (hands, trick, cards played) judged by ``rules``."""
    state, module = pos.state, pos.module
    if module is bent_al_sbeet and not state.played:
        # Who leads the first trick is itself a rule: start again under the other rules.
        fresh = module.position_start(rules, state.hands[:], pos.dealer, exposed=state.exposed)
        if fresh.to_act != state.to_act:
            raise IllegalMove("other_leader", seat=SEATS[fresh.to_act])
        new = fresh
    else:
        new = state.copy(rules=rules)
    return Position(module, pos.variant, rules, pos.dealer, pos.hands, pos.moves, pos.extra, new)
