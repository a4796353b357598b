"""Opening challenges, entering one and starting its deals; the refusals a page or the command
words (``Refused``: a code and an HTTP status).

A player is an account, or a guest's browser (a random key kept in its session, so signing in
keeps it). One entry per player per challenge and one play per entry and deal are unique
constraints: two requests at once, on any worker or machine, make one, and the second reads it.
"""

import secrets
from datetime import UTC, datetime, time, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from cardgames import bots
from cardgames.errors import EngineError
from plumbing import ownership
from practice import service as practice
from practice.match import Setup, commitment, new_seed
from practice.models import OWNED
from rulebook import games

from . import families, versions
from .models import MAX_DEALS, Challenge, ChallengeDeal, Entry, Play, Player

GUEST_KEY = "challenge_player"  # the session's player key, for a guest
GUEST_KIND = "challenge-player"  # the same key among the session's things, adopted at sign-in
SITE_SIZES = {Challenge.DAILY: 3, Challenge.WEEKLY: 8}
SITE_LEVEL = "club"
MAX_DAYS = 14


class Refused(Exception):
    """``code``: ``closed`` (410), ``not_open_yet``, ``players_changed`` (409), ``bad_seat``,
    ``bad_challenge`` (400), ``played`` (409)."""

    STATUS = {"closed": 410, "not_open_yet": 409, "players_changed": 409, "played": 409}

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code
        self.status = self.STATUS.get(code, 400)


# --- opening -------------------------------------------------------------------------------


def open_challenge(
    game: str,
    variant: str | None,
    size: int,
    level: str,
    closes: datetime,
    kind: str = Challenge.PRIVATE,
    opens: datetime | None = None,
    slot: str | None = None,
    overrides: dict | None = None,
    by=None,
) -> Challenge:
    """A new challenge, its deals' seeds drawn now (secret) and their commitments stored with
    them. ``Refused("bad_challenge")`` for what cannot be played."""
    spec = games.get(game)
    if spec is None or game not in families.challenged():
        raise Refused("bad_challenge")
    if level not in bots.LEVELS or not 1 <= size <= MAX_DEALS:
        raise Refused("bad_challenge")
    variant = variant or spec.default_variant
    try:
        Setup(game, variant, dict(overrides or {}), 2, level).rules()
    except EngineError:
        raise Refused("bad_challenge") from None
    with transaction.atomic():
        challenge = Challenge.objects.create(
            kind=kind,
            slot=slot,
            game=game,
            variant=variant,
            overrides=dict(overrides or {}),
            level=level,
            size=size,
            players_version=versions.current(),
            opens=opens or timezone.now(),
            closes=closes,
            created_by=by,
        )
        for number in range(1, size + 1):
            seed = new_seed()
            ChallengeDeal.objects.create(
                challenge=challenge,
                number=number,
                seed=seed,
                commitment=commitment(seed),
                dealer=secrets.randbelow(4),
            )
    return challenge


def site_slot(kind: str, day) -> tuple[str, datetime, datetime]:
    """The slot of the site's daily or weekly challenge holding ``day`` (UTC), and when it
    opens and closes: a day, or an ISO week from its Monday."""
    if kind == Challenge.DAILY:
        opens = datetime.combine(day, time(), UTC)
        return day.isoformat(), opens, opens + timedelta(days=1)
    year, week, weekday = day.isocalendar()
    opens = datetime.combine(day - timedelta(days=weekday - 1), time(), UTC)
    return f"{year}-W{week:02d}", opens, opens + timedelta(days=7)


def open_site(game: str, kind: str, day) -> tuple[Challenge, bool]:
    """The site's ``kind`` challenge of ``game`` for ``day``: opened if it is not yet (with the
    computer players as they are now), else the one there is. Safe to run again, and at once
    on two machines (the slot is unique)."""
    slot, opens, closes = site_slot(kind, day)
    lookup = {"game": game, "kind": kind, "slot": slot, "players_version": versions.current()}
    found = Challenge.objects.filter(**lookup).first()
    if found is not None:
        return found, False
    try:
        with transaction.atomic():
            made = open_challenge(
                game, None, SITE_SIZES[kind], SITE_LEVEL, closes, kind, opens, slot
            )
        return made, True
    except IntegrityError:  # opened meanwhile by another run
        return Challenge.objects.get(**lookup), False


# --- players -------------------------------------------------------------------------------


