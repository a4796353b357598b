"""The rules registry as stored: games, sources, variants, rules, claims and page sections.

Rows are loaded from ``rulebook/registry/*.toml`` by ``manage.py loadrulebook``. Text fields are
translated (django-modeltranslation adds ``_ar``, ``_en`` and ``_fr`` columns) and editable in
the admin. ``loaded_digest`` is the fingerprint of what the loader last wrote: a row whose
content no longer matches it was edited by hand, and the loader leaves it alone.

Rule *values* are not stored here: they live in the engine's presets, so what a page says and
what the engine plays cannot disagree.
"""

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connections, models
from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext_lazy as _


class Loaded(models.Model):
    loaded_digest = models.CharField(max_length=64, blank=True, editable=False)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True


class Games(models.Manager):
    """The content revisions cached pages are keyed by. Every cached page asks one first, so
    each is one plain query (``rows_of``): the ORM's compiling would cost more than the rest
    of a cached page."""

    def content_of(self, slug: str) -> str | None:
        # Columns: registry_version, revision (as ``content_key`` takes them).
        table = self.model._meta.db_table
        sql = f"SELECT registry_version, revision FROM {table} WHERE slug = %s"
        return content_by(sql, slug)

    def site_content(self) -> str:
        # Columns: slug, registry_version, revision, each game's row in turn.
        table = self.model._meta.db_table
        rows = rows_of(f"SELECT slug, registry_version, revision FROM {table} ORDER BY id")
        return hashlib.sha256(repr(rows).encode()).hexdigest()[:24]


class Game(Loaded):
    slug = models.SlugField(unique=True)
    engine = models.CharField(max_length=64, help_text=_("Engine module name"))
    order = models.PositiveSmallIntegerField(default=0)
    default_variant = models.SlugField()
    name = models.CharField(_("name"), max_length=100)
    tagline = models.CharField(_("tagline"), max_length=300, blank=True)
    default_reason = models.TextField(_("why this default"), blank=True)
    # Whose card words the game's pages speak (cardtable/vocabulary.toml): loaded from the
    # registry file, which stays the one place that says it.
    region = models.CharField(max_length=16, blank=True, editable=False)
    registry_version = models.CharField(max_length=64, blank=True, editable=False)
    # Raised by every edit of the game's registry rows or accepted reports: cached pages are
    # keyed by it, so every process and machine sees an edit at once (rulebook/signals.py).
    revision = models.PositiveIntegerField(default=0, editable=False)

    objects = Games()

    class Meta:
        ordering = ["order", "slug"]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self):
        return self.name

    @staticmethod
    def content_of(slug: str) -> str | None:
        """What a game's cached pages are keyed by: its registry's version and its revision
        (None for no such game). Every cached page asks it first, so it is one plain query:
        the ORM's compiling would cost more than the rest of a cached page."""
        return Game.objects.content_of(slug)

    @staticmethod
    def site_content() -> str:
        """Every game's content revision in one key, which pages listing every game are cached
        by (one plain query)."""
        return Game.objects.site_content()


def content_by(sql: str, slug: str) -> str | None:
    """A game's content revision as cached pages' keys write it, read by ``sql`` (one row of
    registry version and revision, or none) for ``slug``."""
    rows = rows_of(sql, [slug])
    return content_key(*rows[0]) if rows else None


def rows_of(sql: str, params=()) -> list[tuple]:
    """The rows of a plain query (``%s`` for each parameter), as a cursor's ``fetchall``.

    Every cached page asks its content revision first, and Django's cursor takes three times
    as long as SQLite itself to answer it (33 µs against 7 in one process). So on SQLite, with
    nothing watching the queries, the query goes straight to the sqlite3 connection, under
    Django's wrapping of database errors. Whatever watches them (DEBUG's log, a test counting
    queries, an execute wrapper) gets Django's cursor, and sees the query as before."""
    db = connections[DEFAULT_DB_ALIAS]  # the thread's own: django.db.connection looks it up
    if db.vendor == "sqlite" and not (db.queries_logged or db.execute_wrappers):  # each time
        db.ensure_connection()
        db.validate_no_broken_transaction()
        with db.wrap_database_errors:
            return db.connection.execute(_qmark(sql), params).fetchall()
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


