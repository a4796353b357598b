"""A finished deal reviewed: trick by trick who played what and who took it (every move a
link to the position page), the points each player or side took and why, the moves the
learner took back, and the deal's seed with the hands it dealt; then the match's sheet.

The numbers are the engine's: the deal's points, the match's totals and debts. Where they come
from is said in the family's terms (the penalty cards, the contract and the sheet, the cards
left on the layout) by the family's module (``families/<family>.py``).
"""

from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import pgettext_lazy

from cardgames import cards
from cardgames.games import game as described
from cardgames.table import PARTNERSHIPS, SEATS, parse_seat
from cardtable.scorecard import scorecard
from cardtable.words import vocabulary
from plumbing import families

from .advice import sentence
from .match import commitment, parse
from .table import relabel, seat_title, short_title

# the review's record of the play, in each region's word for a trick (a game without tricks,
# Sab'at Al-Deemin, goes card by card)
TRICK_BY_TRICK = {
    "gulf": pgettext_lazy("gulf", "Trick by trick"),
    "levant": pgettext_lazy("levant", "Trick by trick"),
}
CARD_BY_CARD = pgettext_lazy("Sab'at", "Card by card")


def _played(practice):
    """The game the deal was played as: a Trix contract's own (``Family.playing``)."""
    found = described(practice.game)
    return found.family.playing(found, practice.state)[0]


def review(practice) -> dict:
    """What the page shows once the deal is over."""
    vocab = vocabulary(practice.game)
    position = practice.position()
    base = reverse("position", args=[practice.game])

    def link(i: int) -> str:
        return urlencode(position.query(i))

    whole = position.query()

    def moment(i: int) -> str:
        """The whole deal at move ``i`` (the position page counts moves made), not the deal
        cut there: the page then reads "move i of all", as the review's list says."""
        return urlencode({**whole, "at": i})

    explained = explain_points(practice, vocab)
    return {
        "groups": relabel(practice, scorecard(position, link=link)),
        "trick_by_trick": (
            TRICK_BY_TRICK[vocab.region] if _played(practice).family.tricks else CARD_BY_CARD
        ),
        "base": base,
        "position_url": f"{base}?{urlencode(position.query())}",
        "start_url": f"{base}?{link(0)}",
        **explained,
        "undone": undone(practice, vocab),
        "decisions": (mine := decisions(practice, vocab, moment)),
        "differ": sum(1 for d in mine if not d["same"]),
        "seed": practice.record.seed,
        "commitment": commitment(practice.record.seed),
        "dealt": [
            {
                "who": seat_title(practice, s),
                "cards": [vocab.card_view(c) for c in cards.display_order(practice.hands[s])],
            }
            for s in range(4)
        ],
        "pbn": cards.format_deal(practice.hands),
    }


def decisions(practice, vocab, link) -> list[dict]:
    """The learner's decisions, each beside the club player's choice from the same view (the
    heuristic's sentence with it), those that differ marked; each opens the deal with that
    move made ("Move 53" opens move 53, the learner's card on the felt)."""
    base = reverse("position", args=[practice.game])
    out = []
    for ply, move, decision in practice.decisions():
        phase = practice.position(ply).state.phase
        yours = practice.module.format_move(move)
        club = practice.module.format_move(decision.move)
        out.append(
            {
                "at": ply + 1,
                "yours": vocab.record(yours, phase),  # «vous avez passé le sept de trèfle»
                "club": vocab.record(club, phase),
                "same": move == decision.move,
                "why": sentence(practice.game, decision.reason),
                "url": f"{base}?{link(ply + 1)}",
            }
        )
    return out


def undone(practice, vocab) -> list[dict]:
    """The learner's undos in this deal: where each went back to, and the moves taken back."""
    out = []
    for mark in practice.record.undone:
        start = mark["ply"]
        state = practice.position(start).state
        moves = []
        for token in mark["moves"]:
            seat = state.to_act
            what = vocab.record(token, state.phase)
            moves.append({"who": seat_title(practice, seat), "what": what})
            state.push(parse(practice.module, state, token))
        out.append({"at": start + 1, "moves": moves})
    return out


def _points_only(practice, vocab) -> dict:
    return {"lines": [], "rows": rows(practice, vocab, practice.state.points())}


def rows(practice, vocab, points, details=None) -> list[dict]:
    """One row per seat or side: who, the deal's points, and what they come from."""
    details = details or {}
    if len(points) == 4:
        who = [seat_title(practice, s) for s in range(4)]
    else:
        who = [vocab.side(i) for i in range(2)]
    return [
        {"who": who[i], "points": p, "detail": details.get(i, "")} for i, p in enumerate(points)
    ]


def explain_points(practice, vocab) -> dict:
    """Where the deal's points come from, in the family's terms (its module's ``points``:
    ``families/<family>.py``), or the points alone for a family the review has no words for."""
    try:
        explain = families.of("practice", described(practice.game).family).points
    except ImportError:
        explain = _points_only
    return explain(practice, vocab)


# --- the match ---------------------------------------------------------------------------------


def deal_end(practice, sheet: dict) -> list[dict]:
    """The end-of-deal panel's lines: each seat (named short, as on the felt) or side, this
    deal's points and the total."""
    if not sheet["rows"]:
        return []
    vocab = vocabulary(practice.game)
    last = sheet["rows"][-1]["cells"]
    keys = list(practice.sheet[-1]["totals"])
    who = [
        short_title(practice, SEATS.index(k)) if k in SEATS else vocab.side(PARTNERSHIPS.index(k))
        for k in keys
    ]
    return [
        {"who": w, "points": cell["points"], "total": cell["total"]}
        for w, cell in zip(who, last, strict=True)
    ]


def sheet(practice) -> dict:
    """The match's sheet: per finished deal its points and the totals after it (and Tarneeb's
    debts), with who sits where, and the winners once the match is over."""
    vocab = vocabulary(practice.game)
    rows = practice.sheet
    keys = list(rows[0]["totals"]) if rows else []
    heads = [
        seat_title(practice, SEATS.index(k)) if k in SEATS else vocab.side(PARTNERSHIPS.index(k))
        for k in keys
    ]
    part = families.of("practice", described(practice.game).family)
    return {
        "heads": heads,
        "debts": bool(rows) and "debts" in rows[0],
        "rows": [
            {
                "number": row["deal_number"],
                # what the family says of the row beside its number (a kingdom's owner and
                # contract), and a line after it (a kingdom's subtotal, zero when right)
                "label": part.row_label(practice, i, vocab),
                "after": part.row_after(practice, i, vocab, keys),
                "cells": [
                    {
                        "points": row["points"][k],
                        "total": row["totals"][k],
                        "debt": row.get("debts", {}).get(k),
                    }
                    for k in keys
                ],
            }
            for i, row in enumerate(rows)
        ],
        "winners": winners(practice, vocab),
    }


def winners(practice, vocab) -> list[str]:
    out = []
    for who in practice.winners:
        if who in PARTNERSHIPS:
            out.append(vocab.side(PARTNERSHIPS.index(who)))
        else:
            out.append(seat_title(practice, parse_seat(who)))
    return out
