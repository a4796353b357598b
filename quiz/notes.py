"""A reason the quiz gives, as a code and facts: what every kind and family of question and the
match kind share, below them all."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Note:
    """One reason, as a code and facts (never prose); the views word it in the reader's
    language. Codes are the engine's (``must_follow_suit``...) or the quiz's (``follows_suit``)."""

    code: str
    details: dict = field(default_factory=dict)
