"""A practice match, replayed: Django-free, so the pages, the JSON API and the tests share it.

What is stored is the match's set-up (the game, the variant and its house rules, the learner's
seat, the computer players' level, the first dealer) and, for each deal, its secret seed and
every move made in it, the computer players' included. Everything else is the engine's: each
deal is dealt from its seed by the checkable shuffle (``cardgames.shuffle``), replayed
from its start, and entered on the game's own score sheet (``cardgames.sheet``, the one
model of a match), so the dealer moves on, the pass changes direction, the lowest total leads,
a Tarneeb side carries its debt and Sab'at's doubles count exactly as the rules in force say.

    match = Practice.start(Setup("tarneeb", "classic", {}, seat=2, level="club"), new_seed())
    match.play(["8"], ply=match.ply)      # the learner's move, then the computers' replies
    match.undo()                           # the learner's last turn taken back
    match.next_deal(new_seed())            # once the deal is over
    match.to_json(match_id)                # the match object of the practice spec

A live table (``tables``) is the same match with several people: ``Setup.players`` says who
sits where (None for a person, else a computer player's level), ``play(..., seat=S)`` makes a
person's move, and ``to_json(match_id, viewer)`` is what one seat (or a watcher, ``WATCHER``)
may see.

The match object shows only what the learner may see while a deal is in play (see
``to_json``); once the deal is over its seed and its hands are revealed, and dealing again from
the seed gives the same hands, which anyone can check against the commitment shown before the
first move (the SHA-256 of the seed).
"""

import hashlib
import secrets
import time
from dataclasses import dataclass, field

from cardgames import bots, cards, shuffle
from cardgames.errors import BadInput, EngineError, IllegalMove
from cardgames.games import GAMES
from cardgames.house_rules import with_overrides
from cardgames.positions import Position
from cardgames.sheet import GameSheet
from cardgames.table import PARTNERSHIPS, SEATS, parse_seat

SEED_BYTES = 16  # a deal's secret: 128 random bits, written as 32 hex digits
HIDDEN_PASS = "pass:?"  # a pass the learner may not see, as the match object writes it
WATCHER = -1  # a viewer who holds no seat: sees what every seat may see, no hand
# Seconds the computer players' replies to one request may search between them: the analysis's
# budget for one answer (issue 32). Up to three expert moves follow a learner's card, each
# searching at most ``bots.expert.MOVE_BUDGET``; past this one a move is the club player's, in
# milliseconds, so a request never holds a web worker much longer.
REPLY_BUDGET = 2.0


def new_seed() -> str:
    return secrets.token_hex(SEED_BYTES)


def commitment(seed: str) -> str:
    """The SHA-256 of the seed (its UTF-8 text), in hex: shown before the deal's first move."""
    return hashlib.sha256(seed.encode()).hexdigest()


class Conflict(EngineError):
    """A request that does not fit the match as it now stands (HTTP 409): ``stale_ply``,
    ``deal_over``, ``nothing_to_undo``, ``deal_in_play``, ``match_over``."""


@dataclass(frozen=True)
class Setup:
    """What a match is played under. ``overrides``: house rules, ``{key: text}`` as
    ``rule.<key>=<text>`` writes them."""

    game: str
    variant: str
    overrides: dict
    seat: int = 2
    level: str = "club"
    first_dealer: int = 0
    # Who sits where, by seat: None for a person, else a computer player's level. Empty: a
    # practice match (``seat`` the learner, every other seat a computer at ``level``).
    players: tuple = ()

    @property
    def seated(self) -> tuple:
        """Each seat's player: None for a person, else a computer player's level."""
        if self.players:
            return tuple(self.players)
        return tuple(None if s == self.seat else self.level for s in range(4))

    def rules(self):
        """The rules in force; ``BadInput`` (``unknown_game``, ``unknown_variant``,
        ``bad_seat``, ``bad_level``) or ``RuleError`` for what cannot be played."""
        if self.game not in GAMES:
            raise BadInput("unknown_game", game=self.game)
        module = GAMES[self.game].engine
        if self.variant not in module.PRESETS:
            raise BadInput("unknown_variant", variant=self.variant)
        if self.seat not in range(4) or self.first_dealer not in range(4):
            raise BadInput("bad_seat", seat=str(self.seat))
        if self.level not in bots.LEVELS:
            raise BadInput("bad_level", level=str(self.level))
        if self.players and (
            len(self.players) != 4
            or any(p is not None and p not in bots.LEVELS for p in self.players)
            or self.players[self.seat] is not None
        ):
            raise BadInput("bad_seats")
        return with_overrides(module.PRESETS[self.variant], self.overrides)


