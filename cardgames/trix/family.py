"""The kingdom family's record: a match whose owner names each deal's contract, each contract a
game of another family (Trix's trick contracts the penalty family's, its Trix the layout
family's). What the site asks of a deal in play is asked of the contract's own game through
``playing``; the record answers for the choice and for the contracts its games keep for
themselves (the Trix's places, which no layout analysis values)."""

from ..contract import Family, Game
from ..kingdom import Kingdom, KingdomDeal
from . import bots


def playing(game: Game, state):
    """The game and the deal a kingdom's moves are made in: a trick contract's own deal as the
    penalty family's; the choice and the Trix stay the kingdom's."""
    if not isinstance(state, KingdomDeal):  # already the contract's own deal
        return bots.trick_game(), state
    if state.contract is None or state.contract == "trix":
        return game, state
    return bots.trick_game(), state.inner


FAMILY = Family(
    name="kingdom",
    bids=False,
    knocks=True,  # the Trix's pass is a knock
    lays_out=True,
    passes=False,
    tricks=True,
    unit="points",  # the game's signed points: a penalty negative, a place positive
    higher_is_better=True,
    players=bots,
    expert_codes=bots.EXPERT_CODES,
    sheet=Kingdom,
    analysis=None,  # the choice and the Trix are not analysed card by card
    playing=playing,
    choice_values=bots.choice_values,
)
