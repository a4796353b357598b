"""What the trick-taking families (penalty, trick-and-bid) share in the quiz: the trick led and
completed, who leads next and why, and what a choice of card teaches. No Django here.

A family passes what is its own: the trump suit (``None`` without trumps) and the moments named
by the rule that narrows a choice (the code of the engine's permission of a legal card).
"""

from cardgames import cards
from cardgames.contract import Phase
from cardgames.table import SEATS
from cardgames.tricks import trick_winner

from ..core import PLAY, Note, card_choice, mask, seat_to_act

# Moments every trick game names the same way; a family adds those of its own rules.
COMMON_ANCHORS = {
    "follow_suit": ("play", None),
    "void": ("play", None),
    "free_lead": ("play", None),
    "must_follow_suit": ("play", None),
    "discard_higher": ("play", None),
    "not_leader": ("play", None),
    "leader_wins": ("play", None),
}
NEXT_LEADER_TARGETS = ("discard_higher", "not_leader")


def led_suit(state) -> int | None:
    trick = state.trick
    return trick[0][1] // 13 if trick else None


def completed_trick(pos) -> tuple[list, int] | None:
    """``(trick, winner)`` when the position's last move completed a trick and another follows."""
    state = pos.state
    if state.phase != Phase.PLAY or state.trick or not pos.moves or pos.moves[-1] >= 52:
        return None
    trick, winner = state.last_trick
    return list(trick), winner


# --- a choice of card -------------------------------------------------------------------------


def choice_moment(kind: str, pos, trump: int | None, narrowed: dict) -> str | None:
    """What choosing a card here teaches: following suit, a void (holding a trump or not), or
    the rule that narrows the choice, named by ``narrowed`` from the code of the engine's
    permission of a legal card. None when every card is right and nothing is learnt."""
    state = pos.state
    legal_moves = card_choice(state)
    if legal_moves is None:
        return None
    hand = state.hands[state.to_act]
    every = mask(legal_moves) == hand
    led = led_suit(state)
    if led is not None and hand & cards.suit_mask(led):
        moment = "follow_suit"
    elif not every:
        moment = narrowed.get(state.permission_code(legal_moves[0]))
    elif led is None:
        moment = "free_lead"
    elif trump is not None and hand & cards.suit_mask(trump):
        moment = "void_trump"
    else:
        moment = "void"
    if every and (kind == PLAY or moment in ("follow_suit", "free_lead")):
        return None  # every card is right: nothing to learn
    return moment


def choice_note(moment: str, pos, trump: int | None) -> Note | None:
    """Why the legal cards are what they are, for the moments every trick game shares."""
    state = pos.state
    seat = seat_to_act(state)
    if moment == "free_lead":
        return Note("free_lead", {"seat": seat})
    led = led_suit(state)
    led_suit_name = cards.SUITS[led] if led is not None else None
    if moment == "follow_suit":
        return Note("must_follow", {"seat": seat, "led_suit": led_suit_name})
    if moment == "void":
        return Note("void_any", {"seat": seat, "led_suit": led_suit_name})
    if moment == "void_trump":
        suit = cards.SUITS[trump] if trump is not None else None
        return Note("void_trump", {"seat": seat, "led_suit": led_suit_name, "suit": suit})
    return None


# --- the next leader ------------------------------------------------------------------------


def next_leader_moment(pos, trump: int | None) -> str | None:
    done = completed_trick(pos)
    if done is None:
        return None
    trick, winner = done
    led = trick[0][1] // 13
    win = dict(trick)[winner]
    if trump is not None and win // 13 == trump != led:
        return "ruff"
    if any(c // 13 not in (led, trump) and c % 13 > win % 13 for _, c in trick):
        return "discard_higher"
    return "not_leader" if winner != trick[0][0] else "leader_wins"


def next_leader_notes(pos, trump: int | None) -> list[Note]:
    trick, winner = completed_trick(pos)
    led = trick[0][1] // 13
    win = dict(trick)[winner]
    facts = {"seat": SEATS[winner], "card": cards.card_code(win), "led_suit": cards.SUITS[led]}
    if trump is not None and win // 13 == trump != led:
        notes = [Note("trick_won_trump", facts)]
    else:
        notes = [Note("trick_won_highest", facts)]
    higher = [c for _, c in trick if c // 13 not in (led, trump) and c % 13 > win % 13]
    if higher:
        best = max(higher, key=lambda c: c % 13)
        code = "off_suit_cannot_win" if trump is not None else "off_suit_no_trumps"
        notes.append(Note(code, {"card": cards.card_code(best)}))
    return notes


def next_leader_under(pos, trump: int | None) -> dict:
    """Who leads next, the trick judged again (the same trick wins under every variant)."""
    trick, _ = completed_trick(pos)
    return {"seat": SEATS[trick_winner(trick, trump)]}
