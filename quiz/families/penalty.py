"""The quiz of the penalty family: Bent Al Sbeet, Leekha and Hearts. No Django here.

The three games are one family's rules, so everything here reads the rules in force: which
cards score (the family's one scoring, ``penalty_table(rules).scoring``), which may be exposed,
whether the first lead names a card, whether hearts must be broken, whether a void player must
throw a penalty card, whether there is a moon. A moment a game's rules cannot produce is never
aimed at, and a rule a game does not have is never linked to.

Moments: ``follow_suit``, ``void``; ``forced_discard`` (a void player holding a penalty card),
``hearts_unbroken``, ``jack_opening`` and ``two_clubs`` (the first lead names a card),
``first_trick`` (no points on the first trick); who leads next (``discard_higher``,
``not_leader``); what a trick costs (``queen``, ``ten``, ``king``, ``hearts``, exposed or with
hearts doubled); what a deal costs (``plain``, ``exposed``, ``moon``, ``all_taken``: every
scoring card taken where there is no moon).
"""

from dataclasses import replace

from cardgames import cards
from cardgames.contract import Phase
from cardgames.domains import domain_of
from cardgames.errors import IllegalMove
from cardgames.penalty.deal import table as penalty_table
from cardgames.positions import Position
from cardgames.table import SEATS
from cardgames.tricks import trick_winner

from ..core import (
    CHOICE_KINDS,
    DEAL_POINTS,
    LEGAL_SET,
    NEXT_LEADER,
    PLAY,
    TRICK_POINTS,
    Note,
    choice_answer,
    mask,
    seat_to_act,
)
from .tricks import (
    COMMON_ANCHORS,
    NEXT_LEADER_TARGETS,
    choice_moment,
    choice_note,
    completed_trick,
    next_leader_moment,
    next_leader_notes,
    next_leader_under,
)

SIGNED_POINTS = False  # a deal's points are paid, never won
AUCTION = False
KNOCKS = False

HEARTS_MASK = cards.suit_mask(cards.HEARTS)
QS, TD = cards.parse_card("QS"), cards.parse_card("TD")
KC, JD = cards.parse_card("KC"), cards.parse_card("JD")
QS_BIT, TD_BIT = 1 << QS, 1 << TD
PENALTY_MASK = QS_BIT | TD_BIT
CLUB_OPENINGS = ("two_of_clubs", "any_club")  # the holder of the 2♣ opens the deal

# The engine's permission of a legal card, where the rules narrow the choice: the moment taught.
NARROWED = {
    "leads_jack_of_hearts": "jack_opening",
    "opens_with": "two_clubs",
    "leads_non_heart": "hearts_unbroken",
    "forced_penalty": "forced_discard",
    "first_trick_clean": "first_trick",
}


# --- what the family asks ------------------------------------------------------------------------


def kinds(rules) -> tuple[str, ...]:
    return (LEGAL_SET, PLAY, NEXT_LEADER, TRICK_POINTS, DEAL_POINTS)


def _offers(rules, key: str) -> bool:
    """Whether ``key`` is a rule of this game (a field of its rules, not fixed by the game)."""
    return domain_of(rules, key) is not None


def _offers_value(rules, key: str, value: str) -> bool:
    domain = domain_of(rules, key)
    return domain is not None and value in domain.values()


def _plays(rules, key: str, value=True) -> bool:
    """Whether the game fixes rule ``key`` at ``value`` (its section states it; no box)."""
    return not _offers(rules, key) and rules.knobs()[key] == value


def _at(rules, section: str, key: str) -> tuple[str, str | None]:
    """Where rule ``key`` is stated: its box where tables choose it, else its section."""
    return (section, key if _offers(rules, key) else None)


def _ten_scores(rules) -> bool:
    """Whether the 10♦ is a penalty card of this game (Hearts prices it only as a house rule)."""
    domain = domain_of(rules, "ten_points")
    return domain is not None and any(v != "0" for v in domain.values())


def _no_moon_lesson(rules) -> bool:
    """Whether taking every heart, the queen and the ten teaches something: a game with the
    moon as a rule and the ten among the cards a moon takes."""
    return _offers(rules, "moon") and _ten_scores(rules)


