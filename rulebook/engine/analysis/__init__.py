"""The analysis of card play: what each legal card is worth, with best play, to the seat to act.

    from rulebook.engine import analysis
    answer = analysis.analyse("hearts", state)              # the seat to act, its own view
    answer = analysis.analyse("hearts", state, view="open") # every hand open
    answer.moves[0].move, answer.moves[0].cost              # the best card, cost 0

Values (``positions.md``, "Analysis"; ``search.Objective`` defines them once): Tarneeb, the
side's tricks at the deal's end; Tarneeb 41, the seat's own tricks (both higher is better);
Bent Al Sbeet, Leekha, Hearts, the penalty points the seat ends the deal with under the
variant's own scoring, its side's only where the variant adds partners' points together
(lower is better); Sab'at Al-Deemin, the chance, 0 to 1, that the seat's side goes out first.

One verdict per card: ``analyse`` is the one function every surface asks (the hint, the
review, the position page, the lesson editor, the API), and the same position and view give
the same answer every time. Its randomness is seeded from the position as the seat sees it
(``fingerprint``: never the clock, the request or a hidden card), and ``key`` names the answer
for the web layer's one cache.

``view="seat"`` reads ONLY what the seat may see (``bots.view_of``): ``SAMPLES`` deals
consistent with that view are drawn (``sampling``) and every legal card is valued in each of
them, the same deals for every card, so two cards are compared deal by deal:

- where a drawn deal is small enough (``EXACT_IN_DEALS`` cards a hand: Sab'at always, the
  penalty games' last three cards, Tarneeb 41's last three) it is searched to its end with
  every hand open (``search``, ``trick``: paranoid, exact); Tarneeb's from the fourth trick
  (``DOUBLE_DUMMY_CARDS``: DDS, exact and fast by then);
- elsewhere the card is played and the deal played out by the club player in every seat, each
  deciding from its own view of the drawn deal (``rollout.played_out``): an estimate of the
  play a learner meets, deterministic in each deal, so the only noise left is the deals drawn.

``cost`` is the verdict: a card is costly only when what it gives up against the best card is
clear of that noise, the lower end of its 99% interval (``Z`` standard errors of the mean of
its deal-by-deal differences with the best card) above 0, and is at least ``MATERIAL``, the
least a player counts (half a penalty point: it rounds to one; a quarter of a trick; five
points of the chance to go out). Every other card costs 0: "about as good as the best". Values
and costs are written as players count them (``PLACES``: whole points, tricks to a tenth,
the chance to a hundredth). ``make bench`` (``bench_verdict``) measures how often the best card
of one seed is judged costly by another.

``view="open"`` searches with every hand open: exact in the endings ``search`` solves, and
double dummy for Tarneeb (``trick``); beyond, each card is played out by the club player in
every seat on the real deal (one line a card, whole numbers; ``exact: false``).
Django-free: the web layer maps ``Unavailable`` to 422 and ``Busy`` to 503 through their
``code``.
"""

import hashlib
import math
import statistics
import time
from dataclasses import dataclass
from importlib import import_module

from .. import bots
from ..errors import BadInput
from ..games import game as described
from . import rollout, sampling, search
from .search import Busy, Unavailable

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
    "drawn",
    "fingerprint",
    "key",
    "moments",
    "table",
]

