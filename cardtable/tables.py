"""A position drawn as players see it: the four seats round the felt, the trick in front of the
seats that played it (or the layout's piles, or the bidding), the points. One place, shared by
the position page, the tutorials, the quiz and the practice table.

``play`` decides what a legal move becomes: ``"link"`` (a link to the next position),
``"button"`` (a submit button named ``move``, for an answer form, legal or not so the answer is
not given away), ``"checkbox"`` (a labelled checkbox named ``cards``, for a "select all that
apply" answer form; no calls are drawn), or ``None`` (just drawn; ``mark_legal`` says whether
legal cards are marked).

The pass is made one of two ways. Where a page takes the whole pass at once (the position page,
the practice table: ``pass_picks``), the cards are checkboxes named ``pass`` and a confirm button
sends them. Where a page asks for one card of the pass (a tutorial's or the quiz's question), each
card is a button whose ``move`` is that card's pass (``pass:QS``), like any other answer.

Seats keep their compass places whatever the language: ``bottom`` (South unless the learner
sits elsewhere) faces the reader, the seat on its left (the next one clockwise) is drawn on the
left, and so on. The table is ``dir="ltr"`` because places at a table are not reading order.
"""

from typing import NamedTuple
from urllib.parse import urlencode

from django.utils.text import capfirst
from django.utils.translation import pgettext_lazy

from rulebook.engine import cards
from rulebook.engine.contract import Phase
from rulebook.engine.errors import BadInput
from rulebook.engine.table import SEATS, Direction, S, seats_from

from .scorecard import card_of
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
PREVIOUS_TRICK_CAPTION = {
    "gulf": pgettext_lazy("gulf", "The previous trick"),
    "levant": pgettext_lazy("levant", "The previous trick"),
}
LAST_TRICK_CAPTION = {
    "gulf": pgettext_lazy("gulf", "The last trick"),
    "levant": pgettext_lazy("levant", "The last trick"),
}

# Places round the felt, counted clockwise from the reader's own seat.
PLACES = ("bottom", "left", "top", "right")
# A bidding box lists strains from the lowest to the highest, as bidders read them.
STRAIN_ORDER = ("C", "D", "H", "S", "NT")


def place(seat: int, bottom: int) -> str:
    return PLACES[seats_from(bottom, Direction.CLOCKWISE).index(seat)]


def with_moves(position, tokens) -> str:
    """The query string of the position after the moves ``tokens`` (canonical tokens)."""
    q = position.query()
    q["moves"] = " ".join([q["moves"], *tokens]).strip()
    return urlencode(q)


def with_move(position, move: int) -> str:
    """The query string of the position after ``move``."""
    return with_moves(position, [position.module.format_move(move)])


def last_trick(state):
    """``(cards of the last finished trick as (seat, card), winner)``, or None."""
    done = getattr(state, "last_trick", None)
    if done is None and getattr(state, "tricks", None):
        done = state.tricks[-1]
    return done


