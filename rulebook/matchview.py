"""A position's place in a match, in words: the deal number, the totals before the deal and,
once the deal is over, where the match stands (the engine's ``match``: totals after, over or
not, the winners, a tie shared or played on). Used by the position page and the compare page.
"""

from django.utils.translation import gettext as _

from cardgames.table import PARTNERSHIPS, SEATS
from cardtable.words import listing


def who(vocab, key: str) -> str:
    """A seat (``N``) or a side (``NS``) by name."""
    if key in PARTNERSHIPS:
        return vocab.side(PARTNERSHIPS.index(key))
    return vocab.seat(SEATS.index(key))


def totals(vocab, values: dict) -> list[dict]:
    return [{"who": who(vocab, k), "points": v} for k, v in values.items()]


def outcome(vocab, match: dict | None) -> str:
    """The match after this deal, as one sentence (empty while the deal goes on)."""
    if not match:
        return ""
    winners = listing(who(vocab, w) for w in match.get("winners", []))
    if match.get("tie") == "play_on":
        return _("The lowest total is shared, so the match goes on until the tie is broken.")
    if not match["over"]:
        return _("Nobody has reached the target: the match goes on.")
    if match.get("tie") == "shared":
        return _("The match is over and the win is shared: %(winners)s.") % {"winners": winners}
    return _("The match is over: %(winners)s wins.") % {"winners": winners}


def context(position, vocab) -> dict:
    """What the position page shows of the match around the deal."""
    answer_totals = dict(zip(_keys(position), position.match_totals, strict=True))
    match = None
    if position.state.is_over:
        match = position.module.match_after(position.rules, position.state, position.match_totals)
    return {
        "deal_number": position.deal_number,
        "in_match": position.deal_number > 1 or any(position.match_totals),
        "totals_before": totals(vocab, answer_totals),
        "match": match,
        "totals_after": totals(vocab, match["totals"]) if match else [],
        "outcome": outcome(vocab, match),
    }


def _keys(position) -> tuple[str, ...]:
    from cardgames.positions import totals_keys

    return totals_keys(position.module)
