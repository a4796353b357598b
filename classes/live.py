"""The class board's live news, over the site's channel layer as the live tables' (``tables.live``):
only "this class changed" travels, never a result; the teacher's page then asks for the board
again over HTTP, where who may read it is checked (``consumers``)."""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

CHANGED = "class.changed"
log = logging.getLogger(__name__)


def group(public_id: str) -> str:
    return f"class.{public_id}"


def changed(public_id: str) -> None:
    """Tell the class's open boards (from a view: synchronous). A layer that cannot be reached
    loses the news, never the student's answer: the board catches up when it reconnects."""
    try:
        async_to_sync(get_channel_layer().group_send)(group(public_id), {"type": CHANGED})
    except Exception:  # noqa: BLE001 - the answer is stored; only the nudge is lost
        log.warning("the class board of %s was not told of a change", public_id, exc_info=True)
