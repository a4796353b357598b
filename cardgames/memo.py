"""Facts worked out from a growing public record, kept from one move to the next (the seat
views' deductions and the computer players' own)."""


class Memo:
    """Facts worked out from a growing public record, kept for the next decision.

    ``advance(facts, record, start, *context)`` gives the facts extended by ``record[start:]``.
    An entry is found by the deal's ``fingerprint`` and used when it was worked out from the
    same record, or from a prefix of it: a record of another deal, or one taken back by an
    undo, is worked out afresh, never wrongly. A few hundred deals at once are remembered;
    past that the memo starts again.
    """

    __slots__ = ("advance", "entries", "size")
    every = []  # every memo made (clear_memos)

    def __init__(self, advance, size: int = 512):
        self.advance = advance
        self.entries = {}
        self.size = size
        Memo.every.append(self)

    def facts(self, fingerprint, record: tuple, fresh, *context):
        entry = self.entries.get(fingerprint)
        start, facts = 0, fresh
        if entry is not None:
            seen, kept = entry
            n = len(seen)
            if n == len(record):
                if seen == record:
                    return kept
            elif n < len(record) and record[:n] == seen:
                start, facts = n, kept
        facts = self.advance(facts, record, start, *context)
        if len(self.entries) >= self.size:
            self.entries.clear()
        self.entries[fingerprint] = (record, facts)
        return facts

    def clear(self) -> None:
        self.entries.clear()
