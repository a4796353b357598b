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

What is particular to a family of games is its module, ``quiz.families.<family>``, found by the
family's name (``plumbing.families``); what every family shares is ``quiz.core`` (a question, its
kinds, its answers) and ``quiz.checking`` (reading and checking an answer, the other variants).

>>> q = generate("tarneeb", "classic", "legal-set", "doc")
>>> q.kind, sorted(q.expected) == ["cards"], q == generate("tarneeb", "classic", "legal-set", "doc")
('legal-set', True, True)
>>> check(q, {"cards": q.expected["cards"]}).correct
True

Kinds (not every kind applies to every game, see ``KINDS``):

``legal-set``  every card the player to act may play (an answer is a set of cards)
``play``       play one legal card, or make a legal call (Tarneeb's bidding, Sab'at's knock)
``next-leader`` after a completed trick, the seat that leads the next one
``trick-points`` / ``deal-points``  a penalty game's points per player (exposures, the moon),
               or each player's bid scored (Tarneeb 41)
``sheet``      what each side writes on the score sheet and what it still owes
``knock``      Sab'at Al-Deemin: may the player knock, and what a knock now costs
``match``      who wins the match after a finished deal of a running match (``match_kind``)
``mixed``      a kind drawn from the seed among the game's kinds
"""

import random
from collections.abc import Iterator, Mapping
from dataclasses import replace
from functools import lru_cache

from cardgames import shuffle
from cardgames.contract import Phase
from cardgames.errors import BadInput
from cardgames.positions import Position, open_position
from rulebook import games  # noqa: F401  (the site's game list, read through this module)

from .checking import alternatives, check, is_right, moment_note, read_answer
from .core import (
    ALL_KINDS,
    BEST_CARD,
    BEST_CONTRACT,
    CHOICE_KINDS,
    DEAL_POINTS,
    KNOCK,
    LEGAL_SET,
    MATCH,
    MIXED,
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
    answer_calls,
    card_choice,
    description,
    expected_answer,
    family_of,
    house_rules,
    kinds_of,
    match_part,
    offered,
    quizzed,
)
from .families.tricks import completed_trick

__all__ = [
    "ALL_KINDS",
    "BEST_CARD",
    "BEST_CONTRACT",
    "CHOICE_KINDS",
    "PICKED_KINDS",
    "DEAL_POINTS",
    "KINDS",
    "KNOCK",
    "LEGAL_SET",
    "MATCH",
    "MIXED",
    "NEXT_LEADER",
    "PICKED",
    "PLAY",
    "SHEET",
    "TRICK_POINTS",
    "Alternative",
    "Note",
    "Question",
    "UnknownQuestion",
    "Verdict",
    "alternatives",
    "anchor",
    "answer_calls",
    "build",
    "check",
    "check_names",
    "classify",
    "completed_trick",
    "expected_answer",
    "family_of",
    "generate",
    "house_rules",
    "is_right",
    "kind_for",
    "moment_note",
    "offered",
    "read_answer",
    "targets",
]

PICKED = "pick-"  # the seed of a hand-picked question: "pick-" and its key

ATTEMPTS = 1000  # derived seeds tried before giving up (never reached in practice: see tests)
KEEP_AIM = 600  # derived seeds tried for the moment the seed aims at, before any other will do


class Kinds(Mapping):
    """Every game's kinds of question, by slug, read from the games' descriptions (a game added
    there is asked about at once; the quiz keeps no list of its own)."""

    def __getitem__(self, game: str) -> tuple[str, ...]:
        if game not in self._slugs():
            raise KeyError(game)
        return kinds_of(game)

    def __iter__(self) -> Iterator[str]:
        return iter(self._slugs())

    def __len__(self) -> int:
        return len(self._slugs())

    @staticmethod
    def _slugs() -> list[str]:
        return [g.slug for g in quizzed()]


KINDS = Kinds()


# --- what each kind aims at -------------------------------------------------------------------


def targets(game: str, kind: str, rules) -> tuple[str, ...]:
    """The teaching moments the generator looks for, for this game, kind and rules (a moment
    listed twice is aimed at twice as often)."""
    if kind == MATCH:
        return match_part(game).targets(description(game).engine)
    return family_of(game).targets(kind, rules)


def anchor(game: str, code: str) -> tuple[str, str | None] | None:
    """Where a moment or a reason is stated on the game's rule page: (section key, rule key or
    None), or None."""
    try:
        engine = description(game).engine
    except UnknownQuestion:
        return None
    rules = engine.PRESETS[engine.DEFAULT_PRESET]
    found = family_of(game).anchors(rules)
    match = match_part(game)
    if match is not None:
        found = {**found, **match.anchors(rules)}
    return found.get(code)


# --- generating ---------------------------------------------------------------------------------


def kind_for(game: str, kind: str, seed: str) -> str:
    """The concrete kind: ``kind`` itself, or for "mixed" one drawn from the seed."""
    if kind != MIXED:
        return kind
    return random.Random(f"mixed/{game}/{seed}").choice(kinds_of(game))


def check_names(game: str, variant: str, kind: str):
    """The game's description, or ``UnknownQuestion`` naming what does not exist."""
    found = description(game)
    if variant not in found.engine.PRESETS:
        raise UnknownQuestion("unknown_variant", variant=variant)
    if kind != MIXED and kind not in kinds_of(game) and kind not in PICKED_KINDS:
        raise UnknownQuestion("unknown_kind", kind=kind)
    return found


