"""The club player of the penalty family: Bent Al Sbeet, Leekha and Hearts, by parameters.

What differs between the games is read, never written here: each card's points come from the game's
own scoring (:func:`card_points` asks the family's one scoring), so a "penalty card" is any card
worth five points or more (the Q♠, the 10♦, Idlib's K♣) and a "bonus card" any card worth less than
nothing (Hearts' J♦ house rule); the pass, the exposures, the partners (Leekha), talbees, the
first-trick rule and the moon come from the rules in force (``Rules.knobs()``); the moves are the
family's (``penalty.moves``). Forced plays (Leekha's talyeekh, talbees, the opening lead) are the
engine's legal moves: a heuristic only chooses among them.

Each heuristic names the tip it follows: a source's key (its tips are in ``shared/sources``
and in the registry's "tips" sections), or "site's own" when no source gives that advice.
Leekha and Hearts have no registry file: there every heuristic is the site's own.
"""

from ..cards import HEARTS, PACK_52, SUITS, card_code, cards_in, mask_of
from ..contract import Phase
from ..players.knowledge import (
    CARD_CODES,
    SUIT_MASKS,
    PerRules,
    above,
    below,
    is_master,
    suit_cards,
)
from ..players.reasons import Advice, advise
from ..table import across
from .deal import table
from .moves import EXPOSE, KEEP, PASS

# The phases bound once: ``Phase.PLAY`` looks the member up on the enum at every read.
_PASS, _EXPOSE = Phase.PASS, Phase.EXPOSE

