"""The penalty family's record: what Bent Al Sbeet, Leekha and Hearts share, typed."""

from ..contract import Family
from . import players
from .analysis import HOOKS
from .sheet import PenaltySheet

FAMILY = Family(
    name="penalty",
    bids=False,
    knocks=False,
    lays_out=False,
    passes=True,
    tricks=True,
    unit="points",  # penalty points the seat (its side) takes by the deal's end
    higher_is_better=False,
    players=players,
    expert_codes={"fewest_points_by_analysis": ("card", "deals", "points")},
    sheet=PenaltySheet,
    analysis=HOOKS,
)