VIEWS = ("seat", "open")
# Deals drawn for the seat's view, by family: enough that the best card of one seed is judged
# costly by another in under 5% of positions (``bench_verdict``), and an answer within its 2 s
# budget.
SAMPLES = {"penalty": 48, "layout": 48, "trickbid": 48}
GAME_SAMPLES: dict[str, int] = {}
# Cards a hand at most where a drawn deal is searched to its end, every hand open (the rest are
# played out by the club player): the penalty family's exact endings (``search.EXACT_CARDS``),
# Sab'at's whole deal; the Tarneeb family below.
EXACT_IN_DEALS = {"penalty": search.EXACT_CARDS["penalty"], "layout": search.EXACT_CARDS["layout"]}
# Tarneeb's deals go to the double-dummy solver from this many cards a hand (the fourth trick):
# a few milliseconds a deal, where a full hand takes a fifth of a second (48 deals: 10 s).
DOUBLE_DUMMY_CARDS = 10
# Tarneeb 41's own tricks (no double-dummy solver counts one seat against three): small endings.
OWN_EXACT_IN_DEALS = 3
# A 99% interval: with a 95% one, two cards as good as each other were called a mistake one
# way or the other often enough that the best card of one seed was costly by another in 9% of
# Sab'at's positions (80 positions, 48 deals; 0 with 99%; Bent Al Sbeet 1 in 80).
Z = 2.58
MATERIAL = {"penalty": 0.5, "trickbid": 0.25, "layout": 0.05}
PLACES = {"penalty": 0, "trickbid": 1, "layout": 2}
HIGHER_IS_BETTER = {"penalty": False, "layout": True, "trickbid": True}


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


def _trick():
    """The Tarneeb family's double-dummy module, imported when first asked (endplay)."""
    return import_module(f"{__name__}.trick")


def _family(game: str) -> str:
    return described(game).family.name  # BadInput("unknown_game") for any other


def _check_phase(state, seat: int | None) -> int:
    """The seat to analyse: the one to act in card play (``Unavailable`` otherwise)."""
    if state.phase != "play" or state.to_act is None:
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
    facts = (v.game, v.rules, v.seat, v.phase, v.to_act, v.dealer, v.hand, v.ply, v.counts, v.table)
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
    family = _family(game)
    if view not in VIEWS:
        raise BadInput("bad_view", view=str(view))
    seat = _check_phase(state, seat)
    if view == "seat":
        return analyse_view(
            bots.view_of(game, state, seat), samples=samples, seed=seed, deadline=deadline
        )
    _check_clock(deadline)
    if family == "trickbid":
        found, exact = _trick().open_analysis(state, seat)
        goal = search.objective(family, state.rules, seat)
        per = {m: [goal.utility_of_value(float(v))] for m, v in found.items()}
        return _answer(family, seat, "open", exact, None, per)
    seen = bots.view_of(game, state, seat)
    per, exact = _valued(described(game), seen, state, deadline)
    return _answer(family, seat, "open", exact, None, per)


def analyse_view(seat_view, *, samples=None, seed: str = "", deadline=None) -> Analysis:
    """Each legal card of the view's seat valued from what it may see: deals drawn consistent
    with ``seat_view`` (never the real hidden hands), every card valued in each of them."""
    game = described(seat_view.game)
    family = game.family.name
    if seat_view.phase != "play" or seat_view.to_act != seat_view.seat:
        raise Unavailable(reason="not_card_play" if seat_view.phase != "play" else "not_to_act")
    _check_clock(deadline)
    deals, one_layout = drawn(seat_view, samples, seed)
    if not deals:
        raise Unavailable(reason="no_consistent_deal")
    if _double_dummy_deals(seat_view):
        per, exact = _double_dummy(seat_view.seat, deals, deadline), True
    else:
        per = {m: [] for m in _moves(seat_view)}
        exact = True
        tried = rollout.equals(seat_view, family, -1)
        for deal in deals:
            values, whole = _valued(game, seat_view, deal, deadline, tried)
            exact = exact and whole
            for move, utilities in values.items():
                per[move] += utilities
    return _answer(family, seat_view.seat, "seat", exact and one_layout, len(deals), per)


def drawn(seat_view, samples: int | None = None, seed: str = "") -> tuple[list, bool]:
    """The deals the seat's view is judged over (``SAMPLES``, seeded from the view itself and
    ``seed``), and whether the unseen cards admit one layout only (then that one deal)."""
    one_layout = sampling.unique(seat_view)
    family = described(seat_view.game).family.name
    count = 1 if one_layout else (samples or GAME_SAMPLES.get(seat_view.game, SAMPLES[family]))
    return sampling.deals(seat_view, count, f"{seed}:{fingerprint(seat_view)}"), one_layout


def _moves(seat_view) -> list[int]:
    """The moves the analysis weighs: the cards, and Sab'at's knock."""
    return [m for m in seat_view.legal if m < 52 or m == search.KNOCK]


