"""The quiz of the trick-and-bid family: Tarneeb and Tarneeb 41. No Django here.

The two games are one family's rules, and the quiz reads them: the auction (``auction``: a
contract won in an auction, or every player bidding for themselves), the scoring (``scoring``:
a contract written on the score sheet, or each player's own bid scored), the trumps (named by
the declarer, or fixed: ``trumps``) and who leads the first trick (``first_lead``, where it is
a rule).

Moments: ``follow_suit``, ``void_trump`` / ``void`` (a void player holding a trump or not);
in the auction ``beat_the_bid``, ``dealer_forced``, ``dealer_match``; who leads next (``ruff``,
``discard_higher``, ``not_leader``); on the score sheet ``debt_paid``, ``missed``, ``made``
(``kaboot``, ``grand``); a deal where each player scores their bid: ``made``, ``missed``,
``doubled`` (a bid that counts double).
"""

from dataclasses import replace

from cardgames import cards
from cardgames.contract import Phase
from cardgames.domains import domain_of
from cardgames.errors import EngineError, IllegalMove
from cardgames.positions import offered_calls, open_position
from cardgames.table import PARTNERSHIPS, SEATS
from cardgames.trickbid.moves import DOUBLE, NT, PASS, TRICKS, classic_bid, trump_call
from cardgames.trickbid.score_sheet import Sheet
from cardgames.trickbid.scoring import score_bids, score_deal

from ..core import (
    CHOICE_KINDS,
    DEAL_POINTS,
    LEGAL_SET,
    NEXT_LEADER,
    PLAY,
    SHEET,
    Note,
    choice_answer,
    seat_to_act,
)
from .tricks import (
    COMMON_ANCHORS,
    choice_moment,
    choice_note,
    next_leader_moment,
    next_leader_notes,
    next_leader_under,
)

SIGNED_POINTS = True  # a missed bid costs it: a deal's points may be below zero
AUCTION = True  # a legal move may be a bid as well as a card
KNOCKS = False

NARROWED: dict = {}  # no rule narrows the cards beyond following suit


def _auction(rules) -> bool:
    """Whether the bids are an auction for a contract (where every player bids for
    themselves, every bid stands and the auction teaches nothing to choose)."""
    return rules.knobs()["auction"] != "each"


def _each_bids(rules) -> bool:
    """Every player bids for themselves and scores their own bid (Tarneeb 41)."""
    return rules.knobs()["scoring"] == "each_bid"


# --- what the family asks ------------------------------------------------------------------------


def kinds(rules) -> tuple[str, ...]:
    """A contract game asks for the score sheet; a game of each player's bid, a deal's points."""
    return (LEGAL_SET, PLAY, NEXT_LEADER, DEAL_POINTS if _each_bids(rules) else SHEET)


def targets(kind: str, rules) -> tuple[str, ...]:
    p = rules.knobs()
    if kind == LEGAL_SET:
        return ("follow_suit", "void_trump", "void")
    if kind == PLAY:
        if not _auction(rules):
            return ("follow_suit",)
        forced = ("dealer_forced",) if p["dealer_forced"] else ()
        match = ("dealer_match",) if p["auction"] == "one_bid" and p["dealer_may_match"] else ()
        return ("follow_suit", "beat_the_bid", *forced, *match)
    if kind == NEXT_LEADER:
        return ("ruff", "discard_higher", "not_leader")
    if kind == DEAL_POINTS:
        return ("made", "missed", "doubled")
    return ("debt_paid", "missed", "made")


