"""A challenge: deals of one game and rule set, dealt from seeds committed when it opens, played
by everyone at a practice table against the same computer players, each result compared with
the field's on the same cards (duplicate, as bridge plays it).

What is stored:

- ``Challenge``: the game, variant, house rules, the computer players' level and version
  (pinned: another version opens new challenges), when it opens and closes, and two counters
  kept with each result (``results``, ``finished``).
- ``ChallengeDeal``: each deal's secret seed, its commitment (public from the start) and its
  dealer; the seed is shown only once the challenge has closed.
- ``Entry``: one player's entry (an account, or a guest's browser), one per challenge, held by
  two partial unique constraints so that two requests at once, on any worker, make one.
- ``Play``: an entry's deal, played once at a practice table (``match``); ``score`` is its
  result, written once, with the tallies below, in the transaction of the move that ends it.
- ``SeatTally``, ``ScoreTally``, ``LineTally``: per deal and seat, the field as counts (the
  results, their sum, how many made each score, how many chose each line): the field's page
  reads these, never every result.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

MAX_DEALS = 12


def new_public_id() -> str:
    return secrets.token_urlsafe(9)  # 72 random bits: an unlisted challenge's link is its id


class Challenge(models.Model):
    DAILY, WEEKLY, PRIVATE = "daily", "weekly", "private"
    KINDS = [(DAILY, _("daily")), (WEEKLY, _("weekly")), (PRIVATE, _("private"))]

    public_id = models.CharField(max_length=16, unique=True, default=new_public_id)
    kind = models.CharField(_("kind"), max_length=8, choices=KINDS)
    # The site's challenges: the day ("2026-12-07") or the week ("2026-W49"); none for a
    # private one. With the game, the kind and the players' version, at most one challenge.
    slot = models.CharField(max_length=16, null=True, blank=True)  # noqa: DJ001 (none: unique-free)
    game = models.CharField(_("game"), max_length=40)
    variant = models.CharField(_("variant"), max_length=40)
    overrides = models.JSONField(_("rule overrides"), default=dict, blank=True)
    level = models.CharField(_("level"), max_length=16)
    size = models.PositiveSmallIntegerField(_("deals"))
    players_version = models.CharField(_("computer players' version"), max_length=16)
    opens = models.DateTimeField(_("opens"), default=timezone.now)
    closes = models.DateTimeField(_("closes"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created = models.DateTimeField(auto_now_add=True)
    # Kept with every result, in its transaction.
    results = models.PositiveIntegerField(default=0, editable=False)
    finished = models.PositiveIntegerField(default=0, editable=False)
    # The ranking's percentages, worked out from the tallies when it was last asked for
    # after ``results`` moved (``field.rank``), with the number of results they count.
    ranked_results = models.PositiveIntegerField(default=0, editable=False)
    ranked_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-opens", "pk"]
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "kind", "slot", "players_version"],
                condition=Q(slot__isnull=False),
                name="challenges_one_a_slot",
            )
        ]
        indexes = [models.Index(fields=["kind", "game", "closes"])]

    def __str__(self) -> str:
        return f"{self.public_id} {self.kind} {self.game}"

    def get_absolute_url(self) -> str:
        return reverse("challenges:challenge", args=[self.public_id])

    @property
    def is_open(self) -> bool:
        now = timezone.now()
        return self.opens <= now < self.closes

    @property
    def closed(self) -> bool:
        return timezone.now() >= self.closes


class ChallengeDeal(models.Model):
    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField(_("deal"))
    seed = models.CharField(_("secret seed"), max_length=64)
    commitment = models.CharField(_("commitment"), max_length=64)
    dealer = models.PositiveSmallIntegerField(_("dealer"))

    class Meta:
        ordering = ["challenge", "number"]
        constraints = [
            models.UniqueConstraint(fields=["challenge", "number"], name="challenges_deal_number")
        ]

    def __str__(self) -> str:
        return f"{self.challenge_id}/{self.number}"


class Entry(models.Model):
    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    # A guest browser's player key; NULL for an account (its unique constraint skips NULLs).
    guest = models.CharField(max_length=32, null=True, blank=True)  # noqa: DJ001
    name = models.CharField(_("display name"), max_length=40, blank=True)
    hidden = models.BooleanField(_("hidden from public lists"), default=False)
    created = models.DateTimeField(auto_now_add=True)
    deals_done = models.PositiveSmallIntegerField(default=0, editable=False)
    finished_at = models.DateTimeField(null=True, blank=True, editable=False)
    # The average of its deals' percentages when the ranking was last worked out.
    percent = models.FloatField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["challenge", "-percent", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["challenge", "user"],
                condition=Q(user__isnull=False),
                name="challenges_one_entry_an_account",
            ),
            models.UniqueConstraint(
                fields=["challenge", "guest"],
                condition=Q(guest__isnull=False),
                name="challenges_one_entry_a_guest",
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False) | Q(guest__isnull=False),
                name="challenges_entry_has_a_player",
            ),
        ]
        indexes = [models.Index(fields=["challenge", "percent"])]

    def __str__(self) -> str:
        return f"{self.challenge_id}:{self.user_id or self.guest}"


class Play(models.Model):
    """An entry's deal: started once (its practice match), finished once (``score``)."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="plays")
    deal = models.ForeignKey(ChallengeDeal, on_delete=models.CASCADE, related_name="plays")
    seat = models.PositiveSmallIntegerField(_("seat"))
    match = models.OneToOneField(
        "practice.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="play"
    )
    # The result, from the seat's view in the game's unit, higher better (``families``).
    score = models.IntegerField(null=True, blank=True)
    recorded = models.DateTimeField(null=True, blank=True)
    # The lines the field's page counts (``families``): {kind: line}.
    lines = models.JSONField(default=dict, blank=True)
    # The sum of the learner's cards' costs from the seat's view, once every card is judged.
    cost = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["entry", "deal"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "deal"], name="challenges_one_play_a_deal")
        ]
        indexes = [models.Index(fields=["deal", "seat", "score"])]

    def __str__(self) -> str:
        return f"{self.entry_id}/{self.deal_id}"


