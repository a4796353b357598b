"""The club player of the trick-and-bid family: Tarneeb and Tarneeb 41, by parameters.

The auction is read from the legal moves (whatever their form: a number, a number and a suit,
a double) and the rules in force (``Rules.knobs()``), so every auction of the engine is played:
classic, Egyptian with its doubles, one bid each, the dealer forced, and Tarneeb 41's bid for
every player (``auction="each"``). Where the rules fix the trumps (Tarneeb 41: hearts) nobody
names them. Where a side plays one contract (Tarneeb), its declarer draws trumps and the other
side defends; where every player bids alone (Tarneeb 41), whoever still needs tricks for their
own bid plays the declarer's part, and a trick counts for whoever takes it.

Each heuristic names the tip it follows: ``squarescores`` (the tips of source 001, "Bid what
your hand can make", "Count your trumps", "Listen to the bidding", "Lead trumps early",
"Defend by counting what's left"), or "site's own". Tarneeb 41 has no registry file: there
every heuristic is the site's own.
"""

from ..cards import ACE, HEARTS, KING, PACK_52, QUEEN, SUIT_BITS, SUITS
from ..contract import Phase
from ..players.knowledge import CARD_CODES, SUIT_MASKS, PerRules, is_master, suit_cards, winning
from ..players.reasons import Advice, advise
from ..table import across, next_seat, opponents, side_of
from . import moves as calls

# The phases bound once: ``Phase.PLAY`` looks the member up on the enum at every read.
_BIDDING, _TRUMP = Phase.BIDDING, Phase.TRUMP

CODES = {
    "bid_sure_tricks": ("bid", "tricks"),
    "pass_weak": ("tricks",),
    "let_bid_stand": ("bid",),
    "forced_bid": ("bid",),
    "double_contract": ("bid", "tricks"),
    "bid_own_tricks": ("bid", "tricks"),
    "bid_double_carefully": ("bid", "tricks"),
    "bid_to_play": ("bid", "tricks"),
    "let_redeal": ("bid", "tricks"),
    "call_trump": ("suit",),
    "draw_trumps": ("card",),
    "cash_winner": ("card",),
    "lead_long_suit": ("card", "suit"),
    "no_overtake": ("card",),
    "take_own_trick": ("card",),
    "win_trick": ("card",),
    "play_low": ("card",),
    "ruff": ("card",),
    "hold_trump": ("card",),
    "discard_low": ("card",),
}

# Site's own: the partner's hand is worth about two tricks to a bid. The source counts only the
# bidder's own tricks; but with seven the lowest bid, a table that waits for seven of its own
# throws a third of its deals in. In seeded club games, bidding on the count plus two beat the
# count plus one and the count plus three, in both auctions.
PARTNER_TRICKS = 2
# Site's own (Tarneeb 41): a bid from ``double_from`` up wins or loses double; bid one only
# with this many tricks to spare on the count.
SPARE_TRICKS = 1
# Site's own (Tarneeb 41): a player alone draws trumps holding at least this many of them.
LONG_TRUMPS = 4


def club(view, game) -> Advice:
    if view.phase == _BIDDING:
        return _call(view)
    if view.phase == _TRUMP:
        return _name_trump(view)
    return _play(view)


class Profile:
    """What the heuristics read of a rule set, worked out once (:func:`profile`)."""

    __slots__ = ("trump", "each", "min_bid", "min_total", "double_from")

    def __init__(self, rules):
        knobs = rules.knobs()
        self.trump = HEARTS if knobs["trumps"] == "hearts" else None  # fixed by the rules
        self.each = knobs["scoring"] == "each_bid"  # every player bids and scores alone
        self.min_bid = knobs["min_bid"]
        self.min_total = knobs["min_total_bids"]
        self.double_from = knobs["double_from"]


profile = PerRules(Profile)


BEGINNER_BIDS = 0.25  # how often the beginner bids when it may also pass
FAIR_SHARE = 13 // 4  # a player's share of the thirteen tricks


def beginner(view, game, rng) -> int:
    """A random legal move; in the auction, a bid one time in four (the cheapest in a random
    strain), else a random one of the other calls (pass, double). A uniformly random call
    would bid nearly every time and jump towards thirteen, as no player does, and a match of
    such bids never ends: the debts outgrow the lines. Where every player must bid for
    themselves, a random bid within one trick of a fair share."""
    legal = view.legal
    if view.phase != _BIDDING:
        return rng.choice(legal)
    if profile(view.rules).each:
        near = [m for m in legal if abs(calls.bid_level(m) - FAIR_SHARE) <= 1]
        return rng.choice(near or legal)
    others = [m for m in (calls.PASS, calls.DOUBLE) if m in legal]
    bids = [m for m in legal if m not in others]
    if bids and (not others or rng.random() < BEGINNER_BIDS):
        strain = rng.choice(sorted({calls.bid_strain(m) for m in bids}, key=str))
        return min((m for m in bids if calls.bid_strain(m) == strain), key=calls.bid_level)
    return rng.choice(others)


