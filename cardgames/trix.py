"""Trix (تركس, Trex): four kingdoms of five deals, the owner of each naming every contract once.

The game is a match over two families' games: its four trick contracts and Complex are the
penalty family's (``penalty.trix``), its layout contract the layout family's (``layout.trix``),
its kingdoms ``cardgames.kingdom``. This module is the game's one rule set, flat as the registry
keys it: the fields of the two contracts' rules (each declared once, there) and the match's own.

- ``mode``: ``regular``, five contracts a kingdom (the King of Hearts, the Queens, the Diamonds,
  the Tricks, the Trix) [WP, GB, J-TX]; ``complex``, two (Complex, all four penalties in one
  deal, and the Trix) [J-TC, AND, MB, TH].
- ``kingdom_rotation``: the next kingdom goes to the owner's right [WP, J-TX, MB] (GB's and WP's
  variant wordings give the same order read literally), or to the left [GR].
- ``partnership``: partners opposite, their totals added [AWP, APT, MB, TIR]; ``team_winner``:
  the side with the higher total [J-TX, MB], or the side of the worst individual total loses [NU].

Scores are the game's, signed: a penalty is negative (−75), a place positive (+200); a kingdom
totals zero (−75 −100 −130 −195 +500), and so does the game [GB, SD, CRP, NU].
"""

from dataclasses import Field, dataclass, fields

from . import domains
from .cards import PACK_52
from .domains import RuleSet
from .errors import BadInput
from .kingdom import CHOOSE, Kingdom, KingdomDeal, owner_of_first
from .layout import deal as layout_deal
from .layout import trix as layout_trix
from .penalty import deal as penalty_deal
from .penalty import trix as penalty_trix
from .table import Direction

__all__ = [
    "ALL_CONTRACTS",
    "CHOOSE",
    "DEFAULT_PRESET",
    "PACK",
    "PRESETS",
    "Kingdom",
    "KingdomDeal",
    "Rules",
    "new_deal",
    "owner_of_first",
]

PACK = PACK_52
ALL_CONTRACTS = ("king_of_hearts", "queens", "diamonds", "tricks", "complex", "trix")
MODES = {
    "regular": ("king_of_hearts", "queens", "diamonds", "tricks", "trix"),
    "complex": ("complex", "trix"),
}


def _same(rules_class, name: str) -> Field:
    """A field of the game's rules declared as the contract's rules declare it (one place)."""
    found = next(f for f in fields(rules_class) if f.name == name)
    return domains.rule(found.default, found.metadata["domain"])


# The fields each contract's rules take from the game's (the penalty contract's own field,
# ``penalty_contract``, is the owner's choice, not a table's rule).
TRICK_FIELDS = tuple(f.name for f in fields(penalty_trix.Rules) if f.name != "penalty_contract")
LAYOUT_FIELDS = tuple(f.name for f in fields(layout_trix.Rules) if f.name != "direction")


@dataclass(frozen=True)
class Rules(RuleSet):
    """Trix's rules, one field a rule (the registry's keys)."""

    ALL_CONTRACTS = ALL_CONTRACTS
    PACK = PACK_52

    mode: str = domains.choice("regular", "regular", "complex")
    kingdom_rotation: str = domains.choice("right", "right", "left")
    team_winner: str = domains.choice("higher_total", "higher_total", "worst_player_loses")
    # The trick contracts' rules (penalty.trix).
    direction: Direction = _same(penalty_trix.Rules, "direction")
    king_of_hearts_points: int = _same(penalty_trix.Rules, "king_of_hearts_points")
    each_queen_points: int = _same(penalty_trix.Rules, "each_queen_points")
    diamond_points: int = _same(penalty_trix.Rules, "diamond_points")
    trick_points: int = _same(penalty_trix.Rules, "trick_points")
    priced_tricks: str = _same(penalty_trix.Rules, "priced_tricks")
    exposable: tuple = _same(penalty_trix.Rules, "exposable")
    own_double: str = _same(penalty_trix.Rules, "own_double")
    forced_penalty_discard: bool = _same(penalty_trix.Rules, "forced_penalty_discard")
    ends_early: bool = _same(penalty_trix.Rules, "ends_early")
    partnership: str = _same(penalty_trix.Rules, "partnership")
    partner_doubled: str = _same(penalty_trix.Rules, "partner_doubled")
    # The layout contract's rules (layout.trix).
    first_out_points: int = _same(layout_trix.Rules, "first_out_points")
    second_out_points: int = _same(layout_trix.Rules, "second_out_points")
    third_out_points: int = _same(layout_trix.Rules, "third_out_points")
    last_points: int = _same(layout_trix.Rules, "last_points")
    twos_face_up: str = _same(layout_trix.Rules, "twos_face_up")

    @property
    def contracts(self) -> tuple[str, ...]:
        """The contracts of one kingdom, in the order the site lists them."""
        return MODES[self.mode]

    def tricks(self, contract: str) -> penalty_trix.Rules:
        """The penalty family's rules of a trick contract's deal."""
        values = {name: getattr(self, name) for name in TRICK_FIELDS}
        return penalty_trix.Rules(penalty_contract=contract, **values)

    def layout(self) -> layout_trix.Rules:
        """The layout family's rules of the Trix contract's deal."""
        values = {name: getattr(self, name) for name in LAYOUT_FIELDS}
        return layout_trix.Rules(direction=self.direction, **values)

    def open_contract(self, contract: str, hands, dealer: int, owner: int, deal_number: int):
        """The deal of ``contract`` on ``hands``: the owner leads (plays first)."""
        if contract == "trix":
            return layout_deal.new_deal(self.layout(), hands, dealer, start="play", leader=owner)
        rules = self.tricks(contract)
        return penalty_deal.new_deal(rules, hands, dealer, deal_number, leader=owner)

    def signed(self, contract: str, points: list[int]) -> list[int]:
        """A contract deal's family points as the game's: a penalty costs, a place gains."""
        if contract == "trix":
            return list(points)
        return [-p for p in points]

    def doubles_of(self, contract: str, deal) -> tuple:
        """The doubled cards a finished deal noted (card, doubler, taker, leader)."""
        return () if contract == "trix" else tuple(deal.doubles)

    def kingdom_value(self) -> int:
        """What a whole kingdom's deals total: zero under the common prices."""
        tricks = self.tricks("complex")
        full = penalty_deal.table(tricks).scoring.deal_value(0)
        return sum(self.layout().place_points) - full


PRESETS = {
    "common": Rules(),
    "jawaker": Rules(),
    "complex": Rules(mode="complex"),
    "partnerships": Rules(partnership="points_added"),
    "complex_partnerships": Rules(
        mode="complex", partnership="points_added", twos_face_up="at_start_if_split"
    ),
}
DEFAULT_PRESET = "common"


def new_deal(rules: Rules, hands, dealer: int, owner: int | None = None, used=(), **match):
    """A deal of a kingdom, its owner to choose: by default the first deal's (the seven of
    hearts' holder owns it)."""
    if owner is None:
        owner = owner_of_first(hands)
    bad = [c for c in used if c not in rules.contracts]
    if bad:
        raise BadInput("bad_contract", contract=bad[0])
    return KingdomDeal(rules, hands, dealer, owner, used, **match)
