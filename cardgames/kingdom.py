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

from dataclasses import replace
from typing import Any, NamedTuple

from .cards import HEARTS, SEVEN, card
from .contract import Move, Permission, Phase, TableView
from .errors import BadInput, IllegalMove
from .sheet import TYPED_LIMIT, GameSheet, Row, Standing, read_seat
from .table import PARTNERSHIPS, SEATS, left_of, right_of

SEVEN_OF_HEARTS = card(SEVEN, HEARTS)  # السبعة الكبة: its holder owns the first kingdom
CHOOSE = 224  # CHOOSE + i: the owner names contract i of the game's ``ALL_CONTRACTS``
_CHOOSE = Phase.CHOOSE
CARDS = 52  # the moves below are cards; a call is above


def owner_of_first(hands) -> int:
    """Who owns the first kingdom: the seat dealt the seven of hearts."""
    return next(s for s in range(4) if hands[s] >> SEVEN_OF_HEARTS & 1)


class KingdomTable(NamedTuple):
    """The public record of a kingdom's deal: its owner, the contracts the owner has played in
    this kingdom, the one chosen (None before the choice) and the contract's deal's own record
    for the seat (None before the choice)."""

    owner: int
    used: tuple[str, ...]
    contract: str | None
    table: Any


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
        self._hands = [int(h) for h in hands]
        self.dealer = dealer
        self.owner = owner
        self.used = tuple(used)
        self.deal_number = deal_number
        self.match_totals = tuple(match_totals)
        self.history: list[int] = []
        self.contract: str | None = None
        self.inner: Any = None

    @property
    def hands(self) -> list[int]:
        """The hands: as dealt until the choice, then the contract's deal's own."""
        return self._hands if self.inner is None else self.inner.hands

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
                if move >= CARDS:  # a call of a contract's play (a double, a knock): not yet
                    token = self.rules.write_move(move)
                    return IllegalMove("wrong_phase", phase=self.phase, move=token)
                return IllegalMove("must_choose_contract", seat=SEATS[self.owner])
            # 2. ... of this game's (Complex's kingdom has two, the usual one five) ...
            if chosen not in self.rules.contracts:
                return IllegalMove("contract_not_played", contract=chosen, reason="not_in_variant")
            # 3. ... that the owner has not chosen yet in this kingdom.
            if chosen in self.used:
                return IllegalMove("contract_used", contract=chosen, seat=SEATS[self.owner])
            return None
        if chosen is not None:
            return IllegalMove("wrong_phase", phase=self.phase, move=chosen)
        try:
            return self.inner.refusal(move)
        except BadInput:  # a move of the game's other family (a knock in a trick contract)
            return IllegalMove("wrong_phase", phase=self.phase, move=str(move))

    def permission(self, move: int) -> Permission | None:
        if self.inner is None:
            if self.refusal(move) is not None:
                return None
            facts = {"seat": SEATS[self.owner], "contract": self._choice(move)}
            return Permission("may_choose_contract", facts)
        if self.refusal(move) is not None:
            return None
        return self.inner.permission(move)

    def permission_code(self, move: int) -> str | None:
        if self.inner is None:
            found = self.permission(move)
            return None if found is None else found.code
        if self.refusal(move) is not None:
            return None
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
                self.contract, self._hands, self.dealer, self.owner, self.deal_number
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
        new._hands = self._hands[:]
        new.history = self.history[:]
        new.inner = None if self.inner is None else self.inner.copy()
        if rules is not None:
            new.rules = rules
            if new.inner is not None:
                new.inner = rules.open_contract(
                    new.contract, self._hands, self.dealer, self.owner, self.deal_number
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

    def tally(self) -> list[dict]:
        """What each seat's points come from, once the deal is over (``Rules.tally``)."""
        return self.rules.tally(self.contract, self.inner)

    def pass_target(self, seat: int) -> None:
        return None  # Trix passes no cards

    def parse_move(self, token: str) -> int:
        """A token as the game reads it, every contract's moves alike (a move out of its
        phase is read, then refused)."""
        return self.rules.read_move(token)

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
            return Move(move, chosen, f"contract_{chosen}")  # a word of the vocabulary each
        return self.inner.move_view(move)

    def touch(self, c: int):
        return None if self.inner is None else self.inner.touch(c)

    def view(self, seat: int) -> "KingdomTable":
        """What ``seat``'s players read: the kingdom (public) and the contract's own record."""
        inner = None if self.inner is None else self.inner.view(seat)
        return KingdomTable(self.owner, self.used, self.contract, inner)

    def table_view(self, seen=frozenset()) -> TableView:
        """The contract's table; before the choice, the dealt hands and the owner's choices."""
        seen = frozenset(seen)
        if self.inner is not None:
            # The contract's table, with the game's signed points (a penalty negative) and the
            # cards the rules show face up in their holders' hands (the Trix's twos).
            view = self.inner.table_view(seen)
            shown = self.rules.shown(self.contract, self.inner)
            if shown:
                held = tuple(h & shown for h in self.inner.hands)
                view = replace(
                    view, shown=tuple(a | b for a, b in zip(view.shown, held, strict=True))
                )
            return replace(view, points=tuple(self.points()))
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


class Kingdom(GameSheet):
    """The kingdoms' sheet, the one model of a Trix match: four kingdoms, every player owning one,
    each contract once in each. A line per player; a row per deal naming its owner and contract;
    a subtotal per kingdom, which must be zero.

    A match played on the site opens each deal with ``deal(hands)`` (the first one's hands name
    the first owner) and writes it with ``record(deal)``; a table keeping score by hand enters
    ``points`` rows, ``{"owner": "N", "contract": "queens", "points": [..4 signed..]}``, the
    owner stated on a kingdom's first row and checked on the others."""

    KINDS = ("points",)
    READS = ("mode", "kingdom_rotation", "partnership", "team_winner")

    def __init__(self, rules, first_dealer: int = 0):
        super().__init__(rules)
        self.first_dealer = first_dealer
        self.owner: int | None = None
        self.owners: list[int] = []
        self.contracts: list[str] = []  # each row's contract
        self.kingdoms: list[int] = []  # each row's kingdom
        self.doubles: list[tuple] = []  # each row's doubled cards

    def copy(self) -> "Kingdom":
        other = super().copy()
        other.owners = list(self.owners)
        other.contracts = list(self.contracts)
        other.kingdoms = list(self.kingdoms)
        other.doubles = list(self.doubles)
        return other

    # -- where the match stands --

    @property
    def grouped(self) -> bool:
        return self.rules.partners

    @property
    def is_over(self) -> bool:
        return len(self.rows) == 4 * len(self.rules.contracts)

    @property
    def used(self) -> tuple[str, ...]:
        """The contracts the current owner has chosen in this kingdom."""
        k = len(self.owners) - 1
        return tuple(c for c, at in zip(self.contracts, self.kingdoms, strict=True) if at == k)

    @property
    def standing(self) -> Standing:
        if not self.is_over:
            return Standing(False)
        totals = self.totals
        if not self.grouped:
            best = max(totals)
            return Standing(True, tuple(SEATS[s] for s in range(4) if totals[s] == best))
        sides = self.side_totals
        if self.rules.team_winner == "worst_player_loses":
            worst = min(totals)
            losers = {s % 2 for s in range(4) if totals[s] == worst}
            won = [side for side in (0, 1) if side not in losers]
        else:
            won = [side for side in (0, 1) if sides[side] == max(sides)]
        return Standing(True, tuple(PARTNERSHIPS[side] for side in won))

    @property
    def target(self) -> None:
        return None  # four kingdoms end the match

    def points_range(self) -> tuple[int, int]:
        return -TYPED_LIMIT, TYPED_LIMIT

    def kingdom_totals(self, k: int) -> tuple[int, ...]:
        """A kingdom's subtotal per player: zero in all, or a row is wrong."""
        rows = [r for r, at in zip(self.rows, self.kingdoms, strict=True) if at == k]
        return tuple(sum(r.scores[s] for r in rows) for s in range(4))

    def grid(self) -> list[dict]:
        """The sheet as Trix players keep it: for each kingdom, its owner, each contract's
        points per player (None where not yet played) and the subtotal, with whether it is
        zero."""
        out = []
        for k, owner in enumerate(self.owners):
            cells = {c: None for c in self.rules.contracts}
            for row, contract, at in zip(self.rows, self.contracts, self.kingdoms, strict=True):
                if at == k:
                    cells[contract] = row.scores
            subtotal = self.kingdom_totals(k)
            done = all(v is not None for v in cells.values())
            out.append(
                {
                    "kingdom": k,
                    "owner": SEATS[owner],
                    "contracts": cells,
                    "subtotal": subtotal,
                    "zero": sum(subtotal) == 0 if done else None,
                }
            )
        return out

    def subtotals(self) -> dict[int, tuple[int, ...]]:
        """After each kingdom played out, its subtotal per player (zero in all, or a row is
        wrong)."""
        out = {}
        for k in range(len(self.owners)):
            rows = [i for i, at in enumerate(self.kingdoms) if at == k]
            if len(rows) == len(self.rules.contracts):
                out[rows[-1]] = self.kingdom_totals(k)
        return out

    # -- the next deal --

    def _next_owner(self) -> int | None:
        if self.owner is None:
            return None
        if len(self.used) < len(self.rules.contracts):
            return self.owner
        step = right_of if self.rules.kingdom_rotation == "right" else left_of
        return step(self.owner)

    def _open(self, owner: int) -> None:
        """Write ``owner`` as the owner of the deal being entered, a new kingdom's if due."""
        if self.owner is None or len(self.used) == len(self.rules.contracts):
            self.owner = owner
            self.owners.append(owner)

    def opening(self) -> dict:
        """The next deal's owner and the contracts the owner has used in the kingdom (none for
        the first deal, whose owner the hands name)."""
        owner = self._next_owner()
        if owner is None:
            return {}
        return {"owner": owner, "used": self.used if owner == self.owner else ()}

    def deal(self, hands) -> KingdomDeal:
        """The next deal on ``hands``: its owner to choose the contract."""
        if self.is_over:
            raise IllegalMove("match_over", winners=list(self.standing.winners))
        opening = self.opening()
        owner = opening.get("owner", owner_of_first(hands))
        dealer = self.first_dealer if not self.rows else owner
        used = opening.get("used", ())
        return KingdomDeal(self.rules, hands, dealer, owner, used, len(self.rows) + 1, self.totals)

    # -- rows --

    def _record(self, state) -> None:
        self._check(state.owner, state.contract)
        self._open(state.owner)
        doubles = self.rules.doubles_of(state.contract, state.inner)
        facts = {"owner": SEATS[state.owner], "contract": state.contract}
        self._write_deal("deal", facts, tuple(state.points()), doubles)

    def _enter(self, kind: str, facts: dict) -> Row:
        contract = facts.get("contract")
        if contract not in self.rules.contracts:
            raise BadInput("bad_contract", field="contract", contract=str(contract))
        owner = read_seat(facts.get("owner"), "owner")
        self._check(owner, contract)
        scores = self._typed(facts)
        self._open(owner)
        return self._write_deal(kind, facts, scores, ())

    def _check(self, owner: int, contract: str) -> None:
        """The owner is the kingdom's, the contract one the owner has not chosen in it."""
        expected = self._next_owner()
        if expected is not None and owner != expected:
            raise BadInput("not_the_owner", field="owner", seat=SEATS[owner], owner=SEATS[expected])
        if expected == self.owner and contract in self.used:
            raise IllegalMove("contract_used", contract=contract, seat=SEATS[owner])

    def _write_deal(self, kind, facts, scores, doubles) -> Row:
        kingdom = len(self.owners) - 1
        self.contracts.append(facts["contract"])
        self.kingdoms.append(kingdom)
        self.doubles.append(tuple(doubles))
        return self._write(kind, facts, scores, {"kingdom": kingdom})

    def next_dealer(self, state) -> int:
        following = self._next_owner()
        return state.dealer if following is None else following
