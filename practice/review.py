"""A finished deal reviewed: trick by trick who played what and who took it (every move a
link to the position page), the points each player or side took and why, the moves the
learner took back, and the deal's seed with the hands it dealt; then the match's sheet.

The numbers are the engine's: the deal's points, the match's totals and debts. This module
only says where they come from, in the family's terms (the penalty cards, the contract and
the sheet, the cards left on the layout).
"""

from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cardtable.scorecard import scorecard
from cardtable.words import count, listing, vocabulary
from rulebook.engine import cards, sabaat_al_deemin
from rulebook.engine.games import game as described
from rulebook.engine.penalty.deal import table as penalty_table
from rulebook.engine.penalty.scoring import JD, KC, QS, TD
from rulebook.engine.table import PARTNERSHIPS, SEATS, parse_seat

from .advice import sentence
from .match import commitment, parse
from .table import relabel, seat_title, short_title

ITEM = _("%(what)s (%(points)s)")
EXPOSED = _("%(card)s, exposed (%(points)s)")  # the quiz's words for an exposed card
# The seat is named once (its «(أنت)» with it); the sentence then speaks of that player.
MOON = _(
    "%(seat)s shot the moon, taking every card that scores: that player scores nothing, and "
    "every other player takes %(points)s."
)
NO_TRICK = {
    "gulf": pgettext_lazy("gulf", "no trick taken"),
    "levant": pgettext_lazy("levant", "no trick taken"),
}
# the review's record of the play, in each region's word for a trick (a game without tricks,
# Sab'at Al-Deemin, goes card by card)
TRICK_BY_TRICK = {
    "gulf": pgettext_lazy("gulf", "Trick by trick"),
    "levant": pgettext_lazy("levant", "Trick by trick"),
    "layout": pgettext_lazy("Sab'at", "Card by card"),
}
THROWN_IN = _("Nobody bid: the hand was thrown in and scores nothing.")
CONTRACT = _("%(side)s bid %(bid)s, declared by %(seat)s, and took %(tricks)s.")
MADE = _("The bid is made: %(side)s score %(points)s.")
MISSED = _("The bid is missed: %(side)s lose %(points)s, and %(other)s score %(other_points)s.")
KABOOT = _("%(side)s took every trick: a kaboot.")
DOUBLED = _("The bid was doubled: what the bidding side wins or loses is multiplied by %(n)s.")
REDOUBLED = _("The bid was doubled and redoubled: what it wins or loses is multiplied by %(n)s.")
OWN_BID = _("bid %(bid)s, took %(tricks)s")
REDEAL = _("%(seat)s asked for a new deal: this deal scores nothing.")
WENT_OUT = _("%(seat)s laid their last card, %(card)s: %(side)s win the deal.")
ACES_LEFT = _("Aces left in the losers’ hands: %(n)s, worth %(points)s.")
COURTS_LEFT = _("Kings, queens and jacks left in the losers’ hands: %(n)s, worth %(points)s.")
SEVEN_ADDS = _("The last card laid is a seven: %(points)s more.")
SEVEN_REPLACES = _("The last card laid is a seven: the deal is worth %(points)s, whatever is left.")
DOUBLED_DEAL = _("%(seat)s doubled: the score counts twice.")
TRIPLED_DEAL = _("%(seat)s tripled: the score counts three times.")


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
        "trick_by_trick": TRICK_BY_TRICK[
            "layout" if described(practice.game).family.name == "layout" else vocab.region
        ],
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
    return {"lines": [], "rows": _rows(practice, vocab, practice.state.points())}


def _rows(practice, vocab, points, details=None) -> list[dict]:
    """One row per seat or side: who, the deal's points, and what they come from."""
    details = details or {}
    if len(points) == 4:
        who = [seat_title(practice, s) for s in range(4)]
    else:
        who = [vocab.side(i) for i in range(2)]
    return [
        {"who": who[i], "points": p, "detail": details.get(i, "")} for i, p in enumerate(points)
    ]


def penalty_points(practice, vocab) -> dict:
    """Each seat's cards that score, their points (exposures, doubled hearts), the moon."""
    state = practice.state
    values = penalty_table(practice.rules).scoring
    hearts, queen, ten = values.with_exposed(state.exposed)
    moon = values.moon_by(state.taken)
    details = {}
    for seat, taken in enumerate(state.taken):
        items = []
        for card, worth in ((QS, queen), (TD, ten), (KC, values.king), (JD, values.jack)):
            if worth and taken >> card & 1:
                pattern = EXPOSED if state.exposed >> card & 1 else ITEM
                worth_words = count(worth, "points")
                items.append(
                    pattern
                    % {
                        "card": vocab.card_the(card),
                        "what": vocab.card_the(card),
                        "points": worth_words,
                    }
                )
        n = cards.count(taken & cards.suit_mask(cards.HEARTS))
        if n and hearts:
            what = count(n, "hearts", vocab.region)
            items.append(ITEM % {"what": what, "points": count(n * hearts, "points")})
        if values.no_trick and not taken and moon is None:
            what = NO_TRICK[vocab.region]
            items.append(ITEM % {"what": what, "points": count(values.no_trick, "points")})
        details[seat] = listing(items, "and")  # «البنت (13 نقطة) والعشرة (10 نقاط)»
    lines = []
    if moon is not None:
        total = values.cards_points(state.taken[moon], state.exposed)
        lines.append(MOON % {"seat": seat_title(practice, moon), "points": count(total, "points")})
    return {"lines": lines, "rows": _rows(practice, vocab, state.points(), details)}


