"""A practice match is stored as its rules, the learner's seat, the level and, per deal, its
secret seed, its commitment and the moves made: everything else is replayed by the engine
(``practice.match``), so a reload, a second tab or a server restart loses nothing.

A match is reached by its ``public_id`` (in the address: random, no number) and belongs to
whoever holds its ``token``: the browser session that started it (``plumbing.ownership``,
kind ``practice``), any session that opens its private link, and any client of the JSON API
that sends it (``Authorization: Bearer <token>``).
"""

import secrets
from dataclasses import dataclass

from django.db import connection, models, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from plumbing import pagecache
from rulebook.models import Game

from . import signals
from .match import DealRecord, Practice, Setup, commitment

STANDING_SECONDS = 3600  # a match's standing before its deal in play, kept in the cache
OWNED = "practice"  # the kind of thing a session owns (plumbing.ownership)


def new_public_id() -> str:
    return secrets.token_urlsafe(12)  # 96 random bits, 16 characters


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits, 32 characters


class Matches(models.Manager):
    def read(self, public_id: str) -> tuple["Match", list["DealRow"]] | None:
        """The match (with its game's content revision) and its deals; a match always has one.
        One plain SQL statement, so the deals are of the very ``version`` a change is stored
        against, and plain rows: on each move the ORM's query building cost twenty times the
        query, and building its deal objects more than the query."""
        # Columns: MATCH_COLUMNS (in the model's field order, as ``Model.from_db`` takes
        # them), the game's registry_version and revision, then DEAL_COLUMNS (``DealRow``'s);
        # one row for each deal, in their order.
        sql = (
            f"SELECT {', '.join('m.' + c for c in MATCH_COLUMNS)}, g.registry_version,"
            f" g.revision, {', '.join('d.' + c for c in DEAL_COLUMNS)}"
            f" FROM {self.model._meta.db_table} m"
            f" LEFT JOIN {Game._meta.db_table} g ON g.slug = m.game"
            f" JOIN {Deal._meta.db_table} d ON d.match_id = m.id"
            " WHERE m.public_id = %s ORDER BY d.number"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [public_id])
            found = cursor.fetchall()
        if not found:
            return None
        width = len(MATCH_COLUMNS)
        match = _built(self.model, MATCH_COLUMNS, found[0][:width])
        match.game_registry_version, match.game_revision = found[0][width : width + 2]
        return match, [DealRow.read(row[width + 2 :]) for row in found]

    def advance(self, pk: int, version: int) -> bool:
        """Raise the match's version, only while it is still ``version`` (the one a change was
        made on): False, writing nothing, when another change was stored since."""
        table = self.model._meta.db_table
        sql = (
            f"UPDATE {table} SET version = version + 1, updated = %s WHERE id = %s AND version = %s"
        )
        now = self.model._meta.get_field("updated").get_db_prep_value(timezone.now(), connection)
        with connection.cursor() as cursor:
            cursor.execute(sql, [now, pk, version])
            return cursor.rowcount == 1


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
    # Raised by every stored change: a change computed from version v is stored only while
    # the match is still at v (``store``), so none is lost to another made at the same time.
    version = models.PositiveIntegerField(default=0, editable=False)
    # Who sits where (``Setup.players``: None for a person, else a level), for a live table;
    # empty for a practice match (``seat`` the learner, the others at ``level``).
    players = models.JSONField(_("players"), default=list, blank=True)
    # A live table's match (``tables``): never reachable through practice's pages or API.
    live = models.BooleanField(_("live table"), default=False, editable=False)
    # A challenge's deal (the ``challenges`` app): one deal, played once. Until the challenge
    # closes its seed stays secret even once the deal is over (others have yet to play it),
    # and the learner may not take a move back or ask for a hint; ``entry_url`` (without the
    # language) is the challenge's page for the deal, which the table links back to.
    sealed_until = models.DateTimeField(_("sealed until"), null=True, blank=True, editable=False)
    entry_url = models.CharField(max_length=200, blank=True, default="", editable=False)

    objects = Matches()

    class Meta:
        ordering = ["-updated", "-pk"]
        verbose_name = _("practice match")
        verbose_name_plural = _("practice matches")

    def __str__(self) -> str:
        return f"{self.public_id} {self.game}/{self.variant}"

    def get_absolute_url(self) -> str:
        return reverse("practice:table", args=[self.public_id])

    @property
    def entry(self) -> bool:
        """A challenge's deal: never a second deal, whatever the time."""
        return self.sealed_until is not None

    @property
    def sealed(self) -> bool:
        """A challenge's deal while the challenge is open: its seed is secret, no undo, no
        hint."""
        return self.sealed_until is not None and timezone.now() < self.sealed_until

    def private_url(self) -> str:
        """The link that gives the match to any browser that opens it."""
        return reverse("practice:claim", args=[self.public_id, self.token])

    @property
    def setup(self) -> Setup:
        return Setup(
            self.game,
            self.variant,
            dict(self.overrides),
            self.seat,
            self.level,
            self.first_dealer,
            tuple(self.players or ()),
        )

    @classmethod
    def read(cls, public_id: str, live: bool = False) -> tuple["Match", list["DealRow"]] | None:
        """The match and its deals (``Matches.read``): a practice match's, or with ``live`` a
        live table's."""
        found = cls.objects.read(public_id)
        return found if found is not None and bool(found[0].live) == live else None

    def replay(self, deals=None) -> Practice:
        """The match replayed by the engine from its stored deals: from the last one only when
        the cache keeps where the match stood before it."""
        rows = list(self.deals.all()) if deals is None else deals
        # standing2: a standing keeps the match's sheet (the ledgers before it are gone)
        key = f"practice:standing2:{self.public_id}:{len(rows) - 1}"
        store = pagecache.kept(countless=True)  # one a match
        standing = store.get(key) if len(rows) > 1 else None
        practice = Practice(self.setup, [row.record() for row in rows], standing)
        if practice.standing is not None:
            store.set(key, practice.standing, STANDING_SECONDS)
        return practice

    def store(self, practice: Practice, deals: list["Deal"]) -> bool:
        """Store what ``practice``, replayed from ``deals`` at this match's ``version``,
        changed; False, storing nothing, when the match has changed since."""
        with transaction.atomic():
            if not Match.objects.advance(self.pk, self.version):
                return False
            self.version += 1
            self.save_deals(practice, deals)
            if self.entry:  # a challenge's result is written with the move that ends the deal
                signals.storing.send(sender=Match, match=self, practice=practice)
        return True

    def save_deals(self, practice: Practice, deals=()) -> None:
        """Write what ``practice`` changed: the moves and undos of its deals, and new deals
        (``deals``: the rows it was replayed from)."""
        rows = {row.number: row for row in deals}
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
                Deal.objects.set_moves(row.pk, row.moves, row.undone)


