"""How long a test waits for something that must happen before it calls it a failure: one
generous bound for every wait, never a pace. Each wait ends as soon as its condition holds
(a frame, a row, an element), so a quiet machine never waits it out and a loaded one (two
cores shared with a second full run) does not fail a test for being slow."""

import asyncio
import time

from channels.testing.websocket import WebsocketCommunicator

WAIT = 60  # seconds
WAIT_MS = WAIT * 1000  # Playwright counts in milliseconds


def until(condition, what: str, every: float = 0.02):
    """Call ``condition()`` until it returns something true, and return that; fail after
    ``WAIT`` seconds saying ``what`` never happened."""
    end = time.monotonic() + WAIT
    while not (found := condition()):
        if time.monotonic() > end:
            raise AssertionError(f"never happened in {WAIT} s: {what}")
        time.sleep(every)
    return found


async def until_async(condition, what: str, every: float = 0.02):
    """``until`` inside an event loop: ``condition`` may be a coroutine function."""
    end = time.monotonic() + WAIT
    while True:
        found = condition()
        if asyncio.iscoroutine(found):
            found = await found
        if found:
            return found
        if time.monotonic() > end:
            raise AssertionError(f"never happened in {WAIT} s: {what}")
        await asyncio.sleep(every)


class Communicator(WebsocketCommunicator):
    """Channels' test client with every wait bounded by ``WAIT`` (its own default is 1 s,
    which a loaded machine overran) and a way to read everything the consumer sent."""

    async def connect(self, timeout=WAIT):
        return await super().connect(timeout)

    async def receive_output(self, timeout=WAIT):
        return await super().receive_output(timeout)

    async def receive_from(self, timeout=WAIT):
        return await super().receive_from(timeout)

    async def receive_json_from(self, timeout=WAIT):
        return await super().receive_json_from(timeout)

    async def wait(self, timeout=WAIT):
        return await super().wait(timeout)

    async def disconnect(self, code=1000, timeout=WAIT):
        return await super().disconnect(code, timeout)

    async def end(self, code=1000) -> list[dict]:
        """Close from the client's side and wait for the consumer to return: it handles what
        it receives in order, so every frame it sent for what the test sent before is then
        queued here. Returns those outputs ("nothing more came" is read from them, not from
        a quiet moment)."""
        await self.disconnect(code)
        return self.rest()

    def rest(self) -> list[dict]:
        """What is queued now (all the consumer ever sent, once it has returned)."""
        outputs = []
        while not self.output_queue.empty():
            outputs.append(self.output_queue.get_nowait())
        return outputs
