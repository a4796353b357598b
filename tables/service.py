"""What the live tables' API, pages and WebSocket share: creating a table, opening a place by
its key or by the browser session bound to it, what a place may see, and a person's move.

The game, its storage and its dealing are practice's (``practice.service``): a move is stored
against the match's version, so two sent at once give one move and one ``stale_ply``.
"""

import copy
import dataclasses
import re
import time
from collections import OrderedDict

from django.db import transaction

from cardgames import bots, cards
from cardgames.errors import BadInput, IllegalMove
from cardgames.table import SEATS, parse_seat
from practice import service as practice
from practice.match import WATCHER, Conflict, new_seed
from practice.models import Match

from .models import Place, Table, digest, new_key

PERSON, COMPUTER = "person", "computer"
ERRORS = (BadInput, IllegalMove, Conflict)
MAX_TURN_SECONDS = 3600
MAX_TEXT = 280  # a coach's hint (lessons.md's texts are plain, with no markup)
MAX_NAME = 40  # Place.name
MARKUP = re.compile(r"<\s*[A-Za-z/!?]|[\x00-\x08\x0b-\x1f\x7f]")


class Refused(BadInput):
    """A request this place may not make (HTTP 403): ``not_a_player``, ``not_the_coach``,
    ``not_coached``."""


class NotHost(BadInput):
    """A host's request from anyone else: answered as no table at all (404)."""

    def __init__(self):
        super().__init__("not_found")


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
            keys[name], nonce = new_key()
            Place.objects.create(
                table=table, role=role, seat=seat, key_digest=digest(keys[name]), nonce=nonce
            )
    return table, keys


def _key_text(key) -> bool:
    return isinstance(key, str) and 0 < len(key) <= 100


def by_key(public_id: str, key) -> Place | None:
    """The place this key opens at this table, or None (whatever was wrong). A seat's or the
    coach's key opens nothing once a browser took the place (``claim``)."""
    if not _key_text(key):
        return None
    return (
        Place.objects.select_related("table")
        .filter(table__public_id=public_id, key_digest=digest(key))
        .first()
    )


def by_spent_key(public_id: str, key) -> Place | None:
    """The place a browser took with this key (its invitation's page says so), or None."""
    if not _key_text(key):
        return None
    return (
        Place.objects.select_related("table")
        .filter(table__public_id=public_id, spent_digest=digest(key))
        .first()
    )


def watching(public_id: str) -> str:
    """The session's key that says which watchers' link it opened at the table (shared by
    many, so bound to no one): its digest, so a reissued watchers' link revokes it."""
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
    watched = session.get(watching(public_id))
    if found is None and isinstance(watched, str) and watched:
        found = places.filter(role=Place.WATCH, key_digest=watched).first()
    return found


class Taken(BadInput):
    """The place was taken by another browser (its key is spent)."""

    def __init__(self):
        super().__init__("place_taken")


def claim(place: Place, key: str, session_key: str, user=None, name: str = "") -> Place:
    """A browser takes the place its key opens: the place is bound to the session (and the
    account) and the key is spent, so it opens nothing anywhere else (pages, API, socket).
    Two browsers taking one place at once: one has it, the other ``Taken``. The watchers'
    place is shared: its key stays, and the session only remembers it (``watching``)."""
    if place.role == Place.WATCH:
        return place
    owner = user if user is not None and user.is_authenticated else None
    fields = {
        "key_digest": None,
        "nonce": "",
        "spent_digest": digest(key),
        "session_key": session_key,
        "user": owner,
    }
    if place.role == Place.SEAT:
        fields["name"] = name
    done = Place.objects.filter(pk=place.pk, key_digest=digest(key)).update(**fields)
    if not done:
        raise Taken
    for field, value in fields.items():
        setattr(place, field, value)
    return place


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


# The last matches this process replayed, by their stored version: a move is told to every
# socket of its table, and each one's catching up would replay the same match again.
_REPLAYED: OrderedDict = OrderedDict()
REPLAYS_KEPT = 256


