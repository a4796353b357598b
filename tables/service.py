"""What the live tables' API, pages and WebSocket share: creating a table, opening a place by
its key or by the browser session bound to it, what a place may see, and a person's move.

The game, its storage and its dealing are practice's (``practice.service``): a move is stored
against the match's version, so two sent at once give one move and one ``stale_ply``.
"""

import dataclasses

from django.db import transaction

from practice import service as practice
from practice.match import WATCHER, Conflict
from practice.models import Match
from rulebook.engine import bots
from rulebook.engine.errors import BadInput, IllegalMove
from rulebook.engine.table import SEATS, parse_seat

from .models import Place, Table, digest, new_key

PERSON, COMPUTER = "person", "computer"
MAX_TURN_SECONDS = 3600


class Refused(BadInput):
    """A request this place may not make (HTTP 403): ``not_a_player``."""


def players_from(seats) -> tuple:
    """``{"N": "person" | "computer:<level>", ...}`` as ``Setup.players``; ``bad_seats``."""
    if not isinstance(seats, dict) or set(seats) != set(SEATS):
        raise BadInput("bad_seats")
    players = []
    for letter in SEATS:
        value = seats[letter]
        if value == PERSON:
            players.append(None)
        elif isinstance(value, str) and value.startswith(COMPUTER + ":"):
            level = value[len(COMPUTER) + 1 :]
            if level not in bots.LEVELS:
                raise BadInput("bad_seats")
            players.append(level)
        else:
            raise BadInput("bad_seats")
    if all(p is not None for p in players):
        raise BadInput("bad_seats")  # a table has at least one person
    return tuple(players)


def _turn_seconds(value) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise BadInput("bad_turn_seconds")
    seconds = practice.whole_number(value, "bad_turn_seconds")
    if not 10 <= seconds <= MAX_TURN_SECONDS:
        raise BadInput("bad_turn_seconds")
    return seconds


def create(game: str, params: dict) -> tuple[Table, dict]:
    """A new table from what a request asks (``variant``, ``rule.<key>``, ``seats``,
    ``coach``, ``turn_seconds``, ``help``): the table and its keys, ``{"N": key, ...,
    "coach": key, "watch": key}`` (shown once: only their digests are kept)."""
    players = players_from(params.get("seats"))
    people = [s for s, p in enumerate(players) if p is None]
    coach = params.get("coach")
    coach_seat = None
    if coach not in (None, ""):
        if not isinstance(coach, str) or len(coach) != 1 or coach not in SEATS:
            raise BadInput("bad_coach")
        coach_seat = parse_seat(coach)
        if coach_seat not in people:
            raise BadInput("bad_coach")
    turn_seconds = _turn_seconds(params.get("turn_seconds"))
    help_on = params.get("help", False)
    if help_on not in (True, False, "true", "false", "on", ""):
        raise BadInput("bad_help")
    chosen = {k: v for k, v in params.items() if k == "variant" or k.startswith("rule.")}
    setup = practice.setup_from(game, chosen)
    setup = dataclasses.replace(setup, seat=people[0], players=players)
    setup.rules()
    keys = {}
    with transaction.atomic():
        match, _practice = practice.start(setup, live=True)
        table = Table.objects.create(
            match=match,
            coach_seat=coach_seat,
            turn_seconds=turn_seconds,
            help=help_on in (True, "true", "on"),
        )
        places = [(SEATS[s], Place.SEAT, s) for s in people]
        if coach_seat is not None:
            places.append(("coach", Place.COACH, coach_seat))
        places.append(("watch", Place.WATCH, None))
        for name, role, seat in places:
            keys[name] = new_key()
            Place.objects.create(table=table, role=role, seat=seat, key_digest=digest(keys[name]))
    return table, keys


def by_key(public_id: str, key) -> Place | None:
    """The place this key opens at this table, or None (whatever was wrong)."""
    if not isinstance(key, str) or not key or len(key) > 100:
        return None
    return (
        Place.objects.select_related("table")
        .filter(table__public_id=public_id, key_digest=digest(key))
        .first()
    )


def watching(public_id: str) -> str:
    """The session's key that says it opened the table's watchers' link (shared by many, so
    bound to no one)."""
    return f"tables:watch:{public_id}"


def by_session(public_id: str, session, user=None) -> Place | None:
    """The place this browser session (or account) took at this table, or None."""
    places = Place.objects.select_related("table").filter(table__public_id=public_id)
    if user is not None and user.is_authenticated:
        found = places.filter(user=user).first()
        if found is not None:
            return found
    session_key = getattr(session, "session_key", None)
    if not session_key:
        return None
    found = places.filter(session_key=session_key).first()
    if found is None and session.get(watching(public_id)):
        found = places.filter(role=Place.WATCH).first()
    return found


def viewer(place: Place) -> int:
    """Whose view a place is given: its seat's, the coached seat's, or a watcher's."""
    return WATCHER if place.role == Place.WATCH else place.seat


def you(place: Place) -> str:
    """The ``you`` of a state frame: ``"S"``, ``"coach:S"`` or ``"watcher"``."""
    if place.role == Place.WATCH:
        return "watcher"
    seat = SEATS[place.seat]
    return f"coach:{seat}" if place.role == Place.COACH else seat


def read(table: Table) -> tuple[Match, list]:
    found = Match.read(table.match.public_id, live=True)
    if found is None:
        raise Match.DoesNotExist
    return found


def match_json(table: Table, match, practice_match, place: Place) -> dict:
    """The practice spec's match object as this place may see it, with ``seats`` (each
    seat's name, player and coach) in place of ``seat``, ``level`` and ``computer_seats``."""
    out = practice_match.to_json(table.public_id, viewer(place))
    for gone in ("seat", "level", "computer_seats"):
        out.pop(gone, None)
    names = {p.seat: p.name for p in table.places.all() if p.role == Place.SEAT}
    out["seats"] = {
        SEATS[s]: {
            "name": names.get(s, ""),
            "player": PERSON if level is None else f"{COMPUTER}:{level}",
            "coach": s == table.coach_seat,
        }
        for s, level in enumerate(practice_match.setup.seated)
    }
    return out


def move(table: Table, place: Place, tokens: list[str], ply, deal_number=None):
    """A person's move at their own seat (a coach or a watcher: ``not_a_player``), then the
    computer players' replies; the practice match after it."""
    if place.role != Place.SEAT:
        raise Refused("not_a_player")
    if ply is None:
        raise BadInput("bad_ply")
    match, deals = read(table)
    return practice.move(match, tokens, ply, deals, seat=place.seat, deal_number=deal_number)


def next_deal(table: Table, place: Place, deal_number=None):
    if place.role != Place.SEAT:
        raise Refused("not_a_player")
    match, deals = read(table)
    return practice.next_deal(match, deal_number, deals)


ERRORS = (BadInput, IllegalMove, Conflict)
