"""The live tables' system check: every process that serves them must share one channel layer.

A move is told to a table's sockets through the channel layer; with Channels' in-memory layer
each worker process has its own, so a player whose socket landed in another worker never sees
the moves. Several workers (``WEB_CONCURRENCY``, as ``make serve`` and most hosts set it)
therefore need ``REDIS_URL``'s layer.
"""

import os

from django.conf import settings
from django.core import checks

IN_MEMORY = "channels.layers.InMemoryChannelLayer"
REFUSAL = (
    "%(n)s workers (WEB_CONCURRENCY) need REDIS_URL: without it each worker's live tables "
    "hear only their own sockets. Set REDIS_URL, or run one worker: WEB_CONCURRENCY=1 make serve"
)


def workers() -> int:
    """The number of worker processes this site is served with (1 unless told)."""
    try:
        return max(1, int(os.environ.get("WEB_CONCURRENCY", "1")))
    except ValueError:
        return 1


@checks.register("serve", checks.Tags.compatibility)
def one_channel_layer(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    layer = settings.CHANNEL_LAYERS.get("default", {}).get("BACKEND", "")
    n = workers()
    if n > 1 and layer == IN_MEMORY:
        return [checks.Error(REFUSAL % {"n": n}, id="tables.E001")]
    return []