def who(request, create: bool = False) -> dict | None:
    """The player making ``request``: ``{"user": ...}`` or ``{"guest": key}``; None for a
    guest with no key yet unless ``create``."""
    user = ownership.account(request)
    if user is not None:
        return {"user": user}
    key = request.session.get(GUEST_KEY)
    if key is None and create:
        key = secrets.token_urlsafe(16)
        request.session[GUEST_KEY] = key
        ownership.session_key(request, create=True)
    if key is not None and not ownership.owns(request, GUEST_KIND, key):
        ownership.own(request, GUEST_KIND, key)  # so that signing in adopts its entries
    return {"guest": key} if key else None


def adopt(session_key: str, user) -> None:
    """At sign-in (``ownership.adopt``, in its transaction): the entries this browser played
    as a guest become the account's, results and ranking with them. Where the account has an
    entry of its own in the same challenge (one entry a player), the account's is kept and the
    guest's stays a guest's."""
    from plumbing.models import Owned

    keys = list(Owned.objects.filter(user=user, kind=GUEST_KIND).values_list("token", flat=True))
    if not keys:
        return
    held = set(Entry.objects.filter(user=user).values_list("challenge_id", flat=True))
    for entry in Entry.objects.select_for_update().filter(guest__in=keys).order_by("pk"):
        if entry.challenge_id not in held:
            entry.user, entry.guest = user, None
            entry.save(update_fields=["user", "guest"])
            held.add(entry.challenge_id)


def entry_of(challenge: Challenge, player: dict | None) -> Entry | None:
    if player is None:
        return None
    return Entry.objects.filter(challenge=challenge, **player).first()


def enter(challenge: Challenge, player: dict) -> Entry:
    """The player's entry: made once, whatever requests arrive at once."""
    found = entry_of(challenge, player)
    if found is not None:
        return found
    name, hidden = "", False
    if "user" in player:
        profile = Player.objects.filter(user=player["user"]).first()
        name = profile.name if profile else player["user"].get_username()[:40]
        hidden = bool(profile and profile.hidden)
    try:
        with transaction.atomic():
            return Entry.objects.create(challenge=challenge, name=name, hidden=hidden, **player)
    except IntegrityError:  # the same player's other request made it
        return Entry.objects.get(challenge=challenge, **player)


def playable(challenge: Challenge) -> None:
    """``Refused`` unless the challenge takes moves now."""
    now = timezone.now()
    if now >= challenge.closes:
        raise Refused("closed")
    if now < challenge.opens:
        raise Refused("not_open_yet")
    if challenge.players_version != versions.current():
        raise Refused("players_changed")


def play_deal(request, challenge: Challenge, number: int, seat: int, entry_url: str):
    """The practice match of the player's deal ``number`` (``deal_for``), given to this
    browser."""
    entry = enter(challenge, who(request, create=True))
    match = deal_for(entry, number, seat, entry_url)
    ownership.own(request, OWNED, match.token)
    return match


def deal_for(entry: Entry, number: int, seat: int, entry_url: str = ""):
    """The practice match of ``entry``'s deal ``number``: dealt from the deal's seed on the
    first visit, at the seat chosen then; the same match after (a deal is played once)."""
    challenge = entry.challenge
    deal = ChallengeDeal.objects.filter(challenge=challenge, number=number).first()
    if deal is None:
        raise Refused("bad_challenge")
    if seat not in range(4):
        raise Refused("bad_seat")
    play = Play.objects.filter(entry=entry, deal=deal).select_related("match").first()
    if play is None:
        playable(challenge)
        setup = Setup(
            challenge.game,
            challenge.variant,
            dict(challenge.overrides),
            seat,
            challenge.level,
            deal.dealer,
        )
        try:
            with transaction.atomic():
                play = Play.objects.create(entry=entry, deal=deal, seat=seat)
                match, _practice = practice.start(
                    setup, seed=deal.seed, sealed_until=challenge.closes, entry_url=entry_url
                )
                play.match = match
                play.save(update_fields=["match"])
        except IntegrityError:  # the same player's other tab started it
            play = Play.objects.select_related("match").get(entry=entry, deal=deal)
    if play.match is None:  # its match was deleted: the deal was played all the same
        raise Refused("played")
    return play.match


def plays_of(entry: Entry | None) -> dict[int, Play]:
    """The entry's plays by deal number."""
    if entry is None:
        return {}
    rows = Play.objects.filter(entry=entry).select_related("deal")
    return {p.deal.number: p for p in rows}
