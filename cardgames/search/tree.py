"""A paranoid alpha-beta over any :class:`~cardgames.contract.DealState` with every hand
open: the seat's side picks its best card, every other seat the card worst for it, so a
position has one value (Sturtevant's "paranoid" reduction of a multi-player game to two).

The search knows no game's rules or scoring: it moves through the engine's own ``legal_moves``,
``copy`` and ``push``, and scores a finished deal through an :class:`Objective` that reads the
engine's public result (``points()``; Sab'at Al-Deemin's ``winner_side``).

Exact where the ending is small enough: with at most ``EXACT_CARDS[family]`` cards left in the
hand of the seat to act, every continuation is searched (a transposition table keyed on the
hands, the cards each seat took and the trick in progress). Measured on this machine, compiled
penalty engine, one exact search of every card of the seat to act, 20 club-played endings each:

- the penalty family (Bent Al Sbeet, Leekha, Hearts): exact within 3 cards a hand (Hearts:
  median 0.015 s, worst 0.075 s); 4 cards take median 0.27 s, worst 1.2 s, too much for the
  seat's view, which searches one deal per sample; 5 cards run past 5 s;
- Sab'at Al-Deemin: exact from its first card (8 cards a hand: median 0.004 s, worst 0.013 s):
  the layout admits few cards a turn, so the open view is always 0 or 1.

Beyond that the search is bounded: it searches in paranoid form to the end of the trick in
progress (a whole trick when the seat leads: it sees who takes the trick it plays to) and judges
each position it stops there by the mean result of random playouts to the end of the deal
(``PLAYOUTS``; uniform legal cards, through the compiled engine's own ``playout``), a stated
evaluation, not a proof: such an answer says ``exact: false``.
"""

import random
import time
from dataclasses import dataclass

from ..errors import EngineError, IllegalMove
from ..table import across, side_of

INF = float("inf")
EXACT_CARDS = {"penalty": 3, "layout": 8}  # measured: see above
BOUNDED_PLIES = {"layout": 4}  # Sab'at past EXACT_CARDS (never, with 8 cards a hand)
PLAYOUTS = {"penalty": 4, "layout": 6}
KNOCK = 64  # Sab'at Al-Deemin's knock: a move as legal as a card
CHECK_EVERY = 255  # nodes between two looks at the clock


class Unavailable(IllegalMove):
    """``analysis_unavailable``: not the card play, or the seat asked about is not the one to
    act. An ``IllegalMove``, so the API answers it as it answers one: 422 with the code."""

    def __init__(self, **details):
        super().__init__("analysis_unavailable", **details)


class Busy(EngineError):
    """``analysis_busy``: the deadline passed before the answer was whole (the web layer
    answers 503 with ``Retry-After``; no half answer is ever returned)."""

    def __init__(self, **details):
        super().__init__("analysis_busy", **details)


@dataclass(frozen=True)
class Objective:
    """What a finished deal is worth to ``seat``, higher better (``utility``), who plays on its
    side (``ours``), and how a utility reads as the answer's value (``value``)."""

    seat: int
    family: str
    partners: bool  # the seat's partner plays for it (its side scores, or goes out, together)

    def ours(self, seat: int) -> bool:
        return seat == self.seat or (self.partners and side_of(seat) == side_of(self.seat))

    def utility(self, state) -> float:
        if self.family == "layout":
            return 1.0 if state.winner_side == side_of(self.seat) else 0.0
        points = state.points()
        own = points[self.seat]
        if self.partners:
            own += points[across(self.seat)]
        return -float(own)  # penalty points: fewer is better

    def value(self, utility: float) -> float:
        return utility if self.family == "layout" else -utility

    @property
    def bounds(self) -> tuple[float, float]:
        return (0.0, 1.0) if self.family == "layout" else (-INF, INF)


def objective(family: str, rules, seat: int) -> Objective:
    """The objective of ``seat`` under ``rules``: Sab'at is always played by sides; a penalty
    game by sides only where its variant plays partnerships."""
    if family == "layout":
        return Objective(seat, family, True)
    return Objective(seat, family, rules.knobs().get("partnership", "none") != "none")


def moves_of(state) -> list[int]:
    """The moves the search weighs: the cards (and Sab'at's knock); an exposure during play is a
    choice of its own that the search leaves to the player."""
    return [m for m in state.legal_moves() if m < 52 or m == KNOCK]


def cards_left(state) -> int:
    return state.hands[state.to_act].bit_count()