def targets(kind: str, rules) -> tuple[str, ...]:
    """The teaching moments for ``kind`` under ``rules`` (listed twice: aimed at twice as often)."""
    p = rules.knobs()
    forced = ("forced_discard",) if p["forced_penalty_discard"] else ()
    unbroken = ("hearts_unbroken",) if p["hearts_must_break"] else ()
    if p["opening_lead"] in CLUB_OPENINGS:  # the 2♣ opens; the first trick may keep points back
        first = ("first_trick",) if not p["points_on_first_trick"] else ()
        choices = {
            LEGAL_SET: ("follow_suit", "void", "two_clubs", *first, *unbroken),
            PLAY: ("follow_suit", "two_clubs", *first, *unbroken),
        }
    else:
        jack = ("jack_opening",) if p["opening_lead"] == "jack_of_hearts" else ()
        choices = {
            LEGAL_SET: ("follow_suit", "follow_suit", "void", *forced, *unbroken, *jack),
            PLAY: ("follow_suit", "follow_suit", *forced, *unbroken, *jack),
        }
    if kind in choices:
        return choices[kind]
    if kind == NEXT_LEADER:
        return NEXT_LEADER_TARGETS
    doubled = ("hearts_doubled",) if p["hearts_double_when_both_exposed"] else ()
    if kind == TRICK_POINTS:
        return _trick_targets(rules, p, doubled)
    if _offers(rules, "exposable"):
        return ("plain", "exposed", "moon" if p["moon"] else "all_taken", *doubled)
    return ("plain", "moon") if p["moon"] else ("plain",)


def _trick_targets(rules, p, doubled) -> tuple[str, ...]:
    if _offers(rules, "exposable"):
        return ("queen", "queen_exposed", "ten", "ten_exposed", "hearts", *doubled)
    ten = ("ten",) if _ten_scores(rules) else ()
    king = ("king",) if p["king_of_clubs_points"] else ()
    return ("queen", *ten, "hearts", *king)


def anchors(rules) -> dict:
    """Where each moment and reason is stated on the rule page: (section key, rule key or None),
    for the rules this game has."""
    out = {**COMMON_ANCHORS, "queen": ("scoring", "queen_points"), "plain": ("scoring", None)}
    out["hearts"] = ("scoring", "heart_points")
    if _offers(rules, "forced_penalty_discard") or _plays(rules, "forced_penalty_discard"):
        forced = _at(rules, "play", "forced_penalty_discard")
        out["forced_discard"] = out["must_discard_penalty_card"] = forced
    if _offers(rules, "hearts_must_break") or _plays(rules, "hearts_must_break"):
        unbroken = _at(rules, "play", "hearts_must_break")
        out["hearts_unbroken"] = out["hearts_not_broken"] = unbroken
    opening = _at(rules, "play", "opening_lead")
    if _offers_value(rules, "opening_lead", "jack_of_hearts") or _plays(
        rules, "opening_lead", "jack_of_hearts"
    ):
        out["jack_opening"] = out["must_lead_jack_of_hearts"] = opening
    if _offers_value(rules, "opening_lead", "two_of_clubs") or _plays(
        rules, "opening_lead", "two_of_clubs"
    ):
        out["two_clubs"] = out["must_lead_two_of_clubs"] = opening
    if _offers(rules, "points_on_first_trick") or _plays(rules, "points_on_first_trick", False):
        first = _at(rules, "play", "points_on_first_trick")
        out["first_trick"] = out["no_points_on_first_trick"] = first
    if _ten_scores(rules):
        out["ten"] = ("scoring", "ten_points")
    if _offers(rules, "king_of_clubs_points"):
        out["king"] = ("scoring", "king_of_clubs_points")
    if _offers(rules, "exposure_multiplier"):
        for code in ("queen_exposed", "ten_exposed", "exposed"):
            out[code] = ("exposing", "exposure_multiplier")
    if _offers(rules, "hearts_double_when_both_exposed"):
        out["hearts_doubled"] = ("scoring", "hearts_double_when_both_exposed")
    if _offers(rules, "moon"):
        out["moon"] = ("scoring", "moon")
    if _no_moon_lesson(rules):
        out["all_taken"] = ("scoring", "moon")
    return out


# --- playing a deal forward -----------------------------------------------------------------------


def start(rules, rng, kind: str, target: str) -> dict:
    """The exposures a deal starts with: those the moment needs, and some at random."""
    if not _offers(rules, "exposable"):
        return {}
    exposed = 0
    want = {
        "queen_exposed": QS_BIT,
        "ten_exposed": TD_BIT,
        "exposed": QS_BIT if rng.random() < 0.5 else TD_BIT,
        "hearts_doubled": PENALTY_MASK,
    }.get(target, 0)
    for c in rules.knobs()["exposable"]:
        if (want >> c & 1) or (target not in ("queen", "ten", "plain") and rng.random() < 0.25):
            exposed |= 1 << c
    return {"exposed": exposed} if exposed else {}


