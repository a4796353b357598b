"""A match is its variant, its target and the rows as the user entered them, in order.

Nothing computed is stored: the sheet (lines, debts, plain totals, winner) is the engine's
``Sheet`` replaying the rows, so the site and the engine cannot disagree.

A match is reached by two unguessable links, never by its id: the scorer's link (private: it
grants writing to the browser session that opens it) and the share link (read only).
"""

import secrets
from dataclasses import replace

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from rulebook.engine import tarneeb
from rulebook.engine.errors import EngineError
from rulebook.engine.score_sheet import Sheet

TARGETS = (31, 41, 51, 61)
OWNED = "sheet"  # the kind of thing a session owns (diwaniya.ownership)


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 144 random bits, 24 characters


class Match(models.Model):
    variant = models.CharField(_("variant"), max_length=20)  # a key of tarneeb.PRESETS
    target = models.PositiveSmallIntegerField(_("target"))
    scorer = models.CharField(_("scorer's token"), max_length=32, unique=True, default=new_token)
    share = models.CharField(_("share token"), max_length=32, unique=True, default=new_token)
    created = models.DateTimeField(_("started"), auto_now_add=True)
    ended = models.DateTimeField(_("ended"), null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return f"#{self.pk} {self.variant} {self.target}"

    def get_absolute_url(self) -> str:
        return self.share_url()

    def share_url(self) -> str:
        return reverse("scoresheet:view", args=[self.share])

    def scorer_url(self) -> str:
        return reverse("scoresheet:score", args=[self.scorer])

    @property
    def rules(self) -> tarneeb.Rules:
        preset = tarneeb.PRESETS.get(self.variant, tarneeb.PRESETS[tarneeb.DEFAULT_PRESET])
        return replace(preset, target=self.target)

    def replay(self, entries=None) -> tuple[Sheet, "EngineError | None"]:
        """The sheet after the stored rows; an error if a row (edited outside the site) fails."""
        rules = self.rules
        sheet = Sheet.for_rules(rules)
        for entry in self.entries.all() if entries is None else entries:
            try:
                entry.apply(sheet, rules)
            except EngineError as error:
                return sheet, error.at_move(entry.number - 1)
        return sheet, None


class Entry(models.Model):
    """One row as typed: the points each side writes, or a deal's bid, side and tricks."""

    POINTS = "points"
    DEAL = "deal"
    KINDS = [(POINTS, _("points")), (DEAL, _("deal"))]

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveSmallIntegerField(_("row"))  # 1, 2, 3... in the order entered
    kind = models.CharField(_("kind"), max_length=6, choices=KINDS)
    ns = models.PositiveIntegerField(_("North–South points"), null=True, blank=True)
    ew = models.PositiveIntegerField(_("East–West points"), null=True, blank=True)
    bid = models.PositiveSmallIntegerField(_("bid"), null=True, blank=True)
    side = models.CharField(_("bidding side"), max_length=2, blank=True)  # "NS" or "EW"
    tricks = models.PositiveSmallIntegerField(_("tricks taken"), null=True, blank=True)
    doubled = models.BooleanField(_("doubled"), default=False)
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

    def apply(self, sheet: Sheet, rules: tarneeb.Rules):
        """Write this row on ``sheet``; the engine refuses what the game does not allow."""
        if self.kind == self.POINTS:
            return sheet.enter_points(self.ns, self.ew)
        return sheet.enter_deal(rules, self.bid, self.side, self.tricks, self.doubled)