# code -> the names of its facts
CODES = {
    "pass_for_moon": ("card",),
    "pass_penalty_card": ("card",),
    "pass_talbees_catcher": ("card", "penalty"),
    "pass_catcher": ("card", "penalty"),
    "pass_to_void": ("card", "suit"),
    "pass_high_card": ("card",),
    "expose_safe": ("card",),
    "keep_unexposed": ("card",),
    "shoot_moon": ("card",),
    "first_trick_high": ("card",),
    "win_jack": ("card",),
    "spare_partner": ("card",),
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


def card_points(rules, exposed: int) -> tuple[int, ...]:
    """Each card's points under ``rules`` with ``exposed`` exposed, asked of the family's one
    scoring (the game's own values): a card alone in a trick, the deal not over."""
    values = table(rules).scoring
    return tuple(values.score([1 << c, 0, 0, 0], exposed, False)[0] for c in range(52))


GUARDS = 3  # low cards in its suit that keep a penalty card (or its catchers) safe


def club(view, game) -> Advice:
    if view.phase == _PASS:
        return _pass(view, game)
    if view.phase == _EXPOSE:
        return _expose(view)
    return _play(view, game)


# --- what the rules say, once per rule set ----------------------------------------------------


class Profile:
    """What the heuristics read of a rule set, worked out once (:func:`profile`)."""

    __slots__ = ("game", "rules", "pass_count", "partners", "talbees", "clean_first", "moon", "_s")

    def __init__(self, rules, game):
        knobs = rules.knobs()
        self.game = game
        self.rules = rules
        self.pass_count = knobs["pass_count"]
        self.partners = knobs["partnership"] != "none"
        self.talbees = mask_of(knobs["talbees"])
        # No card that scores may fall on the first trick (Hearts).
        self.clean_first = not knobs["points_on_first_trick"]
        self.moon = knobs["moon"]
        self._s = {}

    def scale(self, exposed: int) -> tuple:
        """Each card's points with ``exposed`` exposed, the penalty cards, the cards that
        score, the bonus cards, and the penalty cards the costliest first: the engine's
        scoring asked once per exposure."""
        scale = self._s.get(exposed)
        if scale is None:
            values = card_points(self.rules, exposed)
            penalty = [c for c in range(52) if values[c] >= PENALTY_POINTS]
            scale = self._s[exposed] = (
                values,
                mask_of(penalty),
                mask_of(c for c in range(52) if values[c] > 0),
                mask_of(c for c in range(52) if values[c] < 0),
                tuple(sorted(penalty, key=lambda c: (-values[c], -c))),
            )
        return scale


profile = PerRules(Profile)


class _Deal:
    """What every heuristic of one decision reads, worked out once."""

    __slots__ = (
        "view",
        "t",
        "hand",
        "values",
        "penalty",
        "points",
        "bonus",
        "ranked",
        "out",
        "partner",
    )

    def __init__(self, view, game, exposed: int):
        t = self.t = profile(view.rules, game)
        self.view = view
        self.hand = view.hand
        self.values, self.penalty, self.points, self.bonus, self.ranked = t.scale(exposed)
        # Cards out of sight: neither in this hand nor played yet.
        self.out = PACK_52 & ~view.hand & ~view.table.played
        self.partner = across(view.seat) if t.partners else None


def _advice(move: int, code: str, c: int, **facts) -> Advice:
    return advise(move, code, {"card": CARD_CODES[c], **facts})


def _play_card(c: int, code: str) -> Advice:
    """Play card ``c``, for the reason ``code`` (whose one fact is the card)."""
    return advise(c, code, {"card": CARD_CODES[c]})


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
    if not d.t.moon:
        return False
    taken = d.view.table.taken
    others = (taken[0] | taken[1] | taken[2] | taken[3]) & ~taken[d.view.seat]
    return not others & d.points and sure_winners(d.hand, d.out) >= d.hand.bit_count() - 2


# --- the pass --------------------------------------------------------------------------------


def _pass(view, game) -> Advice:
    d = _Deal(view, game, 0)
    passed = view.table.passed
    left = d.hand & ~passed  # the cards not chosen yet
    slots = d.t.pass_count - passed.bit_count()
    if _moon_on(d):
        # Site's own: keeping every winner for the moon, pass the lowest cards.
        c = min((m - PASS for m in view.legal), key=lambda c: (c % 13, c))
        return _advice(PASS + c, "pass_for_moon", c)
    # Site's own: a bonus card (Hearts' J♦) is worth keeping; pass it only if nothing else is
    # left to pass.
    # ``left`` is the hand to judge, ``allowed`` the cards the rules let it pass now (Leekha:
    # never the last card of a suit).
    allowed = mask_of(m - PASS for m in view.legal)
    allowed = allowed & ~d.bonus or allowed
    kept = d.penalty & left & ~_short_penalty(d, left)
    for step in (_pass_penalty, _pass_talbees_catcher, _pass_catcher, _pass_to_void, _pass_high):
        advice = step(d, left, allowed, slots, kept)
        if advice is not None:
            return advice
    raise AssertionError("a pass always finds a card")  # _pass_high takes any card


def _guards(hand: int, c: int) -> int:
    """The cards of ``hand`` below ``c`` in its suit."""
    return below(c, hand).bit_count()


def _short_penalty(d: _Deal, left: int) -> int:
    """The penalty cards of ``left`` too short of low cards in their suit to keep."""
    return mask_of(c for c in cards_in(d.penalty & left) if _guards(left, c) < GUARDS)


def _by_value(d: _Deal, mask: int) -> list[int]:
    """The penalty cards of ``mask``, the costliest first."""
    return [c for c in d.ranked if mask >> c & 1]


def _pass_penalty(d, left, allowed, slots, kept):
    # Tip (sbeetah): the holder of the queen or the ten tries to pass it on in the pass, and
    # getting rid of a high card of a short suit is often the safest pass.
    short = _short_penalty(d, left) & allowed
    if short:
        c = _by_value(d, short)[0]
        return _advice(PASS + c, "pass_penalty_card", c)
    return None


def _pass_talbees_catcher(d, left, allowed, slots, kept):
    # Site's own: with talbees and partners, a card above a talbees card forces it out of its
    # holder's hand whenever it falls on a trick of its suit, the partner's hand too: pass
    # such a card, however many low cards back it.
    if not (d.t.talbees and d.partner is not None):
        return None
    for p in _by_value(d, d.t.talbees & ~left):
        catchers = above(p, allowed)
        if catchers:
            c = catchers.bit_length() - 1
            return _advice(PASS + c, "pass_talbees_catcher", c, penalty=card_code(p))
    return None


def _pass_catcher(d, left, allowed, slots, kept):
    # Tip (sbeetah): a high card in a short suit is worth passing: the ace or king of spades
    # catches the queen (the high diamonds the ten) when its holder drops it underneath.
    for p in _by_value(d, d.penalty & ~kept):
        catchers = above(p, allowed)
        if catchers and _guards(left, p) < GUARDS:
            c = catchers.bit_length() - 1
            return _advice(PASS + c, "pass_catcher", c, penalty=card_code(p))
    return None


def _pass_to_void(d, left, allowed, slots, kept):
    # Tip (qahwa): empty a short suit early, so you can throw the queen or the ten on someone
    # else's trick. Never the suit of a penalty card kept with its guards.
    keep_suits = {p // 13 for p in cards_in(kept)}
    best = None
    for s in range(4):
        cards = suit_cards(left, s)
        n = cards.bit_count()
        if s in keep_suits or not 0 < n <= slots or cards & ~allowed:
            continue
        if best is None or n < best[0]:
            best = (n, s)
    if best is None:
        return None
    s = best[1]
    c = suit_cards(left, s).bit_length() - 1
    return _advice(PASS + c, "pass_to_void", c, suit=SUITS[s])


def _pass_high(d, left, allowed, slots, kept):
    # Tip (sbeetah): send a high card rather than the low ones that let you duck later.
    choices = cards_in(allowed & ~kept) or cards_in(allowed)
    c = max(choices, key=lambda c: (c % 13, c // 13 == HEARTS, c))
    return _advice(PASS + c, "pass_high_card", c)


# --- exposing --------------------------------------------------------------------------------


def safe_to_expose(hand: int, c: int) -> bool:
    """Whether ``hand`` can be trusted to get rid of ``c`` on someone else's trick: four low
    cards to play under its suit, or two of them and a suit already (nearly) empty to throw it
    on."""
    low = _guards(hand, c)
    short = any(suit_cards(hand, s).bit_count() <= 1 for s in range(4) if s != c // 13)
    return low >= 4 or (low >= 2 and short)


def _expose(view) -> Advice:
    shown = [m for m in view.legal if m != KEEP]
    return _safe_exposure(view, shown) or _advice(KEEP, "keep_unexposed", shown[0] - EXPOSE)


def _safe_exposure(view, moves) -> Advice | None:
    for move in moves:
        c = move - EXPOSE
        # Tip (qahwa): expose the queen only when you are confident you can get rid of her.
        if safe_to_expose(view.hand, c):
            return _advice(move, "expose_safe", c)
    return None


# --- trick play ------------------------------------------------------------------------------


def _play(view, game) -> Advice:
    if view.legal[-1] >= EXPOSE:
        # Exposures run until the card is played: expose now if the hand is safe, else play.
        cards = tuple(m for m in view.legal if m < 52)
        exposure = _safe_exposure(view, view.legal[len(cards) :])
        if exposure is not None:
            return exposure
        view = view._replace(legal=cards)
    d = _Deal(view, game, view.table.exposed)
    if _moon_on(d):
        return _moon_play(d)
    trick = view.table.trick
    first = d.t.clean_first and len(view.table.plays) == len(trick)
    if first:
        advice = _first_trick(d)
        if advice is not None:
            return advice
    if not trick:
        return _lead(d)
    top_seat, top = _top(trick)
    if view.legal[0] // 13 == top // 13:
        return _follow(d, top_seat, top)
    return _discard(d, top_seat)


def _top(trick) -> tuple[int, int]:
    """``(seat, card)`` taking the trick so far: no trumps, the highest card of the suit led."""
    best = trick[0]
    for play in trick[1:]:
        if play[1] > best[1] and play[1] // 13 == best[1] // 13:
            best = play
    return best


def _moon_play(d: _Deal) -> Advice:
    # Site's own: going for the moon, win every trick you can and throw no point away.
    legal = d.view.legal
    trick = d.view.table.trick
    if not trick:
        c = max(legal, key=lambda c: (not above(c, d.out), c % 13))
    elif legal[0] // 13 == trick[0][1] // 13:
        top = _top(trick)[1]
        c = max(legal) if max(legal) > top else min(legal)
    else:
        c = min(legal, key=lambda c: (d.values[c] > 0, c % 13))
    return _play_card(c, "shoot_moon")


def _first_trick(d: _Deal) -> Advice | None:
    # Site's own: where no card that scores may fall on the first trick, that trick is free:
    # lead or follow with the highest card, to be rid of it at no risk.
    legal = d.view.legal
    trick = d.view.table.trick
    if any(d.values[c] for _, c in trick):
        return None  # a player holding nothing else had to throw a point: not free any more
    led = legal[0] // 13 if not trick else trick[0][1] // 13
    free = [c for c in legal if c // 13 == led and not d.values[c]]
    if not free:
        return None
    return _play_card(max(free), "first_trick_high")


def _partner_takes(d: _Deal, top_seat: int, top: int) -> bool:
    """The partner's card is taking the trick and will keep it: this seat plays last, or no
    card still out beats it (no trumps: a player void in the suit cannot take the trick)."""
    return top_seat == d.partner and (len(d.view.table.trick) == 3 or is_master(top, d.out))


def _spare(d: _Deal, cards: int) -> Advice:
    # Site's own (partners): the trick is the partner's, so its points are the side's: give
    # it a bonus card, else a card worth nothing (the highest, to be rid of it), else the
    # cheapest.
    bonus = cards & d.bonus
    free = cards & ~d.points & ~bonus
    if bonus:
        c = bonus.bit_length() - 1
    elif free:
        c = max(_highs(free), key=lambda c: (c % 13, c))
    else:
        c = min(cards_in(cards), key=lambda c: (d.values[c], -(c % 13), c))
    return _play_card(c, "spare_partner")


def _win_jack(d: _Deal, top: int, last: bool) -> Advice | None:
    # Site's own (the J♦ house rule): a trick with the bonus card and fewer points than it
    # takes away is worth winning: take it with a card sure to keep it, the bonus card
    # itself when it can.
    trick = d.view.table.trick
    legal = d.view.legal
    sure = [c for c in legal if c > top and (last or is_master(c, d.out))]
    if not sure:
        return None
    points = sum(d.values[c] for _, c in trick)
    mine = [c for c in sure if d.bonus >> c & 1]
    if mine:
        c = mine[0]
    elif any(d.bonus >> c & 1 for _, c in trick):
        c = min(sure, key=lambda c: (d.values[c], c))
    else:
        return None
    if points + d.values[c] >= 0:
        return None
    return _play_card(c, "win_jack")


def _follow(d: _Deal, top_seat: int, top: int) -> Advice:
    view = d.view
    legal = view.legal
    trick = view.table.trick
    last = len(trick) == 3
    if d.partner is not None and _partner_takes(d, top_seat, top):
        return _spare(d, mask_of(legal))
    if d.bonus:
        advice = _win_jack(d, top, last)
        if advice is not None:
            return advice
    under = [c for c in legal if c < top]
    if last and not any(d.values[c] > 0 for _, c in trick):
        # Site's own: last to a trick without points, take it with the highest card that
        # carries none, to be rid of it safely.
        free = [c for c in legal if not d.values[c] and c > top]
        if free:
            return _play_card(max(free), "win_high")
    if under:
        # Tip (sbeetah): keep low cards to play under a trick: duck with the highest card
        # that still loses (the queen under a higher spade).
        return _play_card(max(under), "duck")
    if last:
        # Site's own: forced to take it, take it with the highest card worth nothing.
        c = max(legal, key=lambda c: (-d.values[c], c))
        return _play_card(c, "win_high")
    # Site's own: every card wins for now; the lowest leaves the most room to be overtaken.
    c = min(legal, key=lambda c: (d.values[c] > 0, c))
    return _play_card(c, "play_low")


def _discard(d: _Deal, top_seat: int) -> Advice:
    legal = mask_of(d.view.legal)
    if top_seat == d.partner:
        return _spare(d, legal)
    penalty = legal & d.penalty
    if penalty:
        # Tip (qahwa): void in the suit led, throw the queen or the ten on someone else's
        # trick.
        c = max(cards_in(penalty), key=lambda c: (d.values[c], c))
        return _play_card(c, "discard_penalty")
    # Site's own: throw the card most likely to catch points later: a card above a penalty
    # card still out in its suit, then a high heart, then the highest card of a short suit;
    # never a bonus card on someone else's trick while anything else is left. Within a suit
    # that is its highest card.
    catchers = 0
    for p in d.ranked:
        if d.out >> p & 1:
            catchers |= SUIT_MASKS[p // 13] & ~((2 << p) - 1)
    hand, values = d.hand, d.values
    best = None
    for c in _highs(legal & ~d.bonus) or _highs(legal):
        length = (hand & SUIT_MASKS[c // 13]).bit_count()
        danger = (values[c] >= 0, catchers >> c & 1, values[c] > 0, c % 13, -length)
        if best is None or danger > best[0]:
            best = (danger, c)
    return _play_card(best[1], "discard_danger")


def _highs(mask: int) -> list[int]:
    """The highest card of each suit of ``mask``."""
    return [(mask & suit).bit_length() - 1 for suit in SUIT_MASKS if mask & suit]


def _lead(d: _Deal) -> Advice:
    plain = mask_of(d.view.legal)
    plain = plain & ~d.penalty or plain  # lead a penalty card only when nothing else is left
    hand = d.hand
    for p in d.ranked:
        # Site's own: while a penalty card is out and you hold nothing above it in its suit,
        # lead that suit below it, so its holder has to follow and may have to give it up.
        if not d.out >> p & 1 or (hand & SUIT_MASKS[p // 13]) >> p:
            continue
        under = below(p, plain)
        if under:
            c = under.bit_length() - 1
            return _advice(c, "flush_penalty", c, penalty=CARD_CODES[p])
    short = None
    scoring = d.points | d.bonus
    for suit in SUIT_MASKS:
        mine = hand & suit
        # A short suit holding no penalty card, led by its lowest card that scores nothing,
        # while a card still out is above it.
        if mine & d.penalty or mine.bit_count() > 2:
            continue
        zero = plain & suit & ~scoring
        if zero:
            c = (zero & -zero).bit_length() - 1
            key = (mine.bit_count(), c % 13)
            if (d.out & suit) >> c > 1 and (short is None or key < short[0]):
                short = (key, c)
    if short is not None:
        # Tip (qahwa): empty a short suit early; lead its low card while others hold higher.
        c = short[1]
        return _advice(c, "lead_short", c, suit=SUITS[c // 13])
    # Tip (sbeetah): do not lead a suit in which you hold the best card; lead the card that
    # the most cards still out can beat.
    return _play_card(_least_risk(d, plain), "lead_low")


def _least_risk(d: _Deal, mask: int) -> int:
    """The card of ``mask`` least likely to win a trick it leads: the most cards still out
    above it and the fewest below, then the fewest points. Within a suit that is its lowest
    card."""
    best = None
    out, values = d.out, d.values
    for suit in SUIT_MASKS:
        cards = mask & suit
        if cards:
            c = (cards & -cards).bit_length() - 1
            rest = out & suit
            key = ((rest & ((1 << c) - 1)).bit_count() - (rest >> c).bit_count(), values[c], c % 13)
            if best is None or key < best[0]:
                best = (key, c)
    return best[1]
