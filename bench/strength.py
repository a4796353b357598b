"""How well the ``expert`` computer player plays (``make strength``: its own target, as it runs
for hours at its default count; ``python -m bench.strength [--deals N] [game ...]``).

1. ``expert`` against ``club`` in every game: the strength bench of ``bench_bots`` (its seeded
   deals, its seats going round the table, its rule for a win), the expert in place of the club
   player and the club player in place of the beginners. Where every player is alone one expert
   sits with three club players; where players have partners an expert partnership plays a
   club partnership.
2. Trix (``kingdoms``): whole games of kingdoms kept on the game's own sheet, one expert
   seat (going round the table from game to game) with three club players, every move
   decided as the site decides it (``bots.decide``): the expert chooses its kingdoms'
   contracts by rolling them out and plays the trick contracts by its search, the club
   player's heuristics elsewhere. A deal's margin: the expert's points less the mean of the
   other three's.
3. Hearts, ``expert`` against OpenSpiel's ``ISMCTSBot`` (``uct_c=2``, 1,000 simulations, random
   rollouts) in the other three seats, the expert's seat going round the table. Both engines
   play the same deal move by move, mapped as ``tests/engine/test_hearts_openspiel.py`` maps
   them (seats, cards, the pass direction by deal number, the dealer West). OpenSpiel's
   ISMCTS cannot search the pass (its Hearts resampling there gives states with no legal
   action), so its seats pass as our club player does and it plays every card.

Printed for each: the points per deal of each level, each deal's margin in the expert's favour
(its points against the others', a side's against the other side's) as a mean with its 95%
interval, and the expert's win rate with its 95% Wilson interval (a win as ``bench_bots``
counts one; where players are alone, beside the chance level of the seat). The expert beats
its opponent when the margin's interval is clear of 0.
"""

import argparse
import math
import statistics

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from bench.bench_bots import BENCHES, strength, wilson
from bench.bench_hearts_openspiel import OS_PASS, from_os, to_os
from cardgames import bots, shuffle
from cardgames.cards import cards_in
from cardgames.contract import Phase
from cardgames.penalty import hearts
from cardgames.table import W
from cardgames.trix import PACK as TRIX_PACK
from cardgames.trix import Kingdom
from cardgames.trix import Rules as TrixRules

DEALS = 200
TRIX = "trix"  # the listed game whose whole games the kingdoms bench plays
ISMCTS_SIMULATIONS = 1000
ISMCTS_UCT_C = 2.0
# The site's Hearts (pagat) in OpenSpiel's words: its defaults but for the queen of spades,
# which does not break hearts in pagat's rules.
PAGAT = hearts.PRESETS["pagat"]
PAGAT_IN_OPENSPIEL = {"qs_breaks_hearts": False}


def interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval (normal: each figure is over many deals)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def report(what: str, deals: int, stats: dict, opponent: str) -> str:
    mean, low, high = interval(stats["margins"])
    n = stats["results"]
    w_low, w_high = wilson(stats["wins"], n)
    chance = "" if stats["chance"] is None else f", chance level {stats['chance']:.1%}"
    none = deals - n
    verdict = "beats" if low > 0 else "loses to" if high < 0 else "not clear of"
    return (
        f"strength {what}: {deals} deals, points per deal expert {stats['strong']:.2f} "
        f"{opponent} {stats['weak']:.2f}; margin per deal {mean:+.2f} (95% CI {low:+.2f} to "
        f"{high:+.2f}): expert {verdict} {opponent}; expert wins {stats['wins'] / max(n, 1):.1%} "
        f"(95% CI {w_low:.1%}-{w_high:.1%}) of {n} deals with a result"
        + (f", {none} without" if none else "")
        + chance
    )


def against_club(slugs: list[str], deals: int) -> None:
    for bench in BENCHES:
        if bench.slug in slugs:
            stats = strength(bench, "expert", "club", deals)
            print(report(f"{bench.slug} expert vs club", deals, stats, "club"), flush=True)


def _ismcts(i: int):
    game = pyspiel.load_game("hearts", PAGAT_IN_OPENSPIEL)
    state = np.random.RandomState(i)  # each deal's searches seeded: a run can be replayed
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=state)
    bot = ismcts.ISMCTSBot(game, evaluator, ISMCTS_UCT_C, ISMCTS_SIMULATIONS, random_state=state)
    return game, bot