# --- counting a hand -------------------------------------------------------------------------


def suit_tricks(hand: int, s: int, trump: bool) -> float:
    """The tricks a suit of ``hand`` can be counted on to take.

    Tip (squarescores, "Bid what your hand can make"): the aces, a king or queen backed by
    enough small cards, and the length of the longest suit; "Count your trumps": every trump
    beyond three takes a trick once the trumps are drawn, and a long side suit runs free."""
    ranks = (hand >> (13 * s)) & SUIT_BITS
    n = ranks.bit_count()
    has_ace, has_king = ranks >> ACE & 1, ranks >> KING & 1
    tricks = float(has_ace)
    if has_king and n >= 2:
        tricks += 1
    if ranks >> QUEEN & 1 and n >= 3:
        tricks += 1 if has_ace or has_king else 0.5
    if trump:
        tricks += max(0, n - 3)
    elif n >= 5:
        tricks += (n - 4) / 2
    return tricks


def hand_tricks(hand: int, trump: int | None) -> float:
    return sum(suit_tricks(hand, s, s == trump) for s in range(4))


def best_suit(hand: int) -> int:
    # Tip (squarescores, "Count your trumps"): call the suit you are longest and strongest in.
    return max(
        range(4), key=lambda s: (suit_cards(hand, s).bit_count(), suit_tricks(hand, s, True))
    )


# --- the auction -----------------------------------------------------------------------------


def _call(view) -> Advice:
    p = profile(view.rules)
    if p.each:
        return _own_bid(view, p)
    legal = view.legal
    hand = view.hand
    trump = p.trump if p.trump is not None else best_suit(hand)
    count = hand_tricks(hand, trump)
    shown = int(count)
    bids = [m for m in legal if m not in (calls.PASS, calls.DOUBLE)]
    mine = [m for m in bids if calls.bid_strain(m) in (None, trump)] or bids
    cheapest = min(mine, key=calls.bid_level) if mine else None
    standing = view.table.high
    if calls.DOUBLE in legal and standing is not None:
        level = calls.bid_level(standing[1])
        defence = hand_tricks(hand, None)  # high cards and long suits, none of them trumps
        # Site's own: double a bid your own high cards and a partner's average share beat.
        if int(defence) + PARTNER_TRICKS >= 14 - level:
            return advise(calls.DOUBLE, "double_contract", _bid_facts(standing[1], int(defence)))
    if calls.PASS not in legal:
        # The rules force a bid (the dealer after three passes): the cheapest in your suit.
        return advise(cheapest, "forced_bid", {"bid": calls.format_move(cheapest)})
    if standing is not None and side_of(standing[0]) == side_of(view.seat):
        # Tip (squarescores, "Listen to the bidding"): your side holds the bid; go over it only
        # with tricks of your own to cover the higher bid.
        if cheapest is not None and shown >= calls.bid_level(cheapest):
            return advise(cheapest, "bid_sure_tricks", _bid_facts(cheapest, shown))
        return advise(calls.PASS, "let_bid_stand", {"bid": calls.format_move(standing[1])})
    # Tip (squarescores, "Bid what your hand can make"): bid only what you can count on.
    if cheapest is not None and calls.bid_level(cheapest) <= shown + PARTNER_TRICKS:
        return advise(cheapest, "bid_sure_tricks", _bid_facts(cheapest, shown))
    return advise(calls.PASS, "pass_weak", {"tricks": shown})


def _bid_facts(bid: int, tricks: int) -> dict:
    return {"bid": calls.format_move(bid), "tricks": tricks}


