"""New lessons: a lesson object from a position, a finished practice deal, or a fresh seed.

A new lesson is one step holding every move made so far, with no text yet: it replays as it
is, and the editor cuts it into steps. Only a position whose every card its viewer may already
see becomes a lesson: a practice deal once it is over, never while it is being played.
"""

import secrets

from django.utils.translation import gettext as _

from cardgames.house_rules import PREFIX
from cardgames.table import SEATS


def from_position(game: str, position, learner: int | None = None, language: str = "en") -> dict:
    """The lesson object of ``position`` (a ``cardgames.positions.Position``): its deal,
    dealer, variant, house rules, match context and moves; the learner the seat to act, else
    South."""
    query = position.query()
    state = position.state
    seat = learner if learner is not None else state.to_act if state.to_act is not None else 2
    moves = query.get("moves", "").split()
    return {
        "game": game,
        "variant": position.variant,
        "rules": {k[len(PREFIX) :]: v for k, v in query.items() if k.startswith(PREFIX)},
        "dealer": query["dealer"],
        "deal": query["deal"],
        "start": query.get("start", ""),
        "exposed": query.get("exposed", ""),
        "deal_number": position.deal_number,
        "totals": query.get("totals", ""),
        "learner": SEATS[seat],
        "language": language,
        "title": _("A hand to study"),
        "summary": "",
        "steps": [
            {
                "moves": moves,
                "narration": "",
                "point": None,
                "question": None,
                "open": [],
                "variant": None,
            }
        ],
    }


def from_seed(game: str, variant: str, language: str = "en") -> dict:
    """A fresh deal of ``game`` under ``variant``, from a new random seed, South to learn."""
    return {
        "game": game,
        "variant": variant,
        "seed": secrets.token_hex(16),
        "dealer": "N",
        "learner": "S",
        "language": language,
        "title": _("A new lesson"),
        "summary": "",
        "steps": [{"moves": [], "narration": "", "question": None, "open": []}],
    }
