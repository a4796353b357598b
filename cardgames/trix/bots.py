"""Trix's computer players at their three levels, the kingdom family's players: the owner's
choice and the Trix's layout decided from a seat's view (``trix.players``'s heuristics), the
trick contracts by the penalty family's players, to which the site hands their deal's own view
(``FAMILY.playing``), and the expert's rollouts of the owner's choice.

- ``beginner``: a seeded random legal move;
- ``club``: the choice and the Trix by ``trix.players``, the trick contracts by the penalty
  family's club player;
- ``expert``: the choice by rolling each contract out (deals drawn from the owner's hand alone,
  the other 39 cards shuffled among the others, the same deals for every contract, every seat
  then played by the club player; the contract whose average for the owner stands highest above
  its average for any seat), the trick contracts by the penalty family's search
  (``search.expert``), the Trix as the club player.
"""

import random
from functools import cache

from ..contract import Game, Phase
from ..kingdom import KingdomDeal
from ..penalty import players as penalty_players
from ..penalty import trix as penalty_trix
from ..players.knowledge import CARD_CODES
from ..players.reasons import Advice, advise
from ..players.seat import build
from ..search import expert as search_expert
from ..shuffle import shuffled
from . import players

LEVELS = ("beginner", "club", "expert")
ROLLOUTS = 24  # deals the expert rolls out for each contract it may choose

# The reasons of the kingdom's own moves, and of its trick contracts (the penalty family's).
CODES = {
    "choose_by_hand": ("contract",),  # the contract this hand suits best, by the club's guess
    "lay_own_run": ("card",),  # the Trix: the card that frees another of one's own
    **penalty_players.CODES,
}
EXPERT_CODES = {
    "choose_by_rollouts": ("contract", "deals"),
    **penalty_trix.FAMILY.expert_codes,
}


def club(view, game) -> Advice:
    """The club player's move in a kingdom's own view: the choice, or the Trix's layout (a
    trick contract's view is the penalty family's, handed to its players)."""
    if view.phase == Phase.CHOOSE:
        move = players.choose(view)
        return advise(move, "choose_by_hand", {"contract": players.contract_of(view.rules, move)})
    inner = view._replace(rules=view.rules.layout(), table=view.table.table)
    move = players.lay(inner)
    if move >= len(CARD_CODES):
        return advise(move, "only_move", {})
    return advise(move, "lay_own_run", {"card": CARD_CODES[move]})


def expert(view, game, advice: Advice, seed: str, deadline) -> Advice:
    """The expert's move: the choice rolled out (``choose_expert``), the Trix as the club's."""
    if view.phase != Phase.CHOOSE:
        return advice
    move = choose_expert(view, seed)
    facts = {"contract": players.contract_of(view.rules, move), "deals": ROLLOUTS}
    return advise(move, "choose_by_rollouts", facts)


@cache
def trick_game() -> Game:
    """The trick contracts as a game of the penalty family: what its players are asked with."""
    return Game("trix", penalty_trix, "trix")


def decide(deal, level: str, seed: str = "") -> int:
    """The move of the seat to act in ``deal`` (a ``KingdomDeal``) at ``level``."""
    seat = deal.to_act
    legal = deal.legal_moves()
    if level == "beginner" or len(legal) == 1:
        return random.Random(f"{seed}:{len(deal.history)}:{seat}").choice(legal)
    if deal.phase == Phase.CHOOSE:
        view = build(deal, seat, None)
        return choose_expert(view, seed) if level == "expert" else players.choose(view)
    if deal.contract == "trix":
        return players.lay(build(deal.inner, seat, None))
    game = trick_game()
    view = build(deal.inner, seat, game)
    advice = penalty_players.club(view, game)
    if level == "expert":
        advice = search_expert.expert(view, game, advice, f"{seed}:{len(deal.history)}", None)
    return advice.move


def choose_expert(view, seed: str, rollouts: int = ROLLOUTS) -> int:
    """The expert owner's contract: the best of ``choice_values``."""
    values = choice_values(view, seed, rollouts)
    return max(view.legal, key=lambda move: values[players.contract_of(view.rules, move)])


def choice_values(view, seed: str, rollouts: int = ROLLOUTS) -> dict[str, float]:
    """Each contract the owner may choose -> what the owner makes of it, rolled out from the
    owner's view alone, beside its average for any seat. The analysis of the choice: the quiz's
    "which contract with this hand" is judged by it."""
    owner, hand = view.seat, view.hand
    rest = ((1 << 52) - 1) & ~hand
    drawn = [_around(shuffled(f"{seed}:{i}", rest), owner, hand) for i in range(rollouts)]
    out = {}
    for move in view.legal:
        contract = players.contract_of(view.rules, move)
        total = 0.0
        for i, hands in enumerate(drawn):
            trial = KingdomDeal(
                view.rules, hands, view.dealer, owner, view.table.used, view.deal_number or 1,
                view.match_totals or (0, 0, 0, 0),
            )  # fmt: skip
            trial.push(move)
            play_out(trial, ("club",) * 4, f"{seed}:{i}")
            total += trial.points()[owner]
        out[contract] = total / rollouts - players.average(view.rules, contract)
    return out


def _around(cards: list[int], owner: int, hand: int) -> list[int]:
    """``owner`` keeps ``hand``; ``cards`` are dealt thirteen each to the other seats."""
    hands = [0, 0, 0, 0]
    hands[owner] = hand
    others = [s for s in range(4) if s != owner]
    for i, c in enumerate(cards):
        hands[others[i // 13]] |= 1 << c
    return hands


def play_out(deal, levels, seed: str = "") -> None:
    """Play ``deal`` to its end, each seat at ``levels[seat]``."""
    while not deal.is_over:
        deal.push(decide(deal, levels[deal.to_act], seed))
