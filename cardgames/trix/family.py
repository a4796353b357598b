"""The kingdom family's record: a match whose owner names each deal's contract, each trick contract
a game of the penalty family, the Trix's rows laid out as the layout family lays its piles
(``layout.trix``). What the site asks of a deal in play is asked of the contract's own game
through ``playing``: a trick contract's deal as the penalty family's; the rows as the kingdom's
deal under ``ROWS``, the record of a game laid out, whose places ``trix.analysis`` values."""

from dataclasses import replace
from functools import cache

from ..contract import Family, Game
from ..kingdom import Kingdom, KingdomDeal
from . import analysis, bots


def playing(game: Game, state):
    """The game and the deal a kingdom's moves are made in: a trick contract's own deal as the
    penalty family's; the Trix's rows, the kingdom's deal under the record of a game laid out
    (``ROWS``); the owner's choice, the kingdom's."""
    if not isinstance(state, KingdomDeal):  # already a trick contract's own deal
        return bots.trick_game(), state
    if state.contract is None:
        return game, state
    if state.contract == "trix":
        return _rows(game), state
    return bots.trick_game(), state.inner


@cache
def _rows(game: Game) -> Game:
    return replace(game, plays_as=ROWS)


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
    analysis=analysis.HOOKS,  # the Trix's rows (``ROWS``; the trick contracts: the penalty's)
    playing=playing,
    choice_values=bots.choice_values,
)
# The Trix's rows: the kingdom's deal, its cards laid on rows, not played to tricks; the same
# players and analysis, and no further contract to hand the deal to.
ROWS = replace(FAMILY, tricks=False, playing=lambda game, state: (game, state))
