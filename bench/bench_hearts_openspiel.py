"""The penalty family's Hearts against OpenSpiel's (pyspiel), random playouts on the same
machine in the same run: the ratio is our time over OpenSpiel's (below 1: ours is faster;
issue 16 asks for 0.67, ours 1.5 times as fast).

The same shuffled deals, the same pass directions (the rotation by deal number) and the same
chooser (``legal[int(random() * len(legal))]``) on both sides:

- ``legal_moves + push``: the engine's per-move interface, as the positions, the quiz and the
  practice table use it; OpenSpiel's ``legal_actions`` and ``apply_action``, the deal given
  through its chance actions (its only way in).
- ``playout()``: the engine's own random playout, which draws each move from the legal ones
  without building a move list per move outside the engine (bots' rollouts).

Rounds alternate between the two engines and each figure is the best of the rounds, so the
other work on a shared machine weighs on both alike. Ours runs as ``make setup`` leaves it: the
hot path compiled by mypyc from its sources (``cardgames.penalty.compiled``), or the
sources themselves with ``DIWANIYA_PURE=1``; each line says which.
"""

import random
import time

import pyspiel

from cardgames import penalty, shuffle
from cardgames.cards import PACK_52, cards_in
from cardgames.penalty import hearts
from cardgames.table import W

DEALS = 1000
ROUNDS = 5
OS_PASS = {"none": 0, "left": 1, "across": 2, "right": 3}
RULES = hearts.PRESETS["pagat"]


def to_os(c: int) -> int:
    """Our card (suit * 13 + rank, suits S H D C) as OpenSpiel's (rank * 4 + suit, C D H S)."""
    return (c % 13) * 4 + (3 - c // 13)


def from_os(a: int) -> int:
    """OpenSpiel's card (an action of the pass or the play) as ours."""
    return (3 - a % 4) * 13 + a // 4


def _decks() -> list[list[int]]:
    rng = random.Random(20240611)
    deck = cards_in(PACK_52)
    out = []
    for _ in range(DEALS):
        rng.shuffle(deck)
        out.append(deck[:])
    return out


def _hands(deck: list[int]) -> list[int]:
    return shuffle.dealt_around(deck)  # as OpenSpiel deals: the k-th card to player k % 4


def _ours_push(decks) -> float:
    rnd = random.Random(1).random
    start = time.perf_counter()
    for i, deck in enumerate(decks):
        deal = hearts.new_deal(RULES, _hands(deck), W, deal_number=1 + (i & 3))
        push, legal_moves = deal.push, deal.legal_moves
        while deal.to_act is not None:
            legal = legal_moves()
            push(legal[int(rnd() * len(legal))])
        deal.points()
    return time.perf_counter() - start


def _ours_playout(decks) -> float:
    rnd = random.Random(1).random
    start = time.perf_counter()
    for i, deck in enumerate(decks):
        deal = hearts.new_deal(RULES, _hands(deck), W, deal_number=1 + (i & 3))
        deal.playout(rnd).points()
    return time.perf_counter() - start


def _theirs(decks) -> float:
    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
    directions = [OS_PASS[hearts.pass_direction_for(RULES, n)] for n in (1, 2, 3, 4)]
    rnd = random.Random(1).random
    start = time.perf_counter()
    for i, deck in enumerate(decks):
        state = game.new_initial_state()
        apply = state.apply_action
        apply(directions[i & 3])
        for c in deck:  # OpenSpiel deals the k-th card to player k % 4, as _hands does
            apply(to_os(c))
        legal_actions, terminal = state.legal_actions, state.is_terminal
        while not terminal():
            legal = legal_actions()
            apply(legal[int(rnd() * len(legal))])
        state.returns()
    return time.perf_counter() - start


def run() -> list[tuple[str, float, float]]:
    decks = _decks()
    times = {"push": [], "playout": [], "openspiel": []}
    for _ in range(ROUNDS):
        times["openspiel"].append(_theirs(decks))
        times["push"].append(_ours_push(decks))
        times["playout"].append(_ours_playout(decks))
    theirs = min(times["openspiel"])
    engine = f"({penalty.ENGINE})"
    return [
        (f"hearts {DEALS} deals, legal_moves+push {engine} vs pyspiel", min(times["push"]), theirs),
        (f"hearts {DEALS} deals, playout() {engine} vs pyspiel", min(times["playout"]), theirs),
    ]


if __name__ == "__main__":
    for what, seconds, base in run():
        print(f"{what:48} {seconds:8.4f}s  pyspiel {base:8.4f}s  ours {base / seconds:5.2f}x")
