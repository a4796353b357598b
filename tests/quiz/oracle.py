"""The rules written again, plainly and apart from the engines, to check the quiz's answers.

Only the rules' parameters (``Rules`` fields) are read from the engines; every decision (which
card may be played, who takes a trick, what the cards cost, what goes on the sheet) is worked
out here from the positions spec's moves, without the engine's state.
"""

from types import SimpleNamespace

from cardgames import cards
from cardgames.cards import parse_card
from cardgames.table import SEATS

HEARTS = 1
QS, TD, JH = parse_card("QS"), parse_card("TD"), parse_card("JH")


def codes(mask_or_cards) -> set[str]:
    return {cards.card_code(c) for c in mask_or_cards}


def winner(trick, trump=None):
    """(seat, card) pairs in play order: the highest trump, else the highest of the suit led."""
    led = trick[0][1] // 13
    trumps = [(c, s) for s, c in trick if trump is not None and c // 13 == trump]
    if trumps:
        return max(trumps)[1]
    return max((c, s) for s, c in trick if c // 13 == led)[1]


class TrickReplay:
    """A trick game's card play replayed from tokens: hands, tricks, who is to play."""

    def __init__(self, hands, first, step, trump=None):
        self.hands = [set(cards.cards_in(h)) for h in hands]
        self.to_act = first
        self.step = step
        self.trump = trump
        self.trick = []
        self.tricks = []  # (trick, winner)
        self.played = set()

    def play(self, c):
        assert c in self.hands[self.to_act], (cards.card_code(c), self.to_act)
        self.hands[self.to_act].discard(c)
        self.trick.append((self.to_act, c))
        self.played.add(c)
        if len(self.trick) == 4:
            w = winner(self.trick, self.trump)
            self.tricks.append((self.trick, w))
            self.trick = []
            self.to_act = w
        else:
            self.to_act = (self.to_act + self.step) % 4


def bent_replay(rules, hands, dealer, moves):
    first = dealer - 1 if rules.opening_lead == "dealer_right" else None
    if first is None:
        first = next(s for s in range(4) if hands[s] >> JH & 1)
    game = TrickReplay(hands, first % 4, rules.direction.step)
    for token in moves:
        game.play(parse_card(token))
    return game


def bent_legal(rules, game) -> set[int]:
    hand = game.hands[game.to_act]
    if game.trick:
        led = game.trick[0][1] // 13
        same = {c for c in hand if c // 13 == led}
        if same:
            return same
        penalty = {c for c in hand if c in (QS, TD)}
        if rules.forced_penalty_discard and penalty:
            return penalty
        return set(hand)
    if not game.played and rules.opening_lead == "jack_of_hearts":
        return {JH}
    if rules.hearts_must_break and not any(c // 13 == HEARTS for c in game.played):
        plain = {c for c in hand if c // 13 != HEARTS}
        if plain:
            return plain
    return set(hand)


def bent_values(rules, exposed: set[int]):
    """A heart's, the queen's and the ten's points with these cards exposed."""
    heart = rules.heart_points
    if rules.hearts_double_when_both_exposed and {QS, TD} <= exposed:
        heart *= 2
    queen = rules.queen_points * (rules.exposure_multiplier if QS in exposed else 1)
    ten = rules.ten_points * (rules.exposure_multiplier if TD in exposed else 1)
    return heart, queen, ten


def bent_cost(rules, exposed, taken: set[int]) -> int:
    heart, queen, ten = bent_values(rules, exposed)
    return (
        heart * sum(1 for c in taken if c // 13 == HEARTS)
        + (queen if QS in taken else 0)
        + (ten if TD in taken else 0)
    )


def bent_deal_points(rules, exposed, taken_by_seat: list[set[int]]) -> list[int]:
    points = [bent_cost(rules, exposed, t) for t in taken_by_seat]
    everything = {c for c in range(13, 26)} | {QS, TD}
    for s, t in enumerate(taken_by_seat):
        if rules.moon and everything <= t:
            return [0 if x == s else points[s] for x in range(4)]
    return points


def tarneeb_score(rules, bid, side_tricks, side, doubled=False):
    """The source's scoring, (NS, EW)."""
    won, theirs = side_tricks[side], 13 - side_tricks[side]
    factor = rules.double_multiplier if doubled else 1
    if won >= bid:
        ours = (26 if bid == 13 else won + (3 if won == 13 else 0)) * factor
        other = 0
    elif bid == 13:
        ours, other = -16 * factor, theirs * 2
    else:
        ours, other = -bid * factor, theirs
    return (ours, other) if side == 0 else (other, ours)


def settle(rows):
    """Entries and debts of a sheet, row by row: a minus becomes a debt, points pay it first."""
    debts, entries = [0, 0], [0, 0]
    for scores in rows:
        entries = [0, 0]
        for s, score in enumerate(scores):
            if score < 0:
                debts[s] -= score
            elif score > 0:
                entries[s] = max(score - debts[s], 0)
                debts[s] = max(debts[s] - score, 0)
    return entries, debts


def sabaat_playable(hand: set[int], laid: set[int], opening: int) -> set[int]:
    """A seven, or the next card up on its suit's pile; the opening card before anything."""
    if not laid:
        return {opening} & hand
    return {c for c in hand if c % 13 == cards.SEVEN or (c % 13 > cards.SEVEN and c - 1 in laid)}


def sabaat_replay(rules, hands, moves):
    """Hands, the cards laid and the seat to act after a Sab'at move list (announcements are
    skipped: they move no card)."""
    hands = [set(cards.cards_in(h)) for h in hands]
    opening = parse_card(rules.opening_card)
    to_act = next(s for s in range(4) if opening in hands[s])
    laid = set()
    for token in moves:
        if token.lower() in ("pass", "double", "triple", "redeal"):
            continue
        if token.lower() != "knock":
            c = parse_card(token)
            assert c in sabaat_playable(hands[to_act], laid, opening), token
            hands[to_act].discard(c)
            laid.add(c)
        else:
            assert not sabaat_playable(hands[to_act], laid, opening)
        to_act = (to_act + rules.direction.step) % 4
    return hands, laid, to_act, opening


# --- the relatives: Leekha and Hearts (penalty cards), Tarneeb 41 (a bid for every player) -----

KC, JD, TWO_CLUBS = parse_card("KC"), parse_card("JD"), parse_card("2C")
CLUBS = 3


def penalty_first_leader(game: str, rules, hands, dealer: int) -> int:
    """Leekha: the player on the dealer's right; Hearts: the holder of the two of clubs."""
    if rules.opening_lead == "dealer_right":
        return (dealer + rules.direction.step) % 4
    return next(s for s in range(4) if hands[s] >> TWO_CLUBS & 1)


def penalty_replay(game: str, rules, hands, dealer: int, moves):
    first = penalty_first_leader(game, rules, hands, dealer)
    replay = TrickReplay(hands, first, rules.direction.step)
    for token in moves:
        replay.play(parse_card(token))
    return replay


def leekha_legal(rules, game) -> set[int]:
    """Follow suit (and drop a leekha under talbees); void, throw a leekha if one is held."""
    hand = game.hands[game.to_act]
    if not game.trick:
        return set(hand)
    led = game.trick[0][1] // 13
    same = {c for c in hand if c // 13 == led}
    if same:
        above = [
            c
            for c in same
            if c in rules.talbees and any(p // 13 == led and p > c for _, p in game.trick)
        ]
        return set(above) or same
    leekhas = {c for c in hand if c in (QS, TD)}
    if rules.forced_penalty_discard and leekhas:
        return leekhas
    return set(hand)


def scoring_cards(rules) -> set[int]:
    """Hearts, and each single card worth points under these rules."""
    out = {c for c in range(13, 26)} if rules.heart_points else set()
    for card, field in ((QS, "queen_points"), (TD, "ten_points"), (KC, "king_of_clubs_points")):
        if getattr(rules, field, 0):
            out.add(card)
    return out


def hearts_legal(rules, game) -> set[int]:
    hand = game.hands[game.to_act]
    first_trick = not game.tricks
    if not game.played:  # the first lead
        if rules.opening_lead == "two_of_clubs":
            return {TWO_CLUBS}
        return {c for c in hand if c // 13 == CLUBS}  # any club, by the holder of the two
    if game.trick:
        led = game.trick[0][1] // 13
        same = {c for c in hand if c // 13 == led}
        if same:
            return same
        if first_trick and not rules.points_on_first_trick:
            clean = set(hand) - scoring_cards(rules)
            return clean or set(hand)
        return set(hand)
    broken = any(c // 13 == HEARTS for c in game.played)
    if rules.queen_breaks_hearts and QS in game.played:
        broken = True
    if rules.hearts_must_break and not broken:
        plain = {c for c in hand if c // 13 != HEARTS}
        return plain or set(hand)
    return set(hand)


def penalty_cost(rules, taken: set[int]) -> int:
    """What taken cards cost in Leekha or Hearts (no exposure in either)."""
    cost = rules.heart_points * sum(1 for c in taken if c // 13 == HEARTS)
    for card, field in ((QS, "queen_points"), (TD, "ten_points"), (KC, "king_of_clubs_points")):
        if card in taken:
            cost += getattr(rules, field, 0)
    if JD in taken:
        cost += getattr(rules, "jack_of_diamonds_points", 0)
    return cost


def penalty_deal_points(rules, taken_by_seat: list[set[int]]) -> list[int]:
    """A whole deal: the moon (every card that scores to one player: 0 for them, their total to
    each other player), then the jack of diamonds stays with its taker, and a player who took
    no trick gets the no-trick bonus when there was no moon."""
    jack = getattr(rules, "jack_of_diamonds_points", 0)
    plain = [penalty_cost(rules, t) - (jack if JD in t else 0) for t in taken_by_seat]
    everything = scoring_cards(rules)
    shooter = next(
        (
            s
            for s, t in enumerate(taken_by_seat)
            if getattr(rules, "moon", False) and everything <= t
        ),
        None,
    )
    points = plain[:]
    if shooter is not None:
        points = [0 if s == shooter else plain[shooter] for s in range(4)]
    for s, t in enumerate(taken_by_seat):
        if JD in t:
            points[s] += jack
        if shooter is None and not t:
            points[s] += getattr(rules, "no_trick_points", 0)
    return points


def tarneeb_41_first_leader(rules, dealer: int) -> int:
    return dealer if rules.first_lead == "dealer" else (dealer + rules.direction.step) % 4


def tarneeb_41_points(rules, bids, tricks) -> list[int]:
    """Every player on their own bid: made scores it, missed costs it, doubled from
    ``double_from``."""
    out = []
    for bid, won in zip(bids, tricks, strict=True):
        value = bid * (2 if bid >= rules.double_from else 1)
        out.append(value if won >= bid else -value)
    return out


# --- why a legal move is allowed, as the quiz worked it out before the engine said so ----------
# Kept as the independent reading ``tests/engine/test_permission.py`` compares the engine's
# ``permission(move)`` with.

_HEARTS_MASK = cards.suit_mask(cards.HEARTS)
_PENALTY_MASK = (1 << parse_card("QS")) | (1 << parse_card("TD"))


def _note(code, **details):
    return SimpleNamespace(code=code, details=details)


def trix_first_leader(query: dict, hands) -> int:
    """The kingdom's owner leads: the seat the position names, else the first deal's holder of
    the seven of hearts."""
    if query.get("owner"):
        return SEATS.index(query["owner"])
    return next(s for s in range(4) if hands[s] >> parse_card("7H") & 1)


def trix_cards(tokens: list[str]) -> list[str]:
    """A trick contract's cards played: past the contract named and the doubles asked."""
    return [t for t in tokens[1:] if t != "keep" and not t.startswith("expose:")]


def trix_row_playable(hand: set[int], laid: set[int]) -> set[int]:
    """A jack opens its suit's row; then a row takes the card next to either of its ends."""
    playable = set()
    for c in hand:
        row = {x % 13 for x in laid if x // 13 == c // 13}
        if (not row and c % 13 == cards.JACK) or (row and c % 13 in (min(row) - 1, max(row) + 1)):
            playable.add(c)
    return playable


def trix_rows_replay(query: dict, dealt, step: int, tokens: list[str]):
    """Hands, the cards laid and the seat to act after the Trix's moves (past the contract
    named): the owner lays first, a seat passes only with nothing to lay, a seat out of cards
    is skipped."""
    hands = [set(cards.cards_in(h)) for h in dealt]
    to_act = trix_first_leader(query, dealt)
    laid = set()
    for token in tokens[1:]:
        if token.lower() == "knock":
            assert not trix_row_playable(hands[to_act], laid), token
        else:
            c = parse_card(token)
            assert c in trix_row_playable(hands[to_act], laid), token
            hands[to_act].discard(c)
            laid.add(c)
        to_act = (to_act + step) % 4
        while not hands[to_act]:
            to_act = (to_act + step) % 4
    return hands, laid, to_act


def _led(state):
    trick = state.trick
    return trick[0][1] // 13 if trick else None


def _held_codes(bits):
    return [cards.card_code(c) for c in cards.display_order(bits)]


def why_legal(pos, move: int):
    """Why ``move`` is allowed here (code and details), by the rules, not the engine."""
    from cardgames.layout import sabaat_al_deemin
    from cardgames.trickbid import tarneeb

    state, module, rules = pos.state, pos.module, pos.rules
    name = module.__name__.rpartition(".")[2]
    seat = SEATS[state.to_act]
    token = module.format_move(move)
    if name == "trix" and state.contract == "trix":  # the rows: a jack, or next to an end
        if token == "knock":
            return _note("must_pass", seat=seat)
        code = "starts_row" if move % 13 == cards.JACK else "next_in_row"
        return _note(code, card=token, suit=cards.SUITS[move // 13])
    if name == "trix":  # a trick contract's deal: follow suit, else any card (no trumps)
        state, rules = state.inner, rules.tricks(state.contract)
    if module is sabaat_al_deemin:
        if move == sabaat_al_deemin.KNOCK:
            return _note("must_knock", seat=seat)
        if not state.laid:
            return _note("opens_with", seat=seat, card=token)
        suit = cards.SUITS[move // 13]
        if move % 13 == cards.SEVEN:
            return _note("starts_pile", card=token, suit=suit)
        return _note("next_on_pile", card=token, suit=suit)
    if module is tarneeb and move >= 52:
        return _why_call(state, module, rules, seat, token, move)
    hand = state.hands[state.to_act]
    led = _led(state)
    if led is None:
        legal = sum(1 << m for m in state.legal_moves() if m < 52)
        if name == "bent_al_sbeet" and legal == 1 << parse_card("JH") and not state.played:
            return _note("leads_jack_of_hearts", seat=seat, card=token)
        if name == "hearts" and not state.played:
            return _note("opens_with", seat=seat, card=token)
        if name in ("bent_al_sbeet", "hearts") and rules.hearts_must_break:
            if not state.played & _HEARTS_MASK:
                if hand & ~_HEARTS_MASK:
                    return _note("leads_non_heart", seat=seat)
                return _note("only_hearts", seat=seat)
        return _note("free_lead", seat=seat)
    led_suit = cards.SUITS[led]
    if move // 13 == led:
        return _note("follows_suit", card=token, led_suit=led_suit)
    forced = name in ("bent_al_sbeet", "leekha") and rules.forced_penalty_discard
    if forced and hand & _PENALTY_MASK:
        held = _held_codes(hand & _PENALTY_MASK)
        return _note("forced_penalty", seat=seat, led_suit=led_suit, penalty=held)
    if name == "hearts" and not any(state.tricks_won) and not rules.points_on_first_trick:
        return _note("first_trick_clean", seat=seat)
    trump = state.trump if name in ("tarneeb", "tarneeb_41") else None
    if trump is not None and move // 13 == trump:
        return _note("void_trump", seat=seat, led_suit=led_suit, suit=cards.SUITS[trump])
    return _note("void_any", seat=seat, led_suit=led_suit)


def _why_call(state, module, rules, seat, token, move):
    from cardgames.trickbid import tarneeb

    if move == tarneeb.PASS:
        return _note("may_pass", seat=seat)
    if move == tarneeb.DOUBLE:
        return _note("may_double", seat=seat)
    if state.high is None:
        if rules.dealer_forced and len(state.bids) == 3:
            return _note("dealer_forced_bid", seat=seat, bid=token)
        return _note("opening_bid", bid=token)
    top = module.format_move(state.high[1])
    if move == state.high[1]:
        return _note("dealer_may_match", highest=top, by=SEATS[state.high[0]])
    return _note("bid_beats", bid=token, highest=top)