def table(
    position,
    *,
    play: str | None = "link",
    mark_legal: bool = True,
    open_seats=range(4),
    marked=(),
    calls=None,
    bottom: int = S,
    pass_picks: bool | None = None,
    why=None,
    known: int = 0,
) -> dict:
    """The template context of ``cardtable/_table.html`` for ``position``.

    ``open_seats``: the seats whose hands are shown face up (the others show their backs).
    ``marked``: card codes or seat letters a tutorial points at.
    ``calls``: the calls to offer (bids, knocks…); by default the legal ones.
    ``bottom``: the seat drawn nearest the reader (the learner's).
    ``pass_picks``: the whole pass is chosen at once (by default only where moves are links).
    ``why``: ``why(refusal)`` words the engine's refusal of a card the actor may not play, so
    the card says why on a tap; None where that would give a question's answer away.
    ``known``: cards the reader knows are in hands it cannot see (those it passed), drawn face
    up at their holder's seat as the exposed cards are.
    """
    state = position.state
    module = position.module
    vocab = vocabulary(module)
    legal = set(state.legal_moves()) if state.to_act is not None else set()
    shown_legal = legal if mark_legal else set()
    marked = {m.upper() for m in marked}
    exposed = exposures(position.rules, getattr(state, "exposed", 0))
    phase = state.phase
    # Cards are answers only while cards are played; in the bidding the answers are calls, and
    # a card button would only invite a confusing refusal. The pass picks cards as a set.
    card_phase = phase == Phase.PLAY
    if pass_picks is None:
        pass_picks = play == "link"
    passing = phase == Phase.PASS and play in ("link", "button") and pass_picks
    chosen = getattr(state, "passes", (0, 0, 0, 0))

    # Moves that name a card of the actor's hand (expose the queen, pass a card) are made by
    # touching that card; only the other moves are drawn as calls.
    def named_card(m: int) -> int | None:
        token = module.format_move(m) if m >= 64 else ""
        return card_of(token) if ":" in token else None  # not a bid such as Egyptian 7C

    card_moves = {named_card(m): m for m in legal if named_card(m) is not None}
    if calls is None:
        calls = [m for m in sorted(legal) if m >= 64]
    # What touching a card of the actor's hand sends: its legal move, or, where a question
    # offers moves that name cards (expose any card), the offered one, legal or not.
    touched = dict(card_moves)
    if play == "button" and state.to_act is not None:
        held = state.hands[state.to_act]
        for m in calls:
            c = named_card(m)
            if c is not None and held >> c & 1:
                touched.setdefault(c, m)
    if state.to_act in open_seats:  # a move that names a card is made by touching the card
        calls = [m for m in calls if named_card(m) is None]

    def seat_view(seat: int) -> dict:
        hand = state.hands[seat]
        is_open = seat in open_seats
        acting = state.to_act == seat
        views = []
        for c in cards.display_order(hand) if is_open else []:
            code = cards.card_code(c)
            # A card is a move now: played, or (exposing) the move that names it.
            move = c if card_phase and c in legal else touched.get(c) if not passing else None
            views.append(
                vocab.card_view(
                    c,
                    legal=(c in shown_legal and card_phase) or (mark_legal and c in card_moves),
                    **exposed.flags(c),
                    marked=code in marked,
                    chosen=bool(chosen[seat] >> c & 1) if phase == Phase.PASS else False,
                    query=with_move(position, move)
                    if play == "link" and move is not None
                    else None,
                    token=module.format_move(move) if move is not None else code,
                    button=play == "button" and acting and (card_phase or move is not None),
                    checkbox=play == "checkbox" and acting and card_phase,
                    pick=passing and acting and not chosen[seat] >> c & 1,
                    why=_refused(state, c, why if acting and card_phase else None),
                )
            )
        # A closed hand still shows what the reader may know of it: its exposed cards and those
        # the reader passed it, face up and inert (only its own player plays them).
        shown = (
            []
            if is_open
            else [
                vocab.card_view(c, **exposed.flags(c), marked=cards.card_code(c) in marked)
                for c in cards.display_order(hand & (exposed.bits | known))
            ]
        )
        held = cards.count(hand)
        down = held - len(shown)
        won = state.tricks_won[seat] if hasattr(state, "tricks_won") else None
        return {
            "seat": SEATS[seat],
            "place": place(seat, bottom),
            "name": vocab.seat(seat),
            "to_act": state.to_act == seat,
            "is_dealer": position.dealer == seat,
            "marked": SEATS[seat] in marked,
            "open": is_open,
            "count": held,
            "hidden_label": count(down, "cards") if not is_open else "",
            "down": down,
            "shown": shown,
            "backs": range(down) if not is_open else (),
            "cards": views,
            "tricks_won": won,
            "tricks_label": None if won is None else count(won, "tricks", vocab.region),
            "last_call": None,
        }

    seats = [seat_view(s) for s in range(4)]
    trick = [
        played_card(vocab, s, c, bottom, exposed, marked=cards.card_code(c) in marked)
        for s, c in getattr(state, "trick", [])
    ]
    gathered, previous = _finished_trick(state, bottom, exposed, vocab)
    if not trick and gathered:
        trick, winner = gathered
        previous = None
    else:
        winner = None
    call_views = (
        [_call_view(position, m, play, vocab) for m in calls] if play in ("link", "button") else []
    )
    context = {
        "position": position,
        "seats": {v["seat"]: v for v in seats},
        "places": {v["place"]: v for v in seats},
        "trick": trick,
        "trick_winner": winner,
        "previous_trick": previous,
        "previous_caption": PREVIOUS_TRICK_CAPTION[vocab.region],
        "trick_caption": (LAST_TRICK_CAPTION if winner else TRICK_CAPTION)[vocab.region],
        "dealer_name": vocab.seat(position.dealer),
        "phase": phase,
        # Templates ask ``phase_is.bidding``: which phase it is, named by the contract.
        "phase_is": {p.value: phase == p for p in Phase},
        "phase_name": PHASES.get(phase, phase),
        "points": points(state, vocab),
        "to_act": None if state.to_act is None else vocab.seat(state.to_act),
        "to_act_seat": None if state.to_act is None else SEATS[state.to_act],
        "calls": call_views,
        "bidding_box": _bidding_box(call_views) if phase == Phase.BIDDING else None,
        "play": play,
        **extras(module, state, vocab),
    }
    if passing and state.to_act is not None:
        context["pass_form"] = _pass_form(position, state, play)
    for bid in context.get("auction", []):
        context["seats"][bid["letter"]]["last_call"] = bid["call"]
    return context


