"""The rate limits' counters (``plumbing.limits``)."""

from django.db import models


class Counter(models.Model):
    """Requests of one kind from one session or address in one window of time.

    ``key`` names the limit, who and the window (``practice:ip:203.0.113.0:29468``), so a
    new window is a new row; ``expires`` (seconds since the epoch) is when it can go, which
    ``manage.py sweep`` does. Incremented by one atomic upsert, exact across workers."""

    key = models.CharField(max_length=200, primary_key=True)
    count = models.PositiveIntegerField(default=0)
    expires = models.BigIntegerField(db_index=True)

    class Meta:
        # Made by the app ``diwaniya`` before the counters moved here: the table keeps its name.
        db_table = "diwaniya_counter"

    def __str__(self):
        return f"{self.key}: {self.count}"