def replayed(table: Table):
    """The stored match and its replay, for reading only (the replay may be another
    socket's): a version is never stored twice, so one version replays one way."""
    match, deals = read(table)
    key = (match.pk, match.version, len(deals))
    played = _REPLAYED.get(key)
    if played is None:
        played = _REPLAYED[key] = match.replay(deals)
        while len(_REPLAYED) > REPLAYS_KEPT:
            _REPLAYED.popitem(last=False)
    else:
        _REPLAYED.move_to_end(key)
    return match, played


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
    out["waiting_for"] = waiting_for(table, practice_match)
    out["help"] = table.help
    return out


def learner(table: Table, place: Place, played):
    """The practice match as the learner at this place's seat sees it, for the aids practice
    gives its learner (the hint, the analysis after the deal), which read ``seat``: a copy,
    the replay itself being shared. ``no_help`` while the table's computer help is off; a
    coach or a watcher: ``not_a_player``."""
    if place.role != Place.SEAT:
        raise Refused("not_a_player")
    if not table.help:
        raise Refused("no_help")
    mine = copy.copy(played)
    mine.seat = place.seat
    return mine


def move(table: Table, place: Place, tokens: list[str], ply, deal_number=None):
    """A person's move at their own seat (a coach or a watcher: ``not_a_player``), then the
    computer players' replies; the practice match after it."""
    if place.role != Place.SEAT:
        raise Refused("not_a_player")
    if ply is None:
        raise BadInput("bad_ply")
    match, deals = read(table)
    away = set(_away(table))
    others = away - {place.seat}  # the mover is back; the others' seats still play themselves

    def act(played):
        played.levels.update({s: AUTOPILOT for s in others})
        played.play(tokens, ply, seat=place.seat, deal_number=deal_number)

    played = practice.change(match, deals, act)
    if place.seat in away:
        back(place)
    return played


# --- the turn timer ----------------------------------------------------------------------------
# A person's seat whose turn has waited ``turn_seconds`` is played by a labelled computer
# player (``AUTOPILOT``) until the person comes back (a move, or a socket opened again). Its
# clock is stored with the table: since when the match has stood at its version. Whoever sees
# the turn overdue (any socket's timer, in any process, or any request) plays it, against that
# version: two at once store one move, the other nothing.

AUTOPILOT = "club"


def _away(table: Table) -> list[int]:
    return Table.objects.filter(pk=table.pk).values_list("away", flat=True).first() or []


def back(place: Place) -> bool:
    """The person at this seat is back: their seat is theirs to play again."""
    if place.role != Place.SEAT:
        return False
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=place.table_id)
        if place.seat not in table.away:
            return False
        table.away = [s for s in table.away if s != place.seat]
        table.save(update_fields=["away"])
    return True


def since(table: Table, match) -> float:
    """When the match reached its version (the first reader to see a version starts its
    clock: every socket reads the match as soon as it changes)."""
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        clock = locked.clock or {}
        if clock.get("version", -1) >= match.version:
            return clock["since"] if clock["version"] == match.version else time.time()
        locked.clock = {"version": match.version, "since": time.time()}
        locked.save(update_fields=["clock"])
        return locked.clock["since"]


def deadline(table: Table, match, played) -> float | None:
    """When the turn in play runs out (epoch seconds), or None: no timer, a computer's turn,
    the match over."""
    if table.turn_seconds is None or played.over and played.state.is_over:
        return None
    if not played.state.is_over and played.state.to_act in played.levels:
        return None
    return since(table, match) + table.turn_seconds


def overdue(table: Table) -> bool:
    """``expire`` from a request (the page, the API): True when it played something."""
    return table.turn_seconds is not None and expire(table) is not None


