"""Analyses as the site serves them: the engine's (``cardgames.analysis``) under a time
budget, one at a time per core, cached per position, written as the positions spec's JSON.

Every page and API that judges a card comes here (the analysis API, the position page, the
practice table's hint and review), so the budget, the slots and the cache hold everywhere:

- the budget (``ANALYSIS_SECONDS``, 2 s): the search is given a deadline and raises
  ``analysis.Busy`` past it, so a worker is never held longer and no half answer is sent;
- the slots: at most one analysis per core at once, across workers and machines
  (``plumbing.limits.take_slot``); all taken, the answer is ``Busy`` at once;
- the cache ("countless"): one moment's answer is kept under the engine's name of the position
  as the analysis reads it (``analysis.key``: the seat's view, or the hands too for the open
  view), so the same moment asked from the hint, the review, the position page, the lesson
  editor or the API is searched once and answered alike; a whole deal is its moments'
  answers, each kept on its own (``judge_moments``).

A ``view="seat"`` answer is searched from what the seat may see, seeded from that view alone:
it never depends on a hidden card, so neither does its cache entry's content.
"""

import hashlib
import math
import multiprocessing
import os
import time
from contextlib import contextmanager
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import caches

from cardgames import analysis
from cardgames.table import SEATS, parse_seat
from plumbing import limits

VIEWS = ("seat", "open")
CACHE_SECONDS = 24 * 3600  # an answer never changes: kept while the cache has room


def budget() -> float:
    """The seconds an analysis may take (``settings.ANALYSIS_SECONDS``, 2 by default)."""
    return float(getattr(settings, "ANALYSIS_SECONDS", 2.0))


def samples() -> int | None:
    """The deals the seat's view is judged over: the analysis's own count (None), unless the
    settings say otherwise (``ANALYSIS_SAMPLES``: the test suite's few, for speed)."""
    return getattr(settings, "ANALYSIS_SAMPLES", None)


def slots() -> int:
    """How many analyses may run at once across the site: one per core by default."""
    return int(getattr(settings, "ANALYSIS_SLOTS", 0) or os.cpu_count() or 1)


def retry_after() -> int:
    """Seconds a refused client waits: a slot frees within one budget."""
    return max(1, math.ceil(budget()))


def read_view(text) -> str:
    """``view``: ``seat`` (the default) or ``open``; ``BadInput`` ``bad_view`` else."""
    from cardgames.errors import BadInput

    view = (text or "seat").strip().lower()
    if view not in VIEWS:
        raise BadInput("bad_view", view=str(text))
    return view


def read_seat(text) -> int | None:
    return None if not text else parse_seat(text)


def slot_seconds() -> int:
    """How long a slot is held at most: the budget and a second, so a worker killed holding
    one frees it soon."""
    return math.ceil(budget()) + 1


@contextmanager
def _slot():
    """Hold one of the site's analysis slots for the budget, or raise ``Busy``."""
    held = limits.take_slot("analysis", slots(), slot_seconds())
    if held is None:
        raise analysis.Busy()
    try:
        yield
    finally:
        limits.give_back(held)


def _deadline() -> float:
    return time.monotonic() + budget()


GRACE = 0.25  # seconds a search may take past its own deadline before it is stopped


