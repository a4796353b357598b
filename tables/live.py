"""What the channel layer carries between the processes that hold a table's sockets: only
"this table changed" (never a seat's view); each connection then reads the stored match itself
and sends its own seat's view (``consumers``). A coach's hint (which may name a card the
coached seat holds) and a seat's ask go only to the group of the one place they are for."""

import secrets

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

CHANGED, NOTE, PHRASE = "table.changed", "table.note", "table.phrase"


def group(public_id: str) -> str:
    return f"table.{public_id}"


def _changed(what: str) -> dict:
    return {"type": CHANGED, "what": what, "id": secrets.token_hex(8)}


def changed(public_id: str, what: str = "moves") -> None:
    """Tell every socket of the table (from a view: synchronous)."""
    async_to_sync(get_channel_layer().group_send)(group(public_id), _changed(what))


async def announce(public_id: str, what: str = "moves") -> None:
    await get_channel_layer().group_send(group(public_id), _changed(what))


def place_group(public_id: str, pk: int) -> str:
    """The sockets of one place (a seat's or the coach's), in every process."""
    return f"table.{public_id}.place.{pk}"


def note(public_id: str, pk: int, frame: dict) -> None:
    """A hint or an ask, to one place's sockets only (from a view: synchronous)."""
    async_to_sync(get_channel_layer().group_send)(
        place_group(public_id, pk), {"type": NOTE, "frame": frame}
    )


async def tell(public_id: str, pk: int, frame: dict) -> None:
    await get_channel_layer().group_send(place_group(public_id, pk), {"type": NOTE, "frame": frame})


async def phrase(public_id: str, seat: str, code: str) -> None:
    """A quick phrase, to every socket of the table: only its code and seat (each socket says
    it in its own reader's language)."""
    await get_channel_layer().group_send(
        group(public_id), {"type": PHRASE, "seat": seat, "code": code}
    )
