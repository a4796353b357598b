"""The analysis of card play: what each legal card is worth, with best play, to the seat to act.

    from cardgames import analysis
    answer = analysis.analyse("hearts", state)              # the seat to act, its own view
    answer = analysis.analyse("hearts", state, view="open") # every hand open
    answer.moves[0].move, answer.moves[0].cost              # the best card, cost 0

Values (``positions.md``, "Analysis"; each family's objective, its hooks' ``objective``, defines
them once): Tarneeb, the side's tricks at the deal's end; Tarneeb 41, the seat's own tricks
(both higher is better); Bent Al Sbeet, Leekha, Hearts, the penalty points the seat ends the
deal with under the variant's own scoring, its side's only where the variant adds partners'
points together (lower is better); Sab'at Al-Deemin, the chance, 0 to 1, that the seat's side
goes out first.

One verdict per card: ``analyse`` is the one function every surface asks (the hint, the
review, the position page, the lesson editor, the API), and the same position and view give
the same answer every time. Its randomness is seeded from the position as the seat sees it
(``fingerprint``: never the clock, the request or a hidden card), and ``key`` names the answer
for the web layer's one cache.

``view="seat"`` reads ONLY what the seat may see (``bots.view_of``): the family's
``tuning.samples`` deals consistent with that view are drawn (``search.sampling``) and every
legal card is valued in each of them, the same deals for every card, so two cards are compared
deal by deal:

- where a drawn deal is small enough (the family's ``ending``: the penalty games' last three
  cards a hand, Sab'at always, Tarneeb 41's last three) it is searched to its end with every
  hand open (``search.tree``, ``trickbid.solver``: paranoid, exact); Tarneeb's from the fourth
  trick all at once (the family's ``deals_values``: DDS, exact and fast by then);
- elsewhere the card is played and the deal played out by the club player in every seat, each
  deciding from its own view of the drawn deal (``search.rollout.played_out``): an estimate of
  the play a learner meets, deterministic in each deal, so the only noise left is the deals
  drawn.

``cost`` is the verdict: a card is costly only when what it gives up against the best card is
clear of that noise, the lower end of its 99% interval (``Z`` standard errors of the mean of
its deal-by-deal differences with the best card) above 0, and is at least the family's
``tuning.material``, the least a player counts (half a penalty point: it rounds to one; a
quarter of a trick; five points of the chance to go out). Every other card costs 0: "about as
good as the best". Values and costs are written as players count them (``tuning.places``:
whole points, tricks to a tenth, the chance to a hundredth). ``make bench`` (``bench_verdict``)
measures how often the best card of one seed is judged costly by another.

``view="open"`` searches with every hand open: by the family's own solver where it has one
(``open_solved``: double dummy for Tarneeb), exact in the endings the search solves; beyond,
each card is played out by the club player in every seat on the real deal (one line a card,
whole numbers; ``exact: false``). ``lines`` tells what a card leads to (``search.lines``).
Django-free: the web layer maps ``Unavailable`` to 422 and ``Busy`` to 503 through their
``code``.
"""

import hashlib
import math
import statistics
import time
from dataclasses import dataclass

from . import bots
from .contract import Phase
from .errors import BadInput
from .games import game as described
from .search import lines as trick_lines
from .search import rollout, sampling
from .search.tree import Busy, Unavailable

__all__ = [
    "Analysis",
    "Busy",
    "MoveValue",
    "PlyCost",
    "Unavailable",
    "analyse",
    "analyse_deal",
    "analyse_view",
    "card_plays",
    "choices",
    "cost_of",
    "drawn",
    "fingerprint",
    "has_table",
    "key",
    "lines",
    "moments",
    "table",
]

VIEWS = ("seat", "open")
_PLAY = Phase.PLAY
# A 99% interval: with a 95% one, two cards as good as each other were called a mistake one
# way or the other often enough that the best card of one seed was costly by another in 9% of
# Sab'at's positions (80 positions, 48 deals; 0 with 99%; Bent Al Sbeet 1 in 80).
Z = 2.58