def bounded(call):
    """``call()`` run in a forked child, stopped at the budget. The search checks its deadline
    itself (``analysis.Busy``), but Python cannot interrupt a search between its checks (a
    whole Tarneeb 41 deal searched by hand ran for minutes): the child is killed at the budget
    and the grace, so a worker is never held longer. ``Busy`` then; an engine refusal comes
    back as itself."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_in_child, args=(send, call), daemon=True)
    child.start()
    send.close()
    try:
        if not receive.poll(budget() + GRACE):
            raise analysis.Busy()
        kind, payload = receive.recv()
    except EOFError:  # the child died without a word
        raise analysis.Busy() from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()
    if kind == "ok":
        return payload
    if kind == "unavailable":
        raise analysis.Unavailable(**payload)
    if kind == "busy":
        raise analysis.Busy()
    raise RuntimeError(payload)


def _in_child(send, call) -> None:
    try:
        try:
            send.send(("ok", call()))
        except analysis.Busy:
            send.send(("busy", None))
        except analysis.Unavailable as e:
            send.send(("unavailable", dict(e.details)))
        except BaseException as e:  # noqa: BLE001 - said to the parent, which raises it
            send.send(("error", repr(e)))
    finally:
        os._exit(0)  # nothing of the parent's (its database connection, its exit hooks) runs


def _key(kind: str, game: str, query: dict, seat, view: str) -> str:
    canonical = urlencode(sorted(query.items()))
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    return f"analysis:{kind}:{game}:{digest}:{seat}:{view}"


def moment_key(game: str, state, seat: int | None, view: str) -> str:
    """The cache's name for one moment's answer: the engine's name of the position as the
    analysis reads it (``analysis.key``), so the hint, the review, the position page and the
    lesson editor share one entry whatever address each was opened from."""
    return f"analysis:moment:{game}:{analysis.key(game, state, seat, view)}"


def cached(key: str, compute):
    """The countless cache's entry ``key``, made by ``compute()`` when missing."""
    cache = caches["countless"]
    found = cache.get(key)
    if found is None:
        found = compute()
        cache.set(key, found, CACHE_SECONDS)
    return found


def number(x: float):
    """A value as JSON writes it: a whole number as such (9, not 9.0), else to 3 places."""
    rounded = round(float(x), 3)
    return int(rounded) if rounded == int(rounded) else rounded


# --- one moment of card play ----------------------------------------------------------------


def judge(game: str, position, seat: int | None = None, view: str = "seat") -> dict:
    """The positions spec's analysis answer for ``position`` (the seat to act, or ``seat``):
    cached, else searched under the budget. Raises ``analysis.Unavailable`` (not a moment of
    card play) or ``analysis.Busy`` (past the budget, or no slot free)."""
    state = position.state
    key = moment_key(game, state, seat, view)

    def compute():
        with _slot():
            deadline = _deadline()
            found = bounded(
                lambda: analysis.analyse(
                    game, state.copy(), seat, view, samples=samples(), deadline=deadline
                )
            )
        return answer_json(position.module, found)

    return cached(key, compute)


def answer_json(module, found) -> dict:
    """An ``analysis.Analysis`` as the spec writes it: moves as the game's tokens, each with
    the half width of its cost's 99% interval (``margin``, 0 where nothing was sampled)."""
    return {
        "seat": SEATS[found.seat],
        "view": found.view,
        "exact": bool(found.exact),
        "samples": found.samples,
        "moves": [
            {
                "move": module.format_move(m.move),
                "cost": number(m.cost),
                "value": number(m.value),
                "margin": number(m.margin),
            }
            for m in found.moves
        ],
    }


# --- many moments: a whole deal -----------------------------------------------------------------


def judge_moments(game: str, module, moments, view: str) -> dict[int, dict]:
    """The answers of several moments (``(ply, seat, move, state)``, ``analysis.moments``),
    by ply: the cached ones, and as many others as one budget searches, one after the other
    (each cached as it comes, under its moment's own name: a review and a hint share it). A
    moment missing from the result is for a later request. Raises ``Busy`` only when no slot
    is free."""
    cache = caches["countless"]
    found: dict[int, dict] = {}
    todo = []
    for ply, seat, _move, state in moments:
        key = moment_key(game, state, seat, view)
        answer = cache.get(key)
        if answer is None:
            todo.append((ply, seat, state, key))
        else:
            found[ply] = answer
    if not todo:
        return found
    with _slot():
        deadline = _deadline()
        calls = [
            (
                lambda st=state, s=seat: analysis.analyse(
                    game, st, s, view, samples=samples(), deadline=deadline
                )
            )
            for _ply, seat, state, _key in todo
        ]
        for i, result in bounded_each(calls).items():
            ply, _seat, _state, key = todo[i]
            answer = answer_json(module, result)
            cache.set(key, answer, CACHE_SECONDS)
            found[ply] = answer
    return found


