"""The layout family's record: what Sab'at Al-Deemin (and a layout game to come) shares, typed."""

from ..contract import Family
from . import players
from .analysis import HOOKS
from .pages import layout_example
from .penalties import penalty_table
from .sheet import SabaatSheet

FAMILY = Family(
    name="layout",
    bids=False,
    knocks=True,
    lays_out=True,
    passes=False,
    tricks=False,
    unit="chance",  # the chance that the seat's side goes out first
    higher_is_better=True,
    players=players,
    expert_codes={
        "best_chance_by_analysis": ("card", "deals", "points"),
        "announce_by_rollouts": ("deals", "points"),
    },
    sheet=SabaatSheet,
    analysis=HOOKS,
    layout_example=layout_example,
    penalty_table=penalty_table,
)
