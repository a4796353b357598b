"""A learner's progress through the tutorials, kept in the session (no account needed).

``session["tutorials"][slug]`` holds the furthest step seen, the last step visited, and per
question: tries, hints taken (0 to 3; the third shows the answer), solved, and the feedback
waiting to be shown after a redirect.
"""

KEY = "tutorials"
ANSWER_RUNG = 3  # the third hint is the answer itself


class Progress:
    def __init__(self, session, slug: str):
        self.session = session
        self.slug = slug
        self.data = session.get(KEY, {}).get(slug, {})

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

    # --------------------------------------------------------------- writing
    def visit(self, number: int) -> None:
        self.data["seen"] = max(self.seen, number)
        self.data["last"] = number
        self._save()

    def update_question(self, number: int, **changes) -> dict:
        q = {**self.question(number), **changes}
        self.data.setdefault("q", {})[str(number)] = q
        self._save()
        return q

    def reset(self) -> None:
        self.session.get(KEY, {}).pop(self.slug, None)
        self.session.modified = True

    def _save(self) -> None:
        self.session.setdefault(KEY, {})[self.slug] = self.data
        self.session.modified = True
