"""The rate limits' counters (``plumbing.limits``) and what an account keeps (``ownership``)."""

from django.conf import settings
from django.db import connection, models


class Counters(models.Manager):
    # A window starts with its first request and lasts ``seconds``: a request after it ends
    # starts the next one at 1. One statement, so two workers counting at once never lose one.
    UPSERT = (
        "INSERT INTO {t} ({k}, {c}, {e}) VALUES (%s, 1, %s) "
        "ON CONFLICT ({k}) DO UPDATE SET "
        "{c} = CASE WHEN {t}.{e} <= %s THEN 1 ELSE {t}.{c} + 1 END, "
        "{e} = CASE WHEN {t}.{e} <= %s THEN excluded.{e} ELSE {t}.{e} END "
        "RETURNING {c}, {e}"
    )

    def hit(self, key: str, now: int, seconds: int) -> tuple[int, int]:
        """Count one request under ``key`` at ``now`` (seconds since the epoch) in a window
        of ``seconds``: the count in the window and when it ends."""
        q = connection.ops.quote_name
        table = q(self.model._meta.db_table)
        sql = self.UPSERT.format(t=table, k=q("key"), c=q("count"), e=q("expires"))
        with connection.cursor() as cursor:
            cursor.execute(sql, [key, now + seconds, now, now])
            count, expires = cursor.fetchone()
        return count, expires


class Counter(models.Model):
    """Requests of one kind from one session or address in one window of time.

    ``key`` names the limit, who and the window (``practice:ip:203.0.113.0:29468``), so a
    new window is a new row; ``expires`` (seconds since the epoch) is when it can go, which
    ``manage.py sweep`` does. Incremented by one atomic upsert, exact across workers."""

    key = models.CharField(max_length=200, primary_key=True)
    count = models.PositiveIntegerField(default=0)
    expires = models.BigIntegerField(db_index=True)

    objects = Counters()

    class Meta:
        # Made by the app ``diwaniya`` before the counters moved here: the table keeps its name.
        db_table = "diwaniya_counter"

    def __str__(self):
        return f"{self.key}: {self.count}"


class Owned(models.Model):
    """A thing an account keeps: what ``ownership`` records in a browser session as
    ``session["owned"][kind]``, for a signed-in visitor, whatever the browser. One row per
    account, kind and token; it goes with the account."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned"
    )
    kind = models.CharField(max_length=40)
    token = models.CharField(max_length=100)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind", "token"], name="owned_once"),
        ]
        indexes = [models.Index(fields=["kind", "token"], name="owned_by_token")]

    def __str__(self):
        return f"{self.user_id} {self.kind} {self.token[:6]}…"
