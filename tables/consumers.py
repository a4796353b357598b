"""The live table's WebSocket (spec: tables.md, "Live protocol").

A connection says ``hello`` first; who it is comes from the browser session (or account) that
took a place, or from a key in the hello. From then on it is sent only its own place's view:
``move`` frames, each once and in order, for the moves it has not seen, and a ``state`` when
it was behind, when a pass ends, when a deal ends or a new one is dealt. The channel layer
only says "the table changed" (``live``); each connection reads the stored match and renders
its view itself, so a restart, a dropped socket or a second tab loses nothing. The sockets of
one process told of the same change read the table once between them (``shared``): a move is
told to four sockets, and under load each reading it again was most of a server's work.

Every frame a client sends is checked before it is read: its size (``MAX_FRAME``), that it is
a JSON object (nested no deeper, and its text as clean, as an HTTP body: ``jsonbody.parse``)
with a known ``type``, that ``hello`` came first; a refused one gets an ``error`` frame and
changes nothing. A client sending more than ``SLOW`` frames in ``WINDOW`` seconds is refused
each further one, and past ``DROP`` the socket is closed, once.

However a socket ends (the client closes it or drops, a send finds it closed, a handler
fails, the worker shuts down), ``end`` runs once: its groups discarded, its row and presence
gone, the table told. A frame sent to a socket already closed is dropped.
"""

import asyncio
import json
import logging
import random
import time
from collections import OrderedDict, deque

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation

from cardgames.contract import Phase
from cardgames.table import SEATS
from plumbing import jsonbody
from practice.models import Match

from . import live, presence, service
from .messages import PHRASES, explain
from .models import Place, Table

MAX_FRAME = 2048  # bytes: the longest frame a client needs is a pass of three cards
WINDOW, SLOW, DROP = 10, 20, 60  # seconds; frames refused past SLOW, socket closed past DROP
LANGUAGES = ("ar", "en", "fr")
CLOSE_NOT_FOUND, CLOSE_FLOOD = 4404, 4429
log = logging.getLogger(__name__)

# The reads of the last changes told to this process, by the change's id: what each socket of
# the table then makes its own frames from (read-only, as ``service.replayed``'s replays).
_SHARED: OrderedDict = OrderedDict()
SHARED_KEPT = 256  # a few seconds of changes at 200 tables: a socket later than that reads again


async def shared(event: dict, read, *args):
    """``read(*args)`` in the database's thread, once for every socket of this process told
    of the same change; an event with no id is read for this socket alone."""
    key = (event.get("id"), read.__name__, *args)
    if key[0] is None:
        return await database_sync_to_async(read)(*args)
    task = _SHARED.get(key)
    if task is None:
        task = _SHARED[key] = asyncio.ensure_future(database_sync_to_async(read)(*args))
        while len(_SHARED) > SHARED_KEPT:
            _SHARED.popitem(last=False)
    try:
        return await asyncio.shield(task)
    except Exception:  # noqa: BLE001 - one failed read must not end every socket told of it
        if _SHARED.get(key) is task:
            del _SHARED[key]
        return await database_sync_to_async(read)(*args)


def read_table(table_pk: int):
    """The table, its stored match, the replay and who holds each place (a socket whose
    place changed hands meanwhile is refused, whatever message said so or was lost), or None
    once the table is gone."""
    try:
        table = Table.objects.select_related("match").get(pk=table_pk)
        keys = {p.pk: p.holder for p in table.places.only("key_digest", "spent_digest")}
        return (table, *service.replayed(table), keys)
    except (Table.DoesNotExist, Match.DoesNotExist):
        return None


def read_presence(table_pk: int):
    try:
        return presence.shown(Table.objects.select_related("match").get(pk=table_pk))
    except Table.DoesNotExist:
        return None