@dataclass
class DealRecord:
    """One deal as stored: its seed, every move (canonical tokens) and the undos made in it,
    each ``{"ply": <where it went back to>, "moves": [<the tokens taken back>]}``."""

    seed: str
    moves: list[str] = field(default_factory=list)
    undone: list[dict] = field(default_factory=list)

    @property
    def commitment(self) -> str:
        return commitment(self.seed)


def opening(module) -> dict:
    """The position's extra parameters for a deal replayed from its very start (the pass,
    the announcements, or the first call)."""
    return module.parse_extra({"start": module.STARTS[0]}) if module.STARTS else {}


def parse(module, state, token: str) -> int:
    """A token read in the phase it is made in (Egyptian ``7C`` is a bid, then a card)."""
    return state.parse_move(token)


@dataclass(frozen=True)
class Standing:
    """The match after its first ``deals`` deals, all finished, as replaying them leaves it.
    Finished deals never change, so a caller may keep it and give it back: the match is then
    replayed from its last deal only, not from its first (every request replays the match)."""

    deals: int
    match_sheet: GameSheet  # a copy of the match's sheet after those deals
    sheet: tuple
    outcome: dict
    next_dealer: int


# --- the match ---------------------------------------------------------------------------------


class Practice:
    """A match replayed from its ``Setup`` and its ``DealRecord`` list (the last one the deal
    being played or just finished). ``play``, ``undo`` and ``next_deal`` change the records
    (and this object with them); the caller stores them.

    ``standing``: where the match stood before its last deal (``self.standing`` of an earlier
    replay), so that only the last deal is replayed; without it, every deal is replayed and
    ``self.standing`` is set for the caller to keep."""

    def __init__(self, setup: Setup, deals: list[DealRecord], standing: Standing | None = None):
        if not deals:
            raise ValueError("a match has at least one deal")
        self.setup = setup
        self.game = setup.game
        self.rules = setup.rules()
        self.module = GAMES[setup.game].engine
        self.seat = setup.seat
        self.levels = {s: p for s, p in enumerate(setup.seated) if p is not None}
        self.people = [s for s, p in enumerate(setup.seated) if p is None]
        self.deals = deals
        self.match_sheet = GAMES[self.game].sheet(self.rules)  # the match: totals, end, dealer
        self.sheet: list[dict] = []
        self.outcome: dict | None = None  # where the match stands after the last finished deal
        self.dealer = setup.first_dealer
        self.standing: Standing | None = None
        # When the computer players' replies must be made by (``time.monotonic()``): a request
        # that may replay the match several times sets it once for all (``service.change``);
        # else each reply run has ``REPLY_BUDGET`` from its start.
        self.reply_deadline: float | None = None
        first = 1
        if standing is not None and standing.deals == len(deals) - 1:
            self._resume(standing)
            first = len(deals)
        for number, record in enumerate(deals[first - 1 :], first):
            if number > 1:
                self.dealer = self.next_dealer
                if number == len(deals) and first == 1:
                    self.standing = self._standing(number - 1)
            self.deal_number, self.record = number, record
            self.totals = self.match_sheet.match_totals
            self._replay_deal()
            if number < len(deals) and not self.state.is_over:
                raise ValueError(f"deal {number} is not over but another follows it")

    def _standing(self, deals: int) -> Standing:
        return Standing(
            deals,
            self.match_sheet.copy(),
            tuple(dict(row) for row in self.sheet),
            dict(self.outcome),
            self.next_dealer,
        )

    def _resume(self, standing: Standing) -> None:
        self.match_sheet = standing.match_sheet.copy()  # the kept one stays as it is
        # The rows and the outcome are replaced, never changed in place: a shallow copy will do.
        self.sheet = [dict(row) for row in standing.sheet]
        self.outcome = dict(standing.outcome)
        self.next_dealer = standing.next_dealer

    @classmethod
    def start(cls, setup: Setup, seed: str) -> "Practice":
        """A new match: its first deal dealt from ``seed`` and played up to the learner."""
        match = cls(setup, [DealRecord(seed)])
        match._advance()
        return match

    # --- replaying ---------------------------------------------------------------------------

    def _replay_deal(self) -> None:
        """The current deal from its start through its stored moves (the totals and the dealer
        are the match's before it); a finished deal is added to the match."""
        module, record = self.module, self.record
        self.hands = shuffle.deal(record.seed, module.PACK)
        self.extra = {**opening(module), **self.match_sheet.opening()}  # a kingdom's owner
        self.state = self._position([], None).start_state()
        self.actors: list[int] = []
        self.moves: list[int] = []
        for index, token in enumerate(record.moves):
            try:
                self._push(token)
            except (BadInput, IllegalMove) as error:  # stored moves always replay
                raise ValueError(f"deal {self.deal_number}, move {index}: {error}") from None
        if self.state.is_over:
            self._finish()

    def _push(self, token: str) -> None:
        move = parse(self.module, self.state, token)
        actor = self.state.to_act
        self.state.push(move)
        self.actors.append(actor)
        self.moves.append(move)

    def _finish(self) -> None:
        """Add the finished deal to the match: its row on the sheet, the next dealer."""
        after = self.match_sheet.record(self.state)
        self.outcome = after
        row = {
            "deal_number": self.deal_number,
            "points": points_json(self.state.points()),
            "totals": after["totals"],
        }
        if after.get("debts") is not None:
            row["debts"] = after["debts"]
        self.sheet.append(row)
        self.next_dealer = parse_seat(after["next_dealer"])

    def advance(self) -> list[tuple[int, str, object]]:
        """The computer players' moves now (a live table's seat just given to one)."""
        return [] if self.state.is_over else self._advance()

    def _advance(self) -> list[tuple[int, str, object]]:
        """The computer players' moves until the learner is to act or the deal is over;
        ``(seat, token, reason)`` for each."""
        made = bots.advance(
            self.game,
            self.state,
            self.levels,
            self.record.seed,
            deal_number=self.deal_number,
            totals=self.totals,
            deadline=self.reply_deadline or time.monotonic() + REPLY_BUDGET,
        )
        replies = []
        for seat, move, reason in made:
            token = self.module.format_move(move)
            self.record.moves.append(token)
            self.actors.append(seat)
            self.moves.append(move)
            replies.append((seat, token, reason))
        if self.state.is_over:
            self._finish()
        return replies

    # --- reading -----------------------------------------------------------------------------

    @property
    def ply(self) -> int:
        """The moves made so far in this deal."""
        return len(self.record.moves)

    @property
    def deal_over(self) -> bool:
        return self.state.is_over

    @property
    def over(self) -> bool:
        """The match is over: its last deal is finished and the rules end the match there."""
        return self.state.is_over and bool(self.outcome and self.outcome["over"])

    @property
    def winners(self) -> list[str]:
        return list(self.outcome["winners"]) if self.over else []

    @property
    def learner_to_act(self) -> bool:
        return self.state.to_act == self.seat

    def legal(self) -> list[int]:
        """The learner's legal moves, when the learner is to act."""
        return self.state.legal_moves() if self.learner_to_act else []

    def position(self, upto: int | None = None) -> Position:
        """The deal as a position of the positions spec, now or after ``upto`` moves. Every
        card is in it, so it is shown as it is only once the deal is over; ``to_json`` and the
        pages draw the learner's view of it."""
        if upto is None or upto == len(self.moves):
            return self._position(self.moves, self.state)
        position = self._position(self.moves[:upto], None)
        position.state = position.start_state()
        for move in position.moves:
            position.state.push(move)
        return position

    def _position(self, moves, state) -> Position:
        return Position(
            self.module,
            self.setup.variant,
            self.rules,
            self.dealer,
            list(self.hands),
            list(moves),
            dict(self.extra),
            state,
            self.deal_number,
            tuple(self.totals),
        )

    def seen(self, viewer: int | None = None) -> frozenset[int]:
        """The seats whose hands the learner (or ``viewer``: a seat, or ``WATCHER``, none) sees:
        its own while the deal is in play, every one once it is over."""
        viewer = self.seat if viewer is None else viewer
        if self.state.is_over:
            return frozenset(range(4))
        return frozenset() if viewer == WATCHER else frozenset((viewer,))

    def view(self, viewer: int | None = None):
        """What the learner (or ``viewer``) may see of the deal now: its ``TableView``, where
        the deal's family decides whose passed cards a seat may know."""
        return self.state.table_view(self.seen(viewer))

    def visible_tokens(self, viewer: int | None = None) -> list[str]:
        """This deal's moves as the learner (or ``viewer``) may see them: while the deal is in
        play, a pass between two other seats, or one not received yet, is ``pass:?``."""
        view = self.view(viewer)
        return [
            token if self.sees(index, view) else HIDDEN_PASS
            for index, token in enumerate(self.record.moves)
        ]

    def sees(self, index: int, view=None) -> bool:
        """Whether the learner may see move ``index`` of this deal: every move is public but
        the pass, where the table view says whose passed cards the seat may know (``view``:
        ``self.view()``, when the caller asks of many moves)."""
        if not self.is_pass(index):
            return True
        return (view or self.view()).knows_pass(self.actors[index])

    def is_pass(self, index: int) -> bool:
        """Whether move ``index`` of this deal chose a card to pass."""
        return self.state.move_view(self.moves[index]).kind == "pass_cards"

    def replies(self) -> list[int]:
        """The plies of the computer players' moves made since the learner's last move (or
        since the deal began): what the table shows one by one."""
        start = len(self.actors)
        while start > 0 and self.actors[start - 1] != self.seat:
            start -= 1
        return list(range(start, len(self.actors)))

    # --- changing ----------------------------------------------------------------------------

    def check_turn(self, ply=None, deal_number=None, undos=None) -> None:
        """``Conflict("stale_ply")`` unless what the request says it saw is the match now (a
        replayed form, a second tab): the moves made in this deal, and where given the deal's
        number and the undos made in it."""
        if (
            (ply is not None and ply != self.ply)
            or (deal_number is not None and deal_number != self.deal_number)
            or (undos is not None and undos != len(self.record.undone))
        ):
            raise Conflict("stale_ply", ply=ply, current=self.ply, deal_number=self.deal_number)

    def play(self, tokens: list[str], ply: int | None = None, seat: int | None = None, **seen):
        """The learner's moves (or a person's at ``seat``; several only when they are all
        that seat's, as the cards of a pass), then the computers' replies up to a person's
        turn or the end of the deal. All or nothing: ``BadInput`` (unreadable) or
        ``IllegalMove`` (refused), each with ``move_index`` in ``tokens``, leave the match as
        it was. Returns the replies."""
        self.check_turn(ply, **seen)
        seat = self.seat if seat is None else seat
        if not tokens:
            raise BadInput("bad_move", move="").at_move(0)
        trial = self.state.copy()
        moves = []
        for index, token in enumerate(tokens):
            try:
                move = parse(self.module, trial, token)
                if trial.to_act != seat:
                    to_act = None if trial.to_act is None else SEATS[trial.to_act]
                    if trial.to_act is None:
                        trial.push(move)  # the engine's own refusal of a move after the end
                    raise IllegalMove("not_your_turn", seat=SEATS[seat], to_act=to_act)
                trial.push(move)
            except (BadInput, IllegalMove) as error:
                raise error.at_move(index) from None
            moves.append(move)
        self.state = trial
        for move in moves:
            self.record.moves.append(self.module.format_move(move))
            self.actors.append(seat)
            self.moves.append(move)
        if self.state.is_over:
            self._finish()
            return []
        return self._advance()

    def undo(self, ply: int | None = None, **seen) -> list[str]:
        """Take back the learner's last turn (every move of it, as the cards of a pass) and the
        replies after it. ``Conflict``: ``deal_over`` once the deal is over, ``nothing_to_undo``
        before the learner's first move. Returns the tokens taken back."""
        self.check_turn(ply, **seen)
        if self.state.is_over:
            raise Conflict("deal_over")
        mine = [i for i, seat in enumerate(self.actors) if seat == self.seat]
        if not mine:
            raise Conflict("nothing_to_undo")
        start = mine[-1]
        # A pass is one turn of several moves, sent at once; any other move is a turn of its
        # own, even right after the learner's previous one (the card that won a trick, then
        # the lead): only the last is taken back, as the button says.
        while (
            start > 0
            and self.actors[start - 1] == self.seat
            and self.is_pass(start)
            and self.is_pass(start - 1)
        ):
            start -= 1
        taken = self.record.moves[start:]
        del self.record.moves[start:]
        self.record.undone.append({"ply": start, "moves": taken})
        self._replay_deal()
        return taken

    def next_deal(self, seed: str, deal_number: int | None = None) -> list:
        """Deal the next deal of the match from ``seed`` and play it up to the learner.
        ``Conflict``: ``deal_in_play`` while this one is being played, ``match_over``."""
        self.check_turn(deal_number=deal_number)
        if not self.state.is_over:
            raise Conflict("deal_in_play")
        if self.over:
            raise Conflict("match_over")
        self.record = DealRecord(seed)
        self.deals.append(self.record)
        self.deal_number += 1
        self.dealer = self.next_dealer
        self.totals = self.match_sheet.match_totals
        self._replay_deal()
        return self._advance()

    # --- the learner's aids ------------------------------------------------------------------

    def advice(self):
        """What the club player would do in the learner's place, from the learner's own view
        (a ``bots.Decision``), or None when the learner is not to act."""
        if not self.learner_to_act:
            return None
        return bots.hint(
            self.game, self.state, self.seat, deal_number=self.deal_number, totals=self.totals
        )

    def decisions(self) -> list[tuple[int, int, object]]:
        """Each of the learner's moves of this deal beside what the club player would have
        played there, from the same seat's view at that moment: ``(ply, the learner's move,
        bots.Decision)``. For the review once the deal is over."""
        state = self._position([], None).start_state()
        out = []
        for ply, (actor, move) in enumerate(zip(self.actors, self.moves, strict=True)):
            if actor == self.seat:
                decision = bots.hint(
                    self.game, state, self.seat, deal_number=self.deal_number, totals=self.totals
                )
                out.append((ply, move, decision))
            state.push(move)
        return out

    def refusals(self) -> list[tuple[int, IllegalMove]]:
        """For each card of the learner's hand that cannot be played (or passed) now, the
        engine's refusal: ``(card, IllegalMove)``."""
        if not self.learner_to_act:
            return []
        state = self.state
        legal = set(state.legal_moves())
        out = []
        for card in cards.display_order(state.hands[self.seat]):
            move = state.touch(card)  # playing it, choosing it to pass
            if move is None or move in legal:
                continue
            try:
                state.copy().push(move)
            except IllegalMove as error:
                out.append((card, error))
        return out

    # --- the match object ----------------------------------------------------------------------

    def to_json(self, match_id: str, viewer: int | None = None) -> dict:
        """The match object of the practice spec. While the deal is in play it holds only what
        the learner (or ``viewer``: a seat, or ``WATCHER``) may see: no ``seed`` and no
        ``deal``, ``position.deal`` absent, the other hands as counts, hidden passes as
        ``pass:?``, ``legal`` only on the viewer's turn (a watcher: no hand, no ``legal``)."""
        over = self.state.is_over
        viewer = self.seat if viewer is None else viewer
        tokens = self.visible_tokens(viewer)
        position = self.position().to_json(self.game, None if over else viewer, tokens)
        if over:
            position["match"] = self.outcome
        out = {
            "id": match_id,
            "game": self.game,
            "variant": self.setup.variant,
            "rules": position["rules"],
            "seat": SEATS[self.seat],
            "level": self.setup.level,
            "computer_seats": [SEATS[s] for s in sorted(self.levels)],
            "deal_number": self.deal_number,
            "totals": position["totals"],
            "commitment": self.record.commitment,
            "history": [
                {"seat": SEATS[seat], "move": token}
                for seat, token in zip(self.actors, tokens, strict=True)
            ],
            "sheet": [dict(row) for row in self.sheet],
            "over": self.over,
            "winners": self.winners,
            "position": position,
        }
        if over:
            out["seed"] = self.record.seed
            out["deal"] = cards.format_deal(self.hands)
        return out


def points_json(points) -> dict:
    """A deal's points by seat, or by side (``NS``, ``EW``), as the positions API writes them."""
    keys = SEATS if len(points) == 4 else PARTNERSHIPS
    return dict(zip(keys, points, strict=True))
