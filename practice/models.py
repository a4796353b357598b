"""A practice match is stored as its rules, the learner's seat, the level and, per deal, its
secret seed, its commitment and the moves made: everything else is replayed by the engine
(``practice.match``), so a reload, a second tab or a server restart loses nothing.

A match is reached by its ``public_id`` (in the address: random, no number) and belongs to
whoever holds its ``token``: the browser session that started it (``diwaniya.ownership``,
kind ``practice``), any session that opens its private link, and any client of the JSON API
that sends it (``Authorization: Bearer <token>``).
"""

import secrets

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .match import DealRecord, Practice, Setup, commitment

OWNED = "practice"  # the kind of thing a session owns (diwaniya.ownership)


def new_public_id() -> str:
    return secrets.token_urlsafe(12)  # 96 random bits, 16 characters


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits, 32 characters


class Match(models.Model):
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id)
    token = models.CharField(_("private token"), max_length=64, unique=True, default=new_token)
    game = models.CharField(_("game"), max_length=40)
    variant = models.CharField(_("variant"), max_length=40)
    overrides = models.JSONField(_("rule overrides"), default=dict, blank=True)  # {key: text}
    seat = models.PositiveSmallIntegerField(_("seat"))  # 0 N, 1 E, 2 S, 3 W
    level = models.CharField(_("level"), max_length=16)
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"), default=0)
    created = models.DateTimeField(_("started"), auto_now_add=True)
    updated = models.DateTimeField(_("last move"), auto_now=True)

    class Meta:
        ordering = ["-updated", "-pk"]
        verbose_name = _("practice match")
        verbose_name_plural = _("practice matches")

    def __str__(self) -> str:
        return f"{self.public_id} {self.game}/{self.variant}"

    def get_absolute_url(self) -> str:
        return reverse("practice:table", args=[self.public_id])

    def private_url(self) -> str:
        """The link that gives the match to any browser that opens it."""
        return reverse("practice:claim", args=[self.public_id, self.token])

    @property
    def setup(self) -> Setup:
        return Setup(
            self.game, self.variant, dict(self.overrides), self.seat, self.level, self.first_dealer
        )

    def replay(self, deals=None) -> Practice:
        """The match replayed by the engine from its stored deals."""
        rows = list(self.deals.all()) if deals is None else deals
        return Practice(self.setup, [row.record() for row in rows])

    def save_deals(self, practice: Practice, deals=None) -> None:
        """Store what ``practice`` changed: the moves and undos of its deals, and new deals
        (``deals``: the rows it was replayed from, when the caller has them)."""
        rows = {row.number: row for row in (self.deals.all() if deals is None else deals)}
        for number, record in enumerate(practice.deals, 1):
            row = rows.get(number)
            if row is None:
                Deal.objects.create(
                    match=self,
                    number=number,
                    seed=record.seed,
                    commitment=commitment(record.seed),
                    moves=" ".join(record.moves),
                    undone=record.undone,
                )
            elif row.moves != " ".join(record.moves) or row.undone != record.undone:
                row.moves = " ".join(record.moves)
                row.undone = record.undone
                row.save(update_fields=["moves", "undone"])
        self.save(update_fields=["updated"])


class Deal(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField(_("deal"))
    seed = models.CharField(_("secret seed"), max_length=64)
    commitment = models.CharField(_("commitment"), max_length=64)  # SHA-256 of the seed, hex
    moves = models.TextField(_("moves"), blank=True)  # every seat's, canonical tokens
    undone = models.JSONField(_("undone moves"), default=list, blank=True)

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="practice_one_deal_a_number")
        ]

    def __str__(self) -> str:
        return f"{self.match_id}/{self.number}"

    def record(self) -> DealRecord:
        return DealRecord(self.seed, self.moves.split(), list(self.undone))
