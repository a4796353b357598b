"""Pages are cached per (address, game revision); an edit to any row a game's pages show (its
registry, a reader's report, a tutorial step, a hand-picked question) raises the game's
revision in the database, so every process asks for a new key at once (no local clear, which
other processes would never see). Other apps add their rows with ``follow``.

Every translated text is saved with the files' line breaks (LF): a browser sends a textarea's
as CRLF, which would split no paragraph, and would make the loaders take every untouched text
saved from the admin for an editor's change.
"""

from contextlib import contextmanager
from contextvars import ContextVar

from django.db.models import F, Q
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver
from modeltranslation.translator import NotRegistered, translator
from modeltranslation.utils import build_localized_fieldname

from .models import Claim, Game, ReaderReport, Rule, RuleValue, Section, Source, Variant

# How to reach the game from each row that a page shows.
GAME_OF = {
    Game: lambda row: row.pk,
    Source: lambda row: row.game_id,
    Variant: lambda row: row.game_id,
    Section: lambda row: row.game_id,
    Rule: lambda row: row.game_id,
    RuleValue: lambda row: Rule.objects.filter(pk=row.rule_id).values("game_id")[:1],
    Claim: lambda row: Rule.objects.filter(pk=row.rule_id).values("game_id")[:1],
    ReaderReport: lambda row: row.game_id,
}


def follow(model, game_of) -> None:
    """Pages show ``model``'s rows: ``game_of(row)`` is the primary key (or a one-row
    ``values("pk")`` query) of the game whose revision an edit to it raises."""
    GAME_OF[model] = game_of


_loading = ContextVar("loading", default=False)


@contextmanager
def one_revision():
    """A bulk load (``make setup``'s loaders): no revision per row saved, every game's raised
    once at the end, whatever the load changed."""
    token = _loading.set(True)
    try:
        yield
    finally:
        _loading.reset(token)
        Game.objects.update(revision=F("revision") + 1)


@receiver(pre_save)
def note_game_before(sender, instance, raw=False, **kwargs):
    """A row moved to another game leaves the old game's pages stale too: note which it was."""
    if sender not in GAME_OF or raw or _loading.get() or instance.pk is None:
        return
    before = sender.objects.filter(pk=instance.pk).first()
    instance._game_before = None if before is None else GAME_OF[sender](before)
    if isinstance(instance, ReaderReport):
        instance._status_before = None if before is None else before.status


def _shown(instance) -> bool:
    """Whether a page shows ``instance``, now or before this change: a reader's report only
    once an editor accepted it, so a new report (anyone may send one) never empties the
    game's cached pages."""
    if not isinstance(instance, ReaderReport):
        return True
    return ReaderReport.ACCEPTED in (instance.status, getattr(instance, "_status_before", None))


@receiver(post_save)
@receiver(post_delete)
def new_revision(sender, instance, raw=False, update_fields=None, **kwargs):
    if sender not in GAME_OF or raw or update_fields == frozenset({"revision"}):
        return
    if _loading.get() or not _shown(instance):
        return
    games = Q(pk=GAME_OF[sender](instance))
    before = getattr(instance, "_game_before", None)
    if before is not None:
        games |= Q(pk=before)
    Game.objects.filter(games).update(revision=F("revision") + 1)


@receiver(pre_save)
def normalise_line_breaks(sender, instance, **kwargs):
    try:
        options = translator.get_options_for_model(sender)
    except NotRegistered:
        return
    from django.conf import settings

    for name in options.fields:
        columns = [name, *(build_localized_fieldname(name, lang) for lang, _ in settings.LANGUAGES)]
        for column in columns:
            value = getattr(instance, column, None)
            if isinstance(value, str) and "\r" in value:
                setattr(instance, column, value.replace("\r\n", "\n").replace("\r", "\n"))
