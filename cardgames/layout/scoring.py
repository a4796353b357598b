"""The layout family's scoring: the one end-of-deal function, and the cards it counts."""

from ..cards import ACE, JACK, KING, QUEEN, SEVEN, card, parse_card


def rank_mask(rank: int) -> int:
    """The four cards of ``rank``."""
    return sum(1 << card(rank, s) for s in range(4))


ACES = rank_mask(ACE)
KINGS = rank_mask(KING)
COURTS = rank_mask(KING) | rank_mask(QUEEN) | rank_mask(JACK)
SEVENS = rank_mask(SEVEN)


def score_hand(rules, losers_cards: int, last_card: int | None, multiplier: int = 1) -> int:
    """The winning side's score for a deal: the one end-of-deal scoring function.

    ``losers_cards`` is the bit set of the cards left in both losers' hands, ``last_card`` the
    card the winner went out with, ``multiplier`` 1, 2 (double) or 3 (triple).

    >>> from cardgames.layout.sabaat_al_deemin import Rules
    >>> score_hand(Rules(), hand_of_codes("AS KS TS 7C"), parse_card("9D"), 2)
    60
    """
    cards = (losers_cards & ACES).bit_count() * rules.ace_points
    cards += (losers_cards & COURTS).bit_count() * rules.court_points
    if last_card is not None and last_card % 13 == SEVEN:
        if rules.seven_out_bonus_mode == "replaces":
            cards = rules.seven_out_bonus
        else:
            cards += rules.seven_out_bonus
    return cards * multiplier


def hand_of_codes(text: str) -> int:
    """A bit set from space-separated card codes (a convenience for examples and tests)."""
    mask = 0
    for token in text.split():
        mask |= 1 << parse_card(token)
    return mask
