"""The trick-and-bid family's record: what Tarneeb and Tarneeb 41 share, typed."""

from ..contract import Family
from . import players
from .analysis import HOOKS
from .sheet import TarneebSheet

FAMILY = Family(
    name="trickbid",
    bids=True,
    knocks=False,
    lays_out=False,
    passes=False,
    tricks=True,
    unit="tricks",  # the side's (Tarneeb 41: the seat's own) tricks by the deal's end
    higher_is_better=True,
    players=players,
    expert_codes={"best_by_analysis": ("card", "deals", "points")},
    sheet=TarneebSheet,
    analysis=HOOKS,
)