def _double_dummy_deals(seat_view) -> bool:
    """Whether the drawn deals go to the double-dummy solver: Tarneeb's (its side's tricks,
    not Tarneeb 41's own), from ``DOUBLE_DUMMY_CARDS`` cards a hand."""
    return (
        described(seat_view.game).family.name == "trickbid"
        and seat_view.rules.knobs().get("scoring") != "each_bid"
        and seat_view.hand.bit_count() <= DOUBLE_DUMMY_CARDS
    )


def _valued(game, seat_view, deal, deadline, tried=None) -> tuple[dict[int, list[float]], bool]:
    """Each move's utility (``search.Objective``: higher better) in one deal, every hand open,
    and whether it is exact: searched to the end in a small ending, else played out by the
    club player in every seat (equal cards played out once for all)."""
    family = game.family.name
    seat = seat_view.seat
    _check_clock(deadline)
    goal = search.objective(family, deal.rules, seat)
    held = deal.hands[seat].bit_count()
    if family == "trickbid":
        if held <= OWN_EXACT_IN_DEALS:
            found, exact = _trick().own_analysis(deal, seat)
            return {m: [float(v)] for m, v in found.items()}, exact
    elif held <= EXACT_IN_DEALS[family]:
        values, exact = search.open_values(family, deal, seat, deadline=deadline, exact=True)
        return {m: [goal.utility_of_value(v)] for m, v in values.items()}, exact
    tried = tried or rollout.equals(seat_view, family, -1)
    out = {}
    for move in set(tried.values()):
        out[move] = goal.utility(rollout.played_out(seat_view, game, deal, move))
    return {m: [out[tried[m]]] for m in _moves(seat_view)}, False


def _double_dummy(seat: int, deals, deadline) -> dict[int, list[float]]:
    """Tarneeb: each card's tricks for the side in every drawn deal, DDS's (in batches)."""
    _check_clock(deadline)
    per: dict[int, list[float]] = {}
    for values in _trick().side_values_of_deals(deals):
        for move, tricks in values.items():
            per.setdefault(move, []).append(float(tricks))
    return per


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
    goal_sign = -1.0 if family == "penalty" else 1.0  # a utility -> the spec's value
    means = {m: statistics.fmean(u) for m, u in per.items()}
    best = max(means, key=lambda m: (means[m], -m))
    places = PLACES[family]
    moves = []
    for move, utilities in per.items():
        diffs = [b - u for b, u in zip(per[best], utilities, strict=True)]
        cost = statistics.fmean(diffs)
        margin = Z * statistics.pstdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        costly = cost >= MATERIAL[family] - 1e-9 and cost - margin > 1e-9
        moves.append(
            MoveValue(
                move,
                _round(goal_sign * means[move], places) + 0.0,
                _round(cost, places) if costly else 0.0,
                _round(margin, places + 1),
            )
        )
    # Best first: the cards about as good as the best (cost 0), then the costly ones.
    moves.sort(key=lambda mv: (mv.cost, -means[mv.move], mv.move))
    return Analysis(seat, view, exact, samples, tuple(moves))


# --- a whole deal -----------------------------------------------------------------------------


def card_plays(game: str, start_state, moves: list[int], seats=None):
    """Every card (or Sab'at's knock) played in a deal's card play by one of ``seats`` (every
    seat if None): ``(ply, seat, move, state before it, chosen)``, ``ply`` the move's index in
    ``moves``, ``chosen`` whether the seat had more than one to choose from (a forced card is
    no decision: nothing to judge)."""
    state = start_state.copy()
    for ply, move in enumerate(moves):
        seat = state.to_act
        if state.phase == "play" and (move < 52 or move == search.KNOCK):
            if seats is None or seat in seats:
                yield ply, seat, move, state.copy(), len(search.moves_of(state)) > 1
        state.push(move)


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


def table(game: str, state) -> dict | None:
    """The deal's double-dummy table from its start (the Tarneeb family); None otherwise."""
    if _family(game) != "trickbid":
        return None
    return _trick().table(state)