def anchors(rules) -> dict:
    """Where each moment and reason is stated on the rule page, for the rules this game has."""
    fixed = "trumps" if domain_of(rules, "trumps") is not None else None
    out = {
        **COMMON_ANCHORS,
        "void_trump": ("play", fixed),
        "ruff": ("play", fixed),
        "made": ("scoring", None),
        "missed": ("scoring", None),
    }
    if domain_of(rules, "double_from") is not None:
        out["doubled"] = ("scoring", "double_from")
    if domain_of(rules, "auction") is not None:
        for code in ("beat_the_bid", "bid_too_low", "wrong_bid_form", "cannot_double"):
            out[code] = ("bidding", "auction")
    if domain_of(rules, "dealer_forced") is not None:
        out["dealer_forced"] = out["must_bid"] = ("bidding", "dealer_forced")
    if domain_of(rules, "dealer_may_match") is not None:
        out["dealer_match"] = ("bidding", "dealer_may_match")
    if not _each_bids(rules):
        out["debt_paid"] = ("sheet", None)
    for code, key in (("kaboot", "kaboot_bonus"), ("grand", "grand_made_points")):
        if domain_of(rules, key) is not None:
            out[code] = ("scoring", key)
    return out


# --- the score sheet so far -----------------------------------------------------------------------


def context(kind: str, rules, rng, target: str) -> dict:
    if kind != SHEET:
        return {}
    return {"sheet": _sheet_rows(rules, rng, target)}


def _sheet_rows(rules, rng, target) -> list[list]:
    """Deals already on the sheet: ``[bid, side, tricks]``, one of them missed when aiming at a
    debt, and never a finished match."""
    for _ in range(50):
        rows = []
        for i in range(rng.randint(1, 3)):
            bid = rng.randint(rules.min_bid, min(rules.max_bid, rules.min_bid + 3))
            low = max(0, bid - 4)
            must_miss = i == 0 and target in ("debt_paid", "missed")
            tricks = rng.randint(low, bid - 1) if must_miss else rng.randint(low, 13)
            rows.append([bid, rng.choice(PARTNERSHIPS), tricks])
        try:
            sheet = replay_sheet(rules, rows)
        except EngineError:
            continue
        if sheet.winner is None:
            return rows
    return []


def replay_sheet(rules, rows) -> Sheet:
    """The sheet after ``rows`` (``[bid, side, tricks]`` or ``[bid, side, tricks, doubled]``)."""
    sheet = Sheet.for_rules(rules)
    for row in rows:
        bid, side, tricks, *rest = row
        sheet.enter_deal(rules, int(bid), side, int(tricks), bool(rest and rest[0]))
    return sheet


def sheet_rows(pos, context) -> tuple[Sheet, object]:
    """The sheet before this deal and the row the deal writes."""
    before = replay_sheet(pos.rules, context.get("sheet", []))
    after = replay_sheet(pos.rules, context.get("sheet", []))
    return before, after.enter_result(pos.state)


# --- playing a deal forward -----------------------------------------------------------------------


def start(rules, rng, kind: str, target: str) -> dict:
    return {}


def policy(rules, rng, target: str, start_state):
    """How the seated players choose: calls with a purpose where the moment needs one."""
    if _each_bids(rules):
        bids = _own_bids(rules, rng, target, start_state)
        return lambda state: _own_bid_move(state, rng, bids)
    return lambda state: _contract_move(state, rng, target)


def _contract_move(state, rng, target):
    legal = state.legal_moves()
    if state.phase == Phase.BIDDING:
        if target == "dealer_forced" and len(state.bids) < 3 and PASS in legal:
            return PASS
        if DOUBLE in legal and rng.random() < 0.15:
            return DOUBLE
        bids = [m for m in legal if m not in (PASS, DOUBLE)]
        if PASS in legal and (not bids or rng.random() < 0.5):
            return PASS
        return rng.choice(bids[:5])
    if state.phase == Phase.TRUMP:
        suits = [m for m in legal if m != trump_call(NT)]
        return rng.choice(suits if rng.random() < 0.9 else legal)
    return rng.choice(legal)


def _own_bids(rules, rng, target, start_state) -> dict:
    """What each seat will bid: the four bids reach the total that has the hand played, and
    when aiming at a doubled bid one seat (the strongest) bids from ``double_from`` up."""
    hands = start_state.hands
    strength = [sum(c % 13 for c in cards.cards_in(hands[s])) for s in range(4)]
    bids = {s: rng.randint(1, 4) for s in range(4)}
    if target == "doubled":
        strong = max(range(4), key=lambda s: strength[s])
        bids[strong] = rng.randint(rules.double_from, rules.double_from + 1)
    short = rules.min_total_bids - sum(bids.values())
    if short > 0:
        bids[start_state.dealer] += short + rng.randint(0, 1)
    return bids