class Search:
    """One search: its objective, its transposition table and its clock."""

    def __init__(
        self, goal: Objective, deadline: float | None = None, seed: str = "", playouts=None
    ):
        self.goal = goal
        self.playouts = playouts or PLAYOUTS[goal.family]
        self.deadline = deadline
        self.table: dict = {}
        self.nodes = 0
        self.rng = random.Random(f"search:{seed}")
        self.fast = None  # whether the engine's own playout may be used (see ``playout``)

    # --- the clock ---

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes & CHECK_EVERY == 0 and self.deadline is not None:
            if time.monotonic() > self.deadline:
                raise Busy()

    # --- the root ---

    def values(self, state, exact: bool | None = None) -> tuple[dict[int, float], bool]:
        """The value (the objective's ``value``) of each move of the seat to act, and whether
        every continuation was searched. ``exact`` forces the choice (tests); by default the
        search is exact within ``EXACT_CARDS`` cards a hand."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise Busy()
        family = self.goal.family
        if exact is None:
            exact = cards_left(state) <= EXACT_CARDS[family]
        depth = 10**6 if exact else self.horizon(state)
        lo, hi = self.goal.bounds
        out = {}
        for move in moves_of(state):
            child = state.copy()
            child.push(move)
            out[move] = self.goal.value(self.alphabeta(child, lo, hi, depth - 1))
        return out, exact

    def horizon(self, state) -> int:
        """The bounded search's plies: to the end of the trick in progress (a whole trick when
        the seat leads), so it sees who takes the trick it plays to, and no further."""
        if self.goal.family == "layout":
            return BOUNDED_PLIES["layout"]
        return 4 - len(state.trick)

    # --- the tree ---

    def alphabeta(self, state, alpha: float, beta: float, depth: int) -> float:
        """The paranoid value of ``state`` (a utility), exact when it lies inside
        ``(alpha, beta)``, else a bound on the side it fell (fail-soft)."""
        self.tick()
        if state.to_act is None:
            return self.goal.utility(state)
        if depth <= 0:
            return self.estimate(state)
        key = self.key(state, depth)
        low, high = self.table.get(key, (-INF, INF))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        a, b = max(alpha, low), min(beta, high)
        best = self.best_of(state, a, b, depth)
        if best <= a:
            self.table[key] = (low, best)
        elif best >= b:
            self.table[key] = (best, high)
        else:
            self.table[key] = (best, best)
        return best

    def best_of(self, state, alpha: float, beta: float, depth: int) -> float:
        maximise = self.goal.ours(state.to_act)
        best = -INF if maximise else INF
        for move in moves_of(state):
            child = state.copy()
            child.push(move)
            v = self.alphabeta(child, alpha, beta, depth - 1)
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def key(self, state, depth: int) -> tuple:
        """What decides the rest of the deal: the hands, the seat to act, the cards each seat
        took (the penalty family: its score depends on them) and the trick in progress; the
        bounded search keeps its depth too (a shallower look is another question)."""
        hands = tuple(state.hands)
        if self.goal.family == "layout":
            return (hands, state.to_act, depth if depth < 10**5 else -1)
        return (
            hands,
            state.to_act,
            tuple(state.taken),
            tuple(state.trick),
            state.exposed,
            depth if depth < 10**5 else -1,
        )

    # --- beyond the horizon ---

    def estimate(self, state) -> float:
        """The stated evaluation past the horizon: the mean utility of random playouts."""
        total = 0.0
        n = self.playouts
        for _ in range(n):
            total += self.goal.utility(self.playout(state.copy()))
        return total / n

    def playout(self, state):
        if self.fast is None:
            # The compiled penalty engine's own loop, save where exposures run into play: it
            # would expose at random, and the search leaves exposures to the player.
            knobs = state.rules.knobs()
            self.fast = hasattr(state, "playout") and knobs.get("expose_when") != "until_played"
        if self.fast:
            return state.playout(self.rng.random)
        rng = self.rng
        while state.to_act is not None:
            legal = moves_of(state)
            state.push(legal[int(rng.random() * len(legal))])
        return state


def open_values(
    family: str, state, seat: int, *, deadline=None, seed: str = "", exact=None, playouts=None
) -> tuple[dict[int, float], bool]:
    """Each move's value for ``seat`` (to act in ``state``) with every hand open; ``playouts``
    at each position the bounded search stops at (``PLAYOUTS`` by default)."""
    search = Search(objective(family, state.rules, seat), deadline, seed, playouts)
    return search.values(state, exact)