def hearts_deal(i: int) -> list[int]:
    """Deal ``i`` played by the expert in seat ``i % 4`` and ISMCTS in the others: the points."""
    game, bot = _ismcts(i)
    deal_number = 1 + i % 4  # every pass direction in turn, no pass included
    hands = shuffle.deal(f"strength-hearts-ismcts-{i}")
    ours = hearts.new_deal(PAGAT, hands, W, deal_number=deal_number)
    theirs = game.new_initial_state()
    theirs.apply_action(OS_PASS[hearts.pass_direction_for(PAGAT, deal_number)])
    dealt = [cards_in(hand) for hand in hands]
    for k in range(52):  # OpenSpiel deals the k-th card to player k % 4
        theirs.apply_action(to_os(dealt[k % 4][k // 4]))
    expert = i % 4
    while ours.to_act is not None:
        seat = ours.to_act
        if theirs.current_player() != seat:
            raise AssertionError(f"deal {i}: OpenSpiel's player {theirs.current_player()}")
        passing = ours.phase == Phase.PASS
        if seat == expert or passing:
            level = "expert" if seat == expert else "club"
            move = bots.decide(bots.view_of("hearts", ours, seat), level, f"s{i}").move
            card = move - hearts.PASS if passing else move
        else:
            card = from_os(int(bot.step(theirs)))  # numpy's int64: the engine wants ints
            move = card + hearts.PASS if passing else card
        ours.push(move)
        theirs.apply_action(to_os(card))
    if not theirs.is_terminal() or [round(26 - r) for r in theirs.returns()] != ours.points():
        raise AssertionError(f"deal {i}: the two engines disagree")
    return ours.points()


def against_ismcts(deals: int) -> None:
    ours = others = 0.0
    wins = 0
    margins = []
    for i in range(deals):
        points = hearts_deal(i)
        mine = points[i % 4]
        theirs = (sum(points) - mine) / 3
        ours += mine
        others += theirs
        margins.append(theirs - mine)
        wins += mine < theirs
    stats = {
        "strong": ours / deals,
        "weak": others / deals,
        "wins": wins,
        "results": deals,
        "margins": margins,
        "chance": None,
    }
    print(report("hearts expert vs OpenSpiel ISMCTS", deals, stats, "ISMCTS"), flush=True)


def trix_margins(deals: int) -> list[float]:
    """Each deal's margin in the expert's favour over ``deals`` deals of whole Trix games."""
    margins: list[float] = []
    game = 0
    while len(margins) < deals:
        expert_seat = game % 4
        levels = ["club"] * 4
        levels[expert_seat] = "expert"
        match = Kingdom(TrixRules(), first_dealer=game % 4)
        while not match.is_over and len(margins) < deals:
            n = len(match.rows)
            deal = match.deal(shuffle.deal(f"trix-strength/{game}/{n}", TRIX_PACK))
            bots.advance(TRIX, deal, levels, f"trix-strength/{game}/{n}")
            match.record(deal)
            points = deal.points()
            others = [points[s] for s in range(4) if s != expert_seat]
            margins.append(points[expert_seat] - statistics.fmean(others))
        game += 1
    return margins


def against_club_trix(deals: int) -> None:
    margins = trix_margins(deals)
    mean, low, high = interval(margins)
    print(
        f"trix: expert against club, {deals} deals: margin {mean:+.1f} points a deal "
        f"[{low:+.1f}, {high:+.1f}] (95%)" + (" clear of even" if low > 0 else "")
    )


# The benches beside the games' own: whole Trix games, Hearts against OpenSpiel's ISMCTS.
WHOLE = {"kingdoms": against_club_trix, "ismcts": against_ismcts}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.strength")
    parser.add_argument("--deals", type=int, default=DEALS, help="deals per game")
    parser.add_argument(
        "games",
        nargs="*",
        help="the games against club (slugs), 'kingdoms' for whole Trix games and 'ismcts' "
        "for Hearts against ISMCTS; all",
    )
    args = parser.parse_args(argv)
    chosen = args.games or [*(bench.slug for bench in BENCHES), *WHOLE]
    against_club([g for g in chosen if g not in WHOLE], args.deals)
    for name, run in WHOLE.items():
        if name in chosen:
            run(args.deals)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
