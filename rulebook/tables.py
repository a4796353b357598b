"""A position drawn as players see it: seats and hands, the trick or the piles, the bidding,
the points. One place, shared by the position page, the tutorials and the quiz.

``play`` decides what a legal card becomes: ``"link"`` (a link to the next position),
``"button"`` (a submit button named ``move``, for an answer form, legal or not so the
answer is not given away), ``"checkbox"`` (a labelled checkbox named ``cards``, for a
"select all that apply" answer form; no calls are drawn), or ``None`` (just drawn;
``mark_legal`` says whether legal cards are marked).
"""

from urllib.parse import urlencode

from django.utils.translation import pgettext_lazy

from .engine import cards
from .engine.table import SEATS
from .words import card_view, move_label, seat_name, side_name, suit_name

PHASES = {
    "deal": pgettext_lazy("phase", "the deal"),
    "pass": pgettext_lazy("phase", "the pass"),
    "expose": pgettext_lazy("phase", "exposing"),
    "announce": pgettext_lazy("phase", "announcements"),
    "bidding": pgettext_lazy("phase", "the bidding"),
    "trump": pgettext_lazy("phase", "the trump call"),
    "play": pgettext_lazy("phase", "the play"),
    "over": pgettext_lazy("phase", "over"),
}


def with_move(position, move: int) -> str:
    """The query string of the position after ``move``."""
    q = position.query()
    q["moves"] = (q["moves"] + " " + position.module.format_move(move)).strip()
    return urlencode(q)


def table(
    position,
    *,
    play: str | None = "link",
    mark_legal: bool = True,
    open_seats=range(4),
    marked=(),
    calls=None,
) -> dict:
    """The template context of ``rulebook/_table.html`` for ``position``.

    ``open_seats``: the seats whose hands are shown face up (the others show their backs).
    ``marked``: card codes or seat letters a tutorial points at.
    ``calls``: the calls to offer (bids, knocks…); by default the legal ones.
    """
    state = position.state
    module = position.module
    legal = set(state.legal_moves()) if state.to_act is not None else set()
    shown_legal = legal if mark_legal else set()
    marked = {m.upper() for m in marked}
    exposed = getattr(state, "exposed", 0)

    # Cards are answers only while cards are played; in the bidding or the pass the answers
    # are calls, and a card button would only invite a confusing refusal.
    card_phase = state.phase == "play"

    def seat_view(seat: int) -> dict:
        hand = state.hands[seat]
        is_open = seat in open_seats
        acting = state.to_act == seat and card_phase
        views = []
        for c in cards.display_order(hand) if is_open else []:
            code = cards.card_code(c)
            views.append(
                card_view(
                    c,
                    legal=c in shown_legal,
                    exposed=bool(exposed >> c & 1),
                    marked=code in marked,
                    query=with_move(position, c) if play == "link" and c in legal else None,
                    button=play == "button" and acting,
                    checkbox=play == "checkbox" and acting,
                )
            )
        return {
            "seat": SEATS[seat],
            "name": seat_name(seat),
            "to_act": state.to_act == seat,
            "is_dealer": position.dealer == seat,
            "marked": SEATS[seat] in marked,
            "open": is_open,
            "hidden_count": 0 if is_open else cards.count(hand),
            "cards": views,
            "tricks_won": state.tricks_won[seat] if hasattr(state, "tricks_won") else None,
        }

    calls = [m for m in sorted(legal) if m >= 64] if calls is None else calls
    return {
        "position": position,
        "seats": {SEATS[s]: seat_view(s) for s in range(4)},
        "trick": [
            card_view(c, seat=SEATS[s], seat_name=seat_name(s), marked=cards.card_code(c) in marked)
            for s, c in getattr(state, "trick", [])
        ],
        "dealer_name": seat_name(position.dealer),
        "phase_name": PHASES.get(state.phase, state.phase),
        "points": points(state),
        "to_act": None if state.to_act is None else seat_name(state.to_act),
        "calls": [
            {
                "token": module.format_move(m),
                "label": move_label(module.format_move(m)),
                "query": with_move(position, m) if play == "link" else None,
                "button": play == "button",
            }
            for m in calls
        ]
        if play in ("link", "button")
        else [],
        **extras(module, state),
    }


def extras(module, state) -> dict:
    """What some games add to the table: the auction and contract, or the layout's piles."""
    out = {}
    if hasattr(state, "bids"):
        out["auction"] = [
            {"seat": seat_name(seat), "call": move_label(module.format_move(m))}
            for seat, m in state.bids
        ]
    contract = getattr(state, "contract", None)
    if contract is not None:
        out["contract"] = {
            "bid": contract.bid,
            "declarer": seat_name(contract.declarer),
            "trumps": strain_name(state.strain),
            "doubled": contract.doubled,
        }
    if hasattr(state, "layout"):
        out["piles"] = [[card_view(c) for c in pile] for pile in module.piles(state.layout)]
        out["multiplier"] = getattr(state, "multiplier", 1)
    return out


def strain_name(strain: str | None) -> str | None:
    """A Tarneeb strain token in words; None before the trump call."""
    if strain is None:
        return None
    if strain == "NT":
        return move_label("trump:NT")
    return suit_name(cards.SUITS.index(strain))


def points(state) -> list[dict]:
    values = state.points()
    if len(values) == 4:
        return [{"who": seat_name(s), "points": p} for s, p in enumerate(values)]
    return [{"who": side_name(i), "points": p} for i, p in enumerate(values)]
