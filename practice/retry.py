"""Trying a finished deal again: from the review, the learner goes back to the moment before a
costly card ("Retry this trick") or to the deal's start ("Retry this deal") and plays on
against the same hands, the computer players replying as at the table. A card the analysis
judges costly at that moment is not played: the learner is told what it costs and tries
another, until a card of cost 0 ("about as good as the best"); every other move is played.

The deal is over, so nothing is hidden that the review has not shown, and a retry changes
nothing stored: it is the match's stored deals replayed up to the retried one, that deal's
record cut at the retry's start and the retry's moves after it (``Practice``, never saved).
Its whole state is in its address (``start``, the moves since, the view the cards are judged
from), so it works without JavaScript, a reload repeats nothing and a second tab is another
retry.
"""

from dataclasses import dataclass

from cardgames import analysis
from cardgames.contract import Phase
from cardgames.errors import BadInput
from rulebook import analyses

from .match import DealRecord, Practice

MAX_MOVES = 400  # moves after a retry's start: more than a deal holds


class NotRetried(Exception):
    """No such deal to retry: not this match's, or still in play (the page answers 404)."""


@dataclass(frozen=True)
class Tried:
    """The learner's card judged at a retried moment: played (cost 0), or refused with its
    cost (``answer``: the analysis's answer for the moment)."""

    token: str
    played: bool
    answer: dict | None = None


def replayed(match_practice: Practice, deal_number: int, start: int, moves: list[str]):
    """The match replayed up to deal ``deal_number``, that deal's stored record cut after
    ``start`` moves, then ``moves``: a ``Practice`` nobody stores. ``NotRetried`` for a deal
    the match has not finished; ``BadInput`` for moves that do not replay."""
    deals = match_practice.deals
    current = len(deals)
    if not 1 <= deal_number <= current:
        raise NotRetried
    if deal_number == current and not match_practice.deal_over:
        raise NotRetried  # the deal in play is never retried: its hands are hidden
    record = deals[deal_number - 1]
    if not 0 <= start <= len(record.moves) or len(moves) > MAX_MOVES:
        raise BadInput("bad_ply")
    earlier = [DealRecord(d.seed, list(d.moves), list(d.undone)) for d in deals[: deal_number - 1]]
    cut = DealRecord(record.seed, record.moves[:start] + list(moves))
    try:
        return Practice(match_practice.setup, [*earlier, cut])
    except ValueError:  # a move that does not replay: the address was written by hand
        raise BadInput("bad_move") from None


def judged_moment(practice: Practice) -> bool:
    """Whether the learner's move now is a card the analysis judges: card play, and more than
    one card to choose from."""
    if not practice.learner_to_act or practice.state.phase != Phase.PLAY:
        return False
    return len(analysis.choices(practice.game, practice.state)) > 1


def attempt(practice: Practice, tokens: list[str], view: str) -> Tried:
    """The learner's move at the retried moment: a card the analysis judges costly is refused
    (``Tried.played`` False, nothing changes); any other move is played, with the computer
    players' replies after it. ``analysis.Busy`` when the moment could not be judged in time;
    the engine's refusal of an illegal move as itself."""
    trial = practice.state.copy()
    for token in tokens:
        trial.push(trial.parse_move(token))  # IllegalMove / BadInput, before anything else
    if judged_moment(practice) and len(tokens) == 1:
        answer = analyses.judge(practice.game, practice.position(), practice.seat, view)
        token = practice.module.format_move(practice.state.parse_move(tokens[0]))
        mine = next(m for m in answer["moves"] if m["move"] == token)
        if mine["cost"] > 0:
            return Tried(token, False, answer)
        practice.play([token], practice.ply)
        return Tried(token, True, answer)
    practice.play(tokens, practice.ply)
    return Tried(" ".join(tokens), True)
