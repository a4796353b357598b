"""What the pages and the JSON API share: starting a match, and changing one.

Both read their request into the same calls; errors come back as the engine's ``BadInput``
(400) and ``IllegalMove`` (422) and the practice table's ``Conflict`` (409). A change is stored
only on the match it was made on (its ``version``): two moves sent at once are applied one
after the other, and the second, made again on a table that has moved on, is refused
(``stale_ply``) and changes nothing. No lock is held while the engine replays and plays, so
moves in different matches go on side by side.
"""

import secrets
import time

from django.db import transaction

from cardgames.errors import BadInput
from cardgames.house_rules import overrides_between, overrides_in
from cardgames.table import parse_seat
from rulebook import games

from . import signals
from .match import REPLY_BUDGET, Conflict, Practice, Setup, new_seed
from .models import Match


def setup_from(game: str, params) -> Setup:
    """The set-up a request asks for: ``variant`` (the game's default), ``rule.<key>`` house
    rules, ``seat`` (``S``) and ``level`` (``club``), checked by the engine (``BadInput``, a
    ``RuleError`` for a house rule). The first dealer is drawn at random."""
    spec = games.get(game)
    if spec is None:
        raise BadInput("unknown_game", game=game)
    params = {key: text(params.get(key)) for key in params}
    variant = params.get("variant") or spec.default_variant
    overrides = overrides_in(params)
    seat = parse_seat(params.get("seat") or "S")
    level = params.get("level") or "club"
    setup = Setup(game, variant, overrides, seat, level, draw_dealer())
    rules = setup.rules()  # refuses what cannot be played
    # Keep only the overrides that change the variant, as a permalink writes them.
    kept = overrides_between(spec.presets[variant], rules)
    return Setup(game, variant, kept, seat, level, setup.first_dealer)


def draw_dealer() -> int:
    return secrets.randbelow(4)


def text(value) -> str:
    """A parameter as text, whether a form or a JSON body sent it: JSON's true and false,
    numbers, and lists of cards are written as ``/variants`` writes them."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(text(v) for v in value)
    if isinstance(value, dict):
        raise BadInput("bad_move", move="{…}")
    return str(value).strip()


def start(
    setup: Setup, live: bool = False, seed: str | None = None, **fields
) -> tuple[Match, Practice]:
    """A new match stored, its first deal played up to the learner's first turn (``live``:
    a live table's, up to a person's); ``seed``: its first deal's, given (a class's homework
    deals everyone the same, as a challenge does), else a fresh secret one; ``fields``: more
    of the match's (a challenge's ``sealed_until`` and ``entry_url``)."""
    practice = Practice.start(setup, seed or new_seed())
    with transaction.atomic():
        match = Match.objects.create(
            game=setup.game,
            variant=setup.variant,
            overrides=setup.overrides,
            seat=setup.seat,
            level=setup.level,
            first_dealer=setup.first_dealer,
            players=list(setup.players),
            live=live,
            **fields,
        )
        match.save_deals(practice)
    return match, practice


ATTEMPTS = 3  # optimistic tries before a change waits for the match's lock


def change(match: Match, deals: list | None, act) -> Practice:
    """``act(practice)`` on the match replayed, stored when it returns, nothing stored when it
    raises. The replay and the move are made without a lock; the change is stored only if
    the match has not moved on meanwhile (``Match.store``), else it is made again on the
    match as it now is, where a move sent for a table that has moved on is refused. The
    computer players' replies of every try share one budget: a request made again holds its
    worker no longer."""
    replies_by = time.monotonic() + REPLY_BUDGET
    for _attempt in range(ATTEMPTS):
        if deals is None:
            match, deals = Match.read(match.public_id, match.live) or _gone()
        practice = match.replay(deals)
        practice.reply_deadline = replies_by
        act(practice)
        if match.store(practice, deals):
            signals.changed.send(sender=Match, match=match, practice=practice)
            return practice
        deals = None
    # Still overtaken (a burst of changes to one match): wait for the lock and make it there.
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        deals = list(match.deals.all())
        practice = match.replay(deals)
        practice.reply_deadline = replies_by
        act(practice)
        if not match.store(practice, deals):  # cannot happen under the row's lock
            raise Conflict("stale_ply", ply=None, current=practice.ply)
    signals.changed.send(sender=Match, match=match, practice=practice)
    return practice


def move(match: Match, tokens: list[str], ply, deals=None, **seen) -> Practice:
    return change(match, deals, lambda practice: practice.play(tokens, ply, **seen))


def undo(match: Match, ply=None, deals=None, **seen) -> Practice:
    if match.sealed:  # a challenge's deal is played once, as it goes
        raise Conflict("challenge_no_undo")
    return change(match, deals, lambda practice: practice.undo(ply, **seen))


def next_deal(match: Match, deal_number=None, deals=None) -> Practice:
    if match.entry:  # a challenge's deal is a match of one deal
        raise Conflict("challenge_one_deal")
    return change(match, deals, lambda practice: practice.next_deal(new_seed(), deal_number))


def shown(match: Match, data: dict) -> dict:
    """The match object as its reader may have it: a challenge's seed stays out of it until
    the challenge closes (the hands the learner has played are the learner's to see)."""
    if match.sealed:
        data.pop("seed", None)
    return data


def _gone():
    raise Match.DoesNotExist  # deleted while the change was being made


def whole_number(value, code: str) -> int | None:
    """A count sent by a form (text) or JSON (a number): None when absent, ``BadInput(code)``
    when it is no whole number."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise BadInput(code)
    if isinstance(value, int):
        return value
    word = str(value).strip()
    if word.isascii() and word.isdigit() and len(word) <= 6:
        return int(word)
    raise BadInput(code)
