"""What the channel layer carries between the processes that hold a table's sockets: only
"this table changed" (never a card, never a seat's view); each connection then reads the
stored match itself and sends its own seat's view (``consumers``)."""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

CHANGED = "table.changed"


def group(public_id: str) -> str:
    return f"table.{public_id}"


def changed(public_id: str, what: str = "moves") -> None:
    """Tell every socket of the table (from a view: synchronous)."""
    async_to_sync(get_channel_layer().group_send)(group(public_id), {"type": CHANGED, "what": what})


async def announce(public_id: str, what: str = "moves") -> None:
    await get_channel_layer().group_send(group(public_id), {"type": CHANGED, "what": what})
