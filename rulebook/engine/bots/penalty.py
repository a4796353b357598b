"""The club player of the penalty family: Bent Al Sbeet today, Leekha and Hearts by parameters.

What differs between the games of the family is read, never written here: each card's points
come from the engine's own scoring function (``Game.card_points``), the pass count, the
exposable cards and the moon from the engine's ``Rules``, the move numbers from the engine
module. A "penalty card" is any card worth five points or more (the queen of spades, the ten of
diamonds), so the same heuristics serve a game with only the queen.

Each heuristic names the tip it follows: a source's key (its tips are in ``shared/sources``
and in the registry's "tips" sections), or "site's own" when no source gives that advice.
"""

from functools import lru_cache

from ..cards import HEARTS, PACK_52, SUITS, card_code, cards_in
from .knowledge import (
    SUIT_MASKS,
    above,
    below,
    suit_cards,
    winning,
)
from .reasons import Advice

# code -> the names of its facts
CODES = {
    "pass_for_moon": ("card",),
    "pass_penalty_card": ("card",),
    "pass_catcher": ("card", "penalty"),
    "pass_to_void": ("card", "suit"),
    "pass_high_card": ("card",),
    "expose_safe": ("card",),
    "keep_unexposed": ("card",),
    "shoot_moon": ("card",),
    "discard_penalty": ("card",),
    "discard_danger": ("card",),
    "duck": ("card",),
    "win_high": ("card",),
    "play_low": ("card",),
    "flush_penalty": ("card", "penalty"),
    "lead_short": ("card", "suit"),
    "lead_low": ("card",),
}

PENALTY_POINTS = 5  # a card worth this much or more is a penalty card
GUARDS = 3  # low cards in its suit that keep a penalty card (or its catchers) safe


def club(view, game) -> Advice:
    if view.phase == "pass":
        return _pass(view, game)
    if view.phase == "expose":
        return _expose(view, game)
    return _play(view, game)


class _Deal:
    """What every heuristic of one decision reads, worked out once."""

    __slots__ = ("view", "hand", "values", "out", "penalty", "points")

    def __init__(self, view, game, exposed: int):
        self.view = view
        self.hand = view.hand
        self.values, self.penalty, self.points = _scale(game, view.rules, exposed)
        # Cards out of sight: neither in this hand nor played yet.
        self.out = PACK_52 & ~view.hand & ~view.table.played


@lru_cache(maxsize=256)
def _scale(game, rules, exposed: int) -> tuple[tuple[int, ...], int, int]:
    """Each card's points under ``rules`` with ``exposed`` exposed, the penalty cards and the
    cards worth anything: the engine's scoring asked once per rule set and exposure."""
    values = game.card_points(rules, exposed)
    penalty = _mask(c for c in range(52) if values[c] >= PENALTY_POINTS)
    return values, penalty, _mask(c for c in range(52) if values[c] > 0)


def _mask(cards) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _advice(move: int, code: str, c: int, **facts) -> Advice:
    return Advice(move, code, {"card": card_code(c), **facts})


# --- the moon --------------------------------------------------------------------------------


def sure_winners(hand: int, out: int) -> int:
    """The cards of ``hand`` above every card still out in their suit."""
    n = 0
    for mask in SUIT_MASKS:
        rest = out & mask
        mine = hand & mask
        n += (mine >> rest.bit_length()).bit_count() if rest else mine.bit_count()
    return n


def _moon_on(d: _Deal) -> bool:
    # Site's own: try for the moon only when the rules have it on, while no other player has
    # taken a point, and with a hand of sure winners (all but two of its cards).
    view = d.view
    if not getattr(view.rules, "moon", False):
        return False
    taken = view.table.taken
    if any(taken[s] & d.points for s in range(4) if s != view.seat):
        return False
    return sure_winners(d.hand, d.out) >= d.hand.bit_count() - 2


# --- the pass --------------------------------------------------------------------------------


