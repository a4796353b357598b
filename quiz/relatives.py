"""The quiz on the relatives: Leekha, Hearts (the penalty family) and Tarneeb 41 (the
trick-and-bid family). No Django here.

``questions`` asks this module what is particular to these games, and does everything else the
same way for every game: the teaching moments each kind aims at (:func:`targets`), how the
seated players choose their moves while a deal is played forward (:func:`policy`), what a
position teaches (:func:`classify`), and the reasons an answer is right (:func:`moment_note`,
:func:`why_legal`, :func:`deal_points_notes`). Scores come from the engines: a penalty game's
points are its family's scoring, a Tarneeb 41 player's the engine's ``score_bids``.

Moments, beyond those the main games share (``follow_suit``, ``void``, ``discard_higher``...):

- Leekha: ``forced_discard`` (the talyeekh), ``queen`` / ``ten`` / ``king`` / ``hearts`` (what
  a trick costs), ``plain`` (a whole deal).
- Hearts: ``two_clubs`` (the first lead), ``first_trick`` (a void player on the first trick,
  holding cards that score and others), ``hearts_unbroken``, ``moon``.
- Tarneeb 41: ``void_trump`` (hearts are trumps), ``ruff``; a deal's points ``made`` (every bid
  made), ``missed`` (a bid missed), ``doubled`` (a bid that counts double).
"""

from rulebook.engine import cards, hearts, leekha, tarneeb_41
from rulebook.engine.errors import IllegalMove
from rulebook.engine.penalty.deal import table as penalty_table
from rulebook.engine.positions import open_position
from rulebook.engine.table import SEATS

from . import questions as q

LEEKHA, TARNEEB_41, HEARTS = "leekha", "tarneeb-41", "hearts"
GAMES = (LEEKHA, TARNEEB_41, HEARTS)
MODULES = (leekha, hearts, tarneeb_41)
PENALTY = (leekha, hearts)

HEARTS_MASK = cards.suit_mask(cards.HEARTS)
QS, TD = cards.parse_card("QS"), cards.parse_card("TD")
KC, JD = cards.parse_card("KC"), cards.parse_card("JD")
TWO_CLUBS = cards.parse_card("2C")


def targets(game: str, kind: str, rules) -> tuple[str, ...]:
    if game == LEEKHA:
        forced = ("forced_discard",) if rules.forced_penalty_discard else ()
        king = ("king",) if rules.king_of_clubs_points else ()
        return {
            q.LEGAL_SET: ("follow_suit", "follow_suit", "void", *forced),
            q.PLAY: ("follow_suit", "follow_suit", *forced),
            q.NEXT_LEADER: ("discard_higher", "not_leader"),
            q.TRICK_POINTS: ("queen", "ten", "hearts", *king),
            q.DEAL_POINTS: ("plain",),
        }[kind]
    if game == HEARTS:
        first = ("first_trick",) if not rules.points_on_first_trick else ()
        unbroken = ("hearts_unbroken",) if rules.hearts_must_break else ()
        return {
            q.LEGAL_SET: ("follow_suit", "void", "two_clubs", *first, *unbroken),
            q.PLAY: ("follow_suit", "two_clubs", *first, *unbroken),
            q.NEXT_LEADER: ("discard_higher", "not_leader"),
            q.TRICK_POINTS: ("queen", "hearts"),
            q.DEAL_POINTS: ("plain", "moon") if rules.moon else ("plain",),
        }[kind]
    return {
        q.LEGAL_SET: ("follow_suit", "void_trump", "void"),
        q.PLAY: ("follow_suit",),
        q.NEXT_LEADER: ("ruff", "discard_higher", "not_leader"),
        q.DEAL_POINTS: ("made", "missed", "doubled"),
    }[kind]


# Where each moment and each reason is stated: (section key, rule key or None) on the rule page.
ANCHORS = {
    LEEKHA: {
        "follow_suit": ("play", None),
        "void": ("play", None),
        "free_lead": ("play", None),
        "must_follow_suit": ("play", None),
        "forced_discard": ("play", "forced_penalty_discard"),
        "must_discard_penalty_card": ("play", "forced_penalty_discard"),
        "discard_higher": ("play", None),
        "not_leader": ("play", None),
        "leader_wins": ("play", None),
        "queen": ("scoring", "queen_points"),
        "ten": ("scoring", "ten_points"),
        "king": ("scoring", "king_of_clubs_points"),
        "hearts": ("scoring", "heart_points"),
        "plain": ("scoring", None),
    },
    HEARTS: {
        "follow_suit": ("play", None),
        "void": ("play", None),
        "free_lead": ("play", None),
        "must_follow_suit": ("play", None),
        "two_clubs": ("play", "opening_lead"),
        "must_lead_two_of_clubs": ("play", "opening_lead"),
        "first_trick": ("play", "points_on_first_trick"),
        "no_points_on_first_trick": ("play", "points_on_first_trick"),
        "hearts_unbroken": ("play", "hearts_must_break"),
        "hearts_not_broken": ("play", "hearts_must_break"),
        "discard_higher": ("play", None),
        "not_leader": ("play", None),
        "leader_wins": ("play", None),
        "queen": ("scoring", "queen_points"),
        "hearts": ("scoring", "heart_points"),
        "plain": ("scoring", None),
        "moon": ("scoring", "moon"),
    },
    TARNEEB_41: {
        "follow_suit": ("play", None),
        "void": ("play", None),
        "void_trump": ("play", "trumps"),
        "free_lead": ("play", None),
        "must_follow_suit": ("play", None),
        "ruff": ("play", "trumps"),
        "discard_higher": ("play", None),
        "not_leader": ("play", None),
        "leader_wins": ("play", None),
        "made": ("scoring", None),
        "missed": ("scoring", None),
        "doubled": ("scoring", "double_from"),
    },
}


