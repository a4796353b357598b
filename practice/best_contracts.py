"""Finding "choose the best contract" questions offline: seeded deals of a game whose owner names
each deal's contract (Trix's kingdom), stopped at the owner's choice, each contract rolled out by
the family's analysis of the choice (``Family.choice_values``) and written as the quiz's data.

The rollouts are drawn from the owner's hand alone, as the owner sees it, so the answer is the
one the owner could find at the table. A question is kept only where two independent sets of
``ROLLOUTS`` deals name the same best contract, each by at least ``GAP`` points over the next:
the answer checked at answer time is stored, never rolled out again, and
``tests/quiz/test_best_contract.py`` finds the same best contract when it rolls the position
out anew. The same seeds always give the same questions.
"""

import random
from dataclasses import dataclass

from cardgames import cards
from cardgames.contract import Phase
from cardgames.games import game as described
from cardgames.players.seat import build
from cardgames.positions import open_position
from cardgames.shuffle import deal as shuffled_deal
from cardgames.table import SEATS

SEED = "best-contract"
ROLLOUTS = 200  # deals each of the two independent runs rolls out for every contract
GAP = 15.0  # points by which the best contract must beat the next, in both runs
FEWEST_CHOICES = 3  # contracts left at least: not a kingdom's last two deals, nearly forced


@dataclass(frozen=True)
class Puzzle:
    game: str
    query: dict
    best: list[str]
    moves: list[dict]  # every contract on offer: {"move", "cost", "value"}, best first
    gap: float
    rollouts: int


def chooses(game: str) -> bool:
    """Whether ``game``'s owner chooses contracts its family's analysis can value."""
    return described(game).family.choice_values is not None


def values_at(game: str, state, seed: str, rollouts: int = ROLLOUTS) -> dict[str, float]:
    """Each contract on offer -> what the owner makes of it above a seat's average."""
    view = build(state, state.to_act, None)
    return described(game).family.choice_values(view, seed, rollouts)


def _ranked(values: dict[str, float]) -> list[tuple[str, float]]:
    return sorted(values.items(), key=lambda item: -item[1])


def puzzle_at(game: str, position) -> Puzzle | None:
    """A question at ``position`` (its owner choosing a contract), or None where no contract
    clearly stands out."""
    state = position.state
    if state.phase != Phase.CHOOSE or len(state.legal_moves()) < FEWEST_CHOICES:
        return None
    runs = [values_at(game, state, f"{SEED}:{i}") for i in range(2)]
    ranked = [_ranked(run) for run in runs]
    if ranked[0][0][0] != ranked[1][0][0]:
        return None
    gaps = [r[0][1] - r[1][1] for r in ranked]
    if min(gaps) < GAP:
        return None
    mean = {c: (runs[0][c] + runs[1][c]) / 2 for c in runs[0]}
    best_value = max(mean.values())
    moves = [
        {"move": c, "cost": round(best_value - v, 1), "value": round(v, 1)}
        for c, v in _ranked(mean)
    ]
    best = [moves[0]["move"]]
    return Puzzle(game, position.query(), best, moves, round(min(gaps), 1), 2 * ROLLOUTS)


def from_seed(game: str, seed: str) -> Puzzle | None:
    """The question of the seeded deal ``seed``: a seeded owner, who has already played a seeded
    few of the kingdom's contracts (none: the kingdom's first deal)."""
    spec = described(game)
    rng = random.Random(f"{SEED}/{game}/{seed}")
    rules = spec.presets[spec.default_variant]
    used = rng.sample(list(rules.contracts), rng.randrange(len(rules.contracts) - 2))
    query = {
        "variant": spec.default_variant,
        "dealer": SEATS[rng.randrange(4)],
        "deal": cards.format_deal(shuffled_deal(f"{SEED}/{game}/{seed}"), 0),
        "moves": "",
        "owner": SEATS[rng.randrange(4)],
    }
    if used:
        query["used"] = ",".join(used)
    return puzzle_at(game, open_position(spec.engine, query))


def find(game: str, count: int, tries: int = 200) -> list[Puzzle]:
    """``count`` questions of ``game`` from the seeds ``0, 1...``, at most one a deal."""
    out = []
    for i in range(tries):
        found = from_seed(game, str(i))
        if found is not None:
            out.append(found)
            if len(out) == count:
                break
    return out
