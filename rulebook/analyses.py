"""Analyses as the site serves them: the engine's (``cardgames.search``) under a time
budget, one at a time per core, cached per position, written as the positions spec's JSON.

Every page and API that judges a card comes here (the analysis API, the position page, the
practice table's hint and review), so the budget, the slots and the cache hold everywhere:

- the budget (``ANALYSIS_SECONDS``, 2 s): the search is given a deadline and raises
  ``analysis.Busy`` past it, so a worker is never held longer and no half answer is sent;
- the slots: at most one analysis per core at once, across workers and machines
  (``plumbing.limits.take_slot``); all taken, the answer is ``Busy`` at once;
- the cache ("countless", keyed by the game, the position's canonical query, the seat and the
  view): an answer is the same for everyone who asks it, so it is searched once.

A ``view="seat"`` answer is searched from what the seat may see, with one seed for every
position: it never depends on a hidden card, so neither does its cache entry's content.
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
SEED = "diwaniya-analysis"  # one seed for every sampled view, so equal views answer alike


def budget() -> float:
    """The seconds an analysis may take (``settings.ANALYSIS_SECONDS``, 2 by default)."""
    return float(getattr(settings, "ANALYSIS_SECONDS", 2.0))


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


def _cached(key: str, compute):
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
    asked = seat if seat is not None else state.to_act
    key = _key("move", game, position.query(), asked, view)

    def compute():
        with _slot():
            deadline = _deadline()
            found = bounded(
                lambda: analysis.analyse(
                    game, state.copy(), seat, view, seed=SEED, deadline=deadline
                )
            )
        return answer_json(position.module, found)

    return _cached(key, compute)


def answer_json(module, found) -> dict:
    """An ``analysis.Analysis`` as the spec writes it: moves as the game's tokens."""
    return {
        "seat": SEATS[found.seat],
        "view": found.view,
        "exact": bool(found.exact),
        "samples": found.samples,
        "moves": [
            {"move": module.format_move(m.move), "cost": number(m.cost), "value": number(m.value)}
            for m in found.moves
        ],
    }


# --- a whole deal -----------------------------------------------------------------------------


def judge_deal(
    game: str, position, view: str = "seat", seats: tuple[int, ...] | None = None
) -> dict:
    """Every card of a finished deal judged from its player's view at that moment (or every
    hand open), the cards of ``seats`` only if given; with the deal's double-dummy table for
    the games that have one. Cached; raises ``Busy`` past the budget."""
    key = _key("deal", game, position.query(), "".join(SEATS[s] for s in seats or ()), view)

    def compute():
        start = position.start_state()
        with _slot():
            deadline = _deadline()
            plies, table = bounded(
                lambda: (
                    analysis.analyse_deal(
                        game,
                        start,
                        list(position.moves),
                        view,
                        seats=seats,
                        seed=SEED,
                        deadline=deadline,
                    ),
                    analysis.table(game, start),
                )
            )
        return deal_json(position.module, view, plies, table)

    return _cached(key, compute)


def deal_json(module, view: str, plies, table) -> dict:
    out = {
        "view": view,
        "moves": [
            {
                "ply": p.ply,
                "seat": SEATS[p.seat],
                "move": module.format_move(p.move),
                "cost": number(p.cost),
                "best": [module.format_move(m) for m in p.best],
            }
            for p in plies
        ],
    }
    if table is not None:
        out["table"] = {"double_dummy": True, "tricks": table}
    return out


def judge_table(game: str, position) -> dict | None:
    """The tricks each side (Tarneeb) or seat (Tarneeb 41) could take from this position with
    every hand open, in each trump the variant allows; None for the other games. Cached, under
    the budget."""
    key = _key("table", game, position.query(), "", "open")

    def compute():
        with _slot():
            state = position.state.copy()
            return {"tricks": bounded(lambda: analysis.table(game, state))}

    return _cached(key, compute)["tricks"]
