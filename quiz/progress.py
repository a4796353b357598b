"""A learner's quiz (no account needed): score, streak, the last questions, the results to show
after a redirect, the questions to ask again, and the mode being practised.

It is kept in a database row keyed by the browser session (``QuizProgress``), updated under a
row lock (``ownership.locked_row``): two answers sent at once from one session both count. A
visitor who has answered nothing has no row and no stored session. A signed-in learner's row
is their account's; at sign-in the session's joins it (``adopt``, ``merged``).

Spaced repetition: a question answered wrongly is queued to come back ``AGAIN_AFTER`` answers
later, as the next question offered; it leaves the queue when answered rightly once it has come
back (a right answer straight after seeing the explanation does not clear it).
"""

from contextlib import contextmanager

from plumbing import ownership

RECENT = 10  # questions listed on the quiz's pages
SETS = 5  # sets of five questions whose answers are kept for their end screen
RESULTS = 20  # answers kept for the page shown after the redirect
AGAIN_AFTER = 3  # answers between a wrong answer and the question's return


class Progress:
    def __init__(self, data=None):
        self.data = data if isinstance(data, dict) else {}

    # ------------------------------------------------------------------ reading
    @property
    def answered(self) -> int:
        return self.data.get("answered", 0)

    @property
    def right(self) -> int:
        return self.data.get("right", 0)

    @property
    def streak(self) -> int:
        return self.data.get("streak", 0)

    @property
    def best(self) -> int:
        return self.data.get("best", 0)

    @property
    def recent(self) -> list[dict]:
        return self.data.get("recent", [])

    @property
    def queue(self) -> list[dict]:
        return self.data.get("queue", [])

    @property
    def mode(self) -> list | None:
        """[game, variant, kind] of the questions being practised (kind may be "mixed")."""
        return self.data.get("mode")

    def set_answers(self, token: str, size: int) -> list:
        """The first answer to each question of the set ``token``: True, False or None."""
        found = next((s for s in self.data.get("sets", []) if s["set"] == token), None)
        return list(found["ok"]) if found else [None] * size

    def queued(self, key: list) -> bool:
        return any(item["q"] == list(key) for item in self.queue)

    def due(self) -> list | None:
        """The first queued question whose turn has come, as [game, variant, kind, seed]."""
        for item in self.queue:
            if item["due"] <= self.answered:
                return item["q"]
        return None

    def result(self, nonce: str | None, url_key: list) -> dict | None:
        """The answer sent with ``nonce`` to this question, if this session sent it."""
        for item in self.data.get("results", []):
            if nonce and item["nonce"] == nonce and item["q"] == list(url_key):
                return item
        return None

    # ------------------------------------------------------------------ writing
    def record(self, *, nonce: str, url_key, key, answer: dict, correct: bool, in_set=None) -> None:
        """Count an answer. ``url_key`` names the question as linked (kind may be "mixed"),
        ``key`` as asked (the concrete kind), which is what comes back when wrong. A question
        asked for itself (not one coming back) sets the mode the next questions follow.
        ``in_set``: ``(token, number, size)`` when it is question ``number`` of a set of
        five, whose first answer to it is kept for the set's end."""
        d = self.data
        if in_set is not None:
            self._record_in_set(*in_set, correct)
        before, key = self.answered, list(key)
        if not self.queued(key):
            d["mode"] = list(url_key[:3])
        d["answered"] = before + 1
        d["right"] = self.right + (1 if correct else 0)
        d["streak"] = self.streak + 1 if correct else 0
        d["best"] = max(self.best, d["streak"])
        d["recent"] = [{"q": list(url_key), "kind": key[2], "ok": correct}, *self.recent][:RECENT]
        queue = []
        for item in self.queue:
            if item["q"] == key and (not correct or item["due"] <= before):
                continue  # answered again when it came back (or wrong again: queued anew)
            queue.append(item)
        if not correct:
            queue.append({"q": key, "due": d["answered"] + AGAIN_AFTER})
        d["queue"] = queue
        results = [r for r in d.get("results", []) if r["nonce"] != nonce]
        d["results"] = [
            *results,
            {"nonce": nonce, "q": list(url_key), "answer": answer, "correct": correct},
        ][-RESULTS:]

    def _record_in_set(self, token: str, number: int, size: int, correct: bool) -> None:
        sets = [s for s in self.data.get("sets", []) if s["set"] != token]
        ok = self.set_answers(token, size)
        if ok[number - 1] is None:  # the first answer counts, as a first try does
            ok[number - 1] = correct
        self.data["sets"] = [*sets, {"set": token, "ok": ok}][-SETS:]


def read(request) -> Progress:
    """The visitor's quiz as stored (nothing is written)."""
    from .models import QuizProgress

    mine = ownership.keeper(request)
    row = QuizProgress.objects.filter(**mine).first() if mine else None
    return Progress(row.data if row else None)


@contextmanager
def updating(request):
    """The visitor's quiz, locked until the block ends and then saved (a session is stored)."""
    from .models import QuizProgress

    with ownership.locked_row(QuizProgress, request) as row:
        progress = Progress(row.data)
        yield progress
        row.data = progress.data


def reset(request) -> None:
    from .models import QuizProgress

    mine = ownership.keeper(request)
    if mine:
        QuizProgress.objects.filter(**mine).delete()


def merged(ours: dict, theirs: dict) -> dict:
    """One learner's two quiz records as one: the better record (the longer best streak,
    then more right answers, then more answers) stays, with the questions either has to ask
    again (each due as many answers ahead as it was) and the results either has to show."""
    a, b = Progress(ours), Progress(theirs)
    ranked = sorted((a, b), key=lambda p: (p.best, p.right, p.answered), reverse=True)
    better, other = ranked
    data = dict(better.data)
    queue = list(better.queue)
    for item in other.queue:
        if not better.queued(item["q"]):
            due = better.answered + max(0, item["due"] - other.answered)
            queue.append({"q": item["q"], "due": due})
    data["queue"] = queue
    mine = better.data.get("results", [])
    nonces = {r["nonce"] for r in mine}
    extra = [r for r in other.data.get("results", []) if r["nonce"] not in nonces]
    data["results"] = [*extra, *mine][-RESULTS:]
    return data


def adopt(session_key: str, user) -> None:
    """At sign-in (``ownership.adopt``, in its transaction): the session's quiz becomes the
    account's, merged with the account's own."""
    from .models import QuizProgress

    rows = QuizProgress.objects.select_for_update()
    row = rows.filter(session_id=session_key).first()
    if row is None:
        return
    kept = rows.filter(user=user).first()
    if kept is None:
        row.session_id, row.user = None, user
        row.save(update_fields=["session", "user", "updated"])
    else:
        kept.data = merged(kept.data, row.data)
        kept.save(update_fields=["data", "updated"])
        row.delete()
