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

from .. import domains
from ..cards import PACK_52, card_code, parse_card
from ..domains import RuleSet
from ..errors import BadInput
from ..kingdom import CHOOSE, Kingdom, KingdomDeal, owner_of_first
from ..layout import deal as layout_deal
from ..layout import trix as layout_trix
from ..layout.moves import KNOCK
from ..penalty import deal as penalty_deal
from ..penalty import trix as penalty_trix
from ..penalty.moves import EXPOSE, KEEP
from ..penalty.scoring import DIAMONDS_MASK, KH_BIT, QUEENS_MASK
from ..table import SEATS, Direction, parse_seat
from .family import FAMILY

__all__ = [
    "ALL_CONTRACTS",
    "CHOOSE",
    "DEFAULT_PRESET",
    "FAMILY",
    "PACK",
    "PRESETS",
    "STARTS",
    "TOTALS",
    "Kingdom",
    "KingdomDeal",
    "Rules",
    "describe",
    "format_extra",
    "format_move",
    "match_after",
    "match_over",
    "new_deal",
    "owner_of_first",
    "parse_extra",
    "parse_move",
    "position_start",
    "worked_example",
]

PACK = PACK_52
# The game's record is the penalty family's, the family of most of its deals; the Trix's
# layout deal is the layout family's. Its match is its own (``Game(sheet_class=Kingdom)``).
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

    @property
    def partners(self) -> bool:
        """Whether partners sit opposite and add their points (a partnership preset)."""
        return self.partnership != "none"

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

    def shown(self, contract: str, deal) -> int:
        """The cards of ``contract``'s deal the table shows face up (the Trix's twos, as
        ``twos_face_up`` says), a bit set."""
        if contract != "trix":
            return 0
        return layout_trix.twos_shown(self.layout(), deal.hands, len(deal.history), self.partners)

    def read_move(self, token: str) -> int:
        """A move token as the game reads it (``parse_move``)."""
        return parse_move(token)

    def write_move(self, move: int) -> str:
        """A move's token as the game writes it (``format_move``)."""
        return format_move(move)

    def doubles_of(self, contract: str, deal) -> tuple:
        """The doubled cards a finished deal noted (card, doubler, taker, leader)."""
        return () if contract == "trix" else tuple(deal.doubles)

    def tally(self, contract: str, deal) -> list[dict]:
        """What each seat's points in a finished deal of ``contract`` come from: the Trix's
        ``place`` (0 first out), else the priced cards and tricks it took (``king_of_hearts``,
        ``queens``, ``diamonds``, ``tricks``: counts, those the contract prices), the cards it
        ``doubled`` that another took and the doubled cards it took (``paid``, at double)."""
        if contract == "trix":
            return [{"place": deal.out.index(seat)} for seat in range(4)]
        scoring = penalty_deal.table(self.tricks(contract)).scoring
        out = []
        for seat in range(4):
            taken = deal.taken[seat]
            counts = {
                "king_of_hearts": (taken & KH_BIT).bit_count() if scoring.king_of_hearts else 0,
                "queens": (taken & QUEENS_MASK).bit_count() if scoring.each_queen else 0,
                "diamonds": (taken & DIAMONDS_MASK).bit_count() if scoring.diamond else 0,
                "tricks": deal.priced[seat] if scoring.trick else 0,  # those it prices
            }
            doubled = [c for c, doubler, taker, _ in deal.doubles if doubler == seat != taker]
            paid = [c for c, _doubler, taker, _ in deal.doubles if taker == seat]
            out.append({**{k: n for k, n in counts.items() if n}, "doubled": doubled, "paid": paid})
        return out

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


# --- moves and positions -------------------------------------------------------------------------

TOTALS = "seats"  # a player's total, partners' added on the sheet
STARTS = ("choose",)  # a position starts with the owner's choice


