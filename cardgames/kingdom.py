"""The kingdom (مملكة): a match in which one player, the owner, names each deal's contract.

A kingdom's deals are of whatever families its contracts are (Trix's: the penalty family's trick
contracts, the layout family's Trix). The match is the game's ``Rules`` (``cardgames.trix``)
and this module: who owns the kingdom, the contracts the owner has still to choose, who deals
and who leads, the totals and where the kingdom passes next.

A deal of a kingdom is a :class:`KingdomDeal`: a ``contract.DealState`` whose first phase is
``choose`` (the owner names a contract not yet used in the kingdom: a move, with its legality)
and which then is the contract's own deal, every question passed on to it. Its points are the
game's, signed (a penalty negative); the deal it wraps keeps its family's.

The first deal's owner is whoever was dealt the seven of hearts; the owner deals the rest of
the kingdom and leads (plays first) in each deal; after the owner's last contract the kingdom
passes on (``kingdom_rotation``), and the game ends when every player has owned one.
"""

from dataclasses import dataclass, field
from typing import Any

from .cards import HEARTS, SEVEN, card
from .contract import Move, Permission, Phase, TableView
from .errors import BadInput, IllegalMove
from .table import SEATS, left_of, right_of

SEVEN_OF_HEARTS = card(SEVEN, HEARTS)  # السبعة الكبة: its holder owns the first kingdom
CHOOSE = 224  # CHOOSE + i: the owner names contract i of the game's ``ALL_CONTRACTS``
_CHOOSE = Phase.CHOOSE


def owner_of_first(hands) -> int:
    """Who owns the first kingdom: the seat dealt the seven of hearts."""
    return next(s for s in range(4) if hands[s] >> SEVEN_OF_HEARTS & 1)


class KingdomDeal:
    """One deal of a kingdom: the owner's choice, then the contract's deal (``inner``)."""

    def __init__(
        self,
        rules,
        hands,
        dealer: int,
        owner: int,
        used=(),
        deal_number: int = 1,
        match_totals=(0, 0, 0, 0),
    ):
        if not 0 <= owner < 4:
            raise BadInput("bad_seat", seat=str(owner))
        self.rules = rules
        self.hands = [int(h) for h in hands]
        self.dealer = dealer
        self.owner = owner
        self.used = tuple(used)
        self.deal_number = deal_number
        self.match_totals = tuple(match_totals)
        self.history: list[int] = []
        self.contract: str | None = None
        self.inner: Any = None

    # --- the choice --------------------------------------------------------------------------

    @property
    def left(self) -> tuple[str, ...]:
        """The contracts the owner may still choose in this kingdom, in the game's order."""
        return tuple(c for c in self.rules.contracts if c not in self.used)

    def _choice(self, move: int) -> str | None:
        contracts = self.rules.ALL_CONTRACTS
        i = move - CHOOSE
        return contracts[i] if isinstance(move, int) and 0 <= i < len(contracts) else None

    @property
    def phase(self) -> str:
        return _CHOOSE if self.inner is None else self.inner.phase

    @property
    def to_act(self):
        return self.owner if self.inner is None else self.inner.to_act

    @property
    def is_over(self) -> bool:
        return self.inner is not None and self.inner.is_over

    def legal_moves(self) -> list[int]:
        if self.inner is None:
            return [CHOOSE + self.rules.ALL_CONTRACTS.index(c) for c in self.left]
        return self.inner.legal_moves()

    def refusal(self, move: int) -> IllegalMove | None:
        chosen = self._choice(move)
        if self.inner is None:
            # 1. Before anything else the owner names a contract ...
            if chosen is None:
                return IllegalMove("must_choose_contract", seat=SEATS[self.owner])
            # 2. ... of this game's (Complex's kingdom has two, the usual one five) ...
            if chosen not in self.rules.contracts:
                return IllegalMove("contract_not_played", contract=chosen)
            # 3. ... that the owner has not chosen yet in this kingdom.
            if chosen in self.used:
                return IllegalMove("contract_used", contract=chosen, seat=SEATS[self.owner])
            return None
        if chosen is not None:
            return IllegalMove("wrong_phase", phase=self.phase, move=chosen)
        return self.inner.refusal(move)

    def permission(self, move: int) -> Permission | None:
        if self.inner is None:
            if self.refusal(move) is not None:
                return None
            facts = {"seat": SEATS[self.owner], "contract": self._choice(move)}
            return Permission("may_choose_contract", facts)
        return self.inner.permission(move)

    def permission_code(self, move: int) -> str | None:
        found = self.permission(move) if self.inner is None else None
        if self.inner is None:
            return None if found is None else found.code
        return self.inner.permission_code(move)

    def is_legal(self, move: int) -> bool:
        return self.refusal(move) is None

    def push(self, move: int) -> None:
        error = self.refusal(move)
        if error is not None:
            raise error
        self.history.append(move)
        if self.inner is None:
            self.contract = self._choice(move)
            self.inner = self.rules.open_contract(
                self.contract, self.hands, self.dealer, self.owner, self.deal_number
            )
            return
        self.inner.push(move)

    def play(self, move: int) -> "KingdomDeal":
        new = self.copy()
        new.push(move)
        return new

    def copy(self, rules=None) -> "KingdomDeal":
        new = object.__new__(KingdomDeal)
        new.__dict__.update(self.__dict__)
        new.hands = self.hands[:]
        new.history = self.history[:]
        new.inner = None if self.inner is None else self.inner.copy()
        if rules is not None:
            new.rules = rules
            if new.inner is not None:
                new.inner = rules.open_contract(
                    new.contract, self.hands, self.dealer, self.owner, self.deal_number
                )
                for m in self.history[1:]:
                    new.inner.push(m)
        return new

    # --- reading -----------------------------------------------------------------------------

    def points(self) -> list[int]:
        """The deal's points for the game, by seat: penalties negative, places positive."""
        if self.inner is None:
            return [0, 0, 0, 0]
        return self.rules.signed(self.contract, self.inner.points())

    def pass_target(self, seat: int) -> None:
        return None  # Trix passes no cards

    def parse_move(self, token: str) -> int:
        word = token.strip().lower() if isinstance(token, str) else ""
        if word in self.rules.ALL_CONTRACTS:
            return CHOOSE + self.rules.ALL_CONTRACTS.index(word)
        if self.inner is None:
            raise BadInput("bad_move", move=token)
        return self.inner.parse_move(token)

    def format_move(self, move: int) -> str:
        chosen = self._choice(move)
        if chosen is not None:
            return chosen
        if self.inner is None:
            raise BadInput("bad_move", move=move)
        return self.inner.format_move(move)

    def move_view(self, move: int) -> Move:
        chosen = self._choice(move)
        if chosen is not None:
            return Move(move, chosen, "contract")
        return self.inner.move_view(move)

    def touch(self, c: int):
        return None if self.inner is None else self.inner.touch(c)

    def view(self, seat: int):
        return None if self.inner is None else self.inner.view(seat)

    def table_view(self, seen=frozenset()) -> TableView:
        """The contract's table; before the choice, the dealt hands and the owner's choices."""
        seen = frozenset(seen)
        if self.inner is not None:
            return self.inner.table_view(seen)
        legal = self.legal_moves() if self.owner in seen else []
        return TableView(
            seen,
            self.phase,
            self.owner,
            self.dealer,
            tuple(self.hands[s] if s in seen else None for s in range(4)),
            tuple(h.bit_count() for h in self.hands),
            tuple(self.move_view(m) for m in legal),
            (0, 0, 0, 0),
        )

    def __repr__(self) -> str:
        return f"<KingdomDeal {self.deal_number} {self.contract or '-'} phase={self.phase}>"


