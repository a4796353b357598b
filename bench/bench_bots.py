"""The computer players of the six games: how much better ``club`` plays than ``beginner``, and
what a club move costs.

Strength: 1,000 seeded deals per game under its default rules. Where every player is alone
(Bent Al Sbeet, Hearts) one club player sits with three beginners, the club seat going round
the table; where players have partners (Leekha, Tarneeb, Tarneeb 41, Sab'at Al-Deemin) a club
partnership plays a beginner partnership, North-South on even deals and East-West on odd ones,
so neither gains from its seats. Printed: each one's average points per deal (a partnership's
are its two players' together where players score alone), and the club win rate with its 95%
Wilson interval. A deal is a club win when:

- alone: the club seat took fewer points than the beginners' average. The same deals played by
  four beginners give the chance level of that seat (printed beside it);
- partners, penalty points (Leekha): the club side took fewer points than the beginner side;
- partners, scores (Tarneeb, Tarneeb 41): the club side scored more than the beginner side;
- Sab'at Al-Deemin: the club side went out first.

A deal thrown in (the Tarneeb family) or redealt (Sab'at) has no result: the win rate counts
the deals played, and how many had none is printed. The points per deal count every deal.

Cost, as the practice table pays it: the first deals of the strength run are played again, and
at each move of a club seat the club move (the seat's view built from the state, then the
decision) is timed once, with whatever the earlier moves of the deal left in the players'
memory (``knowledge.Memo``), then a random legal move (``random.choice(state.legal_moves())``)
in the same position, also once. Timed in a loop, the club move would find its own answer in
the memory from the second call on, so both are timed as a table makes them, one call each,
the random move after the club move has just warmed the engine's legal moves for it. Each deal
is played again a few times from an empty memory and each position keeps each one's fastest
time, which filters out the machine's pauses. Printed: the median and the worst ratio over
those positions (target: at most 20).
"""

import gc
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from cardgames import bots, shuffle
from cardgames.players.knowledge import clear_memos
from cardgames.table import across, left_of, side_of

DEALS = 1000
COST_DEALS = 40  # deals per game played again for the cost
REPLAYS = 7  # times each of them is played; each position keeps its fastest club move
TARGET = 20


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


