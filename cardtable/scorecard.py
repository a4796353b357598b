"""The moves of a position as a score card in the page's language: the pass seat by seat, the
exposures or announcements, the bidding, then trick by trick with who took each one. Every move
links to the position just after it, so the card doubles as the viewer's navigation.

It only reads the engine (who acted, whether a card led, who took the trick); what a move means
and who wins a trick stay the engine's.
"""

from dataclasses import dataclass

from django.utils.text import capfirst
from django.utils.translation import pgettext_lazy

from cardgames import cards
from cardgames.contract import Phase
from cardgames.games import GAMES

from .words import vocabulary

# A trick's heading names it in the region's word (الأكلة, اللمّة).
TRICK_TITLE = {
    "gulf": pgettext_lazy("gulf", "Trick %(n)s"),
    "levant": pgettext_lazy("levant", "Trick %(n)s"),
}

# The phases whose moves are calls, grouped under one heading each.
CALL_GROUPS = {"expose": "expose", "bidding": "bidding", "trump": "bidding", "announce": "announce"}


@dataclass
class Step:
    seat: int | None
    move: int
    phase: str
    leads: bool  # a card that opened a trick
    after: object  # the state after the move


def lays_out(module) -> bool:
    """Whether the game of engine ``module`` lays cards out on piles (its description's
    family) rather than playing them to tricks."""
    return any(g.family.name == "layout" for g in GAMES.values() if g.engine is module)


def replay(position) -> list[Step]:
    """Every move of ``position`` with who made it, replayed from the position's start."""
    state = position.start_state()  # a later deal of a match replays in its context
    piles = lays_out(position.module)
    steps = []
    for move in position.moves:
        seat, phase = state.to_act, state.phase
        leads = piles or not state.view(0).trick
        state = state.play(move)
        steps.append(Step(seat, move, phase, leads, state))
    return steps


def card_of(token: str) -> int | None:
    """The card a move token names (``QS``, ``pass:QS``, ``expose:QS``), or None for a call."""
    code = token.rpartition(":")[2]
    if len(code) != 2:
        return None
    try:
        return cards.parse_card(code)
    except Exception:
        return None


def scorecard(position, at: int = 0, link=None, since: int = 0, secret=()) -> list[dict]:
    """Groups of moves (``kind``, ``number`` for a trick, ``items``, ``winner``); an item has the
    seat's name, the move in words or its card(s), ``query`` = ``link(i)`` (the position after
    move ``i``, counted from 1) and ``current`` for move ``at``.

    ``since``: only the moves after the first ``since`` are listed. ``secret``: the seats whose
    passed cards the reader may not see (their pass is counted, not named)."""
    from .tables import last_trick

    module = position.module
    vocab = vocabulary(module)
    groups: list[dict] = []
    piles = lays_out(module)
    tricks = 0
    for i, step in enumerate(replay(position), start=1):
        if i <= since:
            if step.phase == Phase.PLAY and step.leads:
                tricks += 1
            continue
        token = module.format_move(step.move)
        card = card_of(token)
        item = {
            "seat": vocab.seat(step.seat) if step.seat is not None else "",
            "query": link(i) if link else None,
            "current": i == at,
        }
        if step.phase == Phase.PLAY and card is not None and ":" not in token:
            item["card"] = vocab.card_view(card)
            if piles:  # a layout game: one line per card laid
                _group(groups, "layout")["items"].append(item)
                continue
            if step.leads or not groups or groups[-1]["kind"] != "trick":
                tricks += step.leads
                title = TRICK_TITLE[vocab.region] % {"n": tricks}
                groups.append({"kind": "trick", "number": tricks, "title": title, "items": []})
            groups[-1]["items"].append(item)
            if not step.after.trick:  # the trick is complete: who took it
                groups[-1]["winner"] = vocab.seat(last_trick(step.after)[1])
        elif step.phase == Phase.PASS and card is not None:
            items = _group(groups, "pass")["items"]
            shown = [] if step.seat in secret else [vocab.card_view(card)]
            if items and items[-1]["seat"] == item["seat"]:  # one line per seat's pass
                items[-1]["cards"] += shown
                items[-1]["count"] += 1
                items[-1].update(query=item["query"], current=items[-1]["current"] or i == at)
            else:
                items.append({**item, "cards": shown, "count": 1})
        else:
            item["call"] = capfirst(vocab.move(token, step.phase))
            kind = CALL_GROUPS.get(step.phase, "play")
            if kind == "play" and piles:
                kind = "layout"  # a knock, in line with the cards laid around it
            _group(groups, kind)["items"].append(item)
    return groups


def _group(groups: list[dict], kind: str) -> dict:
    if not groups or groups[-1]["kind"] != kind:
        groups.append({"kind": kind, "items": []})
    return groups[-1]