@dataclass(frozen=True)
class MoveValue:
    move: int
    value: float
    cost: float  # 0 unless the card is clearly worse than the best (the verdict)
    margin: float = 0.0  # half the 99% interval of its difference with the best (0: no sampling)

    @property
    def costly(self) -> bool:
        return self.cost > 0


@dataclass(frozen=True)
class Analysis:
    seat: int
    view: str
    exact: bool
    samples: int | None
    moves: tuple[MoveValue, ...]  # every legal card of the seat: the best, then by cost


@dataclass(frozen=True)
class PlyCost:
    ply: int
    seat: int
    move: int
    cost: float
    best: tuple[int, ...]


def _check_phase(state, seat: int | None) -> int:
    """The seat to analyse: the one to act in card play (``Unavailable`` otherwise)."""
    if state.phase != _PLAY or state.to_act is None:
        raise Unavailable(reason="not_card_play", phase=str(state.phase))
    if seat is None:
        return state.to_act
    if seat != state.to_act:
        raise Unavailable(reason="not_to_act", seat=seat, to_act=state.to_act)
    return seat


# --- the position's own seed and name ---------------------------------------------------------


def fingerprint(seat_view, hands=None) -> str:
    """The position as the analysis reads it, as a digest: the seat's view (its hand, the
    public record, the rules) and, for the open view, the hands. It seeds the draws, so equal
    positions answer alike wherever they are asked from, and it reads no hidden card for the
    seat's view. The deal's number and the match's totals are left out: no card's value in
    the deal depends on them."""
    v = seat_view
    game = v.game.slug
    facts = (game, v.rules, v.seat, v.phase, v.to_act, v.dealer, v.hand, v.ply, v.counts, v.table)
    if hands is not None:
        facts += (tuple(hands),)
    return hashlib.sha256(repr(facts).encode()).hexdigest()[:32]


def key(game: str, state, seat: int | None = None, view: str = "seat") -> str:
    """The name of ``analyse(game, state, seat, view)``'s answer, for a cache: equal for
    equal positions and views, whatever page asks."""
    seat = _check_phase(state, seat)
    if view not in VIEWS:
        raise BadInput("bad_view", view=str(view))
    seen = bots.view_of(game, state, seat)
    return f"{view}:{fingerprint(seen, state.hands if view == 'open' else None)}"


# --- one moment -----------------------------------------------------------------------------


def analyse(
    game: str,
    state,
    seat: int | None = None,
    view: str = "seat",
    *,
    samples: int | None = None,
    seed: str = "",
    deadline: float | None = None,
) -> Analysis:
    """Each legal card of ``seat`` (the seat to act) in ``state``, valued from ``view``.
    ``seed`` is added to the position's own (a benchmark's second seed); ``samples`` changes
    the deals drawn (tests, benchmarks): the site never passes either."""
    family = described(game).family  # BadInput("unknown_game") for any other
    if view not in VIEWS:
        raise BadInput("bad_view", view=str(view))
    seat = _check_phase(state, seat)
    if view == "seat":
        return analyse_view(
            bots.view_of(game, state, seat), samples=samples, seed=seed, deadline=deadline
        )
    _check_clock(deadline)
    found, state = described(game).family.playing(described(game), state)  # a contract's own
    family = found.family
    hooks = family.analysis
    goal = hooks.objective(state.rules, seat)
    solved = hooks.open_solved(state, seat)
    if solved is not None:
        found, exact = solved
        per = {m: [goal.utility_of_value(v)] for m, v in found.items()}
        return _answer(family, seat, "open", exact, None, per)
    seen = bots.view_of(game, state, seat)
    per, exact = _valued(seen, state, deadline)
    return _answer(family, seat, "open", exact, None, per)


