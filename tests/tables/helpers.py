"""Shared by the live tables' tests: a table of two people and two computer players, and the
cards a holder may not see."""

import random

from practice.match import WATCHER
from rulebook.engine import cards

SEATS_2P = {"N": "person", "E": "computer:club", "S": "person", "W": "computer:beginner"}


def secret_cards(practice, viewer) -> set[str]:
    """The cards ``viewer`` (a seat, or ``WATCHER``) may not know while the deal is in play:
    the other seats' hands, less the exposed cards and those passed to or by the viewer."""
    state = practice.state
    if state.is_over:
        return set()
    hidden = 0
    for seat in range(4):
        if seat != viewer:
            hidden |= state.hands[seat]
    hidden &= ~getattr(state, "exposed", 0)
    if viewer != WATCHER and hasattr(state, "passes"):
        hidden &= ~state.passes[viewer]
    return {cards.card_code(c) for c in cards.cards_in(hidden)}


def pick(practice, rng: random.Random) -> str:
    """A legal move for the seat to act, as a token: in an auction, mostly a pass."""
    module = practice.module
    legal = practice.state.legal_moves()
    tokens = [module.format_move(m) for m in legal]
    if "pass" in tokens and rng.random() < 0.8:
        return "pass"
    return rng.choice(tokens)