class TableConsumer(AsyncWebsocketConsumer):
    async def __call__(self, scope, receive, send):
        self.public_id = scope.get("url_route", {}).get("kwargs", {}).get("public_id", "")
        self.place = None
        self.lang = "en"
        self.deal = self.ply = None  # what this client has: the deal's number, its moves
        self.version = None  # the match's stored version its frames were last made from
        self.over = False
        self.frames = deque()
        self.due = self.timer = None  # the turn timer: when the turn in play runs out
        self.closing = False  # closed by the server, or found closed by a send
        self.joined = False  # its row and presence (``presence.join``), until ``end``
        self.groups_in: list[str] = []  # the channel layer's groups it was added to
        self.ended = False
        try:
            await super().__call__(scope, receive, send)
        except OSError:  # the client went away during a send (uvicorn's ClientDisconnected)
            pass
        finally:
            # whatever ended it: a handler's failure, the task cancelled at a worker's
            # shutdown; shielded, so a cancellation cannot stop the clean-up half-way
            await asyncio.shield(self.end())

    async def connect(self):
        presence.CONSUMERS.add(self.channel_name)
        presence.OURS.add(self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.end()

    async def end(self):
        """Everything the socket held, given back once: the timer, the groups (before its
        registration, so a group never names an unregistered socket), its row and presence,
        and the table told who is here. Each step is tried whatever the others did."""
        if self.ended:
            return
        self.ended = self.closing = True
        if self.timer is not None:
            self.timer.cancel()
        for group in self.groups_in:
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception:  # noqa: BLE001 - the periodic check discards it later
                log.exception("a socket's group could not be discarded")
        if self.joined:
            try:
                await presence.leave(self.channel_name)
                await live.announce(self.public_id, "presence")
            except Exception:  # noqa: BLE001 - the periodic check removes its row later
                log.exception("a socket's presence could not be ended")
        channel = getattr(self, "channel_name", None)
        if channel is not None:
            presence.CONSUMERS.discard(channel)
            try:
                await presence.forget(channel)
            except Exception:  # noqa: BLE001 - the periodic check forgets it later
                log.exception("a socket's channel could not be forgotten")

    # --- reading what the client sends ------------------------------------------------------

    async def receive(self, text_data=None, bytes_data=None):
        if self.closing:  # frames still buffered after the socket was closed
            return
        now = time.monotonic()
        self.frames.append(now)
        while self.frames and self.frames[0] < now - WINDOW:
            self.frames.popleft()
        if len(self.frames) > DROP:
            await self.close(CLOSE_FLOOD)
            return
        if len(self.frames) > SLOW:
            await self.error("too_many")
            return
        if bytes_data is not None or text_data is None:
            await self.error("bad_frame")
            return
        if len(text_data.encode(errors="surrogatepass")) > MAX_FRAME:
            await self.error("frame_too_large")
            return
        try:
            frame = jsonbody.parse(text_data)
        except jsonbody.BodyError:
            frame = None
        if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
            await self.error("bad_frame")
            return
        kind = frame["type"]
        if self.place is None:
            if kind != "hello":
                await self.error("say_hello")
                return
            await self.hello(frame)
            return
        if kind == "move":
            await self.move(frame)
        elif kind == "next":
            await self.change(
                lambda table, place: service.next_deal(table, place, self.deal), "places"
            )
        elif kind == "hint":
            card, text = frame.get("card"), frame.get("text")
            await self.note(lambda table, place: service.hint(table, place, card, text))
        elif kind == "ask":
            await self.note(service.ask)
        elif kind == "phrase":
            await self.phrase(frame.get("code"))
        else:  # a second hello, or no message at all
            await self.error("bad_frame")

    async def hello(self, frame):
        lang = frame.get("lang")
        self.lang = lang if lang in LANGUAGES else "en"
        ply = frame.get("ply")
        if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int) or ply < 0):
            await self.error("bad_ply")
            return
        key = frame.get("key")
        if key is not None and not isinstance(key, str):
            await self.error("bad_frame")
            return
        place = await database_sync_to_async(self._find)(key)
        if place is None:
            await self.error("not_found")
            await self.close(CLOSE_NOT_FOUND)
            return
        self.place = place
        self.own_group = live.place_group(self.public_id, place.pk)
        self.joined = True  # before it is done: ``end`` undoes whatever part of it was
        await presence.join(
            self.channel_name,
            place.pk,
            place.table_id,
            lambda: live.announce(self.public_id, "presence"),
        )
        for group in (live.group(self.public_id), self.own_group):
            self.groups_in.append(group)
            await self.channel_layer.group_add(group, self.channel_name)
        # The client says which moves of the deal in play it has: those after them are sent
        # one by one; a client that has none, or another deal's, is sent the state.
        self.ply = ply
        self.deal = frame.get("deal_number") if isinstance(frame.get("deal_number"), int) else None
        await self.catch_up(hello=True)
        await live.announce(self.public_id, "presence")
        if getattr(self, "_came_back", False):
            await live.announce(self.public_id)  # the others' sockets re-arm their timers

    async def move(self, frame):
        ply, token = frame.get("ply"), frame.get("move")
        if isinstance(ply, bool) or not isinstance(ply, int):
            await self.error("bad_ply")
            return
        if not isinstance(token, str) or not token.split() or len(token) > 64:
            await self.error("bad_move")
            return
        tokens = token.split()[:13]
        await self.change(lambda table, place: service.move(table, place, tokens, ply, self.deal))

    async def change(self, act, what="moves"):
        refused = await database_sync_to_async(self._change)(act)
        if refused is not None:
            await self.refused(*refused)
            return
        await live.announce(self.public_id, what)

    async def note(self, act):
        """A hint or an ask: sent to the one place it is for, never to this table's others."""
        sent = []
        refused = await database_sync_to_async(self._change)(
            lambda table, place: sent.append(act(table, place))
        )
        if refused is not None:
            await self.refused(*refused)
            return
        target, frame = sent[0]
        await live.tell(self.public_id, target.pk, frame)

    async def phrase(self, code):
        if self.place.role != Place.SEAT:
            await self.error("not_a_player")
        elif not isinstance(code, str) or code not in PHRASES:
            await self.error("bad_phrase")
        else:
            await live.phrase(self.public_id, SEATS[self.place.seat], code)

    async def table_phrase(self, event):
        code = event.get("code")
        if code in PHRASES:
            with translation.override(self.lang):
                text = str(PHRASES[code])
            frame = {"type": "phrase", "code": code, "seat": event.get("seat"), "text": text}
            await self.send_frame(frame)

    async def refused(self, code, details):
        await self.error(code, details)
        if code == "not_found":  # this place was reissued or given away meanwhile
            await self.close(CLOSE_NOT_FOUND)

    # --- what the layer tells ---------------------------------------------------------------

    async def table_changed(self, event):
        """Every change that can take this place away (a reissued invitation, a seat given to
        a computer player, a key's place taken by a browser) is told as "places", and only
        then is the place itself read again; moves and presence are read once for the
        process (``shared``)."""
        if self.closing:
            return
        what = event.get("what")
        if what == "places":  # names, invitations, a seat given away
            if not await database_sync_to_async(self._refresh)():
                await self.refused("not_found", {})
                return
            await self.catch_up(force=True)
            await self.presence()
        elif what == "presence":
            await self.presence(event)
        else:
            seen = await shared(event, read_table, self.place.table_id)
            if seen is None or seen[3].get(self.place.pk) != self.place.holder:
                await self.refused("not_found", {})
                return
            await self.catch_up(seen=seen[:3])

    async def table_note(self, event):
        await self.send_frame(event["frame"])

    async def catch_up(self, hello=False, force=False, seen=None):
        frames = await database_sync_to_async(self._frames)(hello, force, seen)
        for frame in frames:
            await self.send_frame(frame)
        self.arm()

    def arm(self):
        """Wake when the turn in play runs out (any socket of the table may; the first to
        store the computer's move wins, against the match's version)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.due is not None:
            self.timer = asyncio.ensure_future(self.expire(self.due))

    async def expire(self, due: float):
        await asyncio.sleep(max(0.0, due - time.time()) + random.uniform(0.05, 0.5))
        try:
            played = await database_sync_to_async(service.expire)(self.place.table)
        except (Table.DoesNotExist, Match.DoesNotExist):
            return
        if played is not None:
            await live.announce(self.public_id)
            await live.announce(self.public_id, "presence")

    async def presence(self, event=None):
        seats = await shared(event or {}, read_presence, self.place.table_id)
        if seats is not None:
            await self.send_frame({"type": "presence", "seats": seats})

    # --- the database, in a thread ----------------------------------------------------------

    def _find(self, key) -> Place | None:
        if key:  # a seat's or the coach's key opens nothing once a browser took its place
            place = service.by_key(self.public_id, key)
        else:
            place = service.by_session(
                self.public_id, self.scope.get("session"), self.scope.get("user")
            )
        if place is not None and service.back(place):  # played for them while they were away
            self._came_back = True
        return place

    def _refresh(self) -> bool:
        """Read this place again: False once it was reissued or given to a computer player."""
        place = service.current(self.place)
        if place is None:
            return False
        self.place = place
        return True

    def _change(self, act):
        """``act`` on the table: None, or the refusal's code and details."""
        if not self._refresh():
            return ("not_found", {})
        try:
            with translation.override(self.lang):
                act(self.place.table, self.place)
        except service.ERRORS as e:
            return e.code, e.details
        except Match.DoesNotExist:
            return ("not_found", {})
        return None

    def _frames(self, hello: bool, force: bool = False, seen=None) -> list[dict]:
        """What this client has not seen: the moves after its ``ply``, then a state when it
        was behind, when a deal ended or began, when a pass ended; or only the state.
        ``seen``: the table, match and replay as this change was read (``read_table``)."""
        if seen is None:
            table = self.place.table
            match, played = service.replayed(table)
        else:
            table, match, played = seen
            if self.version is not None and match.version < self.version:
                return []  # read for a change before one this socket has already read
            self.place.table = table
        viewer = service.viewer(self.place)
        out = []
        same_deal = self.deal in (None, played.deal_number)
        if self.ply is not None and same_deal and self.ply <= played.ply:
            tokens = played.visible_tokens(viewer)
            for index in range(self.ply, played.ply):
                seat = played.actors[index]
                out.append(
                    {
                        "type": "move",
                        "ply": index + 1,
                        "seat": SEATS[seat],
                        "move": tokens[index],
                        # a seat played for its away person is labelled as its computer's
                        "by": "computer"
                        if seat in played.levels or seat in table.away
                        else "person",
                    }
                )
            passed = any(played.is_pass(i) for i in range(self.ply, played.ply))
            state = (
                hello
                and self.ply < played.ply
                or played.deal_over != self.over
                or (passed and played.state.phase != Phase.PASS)
            )
        else:
            state = True
        if state or force:
            with translation.override(self.lang):
                data = service.match_json(table, match, played, self.place)
            out.append(
                {
                    "type": "state",
                    "ply": played.ply,
                    "version": match.version,
                    "you": service.you(self.place),
                    "match": data,
                }
            )
        self.deal, self.ply, self.over = played.deal_number, played.ply, played.deal_over
        self.version = match.version
        self.due = service.deadline(table, match, played)
        return out

    # --- sending ------------------------------------------------------------------------------

    async def send_frame(self, frame: dict):
        """Send a frame, unless the socket is closed: one closed by the client a moment ago
        fails the send (uvicorn's ClientDisconnected), which is then nobody's error."""
        if self.closing:
            return
        try:
            await self.send(text_data=json.dumps(frame, ensure_ascii=False))
        except OSError:
            self.closing = True  # its disconnect, or ``__call__``'s end, cleans up

    async def close(self, code=None, reason=None):
        """Close once: frames still arriving, or news of the table, send nothing more."""
        if self.closing:
            return
        self.closing = True
        try:
            await super().close(code, reason)
        except OSError:
            pass

    async def error(self, code: str, details: dict | None = None):
        with translation.override(self.lang):
            message = explain(code, details or {})
        await self.send_frame({"type": "error", "code": code, "message": message})
