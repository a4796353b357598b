"""Trix's computer players: the owner's choice of contract, and each contract played by its own
family's players.

A trick contract's deal is the penalty family's: its club player reads Trix's prices from the
rules in force (a card worth five or more is a card to be rid of), and its expert rolls out
deals drawn from its own seat's view (``search.expert``), as in every penalty game. The Trix's
layout differs from Sab'at's in every way its players care about (places, not a side going out;
rows up and down from the jacks), so its club player is here: lay the card that frees one of
your own next, not one of another's.

The owner's choice, from the owner's hand alone:

- ``club`` weighs each contract left by what the hand makes of it beside the contract's average
  (the king of hearts unguarded is a bad King; high cards are bad Tricks; jacks and the cards
  next to them are a good Trix) and takes the best;
- ``expert`` rolls each contract out: deals drawn with the owner's hand and the other 39 cards
  shuffled among the others, every seat played by the club player, and the contract whose
  average for the owner stands highest above the contract's average for anyone;
- ``beginner`` takes a seeded random contract.

No player here reads another seat's hand: the choice reads the owner's, the play the seat's view.
"""

import random
from functools import cache

from ..cards import ACE, DIAMONDS, HEARTS, JACK, KING, QUEEN, card, suit_mask
from ..contract import Game, Phase
from ..kingdom import KingdomDeal
from ..layout.moves import KNOCK
from ..penalty import players as penalty_players
from ..penalty import trix as penalty_trix
from ..penalty.deal import table
from ..players.seat import build
from ..search import expert as search_expert
from ..shuffle import shuffled

LEVELS = ("beginner", "club", "expert")
ROLLOUTS = 24  # deals the expert rolls out for each contract it may choose


@cache
def trick_game() -> Game:
    """The trick contracts as a game of the penalty family: what its players are asked with."""
    return Game("trix", penalty_trix, "trix")


# --- the owner's choice ---------------------------------------------------------------------


def average(rules, contract: str) -> float:
    """What one seat gets from ``contract`` on average: its whole value shared by four."""
    if contract == "trix":
        return sum(rules.layout().place_points) / 4
    return -table(rules.tricks(contract)).scoring.deal_value(0) / 4


def hand_value(rules, contract: str, hand: int) -> float:
    """The club player's guess of what ``hand`` makes of ``contract`` (signed points)."""
    length = [(hand & suit_mask(s)).bit_count() for s in range(4)]
    high = [sum(1 for r in (ACE, KING, QUEEN, JACK) if hand >> card(r, s) & 1) for s in range(4)]
    if contract == "trix":
        # Jacks open rows; cards next to a jack follow; a long run goes out fast.
        near = sum(
            1
            for s in range(4)
            for r in (JACK - 1, JACK + 1)
            if hand >> card(r, s) & 1 and hand >> card(JACK, s) & 1
        )
        jacks = sum(1 for s in range(4) if hand >> card(JACK, s) & 1)
        return average(rules, "trix") + 30 * (jacks - 1) + 10 * near
    if contract == "king_of_hearts":
        if hand >> card(KING, HEARTS) & 1:
            guards = length[HEARTS] - 1
            return -rules.king_of_hearts_points * (
                0.8 if guards < 2 else 0.45 if guards < 4 else 0.2
            )
        risky = hand >> card(ACE, HEARTS) & 1 and length[HEARTS] <= 2
        return -rules.king_of_hearts_points * (0.4 if risky else 0.15)
    if contract == "queens":
        risk = 0.0
        for s in range(4):
            if hand >> card(QUEEN, s) & 1:
                risk += 0.7 if length[s] <= 2 else 0.4 if length[s] <= 4 else 0.2
            if hand >> card(KING, s) & 1 or hand >> card(ACE, s) & 1:
                risk += 0.15
        return -rules.each_queen_points * (0.5 + risk)
    if contract == "diamonds":
        highs = (hand & suit_mask(DIAMONDS) & ~((1 << card(9, DIAMONDS)) - 1)).bit_count()
        return -rules.diamond_points * (2.0 + 0.9 * highs + 0.2 * max(0, length[DIAMONDS] - 3))
    if contract == "tricks":
        return -rules.trick_points * (0.6 * sum(high) + 0.3 * sum(max(0, n - 4) for n in length))
    # Complex: every price at once.
    return sum(
        hand_value(rules, c, hand) for c in ("king_of_hearts", "queens", "diamonds", "tricks")
    )


