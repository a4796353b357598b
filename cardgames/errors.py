"""Engine errors: a stable code and the facts needed to explain it, never prose.

The web layer turns ``code`` and ``details`` into a sentence in the reader's language.
"""


class EngineError(Exception):
    """Base class: ``code`` is a stable identifier from the positions spec."""

    def __init__(self, code: str, **details):
        super().__init__(code, details)
        self.code = code
        self.details = details
        self.move_index: int | None = None

    def at_move(self, index: int) -> "EngineError":
        """Record which move of a position's move list raised this error."""
        self.move_index = index
        return self

    def __str__(self) -> str:
        facts = ", ".join(f"{k}={v}" for k, v in sorted(self.details.items()))
        return f"{self.code}({facts})" if facts else self.code


class BadInput(EngineError):
    """Input that cannot be read: a bad card code, a malformed deal (HTTP 400)."""


class IllegalMove(EngineError):
    """A well-formed move that the rules forbid (HTTP 422)."""


class RuleError(BadInput, ValueError):
    """A rule set the engine cannot play (HTTP 400): ``unknown_rule`` (rule), ``bad_rule_value``
    (rule, value, and the allowed values), ``rules_conflict`` (rules: the keys involved, reason).

    Also a ValueError, as constructing a ``Rules`` with a value it cannot take always was."""
