"""A position drawn as players see it: the four seats round the felt, the trick in front of the
seats that played it (or the layout's piles, or the bidding), the points. One place, shared by
the position page, the tutorials, the lessons, the quiz and the practice and live tables.

What is drawn is the deal's :class:`~cardgames.contract.TableView` for the seats whose hands
are open, and nothing else: which cards a seat shows, which passes it may know, its legal moves
described (a card played, a card passed or exposed, a bid and its strain), the trick, the
auction and the contract with its multiplier, the piles, the exposures with the multiplier in
force. No member of the deal is probed and no move token is read here.

``play`` decides what a legal move becomes: ``"link"`` (a link to the next position),
``"button"`` (a submit button named ``move``, for an answer form, legal or not so the answer is
not given away), ``"checkbox"`` (a labelled checkbox named ``cards``, for a "select all that
apply" answer form; no calls are drawn), or ``None`` (just drawn; ``mark_legal`` says whether
legal cards are marked).

The pass is made one of two ways. Where a page takes the whole pass at once (the position page,
the practice table: ``pass_picks``), the cards are checkboxes named ``pass`` and a confirm button
sends them. Where a page asks for one card of the pass (a tutorial's or the quiz's question), each
card is a button whose ``move`` is that card's pass, like any other answer.

Seats keep their compass places whatever the language: ``bottom`` (South unless the learner
sits elsewhere) faces the reader, the seat on its left (the next one clockwise) is drawn on the
left, and so on. The table is ``dir="ltr"`` because places at a table are not reading order.
"""

from urllib.parse import urlencode

from django.utils.text import capfirst
from django.utils.translation import pgettext_lazy

from cardgames import cards
from cardgames.contract import Phase
from cardgames.table import SEATS, Direction, S, seats_from

from .words import count, vocabulary