def analyse_view(seat_view, *, samples=None, seed: str = "", deadline=None) -> Analysis:
    """Each legal card of the view's seat valued from what it may see: deals drawn consistent
    with ``seat_view`` (never the real hidden hands), every card valued in each of them."""
    family = seat_view.game.family
    if seat_view.phase != _PLAY or seat_view.to_act != seat_view.seat:
        raise Unavailable(reason="not_card_play" if seat_view.phase != _PLAY else "not_to_act")
    _check_clock(deadline)
    deals, one_layout = drawn(seat_view, samples, seed)
    if not deals:
        raise Unavailable(reason="no_consistent_deal")
    _check_clock(deadline)
    per = family.analysis.deals_values(seat_view, deals)
    exact = True
    if per is None:
        per = {m: [] for m in _moves(seat_view)}
        tried = rollout.equals(seat_view, -1)
        for deal in deals:
            values, whole = _valued(seat_view, deal, deadline, tried)
            exact = exact and whole
            for move, utilities in values.items():
                per[move] += utilities
    return _answer(family, seat_view.seat, "seat", exact and one_layout, len(deals), per)


def drawn(seat_view, samples: int | None = None, seed: str = "") -> tuple[list, bool]:
    """The deals the seat's view is judged over (the family's ``samples``, seeded from the view
    itself and ``seed``), and whether the unseen cards admit one layout only (then that one
    deal)."""
    one_layout = sampling.unique(seat_view)
    hooks = seat_view.game.family.analysis
    count = 1 if one_layout else (samples or hooks.samples(seat_view.rules))
    return sampling.deals(seat_view, count, f"{seed}:{fingerprint(seat_view)}"), one_layout


def _moves(seat_view) -> list[int]:
    """The moves the analysis weighs: the cards (and a knock: the family's ``weighs``)."""
    weighs = seat_view.game.family.analysis.weighs
    return [m for m in seat_view.legal if weighs(m)]


def _valued(seat_view, deal, deadline, tried=None) -> tuple[dict[int, list[float]], bool]:
    """Each move's utility (the family's objective: higher better) in one deal, every hand
    open, and whether it is exact: searched to the end in a small ending, else played out by
    the club player in every seat (equal cards played out once for all)."""
    hooks = seat_view.game.family.analysis
    seat = seat_view.seat
    _check_clock(deadline)
    ending = hooks.ending(deal, seat, deadline)
    if ending is not None:
        values, exact = ending
        return {m: [v] for m, v in values.items()}, exact
    goal = hooks.objective(deal.rules, seat)
    tried = tried or rollout.equals(seat_view, -1)
    out = {}
    for move in set(tried.values()):
        out[move] = goal.utility(rollout.played_out(seat_view, deal, move))
    return {m: [out[tried[m]]] for m in _moves(seat_view)}, False


def _check_clock(deadline) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise Busy()


def _round(x: float, places: int) -> float:
    """Half up (a cost of half a point is a point), never Python's half to even."""
    scale = 10**places
    return math.floor(x * scale + 0.5) / scale


def _answer(family, seat, view, exact, samples, per: dict[int, list[float]]) -> Analysis:
    """The verdict: each move's mean value (as the spec writes it), its cost against the best
    one, 0 unless clear of the deals' noise and material, best first."""
    sign = 1.0 if family.higher_is_better else -1.0  # a utility -> the spec's value
    tuning = family.analysis.tuning
    means = {m: statistics.fmean(u) for m, u in per.items()}
    best = max(means, key=lambda m: (means[m], -m))
    places = tuning.places
    moves = []
    for move, utilities in per.items():
        diffs = [b - u for b, u in zip(per[best], utilities, strict=True)]
        cost = statistics.fmean(diffs)
        margin = Z * statistics.pstdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        costly = cost >= tuning.material - 1e-9 and cost - margin > 1e-9
        moves.append(
            MoveValue(
                move,
                _round(sign * means[move], places) + 0.0,
                _round(cost, places) if costly else 0.0,
                _round(margin, places + 1),
            )
        )
    # Best first: the cards about as good as the best (cost 0), then the costly ones.
    moves.sort(key=lambda mv: (mv.cost, -means[mv.move], mv.move))
    return Analysis(seat, view, exact, samples, tuple(moves))