def _refused(state, card: int, why) -> str | None:
    """The reason the engine gives for refusing ``card`` now, worded by ``why``."""
    if why is None or card in state.legal_moves():
        return None
    refusal = state.refusal(card)
    return None if refusal is None else str(why(refusal))


class Exposures(NamedTuple):
    """The cards exposed (a bit set) and what each counts times under the rules in force: the
    multiplier is a house rule (1 to 10), so the felt never prints one of its own."""

    bits: int
    times: int

    def flags(self, card: int) -> dict:
        """A card view's flags for ``card``: exposed, and its multiplier."""
        shown = bool(self.bits >> card & 1)
        return {"exposed": shown, "times": self.times if shown else None}


def exposures(rules, exposed: int) -> Exposures:
    """The exposed cards of the bit set ``exposed`` under ``rules`` (a game with no exposure
    has no multiplier and never sets a bit)."""
    return Exposures(exposed, getattr(rules, "exposure_multiplier", 1))


def played_card(vocab, seat: int, card: int, bottom: int, exposed: Exposures, **flags) -> dict:
    """A card on the trick, drawn in front of the seat that played it."""
    return vocab.card_view(
        card,
        seat=SEATS[seat],
        seat_name=vocab.seat(seat),
        place=place(seat, bottom),
        **exposed.flags(card),
        **flags,
    )


def _finished_trick(state, bottom: int, exposed: Exposures, vocab):
    """The last finished trick, drawn as the trick in the middle until the next lead (with its
    winner marked), or as the "previous trick" once the next trick has begun."""
    done = last_trick(state)
    if not done:
        return None, None
    cards_played, winner = done
    views = [played_card(vocab, s, c, bottom, exposed, won=s == winner) for s, c in cards_played]
    won = {"name": vocab.seat(winner), "seat": SEATS[winner]}
    return (views, won), {"cards": views, "winner": won}


def _call_view(position, move: int, play: str | None, vocab) -> dict:
    token = position.module.format_move(move)
    return {
        "token": token,
        "label": capfirst(vocab.move(token, position.state.phase)),
        "short": _short_bid(token) or _short_trump(token),
        "query": with_move(position, move) if play == "link" else None,
        "button": play == "button",
    }


