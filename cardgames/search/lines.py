"""What a card leads to: the facts the review words a mistake from (``practice.mistakes``).

A mistake is told as a player tells it, at the trick: what the card played did (the deal is
over, so what really happened), and what the best card would have done instead. Both come from
the engine, never from a sentence's guess:

- ``trick_of``: the trick a card was played to, as it was played (``Trick``: its cards, who
  took it, the points it carried, the seat's own share);
- ``compare``: each of two cards played in the analysis's own deals (the seat's view: the deals
  ``cardgames.analysis`` draws for that moment, the same draws; the open view: the real hands),
  the trick finished by the club player in every seat, each from its own view: how often the
  seat (its side, where sides count) takes the trick and the points it takes with it
  (``Line``); ``cardgames.analysis.lines`` is its entry point, by the game's slug;
- ``opened``: a layout game (Sab'at Al-Deemin) has no tricks: the card a laid card opens on its
  pile, and who laid it (``Opened``).

What differs between families is asked of their hooks (``game.family.analysis``: its objective,
the points a trick carries). Django-free, and reads no card the seat could not see but in the
open view and in the record of a finished deal.
"""

from dataclasses import dataclass

from ..cards import ACE, TWO
from . import rollout

__all__ = ["Line", "Opened", "Trick", "compare", "opened", "trick_number", "trick_of"]


@dataclass(frozen=True)
class Trick:
    number: int  # from 1
    cards: tuple[tuple[int, int], ...]  # (seat, card) in play order
    winner: int
    points: int  # the trick's points (its family's ``trick_points``: 0 where tricks carry none)
    ours: bool  # the seat (or its side, where sides count) took it


@dataclass(frozen=True)
class Line:
    """One card played in the deals of a view: in what share of them the seat (its side) takes
    the trick, and the points it takes with it on average."""

    move: int
    deals: int
    won: float  # 0 to 1
    points: float


@dataclass(frozen=True)
class Opened:
    """A layout game: the card a laid card makes playable (None after an ace), who holds it,
    and whether that seat laid it as its next move."""

    card: int | None
    holder: int | None
    at_once: bool


def trick_number(state) -> int:
    """The number (from 1) of the trick in progress, or about to be led."""
    return sum(state.tricks_won) + 1


def _finished(state, before: int) -> bool:
    return sum(state.tricks_won) > before or state.to_act is None


def _trick(hooks, state, before_points, goal, number: int) -> Trick:
    """The trick just completed in ``state`` (its ``last_trick``)."""
    cards, winner = state.last_trick
    points = hooks.trick_points(before_points, state)
    return Trick(number, tuple(cards), winner, points, goal.ours(winner))


def trick_of(game, state, moves) -> Trick:
    """The trick the first of ``moves`` is played to from ``state``, a deal of ``game`` (a
    ``contract.Game``; the moves as they were made: a finished deal's record from that
    moment)."""
    hooks = game.family.analysis
    goal = hooks.objective(state.rules, state.to_act)
    number = trick_number(state)
    before, points = sum(state.tricks_won), state.points()
    after = state.copy()
    for move in moves:
        after.push(move)
        if _finished(after, before):
            break
    return _trick(hooks, after, points, goal, number)


def _played_to_the_trick_end(view, deal, move):
    before = sum(deal.tricks_won)
    return rollout.played_out(view, deal, move, until=lambda s: _finished(s, before))


def compare(view, deals, moves) -> dict[int, Line]:
    """Each of ``moves`` (legal cards of ``view``'s seat, to act) played in each of ``deals``
    (the analysis's deals of that view, or the real one) and the trick finished by the club
    player: a ``Line`` each."""
    hooks = view.game.family.analysis
    goal = hooks.objective(view.rules, view.seat)
    out = {}
    for move in moves:
        won = points = 0.0
        for deal in deals:
            before_points = deal.points()
            after = _played_to_the_trick_end(view, deal, move)
            trick = _trick(hooks, after, before_points, goal, 0)
            won += trick.ours
            points += trick.points if trick.ours else 0
        n = max(1, len(deals))
        out[move] = Line(move, len(deals), won / n, points / n)
    return out


def opened(state, moves) -> Opened:
    """A layout game: the card the first of ``moves`` (a card laid from ``state``) opens on its
    pile, who holds it then, and whether they laid it with their next move (``moves``: the
    record from that moment). The card next to it that someone still holds: the next one up
    (Sab'at's pile; a Trix row above its jack), or down (a Trix row below it); a jack opens
    both, and the one laid first is told."""
    card = moves[0]
    beside = [c for c, end in ((card + 1, ACE), (card - 1, TWO)) if card % 13 != end]
    held = {c: s for c in beside for s in range(4) if state.hands[s] >> c & 1}
    if not held:
        return Opened(None, None, False)
    after = state.copy()
    after.push(card)
    waiting = dict(held)
    for move in moves[1:]:
        for c, holder in list(waiting.items()):
            if after.to_act == holder:
                if move == c:
                    return Opened(c, holder, True)
                del waiting[c]  # its holder let the moment go by
        if move in held:
            return Opened(move, held[move], False)
        after.push(move)
    first = next(iter(held))
    return Opened(first, held[first], False)