# --- what a card leads to -------------------------------------------------------------------


def lines(game: str, state, moves, view: str = "seat", samples=None) -> dict:
    """Each of ``moves`` (legal cards of the seat to act in ``state``) played in the deals
    ``analyse`` judges that moment over in ``view`` (``samples``: as ``analyse`` was given; the
    open view: the real deal) and the trick finished by the club player: a ``search.lines.Line``
    each, by move."""
    seen = bots.view_of(game, state, state.to_act)
    state = described(game).family.playing(described(game), state)[1]  # a contract's own
    deals = [state] if view == "open" else drawn(seen, samples)[0]
    return trick_lines.compare(seen, deals, moves)


def choices(game: str, state) -> list[int]:
    """The moves of the seat to act that the analysis weighs (the cards, and a knock): more
    than one, and the seat has a choice to judge."""
    weighs = _weighs(game, state)
    return [m for m in state.legal_moves() if weighs(m)]


# --- a whole deal -----------------------------------------------------------------------------


def card_plays(game: str, start_state, moves: list[int], seats=None):
    """Every card (or a knock) played in a deal's card play by one of ``seats`` (every seat if
    None): ``(ply, seat, move, state before it, chosen)``, ``ply`` the move's index in
    ``moves``, ``chosen`` whether the seat had more than one to choose from (a forced card is
    no decision: nothing to judge)."""
    state = start_state.copy()
    for ply, move in enumerate(moves):
        seat = state.to_act
        weighs = _weighs(game, state) if state.phase == _PLAY else None
        if weighs is not None and weighs(move):
            if seats is None or seat in seats:
                chosen = sum(1 for m in state.legal_moves() if weighs(m)) > 1
                yield ply, seat, move, state.copy(), chosen
        state.push(move)


def _weighs(game: str, state):
    """What the analysis weighs in ``state``'s card play (its family's ``weighs``)."""
    found = described(game)
    return found.family.playing(found, state)[0].family.analysis.weighs


def moments(game: str, start_state, moves: list[int], seats=None):
    """The moments of a deal's card play at which one of ``seats`` chose a card among more
    than one: ``(ply, seat, move, state before it)`` (``card_plays``' decisions)."""
    for ply, seat, move, state, chosen in card_plays(game, start_state, moves, seats):
        if chosen:
            yield ply, seat, move, state


def analyse_deal(
    game: str,
    start_state,
    moves: list[int],
    view: str = "seat",
    *,
    seats: set[int] | None = None,
    samples: int | None = None,
    seed: str = "",
    deadline: float | None = None,
) -> list[PlyCost]:
    """Every card played in the deal's card play (or only those of ``seats``), judged at the
    moment it was played by ``analyse``, as it is judged alone (a forced card costs nothing);
    ``ply`` is its index in ``moves``."""
    out = []
    for ply, seat, move, state, chosen in card_plays(game, start_state, moves, seats):
        if not chosen:
            out.append(PlyCost(ply, seat, move, 0.0, (move,)))
            continue
        answer = analyse(game, state, seat, view, samples=samples, seed=seed, deadline=deadline)
        out.append(cost_of(answer, ply, move))
    return out


def cost_of(answer: Analysis, ply: int, move: int) -> PlyCost:
    """The card ``move`` played at ``ply`` as ``answer`` judges it: its cost and the best."""
    cost = next(mv.cost for mv in answer.moves if mv.move == move)
    best = tuple(mv.move for mv in answer.moves if mv.cost == 0)
    return PlyCost(ply, answer.seat, move, cost, best)


def has_table(game: str) -> bool:
    """Whether ``table`` answers for ``game`` (its family has a double-dummy table)."""
    return described(game).family.analysis.has_table()


def table(game: str, state) -> dict | None:
    """The deal's double-dummy table from its start, where the game's family has one (the
    Tarneeb family); None otherwise."""
    return described(game).family.analysis.table(state)
