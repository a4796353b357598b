"""Shared by the live tables' tests: a table of two people and two computer players, and the
cards a holder may not see."""

import random
import re

from cardgames import cards
from practice.match import WATCHER

SEATS_2P = {"N": "person", "E": "computer:club", "S": "person", "W": "computer:beginner"}


def secret_cards(practice, viewer) -> set[str]:
    """The cards ``viewer`` (a seat, or ``WATCHER``) may not know while the deal is in play:
    the other seats' hands, less the exposed cards and those passed to or by the viewer."""
    state = practice.state
    if state.is_over:
        return set()
    hidden = 0
    for seat in range(4):
        if seat != viewer:
            hidden |= state.hands[seat]
    hidden &= ~getattr(state, "exposed", 0)
    if viewer != WATCHER and hasattr(state, "passes"):
        hidden &= ~state.passes[viewer]
    return {cards.card_code(c) for c in cards.cards_in(hidden)}


def pick(practice, rng: random.Random) -> str:
    """A legal move for the seat to act, as a token: in an auction the cheapest bid or a
    pass, so that a contract is played more often than the deal is passed out."""
    module = practice.module
    legal = practice.state.legal_moves()
    tokens = [module.format_move(m) for m in legal]
    if "pass" in tokens:
        bids = [m for m, t in zip(legal, tokens, strict=True) if t not in ("pass", "double")]
        if bids and rng.random() < 0.6:
            return module.format_move(min(bids))
        return "pass"
    return rng.choice(tokens)


CODE = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][SHDC])(?![A-Za-z0-9])")
PBN_HAND = re.compile(r"^[2-9TJQKA]*\.[2-9TJQKA]*\.[2-9TJQKA]*\.[2-9TJQKA]*$")
PBN_DEAL = re.compile(r"^[NESW]:")


def cards_named(value) -> set[str]:
    """Every card a frame or answer names anywhere: a card code (``QS``, ``pass:QS``), a hand
    or a whole deal in PBN."""
    found = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= cards_named(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_named(item)
    elif isinstance(value, str):
        hands = value[2:].split() if PBN_DEAL.match(value) else [value]
        if all(PBN_HAND.match(h) for h in hands):
            for hand in hands:
                found |= {cards.card_code(c) for c in cards.cards_in(cards.parse_hand(hand))}
        else:
            found |= set(CODE.findall(value))
    return found


LINK = re.compile(r'value="(http[^"]+/join/[^"]+)"')


def path_of(url: str) -> str:
    """An absolute link's path, for a test client."""
    return "/" + url.split("://", 1)[1].split("/", 1)[1]


def open_by_page(host, game: str, form: dict, lang: str = "en"):
    """A table opened by the new-table form (303 to the host's invitations page): the
    response, and the invitations' links as that page shows them (paths), in its order:
    the people's seats, the coach, the watchers."""
    answer = host.post(f"/{lang}/{game}/table/new/", form)
    assert answer.status_code == 303, answer.content[:500]
    assert answer["Location"].endswith("/invitations/")
    page = host.get(answer["Location"])
    assert page.status_code == 200
    return answer, [path_of(url) for url in LINK.findall(page.content.decode())]


PAGE_SEATS = {
    "seat.N": "person",
    "seat.E": "computer:club",
    "seat.S": "person",
    "seat.W": "computer:beginner",
}


def seated(game="hearts", lang="en", **rules):
    """A table opened by the page with the host at North, a guest at South, a watcher: the
    table and their clients."""
    from django.test import Client

    from tables.models import Table

    host = Client()
    form = {**PAGE_SEATS, **{f"rule.{k}": v for k, v in rules.items()}}
    _answer, links = open_by_page(host, game, form, lang)
    table = Table.objects.get()
    guests = []
    for link in links:  # South's, then the watchers'
        guest = Client()
        assert guest.post(link).status_code == 303
        guests.append(guest)
    return table, host, *guests