PHASES = {
    Phase.PASS: pgettext_lazy("phase", "the pass"),
    Phase.EXPOSE: pgettext_lazy("phase", "exposing"),
    Phase.ANNOUNCE: pgettext_lazy("phase", "announcements"),
    Phase.CHOOSE: pgettext_lazy("phase", "the choice of contract"),
    Phase.BIDDING: pgettext_lazy("phase", "the bidding"),
    Phase.TRUMP: pgettext_lazy("phase", "the trump call"),
    Phase.PLAY: pgettext_lazy("phase", "the play"),
    Phase.OVER: pgettext_lazy("phase", "over"),
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
# The moves that name a card of the hand without playing it: made by touching the card.
TOUCHED = ("pass_cards", "expose")


def place(seat: int, bottom: int) -> str:
    return PLACES[seats_from(bottom, Direction.CLOCKWISE).index(seat)]


def with_moves(position, tokens) -> str:
    """The query string of the position after the moves ``tokens`` (canonical tokens)."""
    q = position.query()
    q["moves"] = " ".join([q["moves"], *tokens]).strip()
    return urlencode(q)


def with_move(position, move) -> str:
    """The query string of the position after ``move`` (a described ``Move``)."""
    return with_moves(position, [move.token])


def touched_card(move) -> int | None:
    """The card a move names where it is made by touching that card (a pass, an exposure)."""
    return move.card if move.kind in TOUCHED else None


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
    passed: bool = False,
) -> dict:
    """The template context of ``cardtable/_table.html`` for ``position``.

    ``open_seats``: the seats whose hands are shown face up (the others show their backs, and
    the cards they have exposed face up). ``marked``: card codes or seat letters a tutorial
    points at. ``calls``: the calls to offer (bids, knocks…; move ints), by default the legal
    ones. ``bottom``: the seat drawn nearest the reader (the learner's). ``pass_picks``: the
    whole pass is chosen at once (by default only where moves are links). ``why``:
    ``why(refusal)`` words the engine's refusal of a card the actor may not play, so the card
    says why on a tap; None where that would give a question's answer away. ``passed``: the
    cards the reader passed are drawn face up at the seat that holds them once the pass is done
    (its player knows where they went), as the exposed cards are (the practice table).
    """
    state = position.state
    view = state.table_view(frozenset(open_seats))
    vocab = vocabulary(position.module)
    legal = {m.move: m for m in view.legal}
    marked = {m.upper() for m in marked}
    phase = view.phase
    # Cards are answers only while cards are played; in the bidding the answers are calls, and
    # a card button would only invite a confusing refusal. The pass picks cards as a set.
    card_phase = phase == Phase.PLAY
    if pass_picks is None:
        pass_picks = play == "link"
    to_act = view.to_act
    passing = phase == Phase.PASS and play in ("link", "button") and pass_picks
    # Moves that name a card of the actor's hand (expose the queen, pass a card) are made by
    # touching that card; only the other moves are drawn as calls.
    card_moves = {touched_card(m): m for m in legal.values() if touched_card(m) is not None}
    if calls is None:
        offered = [m for _, m in sorted(legal.items()) if m.kind != "card"]
    else:
        offered = [legal.get(move) or state.move_view(move) for move in calls]
    # What touching a card of the actor's hand sends: its legal move, or, where a question
    # offers moves that name cards (expose any card), the offered one, legal or not.
    touched = dict(card_moves)
    held = view.hands[to_act] if to_act is not None else None
    if play == "button" and held is not None:
        for m in offered:
            c = touched_card(m)
            if c is not None and held >> c & 1:
                touched.setdefault(c, m)
    if held is not None:  # a move that names a card is made by touching the card
        offered = [m for m in offered if touched_card(m) is None]
    card_legal = {m.card for m in legal.values() if m.kind == "card"}
    shown_legal = card_legal if mark_legal and card_phase else set()

    def card(c: int, **flags) -> dict:
        return vocab.card_view(c, exposed=bool(view.exposed >> c & 1), times=view.exposure, **flags)

    def seat_view(seat: int) -> dict:
        hand = view.hands[seat]
        is_open = hand is not None
        acting = to_act == seat
        chosen = view.passes[seat] or 0 if phase == Phase.PASS else 0
        views = []
        for c in cards.display_order(hand) if is_open else []:
            code = cards.card_code(c)
            # A card is a move now: played, or (exposing) the move that names it; picked for
            # the pass, the move that passes it (its token is the checkbox's value).
            if card_phase and c in card_legal:
                move = legal[c]
            else:
                move = touched.get(c) if not passing else None
            pick = passing and acting and not chosen >> c & 1
            if pick:
                picked = card_moves.get(c) or state.move_view(state.touch(c))
            views.append(
                card(
                    c,
                    legal=c in shown_legal or (mark_legal and c in card_moves),
                    marked=code in marked,
                    chosen=bool(chosen >> c & 1),
                    query=with_move(position, move)
                    if play == "link" and move is not None
                    else None,
                    token=move.token if move is not None else picked.token if pick else code,
                    button=play == "button" and acting and (card_phase or move is not None),
                    checkbox=play == "checkbox" and acting and card_phase,
                    pick=pick,
                    received=bool(view.received[seat] >> c & 1),
                    why=_refused(state, c, why if acting and card_phase else None, card_legal),
                )
            )
        held = view.counts[seat]
        # A closed hand still shows what the reader may know of it: its exposed cards (the table
        # sees them) and, where asked, those the reader passed it, face up and inert (only its
        # own player plays them).
        public = view.shown[seat] | (view.received[seat] if passed else 0)
        shown = (
            []
            if is_open
            else [card(c, marked=cards.card_code(c) in marked) for c in cards.display_order(public)]
        )
        down = held - len(shown)
        won = view.tricks_won[seat] if view.tricks_won is not None else None
        return {
            "seat": SEATS[seat],
            "place": place(seat, bottom),
            "name": vocab.seat(seat),
            "to_act": acting,
            "is_dealer": view.dealer == seat,
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
        played_card(vocab, s, c, bottom, view, marked=cards.card_code(c) in marked)
        for s, c in view.trick
    ]
    gathered, previous = _finished_trick(view, bottom, vocab)
    if not trick and gathered:
        trick, winner = gathered
        previous = None
    else:
        winner = None
    call_views = (
        [_call_view(position, m, play, vocab) for m in offered]
        if play in ("link", "button")
        else []
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
        "dealer_name": vocab.seat(view.dealer),
        "phase": phase,
        # Templates ask ``phase_is.bidding``: which phase it is, named by the contract.
        "phase_is": {p.value: phase == p for p in Phase},
        "phase_name": PHASES.get(phase, phase),
        "points": points(view, vocab),
        "to_act": None if to_act is None else vocab.seat(to_act),
        "to_act_seat": None if to_act is None else SEATS[to_act],
        "calls": call_views,
        "bidding_box": _bidding_box(call_views) if phase == Phase.BIDDING else None,
        "play": play,
        **extras(view, vocab),
    }
    if passing and to_act is not None:
        context["pass_form"] = _pass_form(position, view, play)
    for bid in context.get("auction", []):
        context["seats"][bid["letter"]]["last_call"] = bid["call"]
    return context


