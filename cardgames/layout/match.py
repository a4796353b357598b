"""Where a layout match stands: deals until a side's total reaches the target (the score sheet,
``layout.sheet``, keeps the match and asks these), and who deals next."""

from ..table import next_seat


def next_dealer(rules, deal) -> int:
    """The deal passes on in the direction of play, except after a redeal by the same dealer."""
    if deal.redealt and rules.redeal_dealer == "same":
        return deal.dealer
    return next_seat(deal.dealer, rules.direction)


def winning_side(rules, totals) -> int | None:
    """The side (0 NS, 1 EW) whose total has reached the target, the higher if both have."""
    reached = [s for s in (0, 1) if totals[s] >= rules.target]
    return max(reached, key=lambda s: totals[s]) if reached else None
