"""A match is its game, its variant, its house rules, the players' names and the rows as the
user entered them, in order.

Nothing computed is stored: the sheet (each line's scores and totals, a Tarneeb side's debt,
the winners) is the engine's sheet for the game (``cardgames.sheet``) replaying the rows
under the match's rules, so the site and the engine cannot disagree.

A match is reached by two unguessable links, never by its id: the scorer's link (private: it
grants writing to the browser session that opens it) and the share link (read only).
"""

import secrets

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from cardgames.errors import EngineError
from cardgames.games import game as described
from cardgames.house_rules import with_overrides
from cardgames.sheet import GameSheet

OWNED = "sheet"  # the kind of thing a session owns (plumbing.ownership)
VIEWING = "sheet-view"  # the share links a session opened: it may see them, not change them


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 144 random bits, 24 characters


class Match(models.Model):
    game = models.CharField(_("game"), max_length=40, default="tarneeb")  # a described game's slug
    variant = models.CharField(_("variant"), max_length=20)  # a key of the engine's PRESETS
    # The table's house rules: {rule: value} as ``rule.<key>=<value>`` writes them, only those
    # that differ from the variant (``house_rules.overrides_between``).
    house_rules = models.JSONField(_("house rules"), default=dict, blank=True)
    names = models.JSONField(_("players’ names"), default=list, blank=True)  # one per line
    scorer = models.CharField(_("scorer's token"), max_length=32, unique=True, default=new_token)
    share = models.CharField(_("share token"), max_length=32, unique=True, default=new_token)
    created = models.DateTimeField(_("started"), auto_now_add=True)
    ended = models.DateTimeField(_("ended"), null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return f"#{self.pk} {self.game} {self.variant}"

    def get_absolute_url(self) -> str:
        return self.share_url()

    def share_url(self) -> str:
        return reverse("scoresheet:view", kwargs={"game": self.game, "token": self.share})

    def scorer_url(self) -> str:
        """The scorer's link (private): opening it claims the match, then 303 to
        ``kept_url``."""
        return reverse("scoresheet:score", kwargs={"game": self.game, "token": self.scorer})

    def kept_url(self, then: str = "kept") -> str:
        """The scorer's pages at an address without the token (the session's alone):
        ``then`` is "kept", "kept-undo" or "kept-end"."""
        from plumbing.capability import ref

        return reverse(f"scoresheet:{then}", kwargs={"game": self.game, "ref": ref(self.scorer)})

    def seen_url(self) -> str:
        """The sheet as its share link shows it, at an address without the token."""
        from plumbing.capability import ref

        return reverse("scoresheet:seen", kwargs={"game": self.game, "ref": ref(self.share)})

    def rules(self):
        """The variant's rules with the house rules; ``RuleError`` if a stored value (changed
        outside the site) is not one the engine plays."""
        module = described(self.game).engine
        presets = module.PRESETS
        base = presets.get(self.variant) or presets[module.DEFAULT_PRESET]
        return with_overrides(base, self.house_rules or {})

    def replay(self, entries=None) -> tuple[GameSheet | None, "EngineError | None"]:
        """The sheet after the stored rows; an error if the rules or a row (changed outside the
        site) fail. ``entries`` are the rows already read, if any."""
        try:
            sheet = described(self.game).sheet(self.rules())
        except EngineError as error:
            return None, error.at_move(-1)
        for entry in self.entries.all() if entries is None else entries:
            try:
                sheet.enter(entry.kind, entry.facts)
            except EngineError as error:
                return sheet, error.at_move(entry.number - 1)
        return sheet, None


class Entry(models.Model):
    """One row as typed: its kind (``points``, or the deal's facts the game scores: ``deal``,
    ``bids``, ``cards``) and the facts (``cardgames.sheet`` says which)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveSmallIntegerField(_("row"))  # 1, 2, 3... in the order entered
    kind = models.CharField(_("kind"), max_length=6)
    facts = models.JSONField(_("facts"), default=dict)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("row")
        verbose_name_plural = _("rows")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="scoresheet_one_entry_a_row")
        ]

    def __str__(self) -> str:
        return f"{self.match_id}/{self.number}"
