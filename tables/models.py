"""A live table is a practice match (``practice.Match``, marked ``live``) with places: one for
each person's seat, one for the coach beside a seat, and one the watchers share. A place is
opened by its key, of which only a digest is stored, so the database never holds a key; the
browser session or account that took a seat is bound to it.
"""

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from practice.models import Match, new_public_id


def new_key() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits


def digest(key: str) -> str:
    """What is stored of a key: its SHA-256 (a key is random, so no salt is needed)."""
    return hashlib.sha256(key.encode()).hexdigest()


class Table(models.Model):
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id)
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="live_table")
    coach_seat = models.PositiveSmallIntegerField(_("coached seat"), null=True, blank=True)
    turn_seconds = models.PositiveIntegerField(_("seconds a turn"), null=True, blank=True)
    help = models.BooleanField(_("computer help"), default=False)
    # Who has seen the end of the deal and asked for the next: {"deal": n, "seats": [...],
    # "since": <epoch seconds of the first>} (the next deal waits for every person).
    ready = models.JSONField(default=dict, blank=True, editable=False)
    # The turn timer, stored (never a process's memory): since when the match has stood at
    # its version, {"version": v, "since": <epoch seconds>}; and the people's seats a labelled
    # computer player plays since their turn ran out, until they come back.
    clock = models.JSONField(default=dict, blank=True, editable=False)
    away = models.JSONField(default=list, blank=True, editable=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("live table")
        verbose_name_plural = _("live tables")

    def __str__(self) -> str:
        return self.public_id

    def get_absolute_url(self) -> str:
        return reverse("tables:table", args=[self.public_id])


class Place(models.Model):
    SEAT, COACH, WATCH = "seat", "coach", "watch"
    ROLES = [(SEAT, _("seat")), (COACH, _("coach")), (WATCH, _("watchers"))]

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="places")
    role = models.CharField(_("role"), max_length=5, choices=ROLES)
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)  # 0 N … 3 W
    key_digest = models.CharField(max_length=64, unique=True)
    # Who took it (a seat or the coach's place; the watchers' is shared and binds nobody).
    session_key = models.CharField(max_length=40, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    name = models.CharField(_("name"), max_length=40, blank=True)
    # Sockets open on this place now, in every process (presence: "here" or "away").
    connections = models.PositiveIntegerField(default=0, editable=False)
    # The last coach's hint to this seat, or the coached seat's ask to this coach: the frame,
    # kept for the page without JavaScript (the WebSocket sends it at once).
    note = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("place")
        verbose_name_plural = _("places")

    def __str__(self) -> str:
        return f"{self.table_id}/{self.role}/{self.seat}"

    @property
    def taken(self) -> bool:
        return bool(self.session_key or self.user_id)