# --- playing a deal forward ---------------------------------------------------------------------


def policy(module, rules, rng, target, start):
    """How the seated players choose: at random, with a purpose where the moment needs one."""
    if module is tarneeb_41:
        bidders = _bidding(rules, rng, target, start)
        return lambda state: _tarneeb_41_move(state, rng, bidders)
    if target == "moon":
        return q._shooter(start, rng)
    return lambda state: rng.choice(state.legal_moves())


def _bidding(rules, rng, target, start) -> dict:
    """What each seat will bid: the four bids reach the total that has the hand played, and
    when aiming at a doubled bid one seat (the strongest) bids from ``double_from`` up."""
    strength = [sum(c % 13 for c in cards.cards_in(start.hands[s])) for s in range(4)]
    bids = {s: rng.randint(1, 4) for s in range(4)}
    if target == "doubled":
        strong = max(range(4), key=lambda s: strength[s])
        bids[strong] = rng.randint(rules.double_from, rules.double_from + 1)
    short = rules.min_total_bids - sum(bids.values())
    if short > 0:
        bids[start.dealer] += short + rng.randint(0, 1)
    return bids


def _tarneeb_41_move(state, rng, bidders):
    if state.phase == "bidding":
        return tarneeb_41.classic_bid(min(bidders[state.to_act], 13))
    legal = state.legal_moves()
    # A player still short of the bid tries to win the trick; one who made it ducks.
    seat = state.to_act
    short = state.tricks_won[seat] < (state.bid_of(seat) or 0)
    if rng.random() < 0.3:
        return rng.choice(legal)
    rank = (lambda c: (c // 13 == state.trump, c % 13)) if short else (lambda c: c % 13)
    return max(legal, key=rank) if short else min(legal, key=rank)


# --- what a position teaches ---------------------------------------------------------------------


def classify(kind: str, pos, context) -> str | None:
    if kind in (q.LEGAL_SET, q.PLAY):
        return _choice_moment(kind, pos)
    if kind == q.NEXT_LEADER:
        return q._next_leader_moment(pos)
    if kind == q.TRICK_POINTS:
        return _trick_points_moment(pos)
    if kind == q.DEAL_POINTS:
        return _deal_points_moment(pos)
    return None


def first_trick(state) -> bool:
    return not any(state.tricks_won)


def _choice_moment(kind, pos) -> str | None:
    state, module = pos.state, pos.module
    if state.to_act is None or state.phase != "play":
        return None
    hand = state.hands[state.to_act]
    if hand.bit_count() < 2:
        return None
    legal = q._mask(state.legal_moves())
    every = legal == hand
    led = q._led_suit(state)
    if led is not None and hand & cards.suit_mask(led):
        moment = "follow_suit"
    elif module is tarneeb_41:
        if led is None:
            moment = "free_lead"
        else:
            moment = "void_trump" if hand & cards.suit_mask(state.trump) else "void"
    elif module is hearts:
        if not state.played:
            moment = "two_clubs"
        elif led is None:
            moment = "free_lead" if every else "hearts_unbroken"
        else:
            moment = "first_trick" if first_trick(state) and not every else "void"
    elif led is None:
        moment = "free_lead"
    else:  # Leekha, void in the suit led
        moment = "void" if every else "forced_discard"
    if every and (kind == q.PLAY or moment in ("follow_suit", "free_lead")):
        return None  # every card is right: nothing to learn
    return moment


def _trick_points_moment(pos) -> str | None:
    if pos.module not in PENALTY or q.completed_trick(pos) is None:
        return None
    if not any(q.trick_points(pos)):
        return None
    trick, _ = q.completed_trick(pos)
    bits = q._mask(c for _, c in trick)
    rules = pos.rules
    for card, moment in ((QS, "queen"), (TD, "ten"), (KC, "king")):
        if bits >> card & 1 and q.card_value(rules, card):
            return moment
    return "hearts"


def _deal_points_moment(pos) -> str | None:
    state, module = pos.state, pos.module
    if state.phase != "over":
        return None
    if module is tarneeb_41:
        if state.thrown_in:
            return None
        bids = [state.bid_of(s) for s in range(4)]
        if any(b >= pos.rules.double_from for b in bids):
            return "doubled"
        made = all(state.tricks_won[s] >= bids[s] for s in range(4))
        return "made" if made else "missed"
    if state.moon_by() is not None:
        return "moon"
    return "plain"


# --- why ---------------------------------------------------------------------------------------


def moment_note(question, pos) -> q.Note | None:
    """The reason behind a moment particular to these games; None: the shared one."""
    state = pos.state
    seat = SEATS[state.to_act] if state.to_act is not None else None
    if question.moment == "two_clubs":
        return q.Note("opens_with", {"seat": seat, "card": "2C"})
    if question.moment == "first_trick":
        return q.Note("first_trick_clean", {"seat": seat})
    return None


def why_legal(pos, move: int) -> q.Note:
    """Why the engine allows ``move`` here (the rule that lets it through)."""
    state, module, rules = pos.state, pos.module, pos.rules
    seat = SEATS[state.to_act]
    token = module.format_move(move)
    hand = state.hands[state.to_act]
    led = q._led_suit(state)
    if led is None:
        if module is hearts and not state.played:
            return q.Note("opens_with", {"seat": seat, "card": token})
        if module is hearts and rules.hearts_must_break and not state.played & HEARTS_MASK:
            if hand & ~HEARTS_MASK:
                return q.Note("leads_non_heart", {"seat": seat})
            return q.Note("only_hearts", {"seat": seat})
        return q.Note("free_lead", {"seat": seat})
    led_suit = cards.SUITS[led]
    if move // 13 == led:
        return q.Note("follows_suit", {"card": token, "led_suit": led_suit})
    if module is leekha and rules.forced_penalty_discard and hand & q.PENALTY_MASK:
        held = q._codes(hand & q.PENALTY_MASK)
        return q.Note("forced_penalty", {"seat": seat, "led_suit": led_suit, "penalty": held})
    if module is hearts and first_trick(state) and not rules.points_on_first_trick:
        return q.Note("first_trick_clean", {"seat": seat})
    if module is tarneeb_41 and move // 13 == state.trump:
        return q.Note("void_trump", {"seat": seat, "led_suit": led_suit, "suit": q._trump(state)})
    return q.Note("void_any", {"seat": seat, "led_suit": led_suit})


def deal_points_notes(pos) -> list[q.Note]:
    """How each player's points for the deal come about."""
    state, rules = pos.state, pos.rules
    if pos.module is tarneeb_41:
        return [_bid_note(rules, state, s) for s in range(4)]
    raw = penalty_table(rules).scoring.score(state.taken, 0, over=False)
    notes = [
        q.Note(
            "seat_points",
            {"seat": SEATS[s], **q._items(rules, 0, state.taken[s]), "points": raw[s]},
        )
        for s in range(4)
    ]
    moon = state.moon_by()
    if moon is not None:
        notes.append(q.Note("moon_hearts", {"seat": SEATS[moon], "total": raw[moon]}))
    return notes


def _bid_note(rules, state, seat: int) -> q.Note:
    bid, won = state.bid_of(seat), state.tricks_won[seat]
    code = "bid_made" if won >= bid else ("bid_missed" if won else "bid_none")
    if bid >= rules.double_from:
        code += "_double"
    score = state.points()[seat]
    return q.Note(code, {"seat": SEATS[seat], "bid": str(bid), "tricks": won, "score": score})


# --- the same question under another variant ----------------------------------------------------


def replay_under(question, pos, variant: str):
    """A Tarneeb 41 question's position under another variant: the same calls and cards
    replayed there. The variants part on who leads the first trick, so once cards are played
    the position may not arise: the refusal names who would have led."""
    tokens = question.query["moves"].split()
    calls = [t for t in tokens if t.isdigit()]
    if len(calls) < len(tokens):  # cards are played: does the first trick start with the same seat?
        mine = open_position(pos.module, {**question.query, "moves": " ".join(calls)})
        theirs = open_position(
            pos.module, {**question.query, "moves": " ".join(calls), "variant": variant}
        )
        if theirs.state.to_act != mine.state.to_act:
            raise IllegalMove("other_leader", seat=SEATS[theirs.state.to_act])
    return open_position(pos.module, {**question.query, "variant": variant})


def points_under(question, pos, rules) -> dict:
    """A points question's answer under ``rules``: the same cards taken, or the same bids and
    tricks, scored by the other variant."""
    state = pos.state
    if question.kind == q.TRICK_POINTS:
        trick, winner = q.completed_trick(pos)
        taken = [0, 0, 0, 0]
        taken[winner] = q._mask(c for _, c in trick)
        return {"points": penalty_table(rules).scoring.score(taken, 0, over=False)}
    if pos.module is tarneeb_41:
        bids = [state.bid_of(s) for s in range(4)]
        return {"points": tarneeb_41.score_bids(rules, bids, state.tricks_won)}
    return {"points": penalty_table(rules).scoring.score(state.taken, 0, over=True)}