@lru_cache(maxsize=64)
def _qmark(sql: str) -> str:
    """``sql`` in sqlite3's own parameter style (the few queries of ``rows_of`` are constants)."""
    return sql.replace("%s", "?")


def content_key(registry_version, revision) -> str:
    """A game's content revision as cached pages' keys write it."""
    return f"{registry_version}:{revision}"


class Source(Loaded):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sources")
    key = models.SlugField(max_length=40)
    file = models.CharField(max_length=200)
    language = models.CharField(max_length=8)
    order = models.PositiveSmallIntegerField(default=0)
    title = models.CharField(_("title"), max_length=300)
    label = models.CharField(
        _("label"), max_length=300, blank=True, help_text=_("The title in the reader's language")
    )
    summary = models.TextField(_("summary"), blank=True)

    class Meta:
        ordering = ["game", "order"]
        unique_together = [("game", "key")]
        verbose_name = _("source")
        verbose_name_plural = _("sources")

    def __str__(self):
        return self.title


class Variant(Loaded):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="variants")
    slug = models.SlugField()
    order = models.PositiveSmallIntegerField(default=0)
    sources = models.ManyToManyField(Source, blank=True, related_name="variants")
    name = models.CharField(_("name"), max_length=100)
    summary = models.TextField(_("summary"), blank=True)

    class Meta:
        ordering = ["game", "order"]
        unique_together = [("game", "slug")]
        verbose_name = _("variant")
        verbose_name_plural = _("variants")

    def __str__(self):
        return f"{self.game.slug}/{self.slug}"


def registry_names() -> tuple[dict[str, str], dict[tuple[str, str], str]]:
    """Every game's name by slug, and every variant's by ``(game, variant)``, in the current
    language, from one query: for pages that only name them (one's matches, their lists)."""
    games, variants = {}, {}
    for row in Variant.objects.select_related("game"):
        games[row.game.slug] = row.game.name
        variants[(row.game.slug, row.slug)] = row.name
    return games, variants


class Section(Loaded):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sections")
    key = models.SlugField(max_length=40)
    order = models.PositiveSmallIntegerField(default=0)
    title = models.CharField(_("title"), max_length=200)
    body = models.TextField(
        _("text"), blank=True, help_text=_("Paragraphs; {parameter} names a rule's value.")
    )

    class Meta:
        ordering = ["game", "order"]
        unique_together = [("game", "key")]
        verbose_name = _("section")
        verbose_name_plural = _("sections")

    def __str__(self):
        return f"{self.game.slug}/{self.key}"


class Rule(Loaded):
    """One rule, keyed by the engine ``Rules`` field that plays it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rules")
    key = models.CharField(max_length=64)
    section = models.ForeignKey(Section, on_delete=models.PROTECT, related_name="rules")
    order = models.PositiveSmallIntegerField(default=0)
    name = models.CharField(_("name"), max_length=200)
    default_reason = models.TextField(_("why the site's default"), blank=True)

    class Meta:
        ordering = ["game", "section__order", "order"]
        unique_together = [("game", "key")]
        verbose_name = _("rule")
        verbose_name_plural = _("rules")

    def __str__(self):
        return f"{self.game.slug}.{self.key}"


class RuleValue(Loaded):
    """How the site words one value of a rule: a short label and a sentence.

    ``value`` is the engine value as text (``"13"``, ``"true"``, ``"alternate"``) or ``"*"``
    for a sentence that serves any value through ``{parameter}`` placeholders.
    """

    rule = models.ForeignKey(Rule, on_delete=models.CASCADE, related_name="values")
    value = models.CharField(max_length=64)
    label = models.CharField(_("label"), max_length=200, blank=True)
    statement = models.TextField(_("statement"), blank=True)

    class Meta:
        unique_together = [("rule", "value")]
        verbose_name = _("rule value")
        verbose_name_plural = _("rule values")

    def __str__(self):
        return f"{self.rule} = {self.value}"


class Claim(Loaded):
    """What one source says about one rule."""

    STATED, NOT_STATED, AMBIGUOUS = "stated", "not_stated", "ambiguous"
    STATUSES = [
        (STATED, _("stated")),
        (NOT_STATED, _("not stated")),
        (AMBIGUOUS, _("ambiguous")),
    ]
    rule = models.ForeignKey(Rule, on_delete=models.CASCADE, related_name="claims")
    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="claims")
    status = models.CharField(max_length=12, choices=STATUSES)
    value = models.CharField(max_length=64, blank=True, help_text=_("The value, or the reading"))
    note = models.TextField(
        _("note"), blank=True, help_text=_("What the source says, or the reading taken")
    )

    class Meta:
        ordering = ["rule", "source__order"]
        unique_together = [("rule", "source")]
        verbose_name = _("claim")
        verbose_name_plural = _("claims")

    def __str__(self):
        return f"{self.rule} per {self.source.key}: {self.status} {self.value}"


class ReaderReport(models.Model):
    """ "My table plays it differently": a reader's report on one rule, kept for the editors.

    Never shown until an editor accepts it; then it appears beside the rule, labelled as a
    reader's report (not a source). It is how the registry learns of new claims."""

    NEW, ACCEPTED, REJECTED = "new", "accepted", "rejected"
    STATUSES = [(NEW, _("new")), (ACCEPTED, _("accepted")), (REJECTED, _("rejected"))]
    REGION_MAX, TEXT_MAX, SOURCE_MAX = 100, 1000, 300

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reports")
    rule = models.CharField(_("rule"), max_length=64, help_text=_("The rule's registry key"))
    variant = models.SlugField(_("variant"), blank=True)
    region = models.CharField(_("region or town"), max_length=REGION_MAX)
    text = models.TextField(_("how their table plays it"), max_length=TEXT_MAX)
    source = models.CharField(_("source"), max_length=SOURCE_MAX, blank=True)
    language = models.CharField(_("language"), max_length=8)
    status = models.CharField(_("status"), max_length=12, choices=STATUSES, default=NEW)
    created = models.DateTimeField(_("date"), auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["game", "status"])]
        verbose_name = _("reader's report")
        verbose_name_plural = _("readers' reports")

    def __str__(self):
        return f"{self.game.slug}.{self.rule}: {self.region}"