def generate(game: str, variant: str, kind: str, seed: str, house: str = "") -> Question:
    """The question named by (game, variant, kind, seed) under the house rules ``house``: the
    same every time."""
    found = check_names(game, variant, kind)
    if kind in PICKED_KINDS:  # asked only of the positions stored with their answer
        raise UnknownQuestion("unknown_kind", kind=kind)
    house_rules(found.engine, variant, house)  # refused before anything is dealt
    return _generate(game, variant, kind_for(game, kind, str(seed)), str(seed), kind, house)


@lru_cache(maxsize=2048)
def _generate(
    game: str, variant: str, kind: str, seed: str, mode: str, house: str = ""
) -> Question:
    module, family = description(game).engine, family_of(game)
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
        context = family.context(kind, rules, rng, target)
        if kind == MATCH:
            query = match_part(game).walk(module, variant, rules, derived, rng, target)
        else:
            query = _walk(family, module, variant, rules, derived, rng, kind, target, context)
        if query is None:
            continue
        q = build(game, variant, kind, query, seed=seed, mode=mode, context=context)
        if q.moment == target:
            return replace(q, attempt=attempt, house=house)
    raise RuntimeError(f"no {kind} question found for {game}/{variant} from seed {seed!r}")


def _walk(family, module, variant, rules, seed, rng, kind, target, context) -> dict | None:
    """Deal from ``seed`` and play on; the query of a position where ``target`` shows, or None."""
    hands = list(shuffle.deal(seed, module.PACK))
    dealer = rng.randrange(4)
    extra = family.start(rules, rng, kind, target)
    state = module.position_start(rules, list(hands), dealer, **extra)
    moves: list[int] = []
    pos = Position(module, variant, rules, dealer, hands, moves, extra, state)
    policy = family.policy(rules, rng, target, state)
    found = []
    while True:
        if family.classify(kind, pos, context) == target:
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
    found = check_names(game, variant, kind)
    if kind == MIXED:
        raise UnknownQuestion("unknown_kind", kind=kind)
    query = {k: str(v) for k, v in query.items() if v not in (None, "")}
    query["variant"] = variant
    query.setdefault("moves", "")
    context = dict(context or {})
    pos = open_position(found.engine, query)
    moment = classify(game, kind, pos, context)
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
        expected=expected_answer(game, kind, pos, context),
        context=context,
    )


def classify(game: str, kind: str, pos: Position, context: dict | None = None) -> str | None:
    """What this position teaches for ``kind``, or None when it asks nothing worth asking."""
    if kind == MATCH:
        return match_part(game).classify(pos)
    if kind == BEST_CARD:  # a choice of cards in play, with its stored answer
        choice = card_choice(pos.state)
        stored = (context or {}).get("best")
        if choice and stored and all(m < 52 for m in choice):
            return BEST_CARD
        return None
    if kind == BEST_CONTRACT:  # an owner's choice of contract, with its stored answer
        stored = (context or {}).get("best")
        state = pos.state
        return BEST_CONTRACT if stored and state.phase == Phase.CHOOSE else None
    return family_of(game).classify(kind, pos, context or {})