class Deals(models.Manager):
    def set_moves(self, pk: int, moves: str, undone: list) -> None:
        """A deal's moves and undos, written by one plain statement (no row read first)."""
        sql = f"UPDATE {self.model._meta.db_table} SET moves = %s, undone = %s WHERE id = %s"
        undone = self.model._meta.get_field("undone").get_db_prep_value(undone, connection)
        with connection.cursor() as cursor:
            cursor.execute(sql, [moves, undone, pk])


class Deal(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField(_("deal"))
    seed = models.CharField(_("secret seed"), max_length=64)
    commitment = models.CharField(_("commitment"), max_length=64)  # SHA-256 of the seed, hex
    moves = models.TextField(_("moves"), blank=True)  # every seat's, canonical tokens
    undone = models.JSONField(_("undone moves"), default=list, blank=True)

    objects = Deals()

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


@dataclass
class DealRow:
    """A stored deal as ``Match.read`` reads it: what replaying and storing a change use."""

    pk: int
    number: int
    seed: str
    commitment: str
    moves: str
    undone: list

    @classmethod
    def read(cls, row: tuple) -> "DealRow":
        """From ``DEAL_COLUMNS`` as the database gives them (``undone`` is JSON text)."""
        *plain, undone = row
        return cls(*plain, Deal._meta.get_field("undone").from_db_value(undone, None, connection))

    def record(self) -> DealRecord:
        return Deal.record(self)


# What a change reads: the match's columns in its model's field order (as ``Model.from_db``
# takes them; the rest is loaded only if asked for), a deal's in ``DealRow``'s.
MATCH_COLUMNS = (
    "id",
    "public_id",
    "token",
    "game",
    "variant",
    "overrides",
    "seat",
    "level",
    "first_dealer",
    "version",
    "players",
    "live",
    "sealed_until",
    "entry_url",
)
DEAL_COLUMNS = ("id", "number", "seed", "commitment", "moves", "undone")


def _built(model, columns, row):
    """A ``model`` row from the plain ``columns`` of ``row`` (in the model's field order, as
    ``Model.from_db`` takes them): none needs the backend's conversion, JSON only its field's."""
    fields = [model._meta.get_field(name) for name in columns]
    values = [
        _datetime(field, value)
        if isinstance(field, models.DateTimeField)
        else field.from_db_value(value, None, connection)
        if hasattr(field, "from_db_value")
        else value
        for field, value in zip(fields, row, strict=False)
    ]
    return model.from_db(connection.alias, list(columns), values)


def _datetime(field, value):
    """A date and time as the backend converts it for the ORM (SQLite's text, made aware)."""
    col = field.get_col(field.model._meta.db_table)
    for convert in connection.ops.get_db_converters(col):
        value = convert(value, col, connection)
    return value