def expire(table: Table, now: float | None = None):
    """Play what has waited ``turn_seconds``: a person's turn (by ``AUTOPILOT``, the seat then
    away), or the next deal once a deal is over. The practice match after it, or None when
    nothing was due (or another reader played it first)."""
    table = Table.objects.select_related("match").get(pk=table.pk)
    if table.turn_seconds is None:
        return None
    match, deals = read(table)
    played = match.replay(deals)
    due = deadline(table, match, played)
    if due is None or (time.time() if now is None else now) < due:
        return None
    away = set(table.away)
    if not played.state.is_over:
        away.add(played.state.to_act)
    played.levels.update({s: AUTOPILOT for s in away})
    try:
        if played.state.is_over:
            played.next_deal(new_seed(), played.deal_number)
        else:
            played.advance()
    except ERRORS:
        return None
    if not match.store(played, deals):
        return None  # another reader played it
    if away != set(table.away):
        Table.objects.filter(pk=table.pk).update(away=sorted(away))
    return played


def next_deal(table: Table, place: Place, deal_number=None):
    """A person has seen the end of the deal and asks for the next: recorded; the next deal
    is dealt once every person has asked (or ``turn_seconds`` after the first did)."""
    if place.role != Place.SEAT:
        raise Refused("not_a_player")
    match, deals = read(table)
    played = match.replay(deals)
    if (
        not played.state.is_over
        or played.over
        or (deal_number is not None and deal_number != played.deal_number)
    ):
        return practice.next_deal(match, deal_number, deals)  # its own refusal
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        ready = locked.ready if locked.ready.get("deal") == played.deal_number else {}
        ready = {
            "deal": played.deal_number,
            "seats": sorted(set(ready.get("seats", [])) | {place.seat}),
            "since": ready.get("since", time.time()),
        }
        Table.objects.filter(pk=table.pk).update(ready=ready)
    table.ready = ready
    waited = table.turn_seconds is not None and time.time() - ready["since"] >= table.turn_seconds
    if not waited and not set(played.people) <= set(ready["seats"]):
        return played  # waiting for the others
    return practice.next_deal(match, played.deal_number, deals)


def waiting_for(table: Table, practice_match) -> list[str]:
    """The people who have not yet asked for the next deal, once a deal is over."""
    if not practice_match.state.is_over or practice_match.over:
        return []
    ready = table.ready if table.ready.get("deal") == practice_match.deal_number else {}
    return [SEATS[s] for s in practice_match.people if s not in ready.get("seats", [])]


def current(place: Place) -> Place | None:
    """The place as it is stored now, or None once it changed hands: taken by a browser (a
    key's holder then holds nothing), its invitation reissued or its seat given to a computer
    player."""
    found = Place.objects.select_related("table__match").filter(pk=place.pk).first()
    return found if found is not None and found.holder == place.holder else None


def plain_text(value, code: str, limit: int) -> str:
    """A person's text: plain, at most ``limit`` characters; markup or a control character
    is refused (``code``), never passed on."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise BadInput(code)
    text = " ".join(value.split()) if limit <= MAX_NAME else value.strip()
    if len(text) > limit or MARKUP.search(text):
        raise BadInput(code)
    return text


def hint(table: Table, place: Place, card, text) -> tuple[Place, dict]:
    """The coach's hint: a card the coached seat holds (or None) and a text. The seat's place
    (its connections only are sent it) and the frame; kept as the seat's note for its page."""
    if place.role != Place.COACH:
        raise Refused("not_the_coach")
    text = plain_text(text, "bad_hint", MAX_TEXT)
    token = None
    match, deals = read(table)
    played = match.replay(deals)
    if card not in (None, ""):
        if not isinstance(card, str) or len(card) > 3:
            raise BadInput("bad_hint_card")
        try:
            code = cards.parse_card(card)
        except BadInput:
            raise BadInput("bad_hint_card") from None
        if played.state.is_over or code not in cards.cards_in(played.state.hands[place.seat]):
            raise BadInput("bad_hint_card")
        token = cards.card_code(code)
    if not text and token is None:
        raise BadInput("bad_hint")
    seat = table.places.filter(role=Place.SEAT, seat=place.seat).first()
    if seat is None:
        raise Refused("not_coached")  # the seat was given to a computer player
    frame = {"type": "hint", "card": token, "text": text}
    Place.objects.filter(pk=seat.pk).update(note=_for_the_deal(frame, played))
    return seat, frame


