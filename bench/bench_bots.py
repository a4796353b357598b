"""The computer players: how much better ``club`` plays than ``beginner``, and what it costs.

Strength: 1,000 seeded deals per game under its default rules. Bent Al Sbeet seats one club
player against three beginners (the club seat goes round the table); Tarneeb and Sab'at
Al-Deemin seat a club partnership against a beginner partnership, North-South on even deals and
East-West on odd ones, to cancel any advantage of position. Printed: the average points per
deal of each, and the club win rate with its 95% Wilson interval. A deal is a club win when:

- Bent Al Sbeet: the club seat took fewer points than the beginners' average. The same deals
  played by four beginners give the chance level of that seat (printed beside it).
- Tarneeb: the club side's score for the deal is higher than the beginners'.
- Sab'at Al-Deemin: the club side went out first.

A deal thrown in (Tarneeb) or redealt (Sab'at) has no result: the win rate counts the deals
played, and how many had none is printed. The points per deal count every deal.

Cost: in positions sampled from those deals where a club seat is to act, a club move (the
seat's view built from the state, then the decision) is timed against a random legal move
(``random.choice(state.legal_moves())``) in the same position; the rows give the totals, and
the median and worst per-position ratio are printed (target: at most 20).
"""

import math
import random
import statistics
import time

from rulebook.engine import bent_al_sbeet, bots, sabaat_al_deemin, shuffle, tarneeb

DEALS = 1000
SAMPLES = 300  # positions timed per game
REPEAT = 20  # calls per timing; the best of three timings is kept
TARGET = 20


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _play(slug, state, levels, seed, samples, every):
    """Play the deal out; keep a copy of every ``every``-th position where a club seat acts."""
    while state.to_act is not None:
        seat = state.to_act
        if levels[seat] == "club" and samples is not None and len(state.history) % every == 0:
            samples.append(state.copy())
        decision = bots.decide(bots.view_of(slug, state, seat), levels[seat], seed)
        state.push(decision.move)
    return state


def _sbeet(samples):
    rules = bent_al_sbeet.PRESETS[bent_al_sbeet.DEFAULT_PRESET]
    club = beginners = 0.0
    wins = chance = 0
    for i in range(DEALS):
        hands = shuffle.deal(f"bench-bots-sbeet-{i}")
        seat = i % 4
        levels = ["beginner"] * 4
        levels[seat] = "club"
        points = []
        for lv in (levels, ["beginner"] * 4):
            deal = bent_al_sbeet.new_deal(rules, hands, (i // 4) % 4, deal_number=1 + i % 2)
            _play("bent-al-sbeet", deal, lv, f"s{i}", samples if lv is levels else None, 7)
            points.append(deal.points())
        mine, others = points[0][seat], sum(points[0]) - points[0][seat]
        club += mine
        beginners += others / 3
        wins += mine < others / 3
        alone, rest = points[1][seat], sum(points[1]) - points[1][seat]
        chance += alone < rest / 3
    return {
        "club": club / DEALS,
        "beginner": beginners / DEALS,
        "wins": wins,
        "results": DEALS,
        "chance": chance / DEALS,
        "win_means": "fewer points than the beginners' average",
    }


def _partnership(slug, module, samples, no_result, won):
    """Club partnership against beginner partnership; ``no_result(deal)``: the deal ended
    without play (thrown in, redealt); ``won(deal, side)``: the club side won it."""
    rules = module.PRESETS[module.DEFAULT_PRESET]
    club = beginners = 0.0
    wins = results = 0
    for i in range(DEALS):
        side = i % 2  # the club partnership: North-South on even deals, East-West on odd
        levels = ["club" if s % 2 == side else "beginner" for s in range(4)]
        hands = shuffle.deal(f"bench-bots-{slug}-{i}", module.PACK)
        deal = module.new_deal(rules, hands, (i // 2) % 4)
        _play(slug, deal, levels, f"p{i}", samples, 5)
        points = deal.points()
        club += points[side]
        beginners += points[1 - side]
        if not no_result(deal):
            results += 1
            wins += won(deal, side)
    return {
        "club": club / DEALS,
        "beginner": beginners / DEALS,
        "wins": wins,
        "results": results,
        "chance": None,
    }


def _tarneeb(samples):
    stats = _partnership(
        "tarneeb",
        tarneeb,
        samples,
        lambda deal: deal.thrown_in,
        lambda deal, side: deal.points()[side] > deal.points()[1 - side],
    )
    stats["win_means"] = (
        f"a higher score for the deal than the beginners', over the {stats['results']} deals "
        f"played, {DEALS - stats['results']} thrown in"
    )
    return stats


def _sabaat(samples):
    stats = _partnership(
        "sabaat-al-deemin",
        sabaat_al_deemin,
        samples,
        lambda deal: deal.redealt,
        lambda deal, side: deal.winner_side == side,
    )
    stats["win_means"] = (
        f"the club side went out first, over the {stats['results']} deals played out, "
        f"{DEALS - stats['results']} redealt"
    )
    return stats


def _best(fn, state, repeat: int) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            fn(state)
        times.append(time.perf_counter() - start)
    return min(times) / repeat


def _cost(slug, positions):
    """Seconds for the club moves and the random moves over ``positions``, and the ratios."""
    rng = random.Random(7)
    positions = rng.sample(positions, min(SAMPLES, len(positions)))

    def club(state):
        bots.decide(bots.view_of(slug, state, state.to_act), "club")

    def rand(state):
        rng.choice(state.legal_moves())

    club_total = random_total = 0.0
    ratios = []
    for state in positions:
        c, r = _best(club, state, REPEAT), _best(rand, state, REPEAT)
        club_total += c
        random_total += r
        ratios.append(c / r)
    return club_total, random_total, ratios


GAMES = (
    ("bent-al-sbeet", _sbeet),
    ("tarneeb", _tarneeb),
    ("sabaat-al-deemin", _sabaat),
)


def run() -> list[tuple[str, float, float]]:
    rows = []
    for slug, strength in GAMES:
        positions = []
        stats = strength(positions)
        n = stats["results"]
        low, high = wilson(stats["wins"], n)
        chance = "" if stats["chance"] is None else f", chance level {stats['chance']:.1%}"
        print(
            f"bench_bots {slug}: {DEALS} deals, points per deal club {stats['club']:.2f} "
            f"beginner {stats['beginner']:.2f}; club wins {stats['wins'] / n:.1%} "
            f"(95% CI {low:.1%}-{high:.1%}; a win: {stats['win_means']}{chance})"
        )
        club_total, random_total, ratios = _cost(slug, positions)
        print(
            f"bench_bots {slug}: club move vs random legal move in {len(ratios)} positions: "
            f"median ratio {statistics.median(ratios):.1f}, worst {max(ratios):.1f} "
            f"(target at most {TARGET})"
        )
        rows.append((f"{slug}: club move, {len(ratios)} positions", club_total, random_total))
    return rows


if __name__ == "__main__":
    for what, seconds, base in run():
        print(f"{what:44} {seconds:8.4f}s  baseline {base:8.4f}s  ratio {seconds / base:6.1f}")
