"""The expert player: in card play, the card the analysis of its own seat's view finds best;
everywhere else (passing, bidding, announcing, naming trumps), the club player's decision.

The analysis (``rulebook.engine.analysis.analyse_view``) is given the :class:`SeatView` the
expert was given and nothing else: it samples the unseen hands consistent with that view (GIB's
method) and values every legal card by best play in each sampled deal, so the expert never reads
a hidden hand. Among the cards of cost 0 (every card as good as the best one), the club
player's card is kept when it is one of them: the expert then plays with the club player's
sound habits (the lowest of equal cards, keeping a partner's trick) where the analysis sees
no difference.

Time: the expert asks the analysis for one sampled deal at a time (each drawn from the view
with its own seed) and averages the values itself, so it stops between two deals: after
``SAMPLES`` deals; once ``MOVE_AIM`` seconds are spent (a move's median stays under 300 ms);
before a deal that would end past ``MOVE_BUDGET`` at the pace so far, or past the caller's
deadline (the web layer gives the computer players' replies to one request one budget between
them). The analysis cannot stop inside one deal's search (a Tarneeb
41 deal of eight cards a hand or more may take half a second), so stopping between deals is
what bounds a move. With no deal searched in time (``analysis.Busy``) the expert plays the club
player's move, which takes milliseconds: a move is never missing and always legal.
"""

import time
from typing import NamedTuple

from .knowledge import CARD_CODES
from .reasons import Advice, advise

# Seconds one move may search at most: 1 s is the worst a move may take (issue 32); the rest of
# the second builds the view and asks the club player.
MOVE_BUDGET = 0.8
# Seconds after which a move searches no further deal: a move's median under 300 ms on 2 cores
# (``make bench``'s ``bench_expert``), where one deal of Tarneeb 41 at the first tricks takes
# some 300 ms on a loaded machine and one of the other games a few milliseconds.
MOVE_AIM = 0.25

# Deals sampled per move at most, by family: the other games' medians stay near 50 ms.
SAMPLES = {"trickbid": 24, "penalty": 24, "layout": 24}

# Costs are averages over the sampled deals: floats. A card whose average is this close to the
# best one's is as good as the best.
EPSILON = 1e-9

# The club player's card stands while its mean cost is at most this, by family (tricks,
# penalty points, the chance of going out): the sampled values are noisy (a few deals, each
# judged as if every hand were open; the penalty search judges by random playouts until the
# last EXACT_CARDS), so the analysis overrules the club player's sound habits only on a clear
# loss. Measured with ``make strength``: see bench/strength.py.
TOLERANCE = {"trickbid": 0.3, "penalty": 1.5, "layout": 0.05}

# The expert's own reasons, by family: the code and its facts. ``deals``: the deals sampled;
# the last fact, what every worse card gives up against the chosen one: the tricks lost (the
# trick-and-bid family) or the penalty points taken (the penalty family), summed over those
# deals, or the chance of going out first lost, in hundredths (Sab'at Al-Deemin).
CODES = {
    "trickbid": {"best_by_analysis": ("card", "deals", "tricks")},
    "penalty": {"fewest_points_by_analysis": ("card", "deals", "points")},
    "layout": {"best_chance_by_analysis": ("card", "deals", "percent")},
}


def expert(view, game, club: Advice, seed: str, deadline: float | None) -> Advice:
    """The expert's move in ``view`` (``game`` the described game), ``club`` the club
    player's advice there. ``deadline`` (``time.monotonic()``): when the caller's time runs
    out, or None."""
    start = time.monotonic()
    until = start + MOVE_BUDGET if deadline is None else min(start + MOVE_BUDGET, deadline)
    if until <= start:  # the caller's budget is spent: answer at once, as the club player
        return club
    from .. import analysis  # here: the analysis reads the bots' views, an import cycle

    family = game.family.name
    if not _decides(analysis, family, view):
        return club
    totals: dict[int, float] = {}
    done = 0
    while done < SAMPLES[family] and _another(start, time.monotonic(), until, done):
        try:
            found = analysis.analyse_view(view, samples=1, seed=f"{seed}:{done}", deadline=until)
        except analysis.Unavailable:  # not card play: the club player's call
            return club
        except analysis.Busy:
            break
        for m in found.moves:
            totals[m.move] = totals.get(m.move, 0.0) + m.value
        done += 1
        if found.exact:  # the one deal that fits the view, searched to the end
            break
    if not done:
        return club
    return choose(ranked(totals, done, analysis.HIGHER_IS_BETTER[family]), done, club, family)


def _decides(analysis, family: str, view) -> bool:
    """Whether the analysis chooses the card here. In the penalty family only within the
    endings its search solves exactly (``EXACT_CARDS``): before them it judges a card by the
    trick in progress and random playouts after it, which know nothing of keeping a suit
    guarded or a queen covered, and played worse than the club player's habits (``make
    strength``, 60 deals a game: 2.6 points a deal worse at Bent Al Sbeet)."""
    if family != "penalty":
        return True
    return view.counts[view.seat] <= analysis.search.EXACT_CARDS[family]


def _another(start: float, now: float, until: float, done: int) -> bool:
    """Whether to search one more deal: the first always (in time), then while the aim is not
    spent and the next deal, at the pace so far, ends in time."""
    if not done:
        return now < until
    return now - start < MOVE_AIM and now + (now - start) / done <= until


def ranked(totals: dict[int, float], deals: int, higher: bool) -> list:
    """Each card's mean value over ``deals`` and its cost against the best, best first."""
    values = {move: total / deals for move, total in totals.items()}
    best = max(values.values()) if higher else min(values.values())
    order = sorted(values.items(), key=lambda mv: (-mv[1] if higher else mv[1], mv[0]))
    return [Valued(m, v, abs(best - v)) for m, v in order]


class Valued(NamedTuple):
    """A card's mean value over the deals the expert searched, and its cost."""

    move: int
    value: float
    cost: float


def choose(moves, samples, club: Advice, family: str) -> Advice:
    """The card among ``moves`` (``MoveValue``s, best first) of cost 0: the club player's when
    it is one of them, else the analysis's first. The club player's reason stands where every
    card costs the same (the analysis finds nothing to choose); else the analysis's."""
    best = {m.move for m in moves if m.cost <= EPSILON}
    club_cost = next((m.cost for m in moves if m.move == club.move), None)
    if club.move not in best and club_cost is not None and club_cost <= TOLERANCE[family]:
        return club  # within the noise of the sampled values: the club player's card
    move = club.move if club.move in best else moves[0].move
    worse = [m.cost for m in moves if m.cost > EPSILON]
    if not worse or move >= len(CARD_CODES):
        # No difference (then the club player's card is among the best), or a move that is
        # no card (a knock: the rules allow one only when no card can be laid, so never
        # beside a card to choose): the club player's move and reason.
        return club
    ((code, names),) = CODES[family].items()
    deals = samples or 1  # an exact answer with no sampling judged the one deal there is
    least = min(worse)
    given_up = max(1, round(least * 100)) if family == "layout" else max(1, round(least * deals))
    return advise(move, code, dict(zip(names, (CARD_CODES[move], deals, given_up), strict=True)))