@dataclass(frozen=True)
class Bench:
    slug: str
    partners: bool  # a club partnership against a beginner partnership
    higher_wins: bool  # the deal's points are a score (more is better), not penalty points
    no_result: Callable = lambda deal: False  # the deal was thrown in or redealt
    by_side: bool = False  # deal.points() is per side, not per seat
    won: Callable | None = None  # (deal, side) -> the club side won: else by the points

    @property
    def module(self):
        return bots.GAMES[self.slug].engine

    def new_deal(self, i: int):
        module = self.module
        rules = module.PRESETS[module.DEFAULT_PRESET]
        hands = shuffle.deal(f"bench-bots-{self.slug}-{i}", module.PACK)
        dealer = (i // 4) % 4
        if bots.GAMES[self.slug].family.passes:
            # Every pass direction of a match in turn, no pass included (Hearts' fourth deal).
            return module.new_deal(rules, hands, dealer, deal_number=1 + i % 4)
        return module.new_deal(rules, hands, dealer)

    def levels(self, i: int, strong: str = "club", weak: str = "beginner") -> list[str]:
        """Each seat's level in deal ``i``: ``strong``'s seat (or side) goes round the table."""
        if self.partners:
            side = side_of(i % 4)
            return [strong if side_of(s) == side else weak for s in range(4)]
        return [strong if s == i % 4 else weak for s in range(4)]

    def points(self, deal, i: int) -> tuple[float, float]:
        """The stronger level's and the others' points for the deal (a seat's, or a side's)."""
        points = deal.points()
        if self.partners:
            side = side_of(i % 4)
            if self.by_side:
                return points[side], points[1 - side]
            club, other = side, left_of(side)  # N or E heads each side
            return points[club] + points[across(club)], points[other] + points[across(other)]
        seat = i % 4
        return points[seat], (sum(points) - points[seat]) / 3


BENCHES = (
    Bench("bent-al-sbeet", partners=False, higher_wins=False),
    Bench("hearts", partners=False, higher_wins=False),
    Bench("leekha", partners=True, higher_wins=False),
    Bench(
        "tarneeb", partners=True, higher_wins=True, no_result=lambda d: d.thrown_in, by_side=True
    ),
    Bench("tarneeb-41", partners=True, higher_wins=True, no_result=lambda d: d.thrown_in),
    Bench(
        "sabaat-al-deemin",
        partners=True,
        higher_wins=True,
        no_result=lambda d: d.redealt,
        by_side=True,
        won=lambda deal, side: deal.winner_side == side,
    ),
)


def _play(slug: str, state, levels, seed: str):
    while state.to_act is not None:
        seat = state.to_act
        state.push(bots.decide(bots.view_of(slug, state, seat), levels[seat], seed).move)
    return state


def won(bench: Bench, deal, i: int, mine: float, theirs: float) -> bool:
    """Whether the seat (or side) going round the table won deal ``i`` (one with a result)."""
    if bench.won is not None:
        return bench.won(deal, side_of(i % 4))
    return mine > theirs if bench.higher_wins else mine < theirs


def strength(bench: Bench, strong: str = "club", weak: str = "beginner", deals: int = DEALS):
    """``strong`` against ``weak`` over ``deals`` seeded deals: the points per deal of each
    (``strong``, ``weak``), the deals ``strong`` won of those with a ``result``, each deal's
    points difference (``margins``: in ``strong``'s favour), and for players alone the
    ``chance`` level of its seat (the same deals played by four ``weak`` players)."""
    ours = others = 0.0
    wins = results = chance = 0
    margins = []
    for i in range(deals):
        deal = _play(bench.slug, bench.new_deal(i), bench.levels(i, strong, weak), f"s{i}")
        mine, theirs = bench.points(deal, i)
        ours += mine
        others += theirs
        margins.append(mine - theirs if bench.higher_wins else theirs - mine)
        if bench.no_result(deal):
            continue
        results += 1
        wins += won(bench, deal, i, mine, theirs)
        if not bench.partners:
            alone = _play(bench.slug, bench.new_deal(i), [weak] * 4, f"s{i}")
            seat_points, rest = bench.points(alone, i)
            chance += seat_points < rest
    return {
        "strong": ours / deals,
        "weak": others / deals,
        "wins": wins,
        "results": results,
        "margins": margins,
        "chance": None if bench.partners or not results else chance / results,
    }


def _timed_deal(bench: Bench, i: int, rng) -> list[tuple[float, float]]:
    """One deal of the strength run played again: (club, random) seconds at each club move."""
    clear_memos()
    state = bench.new_deal(i)
    levels = bench.levels(i)
    slug = bench.slug
    out = []
    perf = time.perf_counter
    while state.to_act is not None:
        seat = state.to_act
        if levels[seat] == "club":
            start = perf()
            decision = bots.decide(bots.view_of(slug, state, seat), "club")
            middle = perf()
            rng.choice(state.legal_moves())
            out.append((middle - start, perf() - middle))
        else:
            decision = bots.decide(bots.view_of(slug, state, seat), levels[seat], f"s{i}")
        state.push(decision.move)
    return out


def cost(bench: Bench) -> tuple[float, float, list[float]]:
    """Seconds for the club moves and the random moves, and the ratio at each position."""
    rng = random.Random(7)
    club_total = random_total = 0.0
    ratios = []
    gc.disable()
    try:
        for i in range(COST_DEALS):
            runs = [_timed_deal(bench, i, rng) for _ in range(REPLAYS)]
            for timings in zip(*runs, strict=True):
                c = min(t[0] for t in timings)
                r = min(t[1] for t in timings)
                club_total += c
                random_total += r
                ratios.append(c / r)
    finally:
        gc.enable()
    return club_total, random_total, ratios


def run() -> list[tuple[str, float, float]]:
    rows = []
    for bench in BENCHES:
        stats = strength(bench)
        n = stats["results"]
        low, high = wilson(stats["wins"], n)
        chance = "" if stats["chance"] is None else f", chance level {stats['chance']:.1%}"
        none = DEALS - n
        print(
            f"bench_bots {bench.slug}: {DEALS} deals, points per deal club {stats['strong']:.2f} "
            f"beginner {stats['weak']:.2f}; club wins {stats['wins'] / n:.1%} "
            f"(95% CI {low:.1%}-{high:.1%}) of {n} deals with a result"
            + (f", {none} without" if none else "")
            + chance
        )
        club_total, random_total, ratios = cost(bench)
        print(
            f"bench_bots {bench.slug}: club move vs random legal move in {len(ratios)} "
            f"positions: median ratio {statistics.median(ratios):.1f}, worst {max(ratios):.1f} "
            f"(target at most {TARGET})"
        )
        rows.append((f"{bench.slug}: club move, {len(ratios)} positions", club_total, random_total))
    return rows


if __name__ == "__main__":
    for what, seconds, base in run():
        print(f"{what:44} {seconds:8.4f}s  baseline {base:8.4f}s  ratio {seconds / base:6.1f}")