class SeatTally(models.Model):
    deal = models.ForeignKey(ChallengeDeal, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    results = models.PositiveIntegerField(default=0)
    total = models.BigIntegerField(default=0)  # the sum of their scores

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["deal", "seat"], name="challenges_seat_tally")
        ]

    def __str__(self) -> str:
        return f"{self.deal_id}/{self.seat}"


class ScoreTally(models.Model):
    deal = models.ForeignKey(ChallengeDeal, on_delete=models.CASCADE, related_name="scores")
    seat = models.PositiveSmallIntegerField()
    score = models.IntegerField()
    results = models.PositiveIntegerField(default=0)
    percent = models.FloatField(null=True, blank=True)  # as the ranking last worked it out

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["deal", "seat", "score"], name="challenges_score_tally")
        ]

    def __str__(self) -> str:
        return f"{self.deal_id}/{self.seat}/{self.score}"


class LineTally(models.Model):
    deal = models.ForeignKey(ChallengeDeal, on_delete=models.CASCADE, related_name="lines")
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=16)  # "lead", "contract", "passed", "first"
    line = models.CharField(max_length=64)  # move tokens, as the engine writes them
    results = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["deal", "seat", "kind", "line"], name="challenges_line_tally"
            )
        ]

    def __str__(self) -> str:
        return f"{self.deal_id}/{self.seat}/{self.kind}/{self.line}"


class Player(models.Model):
    """An account's name in challenges' lists, and whether it is listed at all."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenger"
    )
    name = models.CharField(_("display name"), max_length=40)
    hidden = models.BooleanField(_("hide me from public lists"), default=False)

    def __str__(self) -> str:
        return self.name