def _pass(view, game) -> Advice:
    d = _Deal(view, game, 0)
    passed = view.table.passed
    left = d.hand & ~passed  # the cards not chosen yet
    slots = view.rules.pass_count - passed.bit_count()
    if _moon_on(d):
        # Site's own: keeping every winner for the moon, pass the lowest cards.
        c = min(cards_in(left), key=lambda c: (c % 13, c))
        return _advice(game.pass_move(c), "pass_for_moon", c)
    kept = d.penalty & left & ~_short_penalty(d, left)
    for step in (_pass_penalty, _pass_catcher, _pass_to_void, _pass_high):
        advice = step(d, game, left, slots, kept)
        if advice is not None:
            return advice
    raise AssertionError("a pass always finds a card")  # _pass_high takes any card


def _guards(hand: int, c: int) -> int:
    """The cards of ``hand`` below ``c`` in its suit."""
    return below(c, hand).bit_count()


def _short_penalty(d: _Deal, left: int) -> int:
    """The penalty cards of ``left`` too short of low cards in their suit to keep."""
    return _mask(c for c in cards_in(d.penalty & left) if _guards(left, c) < GUARDS)


def _by_value(d: _Deal, mask: int) -> list[int]:
    return sorted(cards_in(mask), key=lambda c: (-d.values[c], -c))


def _pass_penalty(d, game, left, slots, kept):
    # Tip (sbeetah): the holder of the queen or the ten tries to pass it on in the pass, and
    # getting rid of a high card of a short suit is often the safest pass.
    short = _short_penalty(d, left)
    if short:
        c = _by_value(d, short)[0]
        return _advice(game.pass_move(c), "pass_penalty_card", c)
    return None


def _pass_catcher(d, game, left, slots, kept):
    # Tip (sbeetah): a high card in a short suit is worth passing: the ace or king of spades
    # catches the queen (the high diamonds the ten) when its holder drops it underneath.
    for p in _by_value(d, d.penalty & ~kept):
        catchers = above(p, left)
        if catchers and _guards(left, p) < GUARDS:
            c = catchers.bit_length() - 1
            return _advice(game.pass_move(c), "pass_catcher", c, penalty=card_code(p))
    return None


