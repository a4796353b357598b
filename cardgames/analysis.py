"""The analysis of card play: what each legal card is worth, with best play, to the seat to act.

    from cardgames import analysis
    answer = analysis.analyse("hearts", state)              # the seat to act, its own view
    answer = analysis.analyse("hearts", state, view="open") # every hand open
    answer.moves[0].move, answer.moves[0].cost              # the best card, cost 0

Values (``positions.md``, "Analysis"): Tarneeb, the side's tricks at the deal's end; Tarneeb 41,
the seat's own tricks (both higher is better, through ``trickbid.solver``: endplay's DDS);
Bent Al Sbeet, Leekha, Hearts, the penalty points the seat (its side, where the variant plays
partnerships) ends the deal with under the variant's own scoring (lower is better); Sab'at
Al-Deemin, the chance, 0 to 1, that the seat's side goes out first. ``cost`` is what a move
gives up against the best: 0 for every best move, never negative; ``moves`` is best first.

``view="open"`` searches with every hand open (the family's hooks: ``search.tree``'s paranoid
alpha-beta, exact within a measured ending size, or the trick-and-bid family's solver).
``view="seat"`` reads ONLY what the seat may see (``bots.view_of``): the state is put aside once
that view is built, deals consistent with it are drawn (``search.sampling``) and each is searched
open; the values are their mean. How many deals, and how deep, are the family's tuning; whether
higher is better, its record's. Django-free: the web layer maps ``Unavailable`` to 422 and ``Busy``
to 503 through their ``code``.
"""

import time
from dataclasses import dataclass

from . import bots
from .contract import Phase
from .errors import BadInput
from .games import game as described
from .search import sampling
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
    "table",
]

VIEWS = ("seat", "open")
_PLAY = Phase.PLAY


@dataclass(frozen=True)
class MoveValue:
    move: int
    value: float
    cost: float


@dataclass(frozen=True)
class Analysis:
    seat: int
    view: str
    exact: bool
    samples: int | None
    moves: tuple[MoveValue, ...]  # best first; every legal card of the seat


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


def analyse(
    game: str,
    state,
    seat: int | None = None,
    view: str = "seat",
    *,
    samples: int | None = None,
    seed: str = "",
    deadline: float | None = None,
    whole_deal: bool = False,
) -> Analysis:
    """Each legal card of ``seat`` (the seat to act) in ``state``, valued from ``view``.
    ``whole_deal``: one of a deal's many cards judged in one budget (``analyse_deal``)."""
    family = described(game).family  # BadInput("unknown_game") for any other
    if view not in VIEWS:
        raise BadInput("bad_view", view=str(view))
    seat = _check_phase(state, seat)
    if view == "seat":
        return analyse_view(
            bots.view_of(game, state, seat),
            samples=samples,
            seed=seed,
            deadline=deadline,
            whole_deal=whole_deal,
        )
    _check_clock(deadline)
    values, exact = family.analysis.open_values(
        state, seat, deadline=deadline, seed=seed, whole_deal=whole_deal
    )
    return _answer(family, seat, "open", exact, None, values)


def analyse_view(
    seat_view, *, samples=None, seed: str = "", deadline=None, whole_deal: bool = False
) -> Analysis:
    """Each legal card of the view's seat valued from what it may see: the mean over deals
    drawn consistent with ``seat_view`` (never the real hidden hands), each searched open."""
    family = seat_view.game.family
    hooks = family.analysis
    if seat_view.phase != _PLAY or seat_view.to_act != seat_view.seat:
        raise Unavailable(reason="not_card_play" if seat_view.phase != _PLAY else "not_to_act")
    _check_clock(deadline)
    known = sampling.knowledge(seat_view)
    one_layout = sampling.unique(seat_view, known)
    count = 1 if one_layout else (samples or hooks.samples(seat_view.rules))
    deals = sampling.deals(seat_view, count, seed)
    if not deals:
        raise Unavailable(reason="no_consistent_deal")
    totals: dict[int, float] = {}
    exact = one_layout
    for i, deal in enumerate(deals):
        _check_clock(deadline)
        # One playout a stopping point: the deals drawn average the playouts' noise out as well.
        values, whole = hooks.open_values(
            deal,
            seat_view.seat,
            deadline=deadline,
            seed=f"{seed}:{i}",
            whole_deal=whole_deal,
            playouts=1,
        )
        exact = exact and whole
        for move, v in values.items():
            totals[move] = totals.get(move, 0.0) + v
    values = {m: round(v / len(deals), 4) for m, v in totals.items()}
    return _answer(family, seat_view.seat, "seat", exact, len(deals), values)


def _check_clock(deadline) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise Busy()


def _answer(family, seat, view, exact, samples, values: dict) -> Analysis:
    """The moves best first, each with its cost against the best (0 for every best move)."""
    higher = family.higher_is_better
    best = max(values.values()) if higher else min(values.values())
    ranked = sorted(values.items(), key=lambda mv: (-mv[1] if higher else mv[1], mv[0]))
    moves = tuple(MoveValue(m, v, round(best - v if higher else v - best, 4)) for m, v in ranked)
    return Analysis(seat, view, exact, samples, moves)


def analyse_deal(
    game: str,
    start_state,
    moves: list[int],
    view: str = "seat",
    *,
    seats: set[int] | None = None,
    seed: str = "",
    deadline: float | None = None,
) -> list[PlyCost]:
    """Every card played in the deal's card play (or only those of ``seats``), judged at the
    moment it was played; ``ply`` is its index in ``moves``. The seat's view draws the family's
    ``deal_samples`` deals a card, so a whole deal fits one budget."""
    hooks = described(game).family.analysis
    state = start_state.copy()
    out = []
    for ply, move in enumerate(moves):
        seat = state.to_act
        judged = state.phase == _PLAY and hooks.weighs(move)
        if judged and (seats is None or seat in seats):
            answer = analyse(
                game,
                state,
                seat,
                view,
                samples=hooks.tuning.deal_samples,
                seed=f"{seed}:{ply}",
                deadline=deadline,
                whole_deal=True,
            )
            cost = next(mv.cost for mv in answer.moves if mv.move == move)
            best = tuple(mv.move for mv in answer.moves if mv.cost == 0)
            out.append(PlyCost(ply, seat, move, cost, best))
        state.push(move)
    return out


def table(game: str, state) -> dict | None:
    """The deal's double-dummy table from its start, where the game's family has one (the
    Tarneeb family); None otherwise."""
    return described(game).family.analysis.table(state)
