"""Trix's club heuristics, decided from a seat's view alone (``players.seat.SeatView``): the
owner's choice of contract and the Trix's layout. The trick contracts are the penalty family's
deals, played by its players (``penalty.players``) reading Trix's prices from the rules in
force: a card worth five or more is a card to be rid of. The entry points that hand a state to
these, and the expert's rollouts, are ``trix.bots``.

The choice, from the owner's hand: each contract left is weighed by what the hand makes of it
beside the contract's average for any seat (the king of hearts unguarded is a bad King; high
cards are bad Tricks; jacks and the cards next to them are a good Trix), and the best is taken.
The Trix: knock when nothing fits; else the card that frees one of your own next, not one of
another's, the end of a long run of yours first. Every tip is the site's own: no source gives
advice on the choice, and TH's tips are for partnership Complex.
"""

from ..cards import ACE, DIAMONDS, HEARTS, JACK, KING, NINE, QUEEN, card, suit_mask
from ..kingdom import CHOOSE
from ..layout.moves import KNOCK
from ..penalty.deal import table


def contract_of(rules, move: int) -> str:
    """The contract a choice move names."""
    return rules.ALL_CONTRACTS[move - CHOOSE]


def average(rules, contract: str) -> float:
    """What one seat gets from ``contract`` on average: its whole value shared by four."""
    if contract == "trix":
        return sum(rules.layout().place_points) / 4
    return -table(rules.tricks(contract)).scoring.deal_value(0) / 4


def hand_value(rules, contract: str, hand: int) -> float:
    """The club player's guess of what ``hand`` makes of ``contract`` (signed points)."""
    length = [(hand & suit_mask(s)).bit_count() for s in range(4)]
    if contract == "trix":
        # Jacks open rows; a card next to one's own jack follows at once.
        jacks = sum(1 for s in range(4) if hand >> card(JACK, s) & 1)
        near = sum(
            1
            for s in range(4)
            for r in (JACK - 1, JACK + 1)
            if hand >> card(r, s) & 1 and hand >> card(JACK, s) & 1
        )
        return average(rules, "trix") + 30 * (jacks - 1) + 10 * near
    if contract == "king_of_hearts":
        if hand >> card(KING, HEARTS) & 1:
            guards = length[HEARTS] - 1
            share = 0.8 if guards < 2 else 0.45 if guards < 4 else 0.2
        else:
            share = 0.4 if hand >> card(ACE, HEARTS) & 1 and length[HEARTS] <= 2 else 0.15
        return -rules.king_of_hearts_points * share
    if contract == "queens":
        risk = 0.5
        for s in range(4):
            if hand >> card(QUEEN, s) & 1:
                risk += 0.7 if length[s] <= 2 else 0.4 if length[s] <= 4 else 0.2
            if hand >> card(KING, s) & 1 or hand >> card(ACE, s) & 1:
                risk += 0.15
        return -rules.each_queen_points * risk
    if contract == "diamonds":
        high = (hand & suit_mask(DIAMONDS) & ~((1 << card(NINE, DIAMONDS)) - 1)).bit_count()
        return -rules.diamond_points * (2.0 + 0.9 * high + 0.2 * max(0, length[DIAMONDS] - 3))
    if contract == "tricks":
        high = sum(1 for s in range(4) for r in (ACE, KING, QUEEN, JACK) if hand >> card(r, s) & 1)
        return -rules.trick_points * (0.6 * high + 0.3 * sum(max(0, n - 4) for n in length))
    # Complex: every price at once.
    parts = ("king_of_hearts", "queens", "diamonds", "tricks")
    return sum(hand_value(rules, part, hand) for part in parts)


def choose(view) -> int:
    """The club owner's contract: the one whose guess stands highest above its average."""
    rules = view.rules

    def edge(move: int) -> float:
        contract = contract_of(rules, move)
        return hand_value(rules, contract, view.hand) - average(rules, contract)

    return max(view.legal, key=edge)


def lay(view) -> int:
    """The Trix's layout: knock when nothing fits; else the card that frees one of your own
    next (and never one of nobody's), the end of a long run of yours first."""
    if list(view.legal) == [KNOCK]:
        return KNOCK
    hand = view.hand

    def worth(c: int) -> tuple:
        rank, suit = c % 13, c // 13
        steps = (1, -1) if rank == JACK else ((1,) if rank > JACK else (-1,))
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

    return max(view.legal, key=worth)