def contract_points(practice, vocab) -> dict:
    """The contract and what it made, or every player's own bid; Tarneeb's sheet and debts."""
    state = practice.state
    points = state.points()
    if state.thrown_in:
        return {"lines": [THROWN_IN], "rows": _rows(practice, vocab, points), **_sheet(practice)}
    if len(points) == 4:  # every player bids for themselves (Tarneeb 41)
        details = {
            s: OWN_BID
            % {
                "bid": vocab.bid(str(state.bid_of(s))),
                "tricks": count(state.tricks_won[s], "tricks_obj", vocab.region),
            }
            for s in range(4)
        }
        return {"lines": [], "rows": _rows(practice, vocab, points, details)}
    contract = state.contract
    side = contract.side
    won = state.side_tricks()[side]
    words = {
        "side": vocab.side(side),
        "other": vocab.side(1 - side),
        "bid": vocab.bid(practice.module.format_move(state.high[1])),
        "seat": seat_title(practice, contract.declarer),
        "tricks": count(won, "tricks_obj", vocab.region),
    }
    lines = [CONTRACT % words]
    if contract.redoubled:
        lines.append(REDOUBLED % {"n": practice.rules.double_multiplier**2})
    elif contract.doubled:
        lines.append(DOUBLED % {"n": practice.rules.double_multiplier})
    if won == 13:
        lines.append(KABOOT % words)
    if points[side] >= 0:
        lines.append(MADE % {**words, "points": count(points[side], "points_obj")})
    else:
        other = count(points[1 - side], "points_obj")
        lost = count(-points[side], "points_obj")
        lines.append(MISSED % {**words, "points": lost, "other_points": other})
    return {"lines": lines, "rows": _rows(practice, vocab, points), **_sheet(practice)}


def _sheet(practice) -> dict:
    """Tarneeb's score sheet after this deal: what each side writes and the debt it carries."""
    rows = practice.sheet
    if not rows or "debts" not in rows[-1]:
        return {}
    after = rows[-1]
    before = rows[-2] if len(rows) > 1 else {"totals": {k: 0 for k in PARTNERSHIPS}}
    vocab = vocabulary(practice.game)
    return {
        "written": [
            {
                "who": vocab.side(i),
                "score": after["points"][k],
                "entry": after["totals"][k] - before["totals"][k],
                "line": after["totals"][k],
                "debt": after["debts"][k],
            }
            for i, k in enumerate(PARTNERSHIPS)
        ]
    }


def layout_points(practice, vocab) -> dict:
    """Who went out, the aces and court cards left in the losers' hands, the seven, the
    double or triple."""
    state = practice.state
    rules = practice.rules
    points = state.points()
    if state.redealt:
        lines = [REDEAL % {"seat": seat_title(practice, state.redeal_by)}]
        return {"lines": lines, "rows": _rows(practice, vocab, points)}
    winner = state.winner_side
    left = state.hands[1 - winner] | state.hands[3 - winner]
    aces = cards.count(left & sabaat_al_deemin.ACES)
    courts = cards.count(left & sabaat_al_deemin.COURTS)
    lines = [
        WENT_OUT
        % {
            "seat": seat_title(practice, state.winner_seat),
            "card": vocab.card_the(state.last_card),
            "side": vocab.side(winner),
        },
        ACES_LEFT % {"n": aces, "points": count(aces * rules.ace_points, "points")},
        COURTS_LEFT % {"n": courts, "points": count(courts * rules.court_points, "points")},
    ]
    if state.last_card % 13 == cards.SEVEN:
        pattern = SEVEN_REPLACES if rules.seven_out_bonus_mode == "replaces" else SEVEN_ADDS
        lines.append(pattern % {"points": count(rules.seven_out_bonus, "points")})
    if state.tripled_by is not None:
        lines.append(TRIPLED_DEAL % {"seat": seat_title(practice, state.tripled_by)})
    elif state.doubled_by is not None:
        lines.append(DOUBLED_DEAL % {"seat": seat_title(practice, state.doubled_by)})
    return {"lines": lines, "rows": _rows(practice, vocab, points)}


def explain_points(practice, vocab) -> dict:
    """Where the deal's points come from, in the family's terms (its description's ``review``
    part), or the points alone for a game whose description names none."""
    try:
        explain = described(practice.game).part("review")
    except KeyError:
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
    return {
        "heads": heads,
        "debts": bool(rows) and "debts" in rows[0],
        "rows": [
            {
                "number": row["deal_number"],
                "cells": [
                    {
                        "points": row["points"][k],
                        "total": row["totals"][k],
                        "debt": row.get("debts", {}).get(k),
                    }
                    for k in keys
                ],
            }
            for row in rows
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
