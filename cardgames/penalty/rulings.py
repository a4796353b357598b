"""The penalty family's rule steps for one move, walked in order: the refusal of an illegal move
(an ``IllegalMove`` naming the step and the cards involved) or the permission of a legal one (a
``Permission`` naming the step that lets it through). ``refusal``, ``permission`` and
``permission_code`` of a deal are one walk, so they never disagree; the hot path's legal cards
(``Deal._play_mask``) narrow a hand by the same steps, in the same order.

Compiled with the deal (``compiled``), but read only where a move is refused or explained: a
deal is its argument (``d``), read through its own fields.
"""

from typing import Any, Final

from ..cards import SUITS, card_code, display_order, suit_mask
from ..contract import Permission, Phase
from ..errors import IllegalMove
from ..table import SEATS
from .moves import EXPOSE, KEEP, PASS, format_move
from .scoring import (
    CLUBS_MASK,
    HEARTS_MASK,
    JH,
    JH_BIT,
    TWO_CLUBS,
    TWO_CLUBS_BIT,
)

_PASS: Final = Phase.PASS
_EXPOSE: Final = Phase.EXPOSE
_PLAY: Final = Phase.PLAY
SUIT_MASKS: Final = tuple(suit_mask(s) for s in range(4))

# The opening lead that names a card: the card its holder must lead, the cards allowed, the
# refusal of any other card and the permission of an allowed one.
FORCED_OPENING = {
    "jack_of_hearts": (JH, JH_BIT, "must_lead_jack_of_hearts", "leads_jack_of_hearts"),
    "two_of_clubs": (TWO_CLUBS, TWO_CLUBS_BIT, "must_lead_two_of_clubs", "opens_with"),
    "any_club": (TWO_CLUBS, CLUBS_MASK, "must_lead_a_club", "opens_with"),
}


def judge(d: Any, move: int, why: bool) -> "Permission | IllegalMove | None":
    """The phase's rule steps for ``move``: an ``IllegalMove``, or (``why``) a
    ``Permission``, else None for a legal move."""
    if d.phase == _PLAY and 0 <= move < 52:
        return judge_play(d, move, why)
    if d.phase == _PASS and PASS <= move < PASS + 52:
        return judge_pass(d, move - PASS, why)
    if (d.phase == _EXPOSE and (EXPOSE <= move < EXPOSE + 52 or move == KEEP)) or (
        d.phase == _PLAY and EXPOSE <= move < EXPOSE + 52 and not d._t.expose_before
    ):
        if move == KEEP:
            return Permission("may_keep", {"seat": SEATS[d.to_act]}) if why else None
        return judge_expose(d, move - EXPOSE, why)
    # Not a move of this phase (or not a move at all).
    token = format_move(move)  # BadInput("bad_move") for an int that is no move
    return IllegalMove("wrong_phase", phase=d.phase, move=token)


def judge_play(d: Any, c: int, why: bool) -> "Permission | IllegalMove | None":
    """Walk the rule steps of ``Deal._play_mask``, in order, for card ``c``: the first step
    that decides gives the refusal (an ``IllegalMove``) or lets the card through (a
    ``Permission`` naming that step; None when ``why`` is False, so ``refusal`` builds
    nothing for a legal card)."""
    seat: int = d.to_act
    hand = d.hands[seat]
    t = d._t
    if not hand >> c & 1:
        return IllegalMove("card_not_in_hand", card=card_code(c), seat=SEATS[seat])
    if d._tn == 0:
        if d._force:
            opening = FORCED_OPENING[t.p["opening_lead"]]
            if d._force >> c & 1:
                return (
                    Permission(opening[3], {"seat": SEATS[seat], "card": card_code(c)})
                    if why
                    else None
                )
            return IllegalMove(opening[2], card=card_code(c))
        if t.must_break and not d._played & t.break_mask:
            plain = hand & ~HEARTS_MASK
            if not plain:
                return Permission("only_hearts", {"seat": SEATS[seat]}) if why else None
            if plain >> c & 1:
                return Permission("leads_non_heart", {"seat": SEATS[seat]}) if why else None
            return IllegalMove("hearts_not_broken", card=card_code(c))
        return Permission("free_lead", {"seat": SEATS[seat]}) if why else None
    same = hand & SUIT_MASKS[d._led]
    if same:
        drop = t.talbees & same
        allowed = drop if drop and d._wc > drop.bit_length() - 1 else same
        if allowed >> c & 1:
            follows = {"card": card_code(c), "led_suit": SUITS[d._led]}
            return Permission("follows_suit", follows) if why else None
        if not same >> c & 1:
            example = (same & -same).bit_length() - 1
            return IllegalMove(
                "must_follow_suit",
                card=card_code(c),
                led_suit=SUITS[d._led],
                held=card_code(example),
            )
        return IllegalMove(
            "must_drop_penalty_card",
            card=card_code(c),
            penalty=card_code(drop.bit_length() - 1),
            above=card_code(d._wc),
        )
    void: dict[str, Any] = {"seat": SEATS[seat], "led_suit": SUITS[d._led]} if why else {}
    if t.first_trick_guard and not d._done:
        safe = hand & ~t.first_trick_guard
        if not safe or safe >> c & 1:
            return Permission("first_trick_clean", {"seat": SEATS[seat]}) if why else None
        return IllegalMove("no_points_on_first_trick", card=card_code(c))
    penalty = hand & t.forced
    if penalty:
        if penalty >> c & 1:
            if not why:
                return None
            void["penalty"] = [card_code(p) for p in display_order(penalty)]
            return Permission("forced_penalty", void)
        return IllegalMove(
            "must_discard_penalty_card",
            card=card_code(c),
            penalty=[card_code(p) for p in display_order(penalty)],
        )
    return Permission("void_any", void) if why else None


def judge_pass(d: Any, c: int, why: bool) -> "Permission | IllegalMove | None":
    seat = d.to_act
    if not d.hands[seat] >> c & 1:
        return IllegalMove("card_not_in_hand", card=card_code(c), seat=SEATS[seat])
    if d.passes[seat] >> c & 1:
        return IllegalMove("already_chosen", card=card_code(c), seat=SEATS[seat])
    if not d._passable(seat) >> c & 1:
        return IllegalMove("cannot_pass_last_of_suit", card=card_code(c), seat=SEATS[seat])
    return Permission("may_pass_card", {"seat": SEATS[seat], "card": card_code(c)}) if why else None


def judge_expose(d: Any, c: int, why: bool) -> "Permission | IllegalMove | None":
    seat = d.to_act
    b = 1 << c
    if not b & d._t.exposable & d.hands[seat]:
        return IllegalMove("cannot_expose", card=card_code(c), seat=SEATS[seat])
    if d.exposed & b:
        return IllegalMove("already_exposed", card=card_code(c))
    if not d._exposable(seat) & b:
        return IllegalMove("cannot_expose", card=card_code(c), seat=SEATS[seat], reason="one")
    return Permission("may_expose", {"seat": SEATS[seat], "card": card_code(c)}) if why else None
