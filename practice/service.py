"""What the pages and the JSON API share: starting a match, and changing one under a lock.

Both read their request into the same calls; errors come back as the engine's ``BadInput``
(400) and ``IllegalMove`` (422) and the practice table's ``Conflict`` (409). A change runs in a
transaction holding the match's row: two moves sent at once are applied one after the other,
and the second, made against a table that has moved on, is refused (``stale_ply``) and changes
nothing.
"""

import secrets
from contextlib import contextmanager

from django.db import transaction

from rulebook import games
from rulebook.engine.errors import BadInput
from rulebook.engine.house_rules import overrides_between, overrides_in
from rulebook.engine.table import parse_seat

from .match import Practice, Setup, new_seed
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


def start(setup: Setup) -> tuple[Match, Practice]:
    """A new match stored, its first deal played up to the learner's first turn."""
    practice = Practice.start(setup, new_seed())
    with transaction.atomic():
        match = Match.objects.create(
            game=setup.game,
            variant=setup.variant,
            overrides=setup.overrides,
            seat=setup.seat,
            level=setup.level,
            first_dealer=setup.first_dealer,
        )
        match.save_deals(practice)
    return match, practice


@contextmanager
def changing(match: Match):
    """The match, locked and replayed, for a change; what the block changes is stored when it
    ends, nothing when it raises."""
    with transaction.atomic():
        row = Match.objects.select_for_update().get(pk=match.pk)
        deals = list(row.deals.all())
        practice = row.replay(deals)
        yield practice
        row.save_deals(practice, deals)


def move(match: Match, tokens: list[str], ply, **seen) -> Practice:
    with changing(match) as practice:
        practice.play(tokens, ply, **seen)
    return practice


def undo(match: Match, ply=None, **seen) -> Practice:
    with changing(match) as practice:
        practice.undo(ply, **seen)
    return practice


def next_deal(match: Match, deal_number=None) -> Practice:
    with changing(match) as practice:
        practice.next_deal(new_seed(), deal_number)
    return practice


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
