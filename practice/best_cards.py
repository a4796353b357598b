"""Finding "find the best card" puzzles offline: seeded practice deals played by the club
player in every seat, stopped at moments of card play where, with every hand open, one card
(or a few equal ones) is clearly best, and written as the quiz's data.

A puzzle is kept only where the analysis is exact (every continuation searched) and the gap
between the best cards (cost 0) and every other card is at least ``GAP`` in the family's unit:
a trick for the Tarneeb family, three points for the penalty games, a fifth of the chance to
go out first in Sab'at. So the answer checked at answer time is stored, never searched again,
and ``tests/quiz/test_best_card.py`` finds the same gap when it searches the position anew.
The same seeds always give the same puzzles. It lives with practice, whose deals it replays
(practice reads the quiz, never the other way); the quiz reads only the data it writes.
"""

import random
from dataclasses import dataclass

from cardgames import analysis
from cardgames.contract import Phase
from cardgames.games import game as described
from practice.match import Practice, Setup
from rulebook import games

SEED = "best-card"  # the analysis's seed (the open view of a bounded search draws playouts)
# By the unit the family's analysis counts in (``Family.unit``): a trick, three penalty points,
# a fifth of the chance to go out first.
GAP = {"tricks": 1.0, "points": 3.0, "chance": 0.2}
# Hands small enough for a puzzle a learner can read, and for the open view to be exact.
# (By the unit too: the penalty family's open view is exact within 3 cards a hand, the layout's
# always; the solver's always, so a trick game stops where a hand stays easy to read.)
MOST_CARDS = {"tricks": 7, "points": 3, "chance": 8}
MOST_BEST = 2
POSITION_KEYS = {"variant", "dealer", "deal", "moves", "exposed", "start"}


@dataclass(frozen=True)
class Puzzle:
    game: str
    query: dict
    best: list[str]
    moves: list[dict]  # every legal card: {"move", "cost", "value"}, best first
    gap: float


def unit(game: str) -> str:
    """The unit ``game``'s analysis counts in (its family's)."""
    return described(game).family.unit


def judged(game: str, position):
    """The open view's answer for the seat to act, or None where the answer is not exact."""
    found = analysis.analyse(game, position.state.copy(), None, "open", seed=SEED)
    return found if found.exact else None


def gap_of(found) -> float | None:
    """The smallest cost of a card that is not best; None where every card is best."""
    costs = [m.cost for m in found.moves if m.cost > 0]
    return min(costs) if costs else None


def puzzle_at(game: str, position) -> Puzzle | None:
    """A puzzle at ``position`` (its seat to act choosing a card), or None."""
    state = position.state
    kind = unit(game)
    if state.phase != Phase.PLAY or state.to_act is None:
        return None
    legal = state.legal_moves()
    if len(legal) < MOST_BEST + 1 or any(m >= 52 for m in legal):  # a real choice of cards
        return None
    if state.hands[state.to_act].bit_count() > MOST_CARDS[kind]:
        return None
    query = position.query()
    if set(query) - POSITION_KEYS:  # house rules or a match's context: not a stored question
        return None
    found = judged(game, position)
    gap = gap_of(found) if found else None
    if gap is None or gap < GAP[kind] - 1e-9:
        return None
    if sum(1 for m in found.moves if m.cost == 0) > MOST_BEST:
        return None  # a puzzle asks for the one card (or two equal ones) that stands out
    fmt = position.module.format_move
    moves = [{"move": fmt(m.move), "cost": m.cost, "value": m.value} for m in found.moves]
    return Puzzle(game, query, [m["move"] for m in moves if m["cost"] == 0], moves, gap)


def from_deal(game: str, seed: str) -> Puzzle | None:
    """The first puzzle met in the practice deal ``seed`` of ``game`` (its default variant),
    South playing the club player's card (or, one time in three, a seeded random one, so
    positions vary)."""
    spec = games.get(game)
    practice = Practice.start(Setup(game, spec.default_variant, {}, seat=2), seed)
    rng = random.Random(f"{SEED}/{game}/{seed}")
    while not practice.deal_over:
        if practice.state.phase == Phase.PLAY:
            found = puzzle_at(game, practice.position())
            if found is not None:
                return found
        legal = practice.legal()
        move = rng.choice(legal) if rng.random() < 1 / 3 else practice.advice().move
        practice.play([practice.module.format_move(move)], practice.ply)
    return None


def find(game: str, count: int, tries: int = 400) -> list[Puzzle]:
    """``count`` puzzles of ``game`` from the seeds ``best-card/<game>/0, 1...``, one a deal."""
    out = []
    for i in range(tries):
        found = from_deal(game, f"{SEED}/{game}/{i}")
        if found is not None:
            out.append(found)
            if len(out) == count:
                break
    return out