@dataclass
class Row:
    """One deal on the kingdom's sheet: its owner, contract and each seat's signed points."""

    kingdom: int
    owner: int
    contract: str
    points: tuple[int, int, int, int]
    doubles: tuple = ()  # (card, doubler, taker, leader) of the doubled cards taken


@dataclass
class Kingdom:
    """A whole game of kingdoms: four, every player owning one, each contract once in each.

    ``deal(hands)`` opens the next deal (the first one's hands name the first owner);
    ``record(deal)`` writes a finished deal on the sheet and moves the match on."""

    rules: Any
    first_dealer: int = 0
    rows: list[Row] = field(default_factory=list)
    owner: int | None = None
    owners: list[int] = field(default_factory=list)

    @property
    def used(self) -> tuple[str, ...]:
        """The contracts the current owner has chosen in this kingdom."""
        return tuple(r.contract for r in self.rows if r.kingdom == len(self.owners) - 1)

    @property
    def is_over(self) -> bool:
        return len(self.rows) == 4 * len(self.rules.contracts)

    @property
    def dealer(self) -> int:
        """Who deals next: the first dealer, then the owner for the rest of the game."""
        return self.first_dealer if not self.rows else self._next_owner()

    def _next_owner(self) -> int:
        if len(self.used) < len(self.rules.contracts):
            return self.owner
        step = right_of if self.rules.kingdom_rotation == "right" else left_of
        return step(self.owner)

    def deal(self, hands) -> KingdomDeal:
        """The next deal, on ``hands``: its owner to choose the contract."""
        if self.is_over:
            raise IllegalMove("match_over")
        if not self.rows and self.owner is None:
            self.owner = owner_of_first(hands)
            self.owners.append(self.owner)
        elif len(self.used) == len(self.rules.contracts):
            self.owner = self._next_owner()
            self.owners.append(self.owner)
        dealer = self.first_dealer if not self.rows else self.owner
        return KingdomDeal(
            self.rules, hands, dealer, self.owner, self.used, len(self.rows) + 1, self.totals
        )

    def record(self, deal: KingdomDeal) -> Row:
        if not deal.is_over:
            raise IllegalMove("deal_not_over")
        doubles = self.rules.doubles_of(deal.contract, deal.inner)
        row = Row(len(self.owners) - 1, deal.owner, deal.contract, tuple(deal.points()), doubles)
        self.rows.append(row)
        return row

    @property
    def totals(self) -> tuple[int, int, int, int]:
        return tuple(sum(r.points[s] for r in self.rows) for s in range(4))

    def kingdom_totals(self, k: int) -> tuple[int, int, int, int]:
        return tuple(sum(r.points[s] for r in self.rows if r.kingdom == k) for s in range(4))

    def standing(self):
        """The totals by player, or by side with partners (N+S, E+W), and the winners: the
        highest total, or (``team_winner="worst_player_loses"``) the side without the lowest
        individual total."""
        totals = self.totals
        if self.rules.partnership == "none":
            best = max(totals)
            return totals, [s for s in range(4) if totals[s] == best]
        sides = (totals[0] + totals[2], totals[1] + totals[3])
        if self.rules.team_winner == "worst_player_loses":
            worst = min(totals)
            losers = {s % 2 for s in range(4) if totals[s] == worst}
            return sides, [side for side in (0, 1) if side not in losers]
        best = max(sides)
        return sides, [side for side in (0, 1) if sides[side] == best]