def _refused(state, card: int, why, legal: set[int]) -> str | None:
    """The reason the engine gives for refusing ``card`` now, worded by ``why``."""
    if why is None or card in legal:
        return None
    refusal = state.refusal(card)
    return None if refusal is None else str(why(refusal))


def played_card(vocab, seat: int, card: int, bottom: int, view, **flags) -> dict:
    """A card on the trick, drawn in front of the seat that played it (``view``: the table
    view, which says whether the card was exposed and what an exposed card counts)."""
    return vocab.card_view(
        card,
        seat=SEATS[seat],
        seat_name=vocab.seat(seat),
        place=place(seat, bottom),
        exposed=bool(view.exposed >> card & 1),
        times=view.exposure,
        **flags,
    )


def _finished_trick(view, bottom: int, vocab):
    """The last finished trick, drawn as the trick in the middle until the next lead (with its
    winner marked), or as the "previous trick" once the next trick has begun."""
    done = view.last_trick
    if not done:
        return None, None
    cards_played, winner = done
    views = [played_card(vocab, s, c, bottom, view, won=s == winner) for s, c in cards_played]
    won = {"name": vocab.seat(winner), "seat": SEATS[winner]}
    return (views, won), {"cards": views, "winner": won}


def _call_view(position, move, play: str | None, vocab) -> dict:
    return {
        "token": move.token,
        "label": capfirst(vocab.said(move)),
        "short": _short_bid(move) or _short_trump(move),
        "strain": move.strain or "",
        "number": move.bid,
        "query": with_move(position, move) if play == "link" else None,
        "button": play == "button",
    }


def _short_bid(move) -> dict | None:
    """A bid as a bidding box shows it: the number and the strain's symbol (or "NT")."""
    if move.kind != "bid":
        return None
    strain = move.strain
    return {
        "number": str(move.bid),
        "suit": strain.lower() if strain in ("S", "H", "D", "C") else None,
        "nt": pgettext_lazy("no trumps, on a bidding box", "NT") if strain == "NT" else None,
    }


def _short_trump(move) -> dict | None:
    """A trump call as a bidding box shows a strain: its suit's symbol (or "NT"), so the five
    calls take one row on a phone; the call in words stays for screen readers."""
    if move.kind != "trump_call" or move.strain is None:
        return None
    strain = move.strain
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
        if call["short"] is None:
            others.append(call)
            continue
        strain = call["strain"]
        bids.setdefault(call["number"], {})[strain] = call
        if strain not in strains:
            strains.append(strain)
    strains.sort(key=lambda s: STRAIN_ORDER.index(s) if s in STRAIN_ORDER else -1)
    rows = [{"number": n, "cells": [bids[n].get(s) for s in strains]} for n in sorted(bids)]
    return {"strains": strains, "rows": rows, "others": others}


def _pass_form(position, view, play: str | None) -> dict:
    """What the seat to act still has to choose for the pass, and how to send it."""
    return {"needed": view.pass_needed, "hidden": position.query() if play == "link" else None}


def extras(view, vocab) -> dict:
    """What some games add to the table: the auction and contract, or the layout's piles."""
    out = {}
    if view.auction:
        out["auction"] = [
            {"seat": vocab.seat(seat), "letter": SEATS[seat], "call": vocab.call(move)}
            for seat, move in view.auction
        ]
    contract = view.contract
    if contract is not None:
        out["contract"] = {
            "bid": contract.bid,
            "tricks": count(contract.bid, "tricks", vocab.region),
            "declarer": vocab.seat(contract.declarer),
            "trumps": vocab.strain(contract.strain),
            # "Trumps: spades." but simply "No trumps." when there are none, and nothing before
            # the declarer has named them
            "trumps_term": (
                None if contract.strain in (None, "NT") else capfirst(vocab.term("trumps", "the"))
            ),
            "doubled": contract.doubled,
            "multiplier": contract.multiplier,
        }
    if view.piles is not None:
        out["piles"] = [[vocab.card_view(c) for c in pile] for pile in view.piles]
        out["multiplier"] = view.multiplier
    return out


def points(view, vocab) -> list[dict]:
    """Each seat's (or side's) points this deal; none before the deal's first card, where
    each is nought and says nothing (an auction, a pass, a Trix deal at the owner's choice)."""
    values = view.points
    begun = view.trick or view.last_trick or any(view.piles or ()) or any(view.tricks_won or ())
    if not begun and not any(values):
        return []
    if not view.by_side:
        return [{"who": vocab.seat(s), "points": p} for s, p in enumerate(values)]
    return [{"who": vocab.side(i), "points": p} for i, p in enumerate(values)]