def parse_move(token: str) -> int:
    """Read a move token: a contract (``queens``), a card (``QS``), ``expose:KH`` (a double),
    ``keep``, ``knock`` (the Trix's pass); any case."""
    text = token.strip().lower() if isinstance(token, str) else ""
    if text in ALL_CONTRACTS:
        return CHOOSE + ALL_CONTRACTS.index(text)
    if text == "knock":
        return KNOCK
    if text == "keep":
        return KEEP
    kind, colon, rest = text.partition(":")
    if colon and kind == "expose":
        return EXPOSE + parse_card(rest)
    if colon or not 2 <= len(text) <= 3:
        raise BadInput("bad_move", move=token)
    return parse_card(text)


def format_move(move: int) -> str:
    """A move's token, as ``parse_move`` reads it."""
    if isinstance(move, int) and 0 <= move - CHOOSE < len(ALL_CONTRACTS):
        return ALL_CONTRACTS[move - CHOOSE]
    if move == KNOCK:
        return "knock"
    if move == KEEP:
        return "keep"
    if isinstance(move, int) and 0 <= move - EXPOSE < 52:
        return "expose:" + card_code(move - EXPOSE)
    if isinstance(move, int) and 0 <= move < 52:
        return card_code(move)
    raise BadInput("bad_move", move=move)


def parse_extra(params) -> dict:
    """A position's kingdom: ``owner=W`` (default: the seven of hearts' holder) and
    ``used=queens,trix``, the contracts the owner has already played in it."""
    extra: dict = {}
    owner = (params.get("owner") or "").strip()
    if owner:
        extra["owner"] = parse_seat(owner)
    used = [u.strip().lower() for u in (params.get("used") or "").split(",") if u.strip()]
    for contract in used:
        if contract not in ALL_CONTRACTS:
            raise BadInput("bad_contract", contract=contract)
    if used:
        extra["used"] = tuple(used)
    return extra


def format_extra(extra: dict) -> dict:
    out = {}
    if extra.get("owner") is not None:
        out["owner"] = SEATS[extra["owner"]]
    if extra.get("used"):
        out["used"] = ",".join(extra["used"])
    return out


def position_start(
    rules, hands, dealer: int, owner=None, used=(), start="choose", deal_number=1, match_totals=()
):
    """The state a position's moves replay from: the owner's choice."""
    totals = tuple(match_totals) or (0, 0, 0, 0)
    return new_deal(rules, hands, dealer, owner, used, deal_number=deal_number, match_totals=totals)


def match_over(rules, totals) -> bool:
    """A Trix match ends after its deals are counted, never on its totals."""
    return False


def match_after(rules, state, totals=None) -> dict:
    """Where the match stands once ``state`` (a finished deal) is written after ``totals``."""
    before = state.match_totals if totals is None else totals
    return Kingdom.resumed(rules, before).record(state)


def describe(rules: Rules) -> dict:
    """Numbers the rule pages quote, derived from the rules."""
    tricks = penalty_deal.table(rules.tricks("complex")).scoring
    return {
        "players": 4,
        "hand_size": 13,
        "kingdoms": 4,
        "contracts_per_kingdom": len(rules.contracts),
        "deals": 4 * len(rules.contracts),
        "queens_total": 4 * rules.each_queen_points,
        "diamonds_total": 13 * rules.diamond_points,
        "tricks_total": 13 * rules.trick_points,
        "complex_total": tricks.deal_value(0),
        "trix_total": sum(rules.layout().place_points),
        "king_doubled_points": 2 * rules.king_of_hearts_points,
        "queen_doubled_points": 2 * rules.each_queen_points,
    }


def worked_example(rules: Rules) -> dict:
    """A doubled king of hearts taken by another player, and a kingdom's total."""
    scoring = penalty_deal.table(rules.tricks("king_of_hearts")).scoring
    points = [0, 0, 0, 0]
    points[1] = scoring.score([0, 1 << penalty_trix.KH, 0, 0], 1 << penalty_trix.KH, True)[1]
    scoring.doubling(points, [(penalty_trix.KH, 0, 1, 2)])
    return {
        "example_doubled_taker": -points[1],
        "example_doubled_doubler": -points[0],
        "example_kingdom_total": rules.kingdom_value(),
    }