def _for_the_deal(frame: dict, played) -> dict:
    """A note as kept for its place's page: shown while the deal it was given in is played
    (a hint about a card means nothing once the cards are dealt again)."""
    return {**frame, "deal": played.deal_number}


def ask(table: Table, place: Place) -> tuple[Place, dict]:
    """The coached seat asks its coach: the coach's place and the frame."""
    if place.role != Place.SEAT or place.seat != table.coach_seat:
        raise Refused("not_coached")
    coach = table.places.filter(role=Place.COACH).first()
    if coach is None:
        raise Refused("not_coached")
    frame = {"type": "ask"}
    match, deals = read(table)
    Place.objects.filter(pk=coach.pk).update(note=_for_the_deal(frame, match.replay(deals)))
    return coach, frame


def rename(place: Place, name) -> None:
    """A person's name for their seat (plain text, at most ``MAX_NAME`` characters)."""
    if place.role != Place.SEAT:
        raise Refused("not_a_player")
    place.name = plain_text(name, "bad_name", MAX_NAME)
    Place.objects.filter(pk=place.pk).update(name=place.name)


# --- the host's controls ---------------------------------------------------------------------


def host_seat(table: Table) -> int:
    """The host's seat: the first person's (taken at creation, never given away)."""
    return next(s for s, p in enumerate(table.match.players) if p is None)


def is_host(table: Table, place: Place | None) -> bool:
    return place is not None and place.role == Place.SEAT and place.seat == host_seat(table)


def _hosted_place(table: Table, place: Place, which) -> Place:
    """The place the host names (a person's seat other than the host's, ``coach`` or
    ``watch``)."""
    if not is_host(table, place):
        raise NotHost
    if which in ("coach", "watch"):
        found = table.places.filter(role=which).first()
    elif isinstance(which, str) and len(which) == 1 and which in SEATS:
        seat = parse_seat(which)
        found = None
        if seat != place.seat:
            found = table.places.filter(role=Place.SEAT, seat=seat).first()
    else:
        found = None
    if found is None:
        raise BadInput("bad_place")
    return found


def reissue(table: Table, place: Place, which) -> str:
    """The host reissues a place's invitation: its old key stops opening it anywhere and
    whoever took it holds nothing (the watchers' link: every watcher who came by it); the new
    key (answered once by the API; the host's invitations page shows it until it is used)."""
    target = _hosted_place(table, place, which)
    key, nonce = new_key()
    fields = {"key_digest": digest(key), "nonce": nonce, "spent_digest": ""}
    if target.role != Place.WATCH:
        fields.update(session_key="", user=None, name="", note=None)
    Place.objects.filter(pk=target.pk).update(**fields)
    return key


def invitations(table: Table, place: Place) -> list[Place]:
    """The host's view of the other places: every person's seat but the host's, the coach's
    and the watchers', each with ``key()`` while not yet taken (else ``taken``)."""
    if not is_host(table, place):
        raise NotHost
    order = {Place.SEAT: 0, Place.COACH: 1, Place.WATCH: 2}
    others = [p for p in table.places.all() if not (p.role == Place.SEAT and p.seat == place.seat)]
    return sorted(others, key=lambda p: (order[p.role], p.seat or 0))


def give(table: Table, place: Place, which, level) -> object:
    """The host gives a person's seat to a computer player of ``level``: the seat's place is
    gone (its key opens nothing), and the computer plays at once if it is its turn. The
    practice match after it."""
    target = _hosted_place(table, place, which)
    if target.role != Place.SEAT:
        raise BadInput("bad_place")
    if not isinstance(level, str) or level not in bots.LEVELS:
        raise BadInput("bad_seats")
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=table.match.pk)
        players = list(match.players)
        players[target.seat] = level
        match.players = players
        match.save(update_fields=["players"])
        target.delete()
        deals = list(match.deals.all())
        played = match.replay(deals)
        played.advance()
        match.store(played, deals)
    table.match = match
    return played