def bounded_each(calls) -> dict[int, object]:
    """``call()`` of each of ``calls`` in turn in one forked child, stopped at the budget as
    ``bounded`` stops one: ``{index: result}`` of those finished in time (none may be). An
    engine refusal of one of them is raised."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_each_in_child, args=(send, calls), daemon=True)
    child.start()
    send.close()
    out: dict[int, object] = {}
    stop = time.monotonic() + budget() + GRACE
    try:
        while len(out) < len(calls):
            left = stop - time.monotonic()
            if left <= 0 or not receive.poll(left):
                break
            try:
                kind, i, payload = receive.recv()
            except EOFError:
                break
            if kind == "ok":
                out[i] = payload
            elif kind == "unavailable":
                raise analysis.Unavailable(**payload)
            elif kind == "error":
                raise RuntimeError(payload)
            else:  # busy: the budget is spent
                break
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()
    return out


def _each_in_child(send, calls) -> None:
    try:
        for i, call in enumerate(calls):
            try:
                send.send(("ok", i, call()))
            except analysis.Busy:
                send.send(("busy", i, None))
                return
            except analysis.Unavailable as e:
                send.send(("unavailable", i, dict(e.details)))
                return
            except BaseException as e:  # noqa: BLE001 - said to the parent, which raises it
                send.send(("error", i, repr(e)))
                return
    finally:
        os._exit(0)


def judge_deal(
    game: str, position, view: str = "seat", seats: tuple[int, ...] | None = None
) -> dict:
    """Every card played in a finished deal judged from its player's view at that moment (or
    every hand open), the cards of ``seats`` only if given: each card chosen among others as
    ``judge`` judges that moment alone, a forced card at no cost; with the deal's double-dummy
    table for the games that have one. Whole or not at all: what one budget leaves unjudged
    raises ``Busy`` (what it judged is kept, so the next request goes on from there)."""
    plays = list(
        analysis.card_plays(
            game, position.start_state(), list(position.moves), set(seats) if seats else None
        )
    )
    chosen = [(ply, seat, move, state) for ply, seat, move, state, choice in plays if choice]
    answers = judge_moments(game, position.module, chosen, view)
    if len(answers) < len(chosen):
        raise analysis.Busy()
    fmt = position.module.format_move
    plies = [
        _ply_cost(fmt, answers[ply], ply, move)
        if choice
        else {"ply": ply, "seat": SEATS[seat], "move": fmt(move), "cost": 0, "best": [fmt(move)]}
        for ply, seat, move, _state, choice in plays
    ]
    return deal_json(view, plies, judge_deal_table(game, position))


def _ply_cost(fmt, answer: dict, ply: int, move: int) -> dict:
    token = fmt(move)
    cost = next(m["cost"] for m in answer["moves"] if m["move"] == token)
    return {
        "ply": ply,
        "seat": answer["seat"],
        "move": token,
        "cost": cost,
        "best": [m["move"] for m in answer["moves"] if m["cost"] == 0],
    }


def deal_json(view: str, plies: list[dict], table) -> dict:
    out = {"view": view, "moves": plies}
    if table is not None:
        out["table"] = {"double_dummy": True, "tricks": table}
    return out


def judge_deal_table(game: str, position) -> dict | None:
    """The deal's double-dummy table from its start (the Tarneeb family), cached; None for
    the other games (their families have no table: nothing is searched for them)."""
    if not analysis.has_table(game):
        return None
    key = _key("deal-table", game, position.query(), "", "open")

    def compute():
        start = position.start_state()
        with _slot():
            return {"tricks": bounded(lambda: analysis.table(game, start))}

    return cached(key, compute)["tricks"]


def judge_table(game: str, position) -> dict | None:
    """The tricks each side (Tarneeb) or seat (Tarneeb 41) could take from this position with
    every hand open, in each trump the variant allows; None for the other games. Cached, under
    the budget."""
    key = _key("table", game, position.query(), "", "open")

    def compute():
        with _slot():
            state = position.state.copy()
            return {"tricks": bounded(lambda: analysis.table(game, state))}

    return cached(key, compute)["tricks"]
