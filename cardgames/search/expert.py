"""The expert player: in card play (and Sab'at Al-Deemin's announcements), the move that does
best when the rest of the deal is played out by the club player in every seat, over deals
drawn from its own seat's view; everywhere else (passing, exposing, bidding, naming trumps),
the club player's decision.

Method (policy-improvement rollouts, Tesauro and Galperin 1996, over GIB's sampling of the
unseen hands; the machinery is ``analysis.rollout``): the expert draws deals consistent with
the :class:`SeatView` it was given and nothing else (``analysis.sampling``: the real hidden
hands are never read; in the trick-and-bid family the draws that fit the auction are kept).
In each deal it makes every legal move in turn and lets the club player play the rest of the
deal for all four seats, each seat deciding from its own view of the drawn deal; the engine's
own result then values the move for the expert's seat: the penalty points its side takes (the
penalty family; a side where the variant plays partnerships), the deal's score of its side
against the other side's (Tarneeb's contract made or failed, Tarneeb 41's four bids, Sab'at's
score with its double or triple). Every move is tried in the same deals against the same
deterministic players, so the comparison is paired and its noise small; as the club player's
own move is one of those tried, the expert gives up nothing against the club player but
sampling noise. Equal cards (touching in the hand, none still out between them, the same
points) are rolled out once for all. Per family, from measurements:

- penalty (Bent Al Sbeet, Leekha, Hearts): rollouts from the first trick. The earlier
  open-hand search to the trick's end with random playouts after it played worse than the
  club player (Bent Al Sbeet -2.6 a deal over 60 deals).
- trick-and-bid: rollouts, valued by the deal's score; Tarneeb's endings of ``SOLVED_CARDS`` cards
  or fewer (``trickbid.analysis``) are valued double dummy (DDS), which sees an unblock the club
  player's rollouts miss. The earlier DDS values of every card counted tricks, not the contract's
  score, and Tarneeb 41's own tricks, not the four bids (Tarneeb 41: -1.7 a deal over 60).
- layout (Sab'at Al-Deemin): rollouts of the cards and of the announcements; the card play
  alone has too few choices to move the score. The club player's announcement stands unless
  another gains ``tuning.tolerance`` points (a marginal double only doubles the spread).

Measured with ``make strength`` (``bench/strength.py``: 200 seeded deals a game, seats going
round, expert against club; the margin per deal in the expert's favour, its 95% interval, the
expert's win rate), with the club player's own margin on the same deals and seats (club in the
expert's place) and the expert before rollouts beside it:

==================  ======================  ==========  ===========  ==========================
game                expert margin (95% CI)  expert win  club margin  before (60 deals, analysis)
==================  ======================  ==========  ===========  ==========================
Bent Al Sbeet       +3.76 (+0.91 to +6.60)  64.0%       +0.69        -2.59 (-8.1 to +3.0)
Hearts              +2.91 (+1.40 to +4.43)  73.0%       -0.89        -0.16 (-3.0 to +2.7)
Leekha              +4.81 (+2.23 to +7.39)  58.0%       +2.43        +0.37 (-5.4 to +6.2)
Tarneeb             +2.44 (+1.10 to +3.77)  60.9%       -0.48        +1.05 (-1.33 to +3.43)
Tarneeb 41          +2.87 (+1.79 to +3.95)  67.5%       -0.35        -1.73 (-3.80 to +0.33)
Sab'at Al-Deemin    +27.4 (+6.7 to +48.0)   52.8%       +8.05        -1.5 (-23.5 to +20.5)
==================  ======================  ==========  ===========  ==========================

Win rates: of the deals with a result (Tarneeb 192, Sab'at 144: the rest thrown in or
redealt); where players are alone, beside a chance level of 61.5% (Bent Al Sbeet) and 55.5%
(Hearts). Sab'at's margin is wide as a deal scores up to a few hundred points, doubled or
tripled. A second run of the same deals (the rollouts stop on the clock, so a run differs a
little) gave +3.47, +3.10, +5.43, +2.03, +2.99 and +27.4, each clear of 0 as well. A move
(``bench_expert``, 3 deals a game, 2 cores, the engine not compiled): median 59 to 219 ms
across games and runs, worst under 275 ms but Tarneeb's 540 to 734 ms: its first ending in a
process loads the double-dummy solver (some 700 ms, once).

Time: deals are rolled out one at a time (every move in each), so the expert stops between two
deals: after ``tuning.expert_samples`` deals; once ``MOVE_AIM`` seconds are spent (a move's median
stays under 300 ms); before a deal that would end past ``MOVE_BUDGET`` at the pace so far, or past
the caller's deadline (the web layer gives the computer players' replies to one request one budget
between them). A rollout of a whole deal takes a millisecond or two, so a move rolls out some 10 to
96 deals. With no deal rolled out in time the expert plays the club player's move, which takes
milliseconds: a move is never missing and always legal.
"""

import time
from typing import NamedTuple

