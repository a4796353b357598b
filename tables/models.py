"""A live table is a practice match (``practice.Match``, marked ``live``) with places: one for
each person's seat, one for the coach beside a seat, and one the watchers share. A place is
opened by its key, of which only a digest is stored, so the database never holds a key; the
browser session or account that took a seat is bound to it, and its key is then spent.

A key not yet used is made from a random ``nonce`` and the site's secret (an HMAC), so the
host's invitations page can show it again while nobody has taken the place, though the
database alone cannot give it: it holds the nonce and the key's digest, never the key.
"""

import base64
import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _

from practice.models import Match, new_public_id

KEY_SALT = "tables.invitation"


def new_nonce() -> str:
    return secrets.token_hex(16)  # 128 random bits


def key_of(nonce: str, secret: str | None = None) -> str:
    """The key a nonce makes with the site's secret: 192 bits of an HMAC-SHA256, URL-safe."""
    mac = salted_hmac(KEY_SALT, nonce, secret=secret, algorithm="sha256").digest()
    return base64.urlsafe_b64encode(mac[:24]).decode()


def new_key() -> tuple[str, str]:
    """A new key and the nonce it is made from."""
    nonce = new_nonce()
    return key_of(nonce), nonce


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
    # The digest of the key that opens the place now; none once a browser took it (a seat's,
    # the coach's: its key is then spent, and only that browser's session opens the place).
    key_digest = models.CharField(max_length=64, unique=True, null=True, blank=True)
    # What that key is made from (``key_of``), while it is not yet used: the host is shown it.
    nonce = models.CharField(max_length=32, blank=True, editable=False)
    # The digest of the key that took the place: its link then says the place is taken (or
    # takes its own browser back to the table), and opens nothing.
    spent_digest = models.CharField(max_length=64, blank=True, db_index=True, editable=False)
    # Who took it (a seat or the coach's place; the watchers' is shared and binds nobody).
    session_key = models.CharField(max_length=40, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    name = models.CharField(_("name"), max_length=40, blank=True)
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

    @property
    def holder(self) -> tuple:
        """Who may hold the place now: changes whenever it is taken or its invitation is
        reissued (a socket opened before then is refused)."""
        return (self.key_digest, self.spent_digest)

    def key(self) -> str | None:
        """The key of an invitation not yet used (made again from its nonce), or None: taken,
        or made under a secret the site no longer has."""
        if not self.nonce or not self.key_digest:
            return None
        for secret in [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]:
            key = key_of(self.nonce, secret)
            if digest(key) == self.key_digest:
                return key
        return None


class Socket(models.Model):
    """One WebSocket open on a place, in one process (``presence``): the place is "here" while
    one of its sockets is, and a row is removed when its socket ends. Each process says its
    sockets are alive every few seconds (``beat``); a killed process's rows grow old, count
    for nothing, and are removed by the other processes' periodic check."""

    place = models.ForeignKey(Place, on_delete=models.CASCADE, related_name="sockets")
    process = models.CharField(max_length=32, db_index=True)  # the event loop holding it
    channel = models.CharField(max_length=120, unique=True)  # its channel-layer name
    beat = models.FloatField(db_index=True)  # when its process last said it was open (epoch)

    class Meta:
        verbose_name = _("open socket")
        verbose_name_plural = _("open sockets")

    def __str__(self) -> str:
        return self.channel