# --- a game's rows, cached by its content revision ----------------------------------------------

ROWS_SECONDS = 3600


@dataclass
class GameRows:
    """What the pages around one match read of a game's registry: the game (None while the
    registry is not loaded: pages then name things by their slugs), its variants by slug and
    its rules by key (each with its values)."""

    slug: str
    game: Game | None
    variants: dict
    rules: dict

    @property
    def name(self) -> str:
        return self.game.name if self.game is not None else self.slug

    def names(self) -> tuple[dict, dict]:
        """The game's and its variants' names, shaped as ``registry_names`` gives them."""
        variants = {(self.slug, v): row.name for v, row in self.variants.items()}
        return {self.slug: self.name}, variants


def game_rows(slug: str, content: str | None = None) -> GameRows:
    """The rows of the game called ``slug``, kept in the cache under its content revision:
    ``content`` when the caller has read it (``with_content``), else one query."""
    content = Game.content_of(slug) if content is None else content
    if content is None:
        return GameRows(slug, None, {}, {})
    return _rows_at(slug, content)


@lru_cache(maxsize=64)
def _rows_at(slug: str, content: str) -> GameRows:
    """The rows at one content revision never change, so each process keeps the latest it
    read as they are (read only): unpickling them from the cache cost a table page a tenth of
    its time. The shared cache spares the other processes the queries."""

    def read():
        game = Game.objects.get(slug=slug)
        rules = Rule.objects.filter(game=game).prefetch_related("values")
        variants = {v.slug: v for v in game.variants.all()}
        return GameRows(slug, game, variants, {r.key: r for r in rules})

    return cache.get_or_set(f"registry:rows:{slug}:{content}", read, ROWS_SECONDS)


def forget_rows() -> None:
    """Drop the rows each process keeps: for a database replaced under a running process
    (tests), whose revisions start again."""
    _rows_at.cache_clear()


def with_content(rows):
    """A queryset of rows with a ``game`` slug, each read with its game's content revision
    (``content_of_row``) in the same query, so no page asks for it apart."""
    game = Game.objects.filter(slug=OuterRef("game"))
    return rows.annotate(
        game_registry_version=Subquery(game.values("registry_version")),
        game_revision=Subquery(game.values("revision")),
    )


def content_of_row(row) -> str | None:
    """The content revision ``with_content`` (or a query joining the game the same way) read
    with ``row``: as ``Game.content_of`` writes it, None when the game is gone."""
    if row.game_revision is None:
        return None
    return content_key(row.game_registry_version, row.game_revision)