from ..players.knowledge import CARD_CODES
from ..players.reasons import Advice, advise
from . import rollout

# Seconds one move may search at most: 1 s is the worst a move may take (issue 32); the rest of
# the second builds the view and asks the club player.
MOVE_BUDGET = 0.8
# Seconds after which a move rolls out no further deal: a move's median under 300 ms on 2 cores
# (``make bench``'s ``bench_expert``).
MOVE_AIM = 0.25

# What each family rolls out, how many deals at most and how much a club move may cost before
# the expert overrules it are the family's tuning (``family.analysis.tuning``): card play, and
# Sab'at Al-Deemin's announcements, where a double or a redeal weighs the whole deal's score and
# the club player counts only the cards its hand lays unaided; card play needs no tolerance
# (rollouts compare moves in the same deals with the same players), Sab'at's doubles are kept to
# clear gains, as a double that gains a point or two doubles a score of a hundred either way.

# Values are means over the deals drawn: floats. A card whose mean is this close to the best
# one's is as good as the best.
EPSILON = 1e-9

# The expert's own reasons are its family's (``family.expert_codes``): the code and its facts.
# ``deals``: the deals rolled out; ``points``: what the next best card gives up against the
# chosen one, summed over those deals, in the value's own points (the penalty points its side
# takes; its side's score against the other side's), at least 1: the chosen card does better,
# if by less than a point a deal. A rolled-out move that is no card (Sab'at Al-Deemin's
# announcements) has its own reason: the club player's sentences speak of the hand's strength,
# which a rolled-out double of a middling hand would contradict.
ANNOUNCED = "announce_by_rollouts"


def expert(view, game, club: Advice, seed: str, deadline: float | None) -> Advice:
    """The expert's move in ``view`` (``game`` the described game), ``club`` the club
    player's advice there. ``deadline`` (``time.monotonic()``): when the caller's time runs
    out, or None."""
    start = time.monotonic()
    until = start + MOVE_BUDGET if deadline is None else min(start + MOVE_BUDGET, deadline)
    family = game.family
    tuning = family.analysis.tuning
    if until <= start or view.phase not in tuning.rolled_out:  # out of time, or the club's
        return club
    totals: dict[int, float] = dict.fromkeys(view.legal, 0.0)
    done = 0
    tried = rollout.equals(view, club.move)
    for deal in rollout.drawn(view, tuning.expert_samples, seed):
        if not _another(start, time.monotonic(), until, done):
            break
        for move, value in rollout.values(view, deal, tried).items():
            totals[move] += value
        done += 1
    if not done:
        return club
    return choose(ranked(totals, done), done, club, family)


def _another(start: float, now: float, until: float, done: int) -> bool:
    """Whether to roll out one more deal: the first always (in time), then while the aim is
    not spent and the next deal, at the pace so far, ends in time."""
    if not done:
        return now < until
    return now - start < MOVE_AIM and now + (now - start) / done <= until


def ranked(totals: dict[int, float], deals: int) -> list:
    """Each card's mean value over ``deals`` and its cost against the best, best first
    (higher values are better)."""
    best = max(totals.values()) / deals
    order = sorted(totals.items(), key=lambda mt: (-mt[1], mt[0]))
    return [Valued(m, t / deals, best - t / deals) for m, t in order]


class Valued(NamedTuple):
    """A card's mean value over the deals the expert rolled out, and its cost."""

    move: int
    value: float
    cost: float


def choose(moves, samples, club: Advice, family) -> Advice:
    """The card among ``moves`` (``Valued``, best first) of cost 0: the club player's when it is one
    of them (or within the family's tolerance), else the first. The club player's reason stands
    where every card costs the same (the rollouts find nothing to choose); else the expert's,
    counting what the next best move gives up (``ANNOUNCED`` for a move that is no card: Sab'at's
    announcements)."""
    best = {m.move for m in moves if m.cost <= EPSILON}
    club_cost = next((m.cost for m in moves if m.move == club.move), None)
    tolerance = family.analysis.tuning.tolerance
    if club.move not in best and club_cost is not None and club_cost <= tolerance:
        return club  # within the tolerance: the club player's card
    move = club.move if club.move in best else moves[0].move
    worse = [m for m in moves if m.cost > EPSILON]
    if not worse or move == club.move and move >= len(CARD_CODES):
        # No difference (then the club player's card is among the best), or the club
        # player's announcement: its move and reason.
        return club
    chosen = next(m for m in moves if m.move == move)
    nearest = min(worse, key=lambda m: m.cost)
    given_up = max(1, round((chosen.value - nearest.value) * samples))
    if move >= len(CARD_CODES):  # an announcement (a knock is never beside another move)
        return advise(move, ANNOUNCED, {"deals": samples, "points": given_up})
    code = next(c for c in family.expert_codes if c != ANNOUNCED)
    return advise(move, code, {"card": CARD_CODES[move], "deals": samples, "points": given_up})