def context(kind: str, rules, rng, target: str) -> dict:
    return {}


def policy(rules, rng, target: str, start_state):
    """How the seated players choose: at random, or one of them shooting the moon."""
    if target in ("moon", "all_taken"):
        return _shooter(start_state, rng)
    return lambda state: rng.choice(state.legal_moves())


def _shooter(start_state, rng):
    """One player (the strongest hand) tries to take every trick; the others duck and feed it
    their hearts and penalty cards while it is winning the trick."""
    hands = start_state.hands
    shooter = max(range(4), key=lambda s: sum(c % 13 for c in cards.cards_in(hands[s])))

    def move(state):
        legal = state.legal_moves()
        if state.to_act == shooter:
            return max(legal, key=lambda c: (c % 13, rng.random()))
        trick, led = state.trick, state.led_suit
        if led is None or any(c // 13 == led for c in legal):
            return min(legal, key=lambda c: (c // 13 == cards.HEARTS, c % 13, rng.random()))
        winning = trick_winner(trick) == shooter if trick else True
        shooter_played = any(seat == shooter for seat, _ in trick)
        feed = winning or not shooter_played

        def value(c):
            pays = (1 << c) & (PENALTY_MASK | HEARTS_MASK) != 0
            return (pays if feed else not pays, c % 13)

        return max(legal, key=value)

    return move


# --- what a position teaches ---------------------------------------------------------------------


def trump(state) -> None:
    return None  # no trumps in the family


def exposed(state) -> int:
    return state.exposed


def parse_move(pos, token: str) -> int:
    return pos.module.parse_move(token)


def classify(kind: str, pos, context: dict) -> str | None:
    if kind in CHOICE_KINDS:
        return choice_moment(kind, pos, None, NARROWED)
    if kind == NEXT_LEADER:
        return next_leader_moment(pos, None)
    if kind == TRICK_POINTS:
        return _trick_points_moment(pos)
    if kind == DEAL_POINTS:
        return _deal_points_moment(pos)
    return None


def card_value(rules, card: int, exposed: int = 0) -> int:
    """What one card taken alone costs under ``rules`` (0: it scores nothing)."""
    return penalty_table(rules).scoring.score([1 << card, 0, 0, 0], exposed, over=False)[0]


def scoring_cards(rules) -> int:
    """The cards that score under ``rules``, as a bit set (what a table of taken cards shows)."""
    scoring = penalty_table(rules).scoring
    bonus = 1 << JD if scoring.jack else 0
    return scoring.moon_mask | bonus


def trick_points(pos) -> list[int]:
    """What the completed trick costs each seat: the family's scoring of its cards alone."""
    trick, winner = completed_trick(pos)
    taken = [0, 0, 0, 0]
    for _, c in trick:
        taken[winner] |= 1 << c
    return penalty_table(pos.rules).scoring.score(taken, pos.state.exposed, over=False)


def _both_exposed(state) -> bool:
    return state.exposed & PENALTY_MASK == PENALTY_MASK


def _trick_points_moment(pos) -> str | None:
    if completed_trick(pos) is None or not any(trick_points(pos)):
        return None
    trick, _ = completed_trick(pos)
    bits = mask(c for _, c in trick)
    rules, shown = pos.rules, pos.state.exposed
    if rules.knobs()["hearts_double_when_both_exposed"] and _both_exposed(pos.state):
        if bits & HEARTS_MASK:
            return "hearts_doubled"
    for card, moment in ((QS, "queen"), (TD, "ten"), (KC, "king")):
        if bits >> card & 1 and card_value(rules, card):
            return moment + ("_exposed" if shown >> card & 1 else "")
    return "hearts"


def _deal_points_moment(pos) -> str | None:
    state, rules = pos.state, pos.rules
    if state.phase != Phase.OVER:
        return None
    if state.moon_by() is not None:
        return "moon"
    if _no_moon_lesson(rules):
        everything = penalty_table(rules).scoring.moon_mask
        if any(t & everything == everything for t in state.taken):
            return "all_taken"
    if rules.knobs()["hearts_double_when_both_exposed"] and _both_exposed(state):
        return "hearts_doubled"
    return "exposed" if state.exposed else "plain"


# --- the answer and why ---------------------------------------------------------------------------


def expected(kind: str, pos, context: dict) -> dict:
    if kind == TRICK_POINTS:
        return {"points": trick_points(pos)}
    return {"points": pos.state.points()}  # the deal's


def moment_note(moment: str, pos) -> Note:
    """Why the legal cards are what they are, in one sentence's facts."""
    state = pos.state
    seat = seat_to_act(state)
    if moment == "forced_discard":
        note = choice_note("void", pos, None)
        held = state.hands[state.to_act] & PENALTY_MASK
        return Note("forced_penalty", {**note.details, "penalty": _codes(held)})
    if moment == "hearts_unbroken":
        return Note("leads_non_heart", {"seat": seat})
    if moment == "jack_opening":
        return Note("leads_jack_of_hearts", {"seat": seat, "card": "JH"})
    if moment == "two_clubs":
        return Note("opens_with", {"seat": seat, "card": "2C"})
    if moment == "first_trick":
        return Note("first_trick_clean", {"seat": seat})
    return choice_note(moment, pos, None) or Note(moment, {"seat": seat})


def _codes(bits: int) -> list[str]:
    return [cards.card_code(c) for c in cards.display_order(bits)]


def _items(rules, shown: int, taken: int) -> dict:
    """What a set of taken cards is made of, each part priced by the engine (a card that
    scores nothing under these rules is left out)."""

    def priced(card):
        value = card_value(rules, card, shown)
        return value if taken >> card & 1 and value else None

    return {
        "hearts": (taken & HEARTS_MASK).bit_count(),
        "heart_points": card_value(rules, cards.card(cards.TWO, cards.HEARTS), shown),
        "queen": priced(QS),
        "queen_exposed": bool(shown & QS_BIT),
        "ten": priced(TD),
        "ten_exposed": bool(shown & TD_BIT),
        "king": priced(KC),
        "jack": priced(JD),
    }


def notes(kind: str, pos, context: dict) -> list[Note]:
    if kind == NEXT_LEADER:
        return next_leader_notes(pos, None)
    if kind == TRICK_POINTS:
        trick, winner = completed_trick(pos)
        items = _items(pos.rules, pos.state.exposed, mask(c for _, c in trick))
        points = sum(trick_points(pos))
        return [Note("seat_points", {"seat": SEATS[winner], **items, "points": points})]
    return _deal_notes(pos)


def _deal_notes(pos) -> list[Note]:
    state, rules = pos.state, pos.rules
    scoring = penalty_table(rules).scoring
    raw = scoring.score(state.taken, state.exposed, over=False)
    found = [
        Note(
            "seat_points",
            {"seat": SEATS[s], **_items(rules, state.exposed, state.taken[s]), "points": raw[s]},
        )
        for s in range(4)
    ]
    if rules.knobs()["hearts_double_when_both_exposed"] and _both_exposed(state):
        found.append(Note("hearts_doubled", {}))
    moon = state.moon_by()
    if moon is not None:  # the moon takes the ten where the ten scores
        code = "moon" if scoring.moon_mask & TD_BIT else "moon_hearts"
        found.append(Note(code, {"seat": SEATS[moon], "total": raw[moon]}))
    elif _no_moon_lesson(rules):
        everything = scoring.moon_mask
        for s in range(4):
            if state.taken[s] & everything == everything:
                found.append(Note("no_moon", {"seat": SEATS[s]}))
    return found


# --- the same question under another variant ------------------------------------------------------


def answer_under(q, pos, variant: str, rules) -> dict:
    """The answer under ``rules``: the same situation (hands, trick, cards played and taken)
    judged by them."""
    state = pos.state
    if q.kind in CHOICE_KINDS:
        return choice_answer(q.kind, _same_situation(pos, rules))
    if q.kind == NEXT_LEADER:
        return next_leader_under(pos, None)
    scoring = penalty_table(rules).scoring
    if q.kind == TRICK_POINTS:
        trick, winner = completed_trick(pos)
        taken = [0, 0, 0, 0]
        taken[winner] = mask(c for _, c in trick)
        return {"points": scoring.score(taken, state.exposed, over=False)}
    return {"points": scoring.score(state.taken, state.exposed, over=True)}


def _same_situation(pos, rules) -> Position:
    """The position's situation judged by ``rules``. Who leads the first trick is itself a
    rule: where the two rules differ on it, the deal starts again under the other rules."""
    state, module = pos.state, pos.module
    if not state.played and rules.knobs()["opening_lead"] != pos.rules.knobs()["opening_lead"]:
        fresh = module.position_start(rules, state.hands[:], pos.dealer, exposed=state.exposed)
        if fresh.to_act != state.to_act:
            raise IllegalMove("other_leader", seat=SEATS[fresh.to_act])
        new = fresh
    else:
        new = state.copy(rules=rules)
    return replace(pos, rules=rules, state=new)