def _own_bid(view, p: Profile) -> Advice:
    """A bid for this seat alone (Tarneeb 41): its own tricks, no partner's."""
    shown = int(hand_tricks(view.hand, p.trump))
    # Site's own: bid the tricks you count, alone: the partner's tricks are the partner's.
    tricks, code = max(p.min_bid, shown), "bid_own_tricks"
    if tricks >= p.double_from:
        # Site's own: a bid of double_from or more wins or loses double: bid a trick under
        # the count, and then no lower than just under double_from.
        careful = max(p.min_bid, p.double_from - 1, shown - SPARE_TRICKS)
        tricks, code = careful, "bid_double_carefully"
    bids = view.table.bids
    if len(bids) == 3:  # the last to bid sees whether the hand will be played
        others = sum(calls.bid_level(m) for _, m in bids)
        need = p.min_total - others
        if tricks < need:
            if need <= shown + 1 and need < p.double_from:
                # Site's own: the last bidder one trick short of the total that plays the
                # hand bids it rather than throw a playable hand in.
                tricks, code = need, "bid_to_play"
            else:
                # Site's own: too far short of the total, bid your count and let the cards be
                # dealt again.
                code = "let_redeal"
    move = calls.classic_bid(tricks)
    return advise(move, code, _bid_facts(move, shown))


def _name_trump(view) -> Advice:
    s = best_suit(view.hand)
    return advise(calls.trump_call(s), "call_trump", {"suit": SUITS[s]})


# --- trick play ------------------------------------------------------------------------------


class _Trick:
    """What every heuristic of one card decision reads, worked out once."""

    __slots__ = ("view", "trump", "out", "partner", "voids", "need", "attacking", "draws", "legal")

    def __init__(self, view):
        table = view.table
        seat = view.seat
        self.view = view
        self.trump = table.trump
        self.out = PACK_52 & ~view.hand & ~table.played
        self.partner = across(seat)
        self.voids = table.voids
        self.legal = view.legal
        contract = table.contract
        if contract is not None:
            self.need = None
            self.attacking = side_of(contract.declarer) == side_of(seat)
            self.draws = seat == contract.declarer
        else:
            # Every player bid alone: whoever still needs tricks plays the declarer's part.
            won = table.tricks_won
            need = [0, 0, 0, 0]
            for s, m in table.bids:
                short = calls.bid_level(m) - won[s]
                if short > 0:
                    need[s] = short
            self.need = need
            self.attacking = need[seat] > 0
            self.draws = (
                self.attacking and suit_cards(view.hand, self.trump).bit_count() >= LONG_TRUMPS
            )

    def void(self, seat: int, suit: int) -> bool:
        """``seat`` has shown it holds no card of ``suit``."""
        return bool(self.voids[seat] >> suit & 1)

    def opponents(self) -> tuple[int, int]:
        return opponents(self.view.seat)

    def own_trick_wanted(self) -> bool:
        """Tarneeb 41: this seat still needs tricks for its bid and the partner does not."""
        return self.need is not None and self.attacking and not self.need[self.partner]


def _play(view) -> Advice:
    t = _Trick(view)
    trick = view.table.trick
    if not trick:
        return _lead(t)
    led = trick[0][1] // 13
    if t.legal[0] // 13 == led:
        return _follow(t, led)
    return _void(t)


def _card(c: int, code: str, **facts) -> Advice:
    return advise(c, code, {"card": CARD_CODES[c], **facts})


def _lead(t: _Trick) -> Advice:
    # Every card of the hand may lead: the heuristics read the hand suit by suit.
    trump, hand, out = t.trump, t.view.hand, t.out
    left, right = opponents(t.view.seat)
    voids = t.voids[left], t.voids[right]  # the opponents'
    trumps_out = trump is not None and out & SUIT_MASKS[trump]
    if trumps_out and t.draws and hand & SUIT_MASKS[trump]:
        if not voids[0] & voids[1] >> trump & 1:
            # Tip (squarescores, "Lead trumps early when you've bid them"): draw the trumps
            # the opponents may still hold, the best one first when it is the master.
            trumps = hand & SUIT_MASKS[trump]
            top = trumps.bit_length() - 1
            c = top if not trumps_out >> top else (trumps & -trumps).bit_length() - 1
            return _card(c, "draw_trumps")
    ruffed = voids[0] | voids[1] if trumps_out else 0
    best = None
    for s in range(4):
        mine = hand & SUIT_MASKS[s]
        if s == trump or not mine or ruffed >> s & 1:
            continue
        top = mine.bit_length() - 1
        if not (out & SUIT_MASKS[s]) >> top and (best is None or top % 13 > best % 13):
            best = top
    if best is not None:
        # Site's own: cash a card no one can beat in its suit, unless an opponent has shown
        # a void in it and may ruff.
        return _card(best, "cash_winner")
    # Site's own: otherwise lead low from your longest side suit.
    side = [s for s in range(4) if s != trump and hand & SUIT_MASKS[s]] or [trump]
    s = max(side, key=lambda s: ((hand & SUIT_MASKS[s]).bit_count(), s))
    mine = hand & SUIT_MASKS[s]
    c = (mine & -mine).bit_length() - 1
    return _card(c, "lead_long_suit", suit=SUITS[s])