def reading_order(token: str, phase: str = Phase.PLAY) -> tuple:
    """Where a move stands when moves are listed for a reader: in the play, cards by suit with
    the highest first (as a hand is shown); in the bidding, bids by their number and then
    strain from the lowest (7 before 10), other calls after them."""
    if phase != Phase.BIDDING:
        try:
            card = cards.parse_card(token)
            return (0, cards.suit_of(card), -cards.rank_of(card), "")
        except BadInput:
            pass
    short = _short_bid(token)
    if short is not None:
        strain = token.upper()[len(short["number"]) :]
        rank = STRAIN_ORDER.index(strain) if strain in STRAIN_ORDER else -1
        return (1, int(short["number"]), rank, "")
    return (2, 0, 0, token)


def _short_bid(token: str) -> dict | None:
    """A bid as a bidding box shows it: the number and the strain's symbol (or "NT")."""
    token = token.upper()
    number = "".join(ch for ch in token if ch.isdigit())
    if not number or not token.startswith(number):
        return None
    strain = token[len(number) :]
    return {
        "number": number,
        "suit": strain.lower() if strain in cards.SUITS else None,
        "nt": pgettext_lazy("no trumps, on a bidding box", "NT") if strain == "NT" else None,
    }


def _short_trump(token: str) -> dict | None:
    """A trump call as a bidding box shows a strain: its suit's symbol (or "NT"), so the five
    calls take one row on a phone; the call in words stays for screen readers."""
    kind, _sep, strain = token.upper().partition(":")
    if kind != "TRUMP" or strain not in (*cards.SUITS, "NT"):
        return None
    return {
        "number": "",
        "suit": strain.lower() if strain in cards.SUITS else None,
        "nt": pgettext_lazy("no trumps, on a bidding box", "NT") if strain == "NT" else None,
    }


def _bidding_box(calls: list[dict]) -> dict:
    """Bids as a grid (a row per number of tricks, a column per strain from the lowest), the
    other calls (pass, double) beside it. Only the layout of the calls offered is decided here."""
    bids, others, strains = {}, [], []
    for call in calls:
        token = call["token"].upper()
        number = "".join(ch for ch in token if ch.isdigit())
        if not number or not token.startswith(number):
            others.append(call)
            continue
        strain = token[len(number) :] or ""
        bids.setdefault(int(number), {})[strain] = call
        if strain not in strains:
            strains.append(strain)
    strains.sort(key=lambda s: STRAIN_ORDER.index(s) if s in STRAIN_ORDER else -1)
    rows = [{"number": n, "cells": [bids[n].get(s) for s in strains]} for n in sorted(bids)]
    return {"strains": strains, "rows": rows, "others": others}


def _pass_form(position, state, play: str | None) -> dict:
    """What the seat to act still has to choose for the pass, and how to send it."""
    rules = position.rules
    needed = getattr(rules, "pass_count", 0) - cards.count(state.passes[state.to_act])
    return {"needed": needed, "hidden": position.query() if play == "link" else None}


def call_words(vocab, module, move: int) -> str:
    """A call of the auction as the table says it: a bid in words, "pass", "double"."""
    token = module.format_move(move)
    return vocab.bid(token) if token[:1].isdigit() else vocab.move(token, "bidding")


def extras(module, state, vocab) -> dict:
    """What some games add to the table: the auction and contract, or the layout's piles."""
    out = {}
    if hasattr(state, "bids"):
        out["auction"] = [
            {"seat": vocab.seat(seat), "letter": SEATS[seat], "call": call_words(vocab, module, m)}
            for seat, m in state.bids
        ]
    contract = getattr(state, "contract", None)
    if contract is not None:
        out["contract"] = {
            "bid": contract.bid,
            "tricks": count(contract.bid, "tricks", vocab.region),
            "declarer": vocab.seat(contract.declarer),
            "trumps": vocab.strain(state.strain),
            # "Trumps: spades." but simply "No trumps." when there are none, and nothing before
            # the declarer has named them
            "trumps_term": (
                None if state.strain in (None, "NT") else capfirst(vocab.term("trumps", "the"))
            ),
            "doubled": contract.doubled,
            "multiplier": getattr(state, "contract_multiplier", 1),
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
