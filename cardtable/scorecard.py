"""The moves of a position as a score card in the page's language: the pass seat by seat, the
exposures or announcements, the bidding, then trick by trick with who took each one. Every move
links to the position just after it, so the card doubles as the viewer's navigation.

It only reads the engine: each move as its deal describes it (a card played, a card passed, a
call), the trick before and after it (who led, who took it), and the table view of the seats
the reader sees, which says whose passed cards the reader may know; what a move means and who
wins a trick stay the engine's.
"""

from dataclasses import dataclass

from django.utils.text import capfirst
from django.utils.translation import pgettext_lazy

from cardgames.contract import Phase

from .words import vocabulary

# A trick's heading names it in the region's word (الأكلة, اللمّة).
TRICK_TITLE = {
    "gulf": pgettext_lazy("gulf", "Trick %(n)s"),
    "levant": pgettext_lazy("levant", "Trick %(n)s"),
}

# The phases whose moves are calls, grouped under one heading each.
CALL_GROUPS = {
    Phase.EXPOSE: "expose",
    Phase.BIDDING: "bidding",
    Phase.TRUMP: "bidding",
    Phase.ANNOUNCE: "announce",
}


@dataclass
class Step:
    seat: int | None
    move: object  # the move as its deal described it (``cardgames.contract.Move``)
    phase: str
    leads: bool  # a card that opened a trick
    after: object  # the table view after the move


def replay(position) -> list[Step]:
    """Every move of ``position`` with who made it, replayed from the position's start."""
    state = position.start_state()  # a later deal of a match replays in its context
    steps = []
    before = state.table_view()
    for move in position.moves:
        seat, phase = state.to_act, state.phase
        described = state.move_view(move)
        state = state.play(move)
        after = state.table_view()
        steps.append(Step(seat, described, phase, not before.trick, after))
        before = after
    return steps


def scorecard(position, at: int = 0, link=None, since: int = 0, seen=range(4)) -> list[dict]:
    """Groups of moves (``kind``, ``number`` for a trick, ``items``, ``winner``); an item has the
    seat's name, the move in words or its card(s), ``query`` = ``link(i)`` (the position after
    move ``i``, counted from 1) and ``current`` for move ``at``.

    ``since``: only the moves after the first ``since`` are listed. ``seen``: the seats whose
    hands the reader sees; a pass the table view of those seats may not know is counted, not
    named."""
    module = position.module
    vocab = vocabulary(module)
    known = position.state.table_view(frozenset(seen))
    groups: list[dict] = []
    piles = module.FAMILY.lays_out
    tricks = 0
    for i, step in enumerate(replay(position), start=1):
        move = step.move
        if i <= since:
            if move.kind == "card" and step.leads:
                tricks += 1
            continue
        item = {
            "seat": vocab.seat(step.seat) if step.seat is not None else "",
            "query": link(i) if link else None,
            "current": i == at,
        }
        if move.kind == "card":
            item["card"] = vocab.card_view(move.card)
            if piles:  # a layout game: one line per card laid
                _group(groups, "layout")["items"].append(item)
                continue
            if step.leads or not groups or groups[-1]["kind"] != "trick":
                tricks += step.leads
                title = TRICK_TITLE[vocab.region] % {"n": tricks}
                groups.append({"kind": "trick", "number": tricks, "title": title, "items": []})
            groups[-1]["items"].append(item)
            if not step.after.trick:  # the trick is complete: who took it
                groups[-1]["winner"] = vocab.seat(step.after.last_trick[1])
        elif move.kind == "pass_cards":
            items = _group(groups, "pass")["items"]
            shown = [vocab.card_view(move.card)] if known.knows_pass(step.seat) else []
            if items and items[-1]["seat"] == item["seat"]:  # one line per seat's pass
                items[-1]["cards"] += shown
                items[-1]["count"] += 1
                items[-1].update(query=item["query"], current=items[-1]["current"] or i == at)
            else:
                items.append({**item, "cards": shown, "count": 1})
        else:
            # a call of the play (a knock) is in line with the cards played or laid around it,
            # in the words of a record ("knock", as "seven of diamonds"); an auction's, a label
            kind = CALL_GROUPS.get(step.phase)
            item["call"] = capfirst(vocab.said(move)) if kind else vocab.said(move, "done")
            kind = kind or ("layout" if piles else "play")
            _group(groups, kind)["items"].append(item)
    return groups


def _group(groups: list[dict], kind: str) -> dict:
    if not groups or groups[-1]["kind"] != kind:
        groups.append({"kind": kind, "items": []})
    return groups[-1]
