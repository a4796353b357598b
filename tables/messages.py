"""The live tables' own refusals in the reader's language; every other code is practice's
(``practice.messages``), and so the engine's."""

from django.utils.translation import gettext_lazy as _

from practice.messages import explain as practice_explain
from rulebook import echo

MESSAGES = {
    "not_found": _("There is no table here, or this invitation is not for you."),
    "bad_seats": _(
        "“seats” must give each of N, E, S and W as “person” or “computer:<level>”, with at "
        "least one person."
    ),
    "bad_coach": _("The coach must sit beside one of the people’s seats."),
    "bad_turn_seconds": _("A turn’s time must be a number of seconds from 10 to 3600."),
    "bad_help": _("“help” must be true or false."),
    "not_a_player": _("Only the person at this seat can make its moves."),
    "bad_frame": _("This message cannot be read."),
    "frame_too_large": _("This message is too long."),
    "say_hello": _("Say hello first."),
    "too_many": _("Too many messages in a short time: slow down."),
    "not_the_coach": _("Only the coach can give a hint."),
    "not_coached": _("Only the seat with a coach can ask its coach."),
    "bad_hint": _("A hint is plain text of at most 280 characters, with no markup."),
    "bad_hint_card": _("A hint can only name a card the coached seat holds."),
    "bad_name": _("A name is plain text of at most 40 characters."),
    "bad_place": _("Choose the seat of a person other than you, the coach or the watchers."),
    "no_help": _("Computer help is off at this table: its host chose so."),
    "place_taken": _("This place is already taken: its link opens nothing now."),
    "bad_phrase": _("Choose one of the table’s phrases."),
}


# The quick phrases a person may send the table: a code on the wire, each reader's own words.
PHRASES = {
    "well_played": _("Well played!"),
    "your_turn": _("Your turn."),
    "thanks": _("Thanks!"),
    "one_moment": _("One moment, please."),
}


def explain(code: str, details: dict | None = None, game=None, html: bool = False) -> str:
    if code in MESSAGES:
        return echo.fill(MESSAGES[code], dict(details or {}), html=html)
    return practice_explain(code, details, game=game, html=html)
