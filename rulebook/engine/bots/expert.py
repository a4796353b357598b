"""The expert player: in card play, the card the analysis of its own seat's view finds best;
everywhere else (passing, bidding, announcing, naming trumps), the club player's decision.

The analysis (``rulebook.engine.analysis.analyse_view``) is given the :class:`SeatView` the
expert was given and nothing else: it samples the unseen hands consistent with that view (GIB's
method) and values every legal card by best play in each sampled deal, so the expert never reads
a hidden hand. Among the cards of cost 0 (every card as good as the best one), the club
player's card is kept when it is one of them: the expert then plays with the club player's
sound habits (the lowest of equal cards, keeping a partner's trick) where the analysis sees
no difference.

Time: a move searches at most ``MOVE_BUDGET`` seconds, and never past the caller's deadline
(the web layer gives the computer players' replies to one request one budget between them).
When the analysis cannot answer in time (``analysis.Busy``) the expert plays the club
player's move, which takes milliseconds: a move is never missing and always legal.
"""

import time

from .knowledge import CARD_CODES
from .reasons import Advice, advise

# Seconds one move may search. 1 s is the worst a move may take (issue 32); the rest of the
# second builds the view, asks the club player and falls back to it on ``Busy``.
MOVE_BUDGET = 0.85

# Deals sampled per move, by family: as many as keep a move's median near 300 ms on 2 cores
# (``make bench``'s ``bench_expert``). A solved Tarneeb deal is cheap (the DDS), a penalty or
# Sab'at deal is a search on the compiled engine.
SAMPLES = {"trickbid": 20, "penalty": 12, "layout": 12}

# Costs are averages over the sampled deals: floats. A card whose average is this close to the
# best one's is as good as the best.
EPSILON = 1e-9

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
    now = time.monotonic()
    until = now + MOVE_BUDGET if deadline is None else min(now + MOVE_BUDGET, deadline)
    if until <= now:  # the caller's budget is spent: answer at once, as the club player
        return club
    from .. import analysis  # here: the analysis reads the bots' views, an import cycle

    family = game.family.name
    try:
        found = analysis.analyse_view(view, samples=SAMPLES[family], seed=seed, deadline=until)
    except (analysis.Unavailable, analysis.Busy):
        return club
    return choose(found.moves, found.samples, club, family)


def choose(moves, samples, club: Advice, family: str) -> Advice:
    """The card among ``moves`` (``MoveValue``s, best first) of cost 0: the club player's when
    it is one of them, else the analysis's first. The club player's reason stands where every
    card costs the same (the analysis finds nothing to choose); else the analysis's."""
    best = {m.move for m in moves if m.cost <= EPSILON}
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
