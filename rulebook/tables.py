"""A position drawn as players see it: seats and hands, the trick or the piles, the bidding,
the points. One place, shared by the position page, the tutorials and the quiz.

``play`` decides what a legal card becomes: ``"link"`` (a link to the next position),
``"button"`` (a submit button named ``move``, for an answer form, legal or not so the
answer is not given away), ``"checkbox"`` (a labelled checkbox named ``cards``, for a
"select all that apply" answer form; no calls are drawn), or ``None`` (just drawn;
``mark_legal`` says whether legal cards are marked).
"""

from urllib.parse import urlencode

from django.utils.text import capfirst
from django.utils.translation import pgettext_lazy

from .engine import cards
from .engine.table import SEATS
from .words import count, vocabulary

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


# Interface sentences that name a trick, in each region's word (أكلة, لمّة).
TRICK_CAPTION = {
    "gulf": pgettext_lazy("gulf", "The trick in progress"),
    "levant": pgettext_lazy("levant", "The trick in progress"),
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
    vocab = vocabulary(module)
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
                vocab.card_view(
                    c,
                    legal=c in shown_legal,
                    exposed=bool(exposed >> c & 1),
                    marked=code in marked,
                    query=with_move(position, c) if play == "link" and c in legal else None,
                    button=play == "button" and acting,
                    checkbox=play == "checkbox" and acting,
                )
            )
        won = state.tricks_won[seat] if hasattr(state, "tricks_won") else None
        return {
            "seat": SEATS[seat],
            "name": vocab.seat(seat),
            "to_act": state.to_act == seat,
            "is_dealer": position.dealer == seat,
            "marked": SEATS[seat] in marked,
            "open": is_open,
            "hidden_count": 0 if is_open else cards.count(hand),
            "cards": views,
            "tricks_won": won,
            "tricks_label": None if won is None else count(won, "tricks", vocab.region),
            "hidden_label": count(cards.count(hand), "cards") if not is_open else "",
        }

    calls = [m for m in sorted(legal) if m >= 64] if calls is None else calls
    return {
        "position": position,
        "seats": {SEATS[s]: seat_view(s) for s in range(4)},
        "trick": [
            vocab.card_view(
                c, seat=SEATS[s], seat_name=vocab.seat(s), marked=cards.card_code(c) in marked
            )
            for s, c in getattr(state, "trick", [])
        ],
        "trick_caption": TRICK_CAPTION[vocab.region],
        "dealer_name": vocab.seat(position.dealer),
        "phase_name": PHASES.get(state.phase, state.phase),
        "points": points(state, vocab),
        "to_act": None if state.to_act is None else vocab.seat(state.to_act),
        "calls": [
            {
                "token": module.format_move(m),
                "label": capfirst(vocab.move(module.format_move(m), state.phase)),
                "query": with_move(position, m) if play == "link" else None,
                "button": play == "button",
            }
            for m in calls
        ]
        if play in ("link", "button")
        else [],
        **extras(module, state, vocab),
    }


def call_words(vocab, module, move: int) -> str:
    """A call of the auction as the table says it: a bid in words, "pass", "double"."""
    token = module.format_move(move)
    return vocab.bid(token) if token[:1].isdigit() else vocab.move(token, "bidding")


def moves_in_words(position) -> list[dict]:
    """The moves so far as players say them, each with the seat that made it (replayed, since
    a token's meaning and its player depend on the moment it was made)."""
    module = position.module
    vocab = vocabulary(module)
    state = module.position_start(
        position.rules, list(position.hands), position.dealer, **position.extra
    )
    out = []
    for move in position.moves:
        seat, phase = state.to_act, state.phase
        out.append({"seat": vocab.seat(seat), "move": vocab.move(module.format_move(move), phase)})
        state.push(move)
    return out


def extras(module, state, vocab) -> dict:
    """What some games add to the table: the auction and contract, or the layout's piles."""
    out = {}
    if hasattr(state, "bids"):
        out["auction"] = [
            {"seat": vocab.seat(seat), "call": call_words(vocab, module, m)}
            for seat, m in state.bids
        ]
    contract = getattr(state, "contract", None)
    if contract is not None:
        out["contract"] = {
            "bid": contract.bid,
            "tricks": count(contract.bid, "tricks", vocab.region),
            "declarer": vocab.seat(contract.declarer),
            "trumps": vocab.strain(state.strain),
            # "Trumps: spades." but simply "No trumps." when there are none
            "trumps_term": None if state.strain == "NT" else capfirst(vocab.term("trumps", "the")),
            "doubled": contract.doubled,
        }
    if hasattr(state, "layout"):
        out["piles"] = [[vocab.card_view(c) for c in pile] for pile in module.piles(state.layout)]
        out["multiplier"] = getattr(state, "multiplier", 1)
    return out


def points(state, vocab) -> list[dict]:
    values = state.points()
    if len(values) == 4:
        return [{"who": vocab.seat(s), "points": p} for s, p in enumerate(values)]
    return [{"who": vocab.side(i), "points": p} for i, p in enumerate(values)]
