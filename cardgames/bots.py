"""The computer players of the six games: Django-free, deciding from what their own seat may see.

Three levels: ``beginner`` plays a seeded random legal move (in Tarneeb's auction, a random
kind of call: see ``tarneeb.beginner``); ``club`` plays as the sources' tips (and, where no
source gives advice, the site's own) say a decent player does; ``expert`` plays the card (and
in Sab'at Al-Deemin the announcement) that does best when club players play out deals drawn
from its own seat's view, and decides as ``club`` elsewhere (``expert.py``). A move is always
one of the state's ``legal_moves()``, so a computer player can never play an illegal move.

    from cardgames import bots
    view = bots.view_of("bent-al-sbeet", state, seat)   # only what that seat may see
    decision = bots.decide(view, "club", seed="match-17:3")
    bots.decide(view, "expert", seed="match-17:3", deadline=time.monotonic() + 2)
    decision.move                  # a move int of the engine
    decision.reason.code           # "discard_penalty": stable, no prose
    decision.reason.source         # "qahwa": the registry source whose tip it follows, or None
    decision.reason.facts          # {"card": "QS"}: what the sentence needs
    bots.hint("tarneeb", state, seat)     # the club player's decision for that seat
    bots.advance("tarneeb", state, {1: "club", 2: "beginner", 3: "club"}, seed)

The games are the list's (``cardgames.games``): each family's record names its players (its
``players`` module: Bent Al Sbeet, Leekha and Hearts share the penalty family's, Tarneeb and
Tarneeb 41 the trick-and-bid family's, Sab'at Al-Deemin has the layout family's), and a game
adds the sources its tips come from (``Game.sources``); every preset and house rule is read
from the rules in force. A view carries its game (``SeatView.game``), so nothing below asks
for a game by its slug.

``REASONS[game]`` maps every reason code a game's players can give to its source, and
``REASON_FACTS[code]`` names its facts, so the web layer can check it has a sentence for each.
"""

import random
from collections.abc import Mapping

from .errors import BadInput, IllegalMove
from .games import FAMILIES, GAMES, Game
from .games import game as described
from .players.reasons import COMMON_CODES, Decision, Reason, decision
from .players.seat import SeatView, build
from .search import expert
from .table import SEATS

__all__ = [
    "GAMES",
    "LEVELS",
    "REASONS",
    "REASON_FACTS",
    "Decision",
    "Game",
    "Reason",
    "SeatView",
    "advance",
    "decide",
    "hint",
    "view_of",
]

LEVELS = ("beginner", "club", "expert")

REASON_FACTS = {**COMMON_CODES}
for _family in FAMILIES:  # every family's players, and the expert's own reasons in it
    REASON_FACTS.update(_family.players.CODES)
    REASON_FACTS.update(_family.expert_codes)


class _Reasons(Mapping):
    """``REASONS[slug]``: every reason code the game's players give, with its source (None:
    the site's own), read from the list of games, so a game registered later has its own."""

    def __getitem__(self, slug: str) -> dict:
        if slug not in GAMES:
            raise KeyError(slug)
        found = GAMES[slug]
        family = found.family
        codes = (*COMMON_CODES, *family.players.CODES, *family.expert_codes)
        return {code: found.sources.get(code) for code in codes}

    def __iter__(self):
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


REASONS = _Reasons()

_SEATS = range(4)


def view_of(game: str, state, seat: int, *, deal_number=None, totals=None) -> SeatView:
    """What ``seat`` may see of ``state``, a deal of ``game`` (a slug: ``"tarneeb"``).

    Where the engine's state keeps no match (Tarneeb, Tarneeb 41, Sab'at Al-Deemin), give the
    deal's number in the match and the totals before it (the sheet's lines; the totals per
    side or per seat): they are public, and the beginner's choices are seeded by the deal
    number."""
    if seat not in _SEATS:
        raise BadInput("bad_seat", seat=str(seat))
    found = described(game)
    found, state = found.family.playing(found, state)  # a kingdom's contract: its own game's
    return build(state, seat, found, deal_number, totals)


def decide(
    seat_view: SeatView, level: str = "club", seed: str = "", *, deadline: float | None = None
) -> Decision:
    """The move of the seat of ``seat_view`` and the reason for it.

    ``beginner`` draws from a generator seeded by ``seed``, the deal number, the number of
    moves made and the seat, so replaying a deal with the same seed replays its choices (give
    each deal its own seed where the engine keeps no deal number). ``club`` is a function of
    the view alone. ``expert`` samples deals seeded the same way, searching until
    ``deadline`` (a ``time.monotonic()`` value) at the latest, and at most
    ``expert.MOVE_BUDGET`` seconds; out of time, it plays the club move.
    """
    if level not in LEVELS:
        raise BadInput("bad_level", level=str(level))
    legal = seat_view.legal
    if not legal:
        to_act = seat_view.to_act
        raise IllegalMove(
            "not_your_turn",
            seat=SEATS[seat_view.seat],
            to_act=None if to_act is None else SEATS[to_act],
        )
    game = seat_view.game
    players = game.family.players
    drawn = f"{seed}:{seat_view.deal_number}:{seat_view.ply}:{seat_view.seat}"
    if level == "beginner":
        move = getattr(players, "beginner", _uniform)(seat_view, game, random.Random(drawn))
        code, source, facts = "random_move", None, {}
    elif len(legal) == 1:
        move, code, source, facts = legal[0], "only_move", None, {}
    else:
        advice = players.club(seat_view, game)
        if level == "expert":  # a family's players may search on their own (the kingdom's)
            search = getattr(players, "expert", expert.expert)
            advice = search(seat_view, game, advice, drawn, deadline)
        move, code, facts = advice
        source = game.sources.get(code)
    if move not in legal:  # every choice is made among the legal moves: a bug otherwise
        raise AssertionError(f"{code} chose {move}, not one of {legal}")
    return decision(move, code, source, facts)


def _uniform(view, game, rng) -> int:
    return rng.choice(view.legal)


def hint(game: str, state, seat: int, **match) -> Decision:
    """What the club player would do in ``seat``'s place, from ``seat``'s own view: it reveals
    nothing that seat cannot see. ``match``: ``deal_number`` and ``totals``, as for
    ``view_of``."""
    return decide(view_of(game, state, seat, **match), "club")


def advance(
    game: str, state, levels, seed: str = "", *, deal_number=None, totals=None, deadline=None
) -> list[tuple[int, int, Reason]]:
    """Play the computer seats' moves on ``state`` (in place, through ``push``) until a seat
    without a level is to act or the deal is over. ``levels`` maps a seat to its level (a
    dict, or a sequence of four with None for a person); ``deal_number`` and ``totals`` as
    for ``view_of``; ``deadline`` (``time.monotonic()``) bounds every expert's search, so the
    moves together take no longer (past it an expert plays as the club player). Returns
    ``(seat, move, reason)`` for each move made, in order."""
    made = []
    while state.to_act is not None:
        seat = state.to_act
        level = levels.get(seat) if isinstance(levels, dict) else levels[seat]
        if level is None:
            break
        seen = view_of(game, state, seat, deal_number=deal_number, totals=totals)
        decision = decide(seen, level, seed, deadline=deadline)
        state.push(decision.move)
        made.append((seat, decision.move, decision.reason))
    return made