def _own_bid_move(state, rng, bids):
    if state.phase == Phase.BIDDING:
        return classic_bid(min(bids[state.to_act], TRICKS))
    legal = state.legal_moves()
    # A player still short of the bid tries to win the trick; one who made it ducks.
    seat = state.to_act
    short = state.tricks_won[seat] < (state.bid_of(seat) or 0)
    if rng.random() < 0.3:
        return rng.choice(legal)
    rank = (lambda c: (c // 13 == state.trump, c % 13)) if short else (lambda c: c % 13)
    return max(legal, key=rank) if short else min(legal, key=rank)


# --- what a position teaches ---------------------------------------------------------------------


def trump(state) -> int | None:
    return state.trump


def exposed(state) -> int:
    return 0  # nothing is exposed in the family


def parse_move(pos, token: str) -> int:
    return pos.state.parse_move(token)  # a bid and a card share tokens: read by the phase


def classify(kind: str, pos, context: dict) -> str | None:
    state = pos.state
    if kind in CHOICE_KINDS:
        if state.phase == Phase.BIDDING and state.to_act is not None:
            return _auction_moment(pos) if kind == PLAY and _auction(pos.rules) else None
        return choice_moment(kind, pos, state.trump, NARROWED)
    if kind == NEXT_LEADER:
        return next_leader_moment(pos, state.trump)
    if kind == SHEET:
        return _sheet_moment(pos, context)
    if kind == DEAL_POINTS:
        return _bids_moment(pos)
    return None


def _auction_moment(pos) -> str | None:
    """What a call teaches: the rule the engine names for a legal bid, where some call is
    refused."""
    state = pos.state
    legal = state.legal_moves()
    if set(offered_calls(pos.module, state)) <= set(legal):
        return None  # every call is right
    if state.permission_code(legal[-1]) == "dealer_forced_bid":
        return "dealer_forced"
    if state.high is None:
        return None
    return "dealer_match" if state.high[1] in legal else "beat_the_bid"


def _sheet_moment(pos, context) -> str | None:
    state = pos.state
    if state.phase != Phase.OVER or state.thrown_in:
        return None
    try:
        before, row = sheet_rows(pos, context)
    except EngineError:
        return None
    if any(before.debts[s] > 0 and row.scores[s] > 0 for s in (0, 1)):
        return "debt_paid"
    contract = state.contract
    won = state.side_tricks()[contract.side]
    if contract.bid == TRICKS:
        return "grand"
    if won == TRICKS:
        return "kaboot"
    return "made" if won >= contract.bid else "missed"


def _bids_moment(pos) -> str | None:
    state = pos.state
    if state.phase != Phase.OVER or state.thrown_in:
        return None
    bids = [state.bid_of(s) for s in range(4)]
    if any(b >= pos.rules.double_from for b in bids):
        return "doubled"
    return "made" if all(state.tricks_won[s] >= bids[s] for s in range(4)) else "missed"


# --- the answer and why ---------------------------------------------------------------------------


def expected(kind: str, pos, context: dict) -> dict:
    if kind == SHEET:
        _, row = sheet_rows(pos, context)
        return {"entries": list(row.entries), "debts": list(row.debts)}
    return {"points": pos.state.points()}  # each player's bid, scored


def moment_note(moment: str, pos) -> Note:
    state = pos.state
    if moment in ("beat_the_bid", "dealer_match"):
        return Note(
            "dealer_may_match" if moment == "dealer_match" else "beat_highest",
            {"highest": pos.module.format_move(state.high[1]), "by": SEATS[state.high[0]]},
        )
    if moment == "dealer_forced":
        return Note(
            "dealer_forced_bid", {"seat": seat_to_act(state), "bid": str(pos.rules.min_bid)}
        )
    found = choice_note(moment, pos, state.trump)
    return found or Note(moment, {"seat": seat_to_act(state)})


def notes(kind: str, pos, context: dict) -> list[Note]:
    if kind == NEXT_LEADER:
        return next_leader_notes(pos, pos.state.trump)
    if kind == SHEET:
        return _sheet_notes(pos, context)
    return [_bid_note(pos.rules, pos.state, s) for s in range(4)]


def _sheet_notes(pos, context) -> list[Note]:
    state = pos.state
    before, row = sheet_rows(pos, context)
    contract = state.contract
    side, other = contract.side, 1 - contract.side
    won = state.side_tricks()[side]
    facts = {
        "side": PARTNERSHIPS[side],
        "bid": contract.bid,
        "tricks": won,
        "score": row.scores[side],
        "other": PARTNERSHIPS[other],
        "other_tricks": TRICKS - won,
        "other_score": row.scores[other],
    }
    if won >= contract.bid:
        code = "grand_made" if contract.bid == TRICKS else ("kaboot" if won == TRICKS else "made")
    else:
        code = "grand_missed" if contract.bid == TRICKS else "missed"
        facts["cost"] = -row.scores[side]
    found = [Note(code, facts)]
    if contract.doubled:
        found.append(Note("doubled", {"factor": pos.rules.double_multiplier}))
    for s in (0, 1):
        owed, score = before.debts[s], row.scores[s]
        f = {"side": PARTNERSHIPS[s], "entry": row.entries[s], "debt": row.debts[s]}
        if score < 0:
            found.append(Note("entry_missed", {**f, "cost": -score}))
        elif score > 0 and owed:
            found.append(Note("entry_pays", {**f, "score": score, "owed": owed}))
        elif score > 0:
            found.append(Note("entry_plain", f))
        else:
            found.append(Note("entry_nothing", f))
    return found


def _bid_note(rules, state, seat: int) -> Note:
    bid, won = state.bid_of(seat), state.tricks_won[seat]
    code = "bid_made" if won >= bid else ("bid_missed" if won else "bid_none")
    if bid >= rules.double_from:
        code += "_double"
    score = state.points()[seat]
    return Note(code, {"seat": SEATS[seat], "bid": str(bid), "tricks": won, "score": score})


# --- the same question under another variant ------------------------------------------------------


def answer_under(q, pos, variant: str, rules) -> dict:
    """The answer under another variant: the auction replayed there (a bid of one auction may
    be no bid of another), the same cards judged by its rules, the same sheet scored by them."""
    state = pos.state
    if q.kind in CHOICE_KINDS:
        if state.phase == Phase.BIDDING:
            other = open_position(pos.module, {**q.query, "variant": variant})
            if other.state.to_act != state.to_act or other.state.phase != state.phase:
                raise IllegalMove("other_turn", seat=SEATS[other.state.to_act])
        elif domain_of(pos.rules, "first_lead") is not None:
            other = _replay_under(q, pos, variant)
        else:
            other = replace(pos, rules=rules, state=state.copy(rules=rules))
        return choice_answer(q.kind, other)
    if q.kind == NEXT_LEADER:
        return next_leader_under(pos, state.trump)
    if q.kind == DEAL_POINTS:
        bids = [state.bid_of(s) for s in range(4)]
        return {"points": score_bids(rules, bids, state.tricks_won)}
    sheet = replay_sheet(rules, q.context.get("sheet", []))
    row = sheet.enter_scores(*score_deal(rules, state.contract, state.side_tricks()))
    return {"entries": list(row.entries), "debts": list(row.debts)}


def _replay_under(q, pos, variant: str):
    """The position under another variant where the first lead is a rule: the same calls and
    cards replayed there. Once cards are played the position may not arise: the refusal names
    who would have led."""
    tokens = q.query["moves"].split()
    calls = [t for t in tokens if t.isdigit()]
    if len(calls) < len(tokens):  # cards are played: does the first trick start with the same seat?
        mine = open_position(pos.module, {**q.query, "moves": " ".join(calls)})
        theirs = open_position(
            pos.module, {**q.query, "moves": " ".join(calls), "variant": variant}
        )
        if theirs.state.to_act != mine.state.to_act:
            raise IllegalMove("other_leader", seat=SEATS[theirs.state.to_act])
    return open_position(pos.module, {**q.query, "variant": variant})