def _holds(t: _Trick, card: int) -> bool:
    """``card``, winning the trick (the partner's, or this seat's if it plays it), will take
    it: this seat plays last, or the card is the best left in its suit and no one still to
    play can be expected to ruff it."""
    view = t.view
    if len(view.table.trick) == 3:
        return True
    if not is_master(card, t.out):
        return False
    if t.trump is None or card // 13 == t.trump or not suit_cards(t.out, t.trump):
        return True
    # A side-suit master with trumps still out, and one player (an opponent) after this seat:
    # safe unless it has shown a void in the suit while it may still hold a trump.
    last = next_seat(view.seat, view.rules.direction)
    return not t.void(last, card // 13) or t.void(last, t.trump)


def _beating(t: _Trick, top: int) -> list[int]:
    """The legal cards that beat ``top``: higher in its suit, or a trump on a side suit."""
    trump = t.trump
    return [
        c
        for c in t.legal
        if (c // 13 == top // 13 and c > top) or (c // 13 == trump and top // 13 != trump)
    ]


def _take_own(t: _Trick, top: int) -> Advice | None:
    # Site's own (Tarneeb 41): a trick counts for whoever takes it. With the partner's bid
    # made and yours not, take the partner's trick yourself, with the cheapest sure card.
    sure = [c for c in _beating(t, top) if _holds(t, c)]
    if sure:
        c = min(sure, key=lambda c: (c // 13 == t.trump, c))
        return _card(c, "take_own_trick")
    return None


def _partners_trick(t: _Trick, top: int, following: bool) -> Advice | None:
    """The partner's ``top`` is taking the trick: take it for this seat's own bid (Tarneeb
    41), or leave it to the partner when it will hold (None: neither)."""
    if t.own_trick_wanted():
        advice = _take_own(t, top)
        if advice is not None:
            return advice
    if _holds(t, top):
        # Site's own: never overtake a partner's winning card without need, nor ruff it.
        return _card(min(t.legal), "no_overtake") if following else _discard(t, "no_overtake")
    return None


def _follow(t: _Trick, led: int) -> Advice:
    trick = t.view.table.trick
    legal = t.legal
    seat, top = winning(trick, t.trump)
    if seat == t.partner:
        advice = _partners_trick(t, top, following=True)
        if advice is not None:
            return advice
        masters = [c for c in legal if c > top and is_master(c, t.out)]
        if masters:
            # Site's own: the partner's card may be beaten after you; make the trick sure.
            return _card(min(masters), "win_trick")
        return _card(min(legal), "no_overtake")
    over = [c for c in legal if c > top and top // 13 == led]
    if over:
        last = len(trick) == 3
        if last or is_master(min(over), t.out):
            # Site's own: take the trick as cheaply as it can be taken for sure.
            sure = min(c for c in over if last or is_master(c, t.out))
            return _card(sure, "win_trick")
        if len(trick) == 2:
            # Site's own: third to play, play high to force out the opponents' best card.
            return _card(max(over), "win_trick")
    # Site's own: second to play, or unable to win, play low.
    return _card(min(legal), "play_low")


def _void(t: _Trick) -> Advice:
    trick = t.view.table.trick
    legal = t.legal
    seat, top = winning(trick, t.trump)
    trumps = [c for c in legal if c // 13 == t.trump]
    if seat == t.partner:
        advice = _partners_trick(t, top, following=False)
        if advice is not None:
            return advice
    if trumps and seat != t.partner:
        over = [c for c in trumps if top // 13 != t.trump or c > top]
        if over:
            best = top // 13 != t.trump and is_master(top, t.out)
            partner_next = len(trick) == 1
            if not t.attacking and partner_next and not best:
                # Tip (squarescores, "Defend by counting what's left"): hold the trump back
                # for the declarer's best card while the partner may still take this trick.
                return _discard(t, "hold_trump")
            # Tip (squarescores): ruff, with the lowest trump that takes the trick.
            return _card(min(over), "ruff")
    return _discard(t, "discard_low")


def _discard(t: _Trick, code: str) -> Advice:
    # Site's own: throw the lowest card of a side suit, never a master or a trump while
    # anything else is left.
    legal = t.legal
    side = [c for c in legal if c // 13 != t.trump] or list(legal)
    c = min(side, key=lambda c: (is_master(c, t.out), c % 13, -c))
    return _card(c, code)
