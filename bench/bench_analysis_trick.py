"""What the Tarneeb family's open-hands analysis costs (``analysis.trick``), against a baseline
timed in the same run.

Positions: seeded deals with a random auction, at the first lead (all thirteen cards), at
mid-deal (six tricks played and 0-3 cards on the seventh: seven cards a hand) and late (seven
tricks and 0-3 cards: six a hand, where Tarneeb 41 is searched to the end), ``DEALS`` of each,
for Tarneeb (DDS), Tarneeb 41 (the seat's own tricks: the bounded search, exact only in small
endings) and the deal's table of each. Each position is timed once for the analysis and once
for the baseline: playing the deal out from there with random legal cards (``copy``,
``legal_moves``, ``push``), the least any look-ahead pays. Printed: the median and worst
analysis time, the median and worst ratio to the baseline (target: the worst analysis within
the 2 s budget of an answer, ``BUDGET``), and for Tarneeb 41 how many answers were exact.

A deal's review (the spec's ``analysis/deal``): every card of a random deal judged as it was
played and the deal's table, ``DEALS // 5`` deals; Tarneeb 41 without the exact search's try
beyond six cards a hand (``try_exact=0``: with it, a review took 11 s); baseline: the same
deal's random playout.
"""

import random
import statistics
import time

from cardgames import shuffle
from cardgames.contract import Phase
from cardgames.games import GAMES as GAMES_BY_SLUG
from cardgames.trickbid import solver as trick
from cardgames.trickbid.deal import new_deal

DEALS = 50
BUDGET = 2.0  # seconds: an analysis answers within it or not at all (the spec's 503)
# The Tarneeb family's two games under their default rules.
GAMES = tuple(
    (game.slug, game.engine.PRESETS[game.engine.DEFAULT_PRESET])
    for game in GAMES_BY_SLUG.values()
    if game.family.bids  # the trick-and-bid family: its double-dummy solver
)


def _positions(rules, seed: str, cards_played: int | None) -> list:
    """``DEALS`` seeded deals at the first lead (``None``) or after ``cards_played`` plus a
    random 0-3 more."""
    rng = random.Random(seed)
    found = []
    while len(found) < DEALS:
        deal = new_deal(rules, shuffle.deal(f"{seed} {len(found)} {rng.random()}"), 0)
        while deal.phase not in (Phase.PLAY, Phase.OVER):
            deal.push(rng.choice(deal.legal_moves()))
        if deal.phase != Phase.PLAY:
            continue  # thrown in
        for _ in range(0 if cards_played is None else cards_played + rng.randrange(4)):
            deal.push(rng.choice(deal.legal_moves()))
        found.append(deal)
    return found


def _playout(deal, rng: random.Random) -> None:
    state = deal.copy()
    while state.to_act is not None:
        state.push(rng.choice(state.legal_moves()))


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _measure(what: str, positions, analyse) -> tuple[str, float, float]:
    rng = random.Random(what)
    times, ratios, exact = [], [], 0
    base_total = 0.0
    for deal in positions:
        box = []
        seconds = _timed(lambda deal=deal, box=box: box.append(analyse(deal)))
        base = _timed(lambda deal=deal: _playout(deal, rng))
        exact += bool(box[0])
        times.append(seconds)
        ratios.append(seconds / base)
        base_total += base
    print(
        f"bench_analysis_trick {what}: {len(times)} positions,"
        f" median {statistics.median(times):.4f}s worst {max(times):.4f}s"
        f" (budget {BUDGET}s{', over' if max(times) > BUDGET else ''});"
        f" ratio to a random playout median {statistics.median(ratios):.0f}, worst"
        f" {max(ratios):.0f}; exact {exact} of {len(times)}"
    )
    return what, sum(times), base_total


def _open(deal) -> bool:
    return trick.open_analysis(deal, deal.to_act)[1]


def _table(deal) -> bool:
    trick.table(deal)
    return trick.table_is_exact(deal)


def _review(deal) -> bool:
    """Every card of the deal from here judged, then the table: exact if every answer was."""
    rng = random.Random(len(deal.history))
    state, exact = deal.copy(), True
    while state.to_act is not None:
        exact &= trick.open_analysis(state, state.to_act, try_exact=0)[1]
        state.push(rng.choice(state.legal_moves()))
    trick.table(state)
    return exact


def run() -> list[tuple[str, float, float]]:
    rows = []
    for slug, rules in GAMES:
        first = _positions(rules, f"bench analysis {slug}", None)
        middle = _positions(rules, f"bench analysis mid {slug}", 24)
        late = _positions(rules, f"bench analysis late {slug}", 28)
        rows.append(_measure(f"{slug} open, first lead", first, _open))
        rows.append(_measure(f"{slug} open, mid-deal", middle, _open))
        rows.append(_measure(f"{slug} open, late", late, _open))
        rows.append(_measure(f"{slug} table", first, _table))
        rows.append(_measure(f"{slug} deal review", first[: max(1, DEALS // 5)], _review))
    return rows


if __name__ == "__main__":
    for what, seconds, base in run():
        print(f"{what:44} {seconds:8.4f}s  baseline {base:8.4f}s  ratio {seconds / base:6.1f}")