def choose_club(deal) -> int:
    """The club owner's contract: the one whose guess stands highest above its average."""
    hand = deal.hands[deal.owner]
    return max(
        deal.legal_moves(),
        key=lambda m: (
            hand_value(deal.rules, deal.format_move(m), hand)
            - average(deal.rules, deal.format_move(m))
        ),
    )


def choose_expert(deal, seed: str, rollouts: int = ROLLOUTS) -> int:
    """The expert owner's contract, by rolling each one out from the owner's hand: the same
    drawn deals for every contract, so they are compared on equal cards."""
    owner = deal.owner
    hand = deal.hands[owner]
    rest = ((1 << 52) - 1) & ~hand
    drawn = [_deal_others(shuffled(f"{seed}:{i}", rest), owner, hand) for i in range(rollouts)]
    best, best_value = None, None
    for move in deal.legal_moves():
        contract = deal.format_move(move)
        total = 0.0
        for i, hands in enumerate(drawn):
            trial = KingdomDeal(
                deal.rules, hands, deal.dealer, owner, deal.used, deal.deal_number,
                deal.match_totals,
            )  # fmt: skip
            trial.push(move)
            play_out(trial, ("club",) * 4, f"{seed}:{i}")
            total += trial.points()[owner]
        value = total / rollouts - average(deal.rules, contract)
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best


def _deal_others(cards: list[int], owner: int, hand: int) -> list[int]:
    """The 39 ``cards`` dealt thirteen each to the seats other than ``owner``, who keeps
    ``hand``."""
    hands = [0, 0, 0, 0]
    hands[owner] = hand
    seats = [s for s in range(4) if s != owner]
    for i, c in enumerate(cards):
        hands[seats[i // 13]] |= 1 << c
    return hands


# --- the play -------------------------------------------------------------------------------


def layout_club(deal, seat: int) -> int:
    """The Trix: knock when nothing fits; else the card that frees one of your own next (and
    never one of nobody's), the end of a long run of yours first."""
    legal = deal.legal_moves()
    if legal == [KNOCK]:
        return KNOCK
    hand = deal.hands[seat]

    def worth(c: int) -> tuple:
        rank, suit = c % 13, c // 13
        steps = [1, -1] if rank == JACK else ([1] if rank > JACK else [-1])
        mine = 0
        for step in steps:
            r = rank + step
            while 0 <= r <= 12 and hand >> card(r, suit) & 1:
                mine += 1
                r += step
        frees_other = any(
            0 <= rank + step <= 12 and not hand >> card(rank + step, suit) & 1 for step in steps
        )
        return (mine, not frees_other, -abs(rank - JACK))

    return max(legal, key=worth)


def decide(deal, level: str, seed: str = "") -> int:
    """The move of the seat to act at ``level``: the choice, a double, a card, a knock."""
    seat = deal.to_act
    legal = deal.legal_moves()
    if level == "beginner" or len(legal) == 1:
        return random.Random(f"{seed}:{len(deal.history)}:{seat}").choice(legal)
    if deal.phase == Phase.CHOOSE:
        return choose_expert(deal, seed) if level == "expert" else choose_club(deal)
    if deal.contract == "trix":
        return layout_club(deal.inner, seat)
    game = trick_game()
    view = build(deal.inner, seat, game)
    advice = penalty_players.club(view, game)
    if level == "expert":
        advice = search_expert.expert(view, game, advice, f"{seed}:{len(deal.history)}", None)
    return advice.move


def play_out(deal, levels, seed: str = "") -> None:
    """Play ``deal`` to its end, each seat at ``levels[seat]``."""
    while not deal.is_over:
        deal.push(decide(deal, levels[deal.to_act], seed))