def _pass_to_void(d, game, left, slots, kept):
    # Tip (qahwa): empty a short suit early, so you can throw the queen or the ten on someone
    # else's trick. Never the suit of a penalty card kept with its guards.
    keep_suits = {p // 13 for p in cards_in(kept)}
    best = None
    for s in range(4):
        n = suit_cards(left, s).bit_count()
        if s in keep_suits or not 0 < n <= slots:
            continue
        if best is None or n < best[0]:
            best = (n, s)
    if best is None:
        return None
    s = best[1]
    c = suit_cards(left, s).bit_length() - 1
    return _advice(game.pass_move(c), "pass_to_void", c, suit=SUITS[s])


def _pass_high(d, game, left, slots, kept):
    # Tip (sbeetah): send a high card rather than the low ones that let you duck later.
    choices = cards_in(left & ~kept) or cards_in(left)
    c = max(choices, key=lambda c: (c % 13, c // 13 == HEARTS, c))
    return _advice(game.pass_move(c), "pass_high_card", c)


# --- exposing --------------------------------------------------------------------------------


def safe_to_expose(hand: int, c: int) -> bool:
    """Whether ``hand`` can be trusted to get rid of ``c`` on someone else's trick: four low
    cards to play under its suit, or two of them and a suit already (nearly) empty to throw it
    on."""
    low = _guards(hand, c)
    short = any(suit_cards(hand, s).bit_count() <= 1 for s in range(4) if s != c // 13)
    return low >= 4 or (low >= 2 and short)


def _expose(view, game) -> Advice:
    shown = [m for m in view.legal if m != game.engine.KEEP]
    for move in shown:
        c = move - game.engine.EXPOSE
        # Tip (qahwa): expose the queen only when you are confident you can get rid of her.
        if safe_to_expose(view.hand, c):
            return _advice(move, "expose_safe", c)
    c = shown[0] - game.engine.EXPOSE
    return _advice(game.engine.KEEP, "keep_unexposed", c)


# --- trick play ------------------------------------------------------------------------------


def _play(view, game) -> Advice:
    d = _Deal(view, game, view.table.exposed)
    if _moon_on(d):
        return _moon_play(d)
    trick = view.table.trick
    if not trick:
        return _lead(d)
    if view.legal[0] // 13 == trick[0][1] // 13:
        return _follow(d)
    return _discard(d)


def _moon_play(d: _Deal) -> Advice:
    # Site's own: going for the moon, win every trick you can and throw no point away.
    legal = d.view.legal
    trick = d.view.table.trick
    if not trick:
        c = max(legal, key=lambda c: (not above(c, d.out), c % 13))
    elif legal[0] // 13 == trick[0][1] // 13:
        top = winning(trick)[1]
        c = max(legal) if max(legal) > top else min(legal)
    else:
        c = min(legal, key=lambda c: (d.values[c] > 0, c % 13))
    return _advice(c, "shoot_moon", c)


def _follow(d: _Deal) -> Advice:
    view = d.view
    legal = view.legal
    trick = view.table.trick
    top = winning(trick)[1]
    last = len(trick) == 3
    under = [c for c in legal if c < top]
    if last and not any(d.values[c] for _, c in trick):
        # Site's own: last to a trick without points, take it with the highest card that
        # carries none, to be rid of it safely.
        free = [c for c in legal if not d.values[c] and c > top]
        if free:
            return _advice(max(free), "win_high", max(free))
    if under:
        # Tip (sbeetah): keep low cards to play under a trick: duck with the highest card
        # that still loses (the queen under a higher spade).
        return _advice(max(under), "duck", max(under))
    if last:
        # Site's own: forced to take it, take it with the highest card worth nothing.
        c = max(legal, key=lambda c: (-d.values[c], c))
        return _advice(c, "win_high", c)
    # Site's own: every card wins for now; the lowest leaves the most room to be overtaken.
    c = min(legal, key=lambda c: (d.values[c] > 0, c))
    return _advice(c, "play_low", c)


def _discard(d: _Deal) -> Advice:
    legal = d.view.legal
    penalty = [c for c in legal if (d.penalty >> c) & 1]
    if penalty:
        # Tip (qahwa): void in the suit led, throw the queen or the ten on someone else's
        # trick.
        c = max(penalty, key=lambda c: (d.values[c], c))
        return _advice(c, "discard_penalty", c)
    # Site's own: throw the card most likely to catch points later: a card above a penalty
    # card still out in its suit, then a high heart, then the highest card of a short suit.
    catchers = 0
    for p in cards_in(d.penalty & d.out):
        catchers |= above(p, PACK_52)

    def danger(c: int) -> tuple:
        length = suit_cards(d.hand, c // 13).bit_count()
        return (bool(catchers >> c & 1), d.values[c] > 0, c % 13, -length)

    c = max(legal, key=danger)
    return _advice(c, "discard_danger", c)


def _lead(d: _Deal) -> Advice:
    legal = d.view.legal
    plain = [c for c in legal if not (d.penalty >> c) & 1] or list(legal)
    for p in _by_value(d, d.penalty & d.out):
        # Site's own: while a penalty card is out and you hold nothing above it in its suit,
        # lead that suit below it, so its holder has to follow and may have to give it up.
        if above(p, d.hand):
            continue
        under = [c for c in plain if c // 13 == p // 13 and c < p]
        if under:
            return _advice(max(under), "flush_penalty", max(under), penalty=card_code(p))
    held = {p // 13 for p in cards_in(d.penalty & d.hand)}
    short = [
        c
        for c in plain
        if c // 13 not in held
        and suit_cards(d.hand, c // 13).bit_count() <= 2
        and above(c, d.out)
        and not d.values[c]
    ]
    if short:
        # Tip (qahwa): empty a short suit early; lead its low card while others hold higher.
        c = min(short, key=lambda c: (suit_cards(d.hand, c // 13).bit_count(), c % 13))
        return _advice(c, "lead_short", c, suit=SUITS[c // 13])

    # Tip (sbeetah): do not lead a suit in which you hold the best card; lead the card that
    # the most cards still out can beat.
    def risk(c: int) -> tuple:
        return (
            below(c, d.out).bit_count() - above(c, d.out).bit_count(),
            d.values[c],
            c % 13,
        )

    c = min(plain, key=risk)
    return _advice(c, "lead_low", c)
