"""A learner's progress through the tutorials (no account needed).

Per tutorial: the furthest step seen, the last step visited, and per question: tries, hints
taken (0 to 3; the third shows the answer), solved, and the feedback waiting to be shown after
a redirect. It is kept in a database row per browser session and tutorial
(``TutorialProgress``), updated under a row lock, so two answers sent at once both count. A
visitor's first answer or hint stores a session; reading steps before that stores nothing.
A signed-in learner's rows are their account's; at sign-in the session's rows join it
(``adopt``), the better record of a tutorial both hold staying (``merged``).
"""

from contextlib import contextmanager

from plumbing import ownership

ANSWER_RUNG = 3  # the third hint is the answer itself


class Progress:
    def __init__(self, data=None):
        self.data = data if isinstance(data, dict) else {}

    # --------------------------------------------------------------- reading
    @property
    def seen(self) -> int:
        return self.data.get("seen", 0)

    @property
    def last(self) -> int:
        return self.data.get("last", 0)

    def question(self, number: int) -> dict:
        q = self.data.get("q", {}).get(str(number), {})
        return {"tries": 0, "hints": 0, "solved": False, **q}

    def counts(self, number: int) -> bool:
        """A question counts as found alone until its answer has been shown."""
        return self.question(number)["hints"] < ANSWER_RUNG

    def finished(self, total: int, questions: list[int]) -> bool:
        return self.seen >= total and all(self.question(n)["solved"] for n in questions)

    def found_alone(self, questions: list[int]) -> int:
        return sum(1 for n in questions if self.question(n)["solved"] and self.counts(n))

    def first_try(self, questions: list[int]) -> int:
        """How many of ``questions`` were right at the first try, without a hint."""
        return sum(1 for n in questions if self.stars(n) == 3)

    def stars(self, number: int) -> int:
        """A question's stars: 3 right at the first try without a hint; 2 found with at most
        one wrong try and at most the first hint (the rule's name); 1 found otherwise before
        the answer was shown; 0 once the answer was shown, or while it is not found."""
        q = self.question(number)
        if not q["solved"] or not self.counts(number):
            return 0
        if q["tries"] == 0 and q["hints"] == 0:
            return 3
        return 2 if q["tries"] <= 1 and q["hints"] <= 1 else 1

    def tutorial_stars(self, questions: list[int]) -> int:
        """The hand's stars: its questions' stars on average, rounded down, so 3 means every
        question right at the first try without a hint."""
        if not questions:
            return 3
        return sum(self.stars(n) for n in questions) // len(questions)

    # --------------------------------------------------------------- writing
    def visit(self, number: int) -> bool:
        """Note a visit of step ``number``; whether it changed anything."""
        before = (self.seen, self.last)
        self.data["seen"] = max(self.seen, number)
        self.data["last"] = number
        return (self.seen, self.last) != before

    def update_question(self, number: int, **changes) -> dict:
        q = {**self.question(number), **changes}
        self.data.setdefault("q", {})[str(number)] = q
        return q


def read(request, slug: str) -> Progress:
    return read_all(request).get(slug, Progress())


def read_all(request) -> dict[str, Progress]:
    """Every tutorial's progress of this visitor, by slug (nothing is written)."""
    from .models import TutorialProgress

    mine = ownership.keeper(request)
    if mine is None:
        return {}
    rows = TutorialProgress.objects.filter(**mine)
    return {row.slug: Progress(row.data) for row in rows}


@contextmanager
def updating(request, slug: str, create: bool = True):
    """The tutorial's progress, locked until the block ends and then saved. Without
    ``create``, a visitor with no stored session gets None and nothing is written."""
    from .models import TutorialProgress

    with ownership.locked_row(TutorialProgress, request, create=create, slug=slug) as row:
        if row is None:
            yield None
            return
        progress = Progress(row.data)
        yield progress
        row.data = progress.data


def reset(request, slug: str) -> None:
    from .models import TutorialProgress

    mine = ownership.keeper(request)
    if mine:
        TutorialProgress.objects.filter(**mine, slug=slug).delete()


def _question_rank(progress: Progress, number: int) -> tuple:
    q = progress.question(number)
    return (progress.stars(number), q["solved"], -q["hints"], -q["tries"])


def merged(ours: dict, theirs: dict) -> dict:
    """One learner's two records of a tutorial as one: each question as the better of the two
    holds it (more stars, then solved, then fewer hints and tries), the furthest step seen,
    and the place (last step) of the record further on."""
    a, b = Progress(ours), Progress(theirs)
    ahead = a if (a.seen, a.last) >= (b.seen, b.last) else b
    data = {**ahead.data, "seen": max(a.seen, b.seen), "last": ahead.last}
    numbers = {*a.data.get("q", {}), *b.data.get("q", {})}
    data["q"] = {
        n: max((a, b), key=lambda p: _question_rank(p, int(n))).question(int(n))
        for n in sorted(numbers, key=int)
    }
    if not data["q"]:
        del data["q"]
    return data


def adopt(session_key: str, user) -> None:
    """At sign-in (``ownership.adopt``, in its transaction): the session's tutorials become
    the account's, merged with the account's record of the same tutorial."""
    from .models import TutorialProgress

    rows = TutorialProgress.objects.select_for_update()
    for row in rows.filter(session_id=session_key):
        kept = rows.filter(user=user, slug=row.slug).first()
        if kept is None:
            row.session_id, row.user = None, user
            row.save(update_fields=["session", "user", "updated"])
        else:
            kept.data = merged(kept.data, row.data)
            kept.save(update_fields=["data", "updated"])
            row.delete()


def summary(tutorial, progress: Progress) -> dict:
    """A tutorial as a list shows it: its length, questions, and where this visitor stands."""
    steps = list(tutorial.steps.all())
    questions = [s.number for s in steps if s.question]
    return {
        "tutorial": tutorial,
        "length": len(steps),
        "questions": len(questions),
        "seen": progress.seen,
        "resume": min(max(progress.last, 1), len(steps)),
        "finished": progress.finished(len(steps), questions),
        "found_alone": progress.found_alone(questions),
        "first_try": progress.first_try(questions),
    }
