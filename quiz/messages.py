"""The quiz's sentences in the reader's language: the reasons ``questions`` gives as codes and
facts, the answers, and the refusals of bad input. The engine's own refusal codes
(``must_follow_suit``...) are worded by ``rulebook.messages.explain``, as everywhere else.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from rulebook import echo
from rulebook.engine import bent_al_sbeet, cards
from rulebook.engine.table import PARTNERSHIPS, SEATS
from rulebook.messages import explain
from rulebook.words import card_name, move_label, seat_name, side_name, suit_name

from . import questions

KIND_NAMES = {
    questions.LEGAL_SET: pgettext_lazy("quiz kind", "Which cards may be played"),
    questions.PLAY: pgettext_lazy("quiz kind", "Play a legal card"),
    questions.NEXT_LEADER: pgettext_lazy("quiz kind", "Who leads the next trick"),
    questions.TRICK_POINTS: pgettext_lazy("quiz kind", "What a trick costs"),
    questions.DEAL_POINTS: pgettext_lazy("quiz kind", "What a deal costs"),
    questions.SHEET: pgettext_lazy("quiz kind", "The score sheet"),
    questions.KNOCK: pgettext_lazy("quiz kind", "May they knock?"),
    questions.MIXED: pgettext_lazy("quiz kind", "Mixed"),
}

MESSAGES = {
    # why the legal moves are what they are
    "must_follow": gettext_lazy(
        "%(seat)s holds %(led_suit)s, the suit led, and must follow suit: only %(led_suit)s "
        "may be played."
    ),
    "follows_suit": gettext_lazy("The %(card)s follows %(led_suit)s, the suit led."),
    "void_any": gettext_lazy(
        "%(seat)s has no %(led_suit)s, the suit led, so any card may be played."
    ),
    "void_trump": gettext_lazy(
        "%(seat)s has no %(led_suit)s, the suit led, so any card may be played: a trump "
        "(%(suit)s) to take the trick, or another card to throw away."
    ),
    "forced_penalty": gettext_lazy(
        "%(seat)s has no %(led_suit)s, the suit led, and holds %(penalty)s: a penalty card "
        "must be thrown."
    ),
    "leads_non_heart": gettext_lazy(
        "No heart has been played yet, so %(seat)s must lead another suit."
    ),
    "only_hearts": gettext_lazy(
        "No heart has been played yet, but %(seat)s holds only hearts and may lead one."
    ),
    "leads_jack_of_hearts": gettext_lazy(
        "The first trick is opened with the jack of hearts, by the player who holds it."
    ),
    "free_lead": gettext_lazy("%(seat)s leads the trick and may lead any card."),
    "opens_with": gettext_lazy("The deal opens with the %(card)s, before any other card."),
    "starts_pile": gettext_lazy("A seven starts its suit’s pile: the %(card)s can be laid."),
    "next_on_pile": gettext_lazy("The %(card)s is the next card up on the %(suit)s pile."),
    "layout_rule": gettext_lazy(
        "A card can be laid only as a seven, starting its suit’s pile, or as the next card up "
        "on its suit’s pile."
    ),
    "must_knock": gettext_lazy("No card of %(seat)s fits the piles, so %(seat)s knocks."),
    "may_pass": gettext_lazy("%(seat)s may pass."),
    "may_double": gettext_lazy("%(seat)s may double the opponents’ bid."),
    "opening_bid": gettext_lazy("Nobody has bid yet: a bid of %(bid)s opens the bidding."),
    "bid_beats": gettext_lazy("A bid of %(bid)s beats the highest bid so far, %(highest)s."),
    "beat_highest": gettext_lazy(
        "%(by)s’s bid of %(highest)s stands: only a higher bid, or a pass, may follow."
    ),
    "dealer_may_match": gettext_lazy(
        "The dealer speaks last and may take the contract by matching %(by)s’s bid of %(highest)s."
    ),
    "dealer_forced_bid": gettext_lazy(
        "The first three players passed, so the dealer must bid %(bid)s."
    ),
    "missed_card": gettext_lazy("The %(card)s may be played too."),
    # the same position under another variant
    "other_leader": gettext_lazy("%(seat)s would lead the first trick."),
    "other_turn": gettext_lazy("It would be %(seat)s’s turn."),
    # tricks
    "trick_won_highest": gettext_lazy(
        "The %(card)s is the highest card of %(led_suit)s, the suit led, so %(seat)s takes "
        "the trick and leads the next one."
    ),
    "trick_won_trump": gettext_lazy(
        "The %(card)s is the highest trump played, so %(seat)s takes the trick and leads the "
        "next one."
    ),
    "off_suit_no_trumps": gettext_lazy(
        "The %(card)s ranks higher, but it is not of the suit led, so it cannot take the trick."
    ),
    "off_suit_cannot_win": gettext_lazy(
        "The %(card)s ranks higher, but it is neither of the suit led nor a trump, so it "
        "cannot take the trick."
    ),
    # points
    "hearts_doubled": gettext_lazy(
        "The queen and the ten are both exposed, so each heart counts double."
    ),
    "moon": gettext_lazy(
        "%(seat)s took every heart, the queen of spades and the ten of diamonds: a moon shot. "
        "%(seat)s scores 0 and every other player takes %(total)s."
    ),
    "no_moon": gettext_lazy(
        "%(seat)s took every heart, the queen and the ten, but this variant has no moon shot: "
        "%(seat)s keeps the points."
    ),
    # the score sheet
    "made": gettext_lazy(
        "%(side)s bid %(bid)s and took %(tricks)s tricks: the bid is made and scores %(score)s."
    ),
    "kaboot": gettext_lazy(
        "%(side)s bid %(bid)s and took all thirteen tricks (kaboot): they score %(score)s."
    ),
    "grand_made": gettext_lazy(
        "%(side)s bid all thirteen tricks and took them: they score %(score)s."
    ),
    "missed": gettext_lazy(
        "%(side)s bid %(bid)s but took only %(tricks)s tricks: the bid costs %(cost)s, and "
        "%(other)s score their %(other_tricks)s tricks."
    ),
    "grand_missed": gettext_lazy(
        "%(side)s bid all thirteen tricks but took only %(tricks)s: it costs %(cost)s, and "
        "%(other)s score %(other_score)s for their %(other_tricks)s tricks."
    ),
    "doubled": gettext_lazy(
        "The bid was doubled: what the bidding side wins or loses is multiplied by %(factor)s."
    ),
    "entry_missed": gettext_lazy(
        "%(side)s enter 0 and add %(cost)s to what they owe, now %(debt)s."
    ),
    "entry_pays": gettext_lazy(
        "%(side)s scored %(score)s while owing %(owed)s: the points pay the debt first, so "
        "they enter %(entry)s and still owe %(debt)s."
    ),
    "entry_plain": gettext_lazy("%(side)s owe nothing and enter %(entry)s."),
    "entry_nothing": gettext_lazy("%(side)s scored nothing: they enter 0 and owe %(debt)s."),
    # the knock
    "knock_allowed": gettext_lazy(
        "No card of %(seat)s fits the piles: %(seat)s must knock, and the knock costs nothing."
    ),
    "knock_penalty": gettext_lazy(
        "%(seat)s can lay %(playable)s, so knocking now is a penalty: %(side)s score %(points)s."
    ),
    "penalty_not_multiplied": gettext_lazy(
        "A double or a triple multiplies the deal’s score, never a penalty."
    ),
    # what cannot be answered (HTTP 4xx)
    "unknown_kind": gettext_lazy("There is no kind of question called “%(kind)s” for this game."),
    "unknown_pick": gettext_lazy("There is no hand-picked question called “%(key)s”."),
    "forged_question": gettext_lazy(
        "This question was not issued by this site: its link has been changed."
    ),
    "forged_form": gettext_lazy("This answer form was not issued by this site for this question."),
    "expired_form": gettext_lazy(
        "This answer form is more than a day old. Here is the question again."
    ),
    "replayed_form": gettext_lazy(
        "This answer form has already been sent; a second answer is not counted."
    ),
    "missing_answer": gettext_lazy("The answer is incomplete: “%(field)s” is missing."),
    "bad_number": gettext_lazy("“%(value)s” is not a number this answer can hold."),
    "bad_choice": gettext_lazy("“%(value)s” is not one of the choices."),
    "not_offered": gettext_lazy("“%(move)s” is not one of the moves offered."),
    "not_a_question": gettext_lazy("This position asks no question of this kind."),
    # an editor's hand-picked question (the admin)
    "bad_extra": gettext_lazy(
        "The extra parameters must be a JSON object whose keys are “exposed” or “start” and "
        'whose values are text, as {"exposed": "QS"}, or {} for none.'
    ),
    "bad_sheet": gettext_lazy(
        "The sheet must be a JSON list of deals, each [bid, side, tricks] or [bid, side, "
        'tricks, doubled] with the side NS or EW, as [[8, "EW", 6]], or [] for none.'
    ),
}

CARD_KEYS = {"card", "held", "needs", "top"}
CARD_LISTS = {"penalty", "playable", "cards"}


def bid_words(token: str) -> str:
    """A bid token in words: ``9`` stays 9, ``8H`` is "8 hearts", ``9NT`` "9 no trumps"."""
    token = str(token).upper()
    if token.isdigit():
        return token
    if token.endswith("NT") and token[:-2].isdigit():
        return pgettext("bid", "%(n)s no trumps") % {"n": token[:-2]}
    if token[:-1].isdigit() and token[-1:] in cards.SUITS:
        strain = suit_name(cards.SUITS.index(token[-1]))
        return pgettext("bid", "%(n)s %(strain)s") % {"n": token[:-1], "strain": strain}
    return move_label(token)


def listing(items) -> str:
    return _(", ").join(str(i) for i in items)


def _word(key: str, value):
    if value is None:
        return ""
    if key in CARD_KEYS:
        return card_name(cards.parse_card(value))
    if key in CARD_LISTS:
        return listing(card_name(cards.parse_card(v)) for v in value)
    if key in ("led_suit", "suit"):
        return suit_name(cards.SUITS.index(value))
    if key in ("seat", "by"):
        return seat_name(SEATS.index(value))
    if key in ("side", "other"):
        return side_name(PARTNERSHIPS.index(value))
    if key in ("bid", "highest"):
        return bid_words(value)
    return value


def say(code: str, details: dict | None = None) -> str:
    """One reason in the page's language: the quiz's codes here, the engine's by ``explain``."""
    details = details or {}
    if code == "seat_points":
        return _seat_points(details)
    template = MESSAGES.get(code)
    if template is None:
        return explain(code, details)
    try:
        words = {k: _word(k, v) for k, v in details.items()}
        return echo.fill(template, details, words)
    except (KeyError, TypeError, ValueError):
        return explain(code, details)


def _seat_points(d: dict) -> str:
    """ "North took 3 hearts (1 each) and the queen of spades, exposed (26): 29 points."""
    parts = []
    if d["hearts"]:
        parts.append(
            ngettext(
                "%(count)s heart (%(each)s each)",
                "%(count)s hearts (%(each)s each)",
                d["hearts"],
            )
            % {"count": d["hearts"], "each": d["heart_points"]}
        )
    for key, c in (("queen", bent_al_sbeet.QS), ("ten", bent_al_sbeet.TD)):
        if d.get(key) is not None:
            template = (
                _("the %(card)s, exposed (%(points)s)")
                if d.get(f"{key}_exposed")
                else _("the %(card)s (%(points)s)")
            )
            parts.append(template % {"card": card_name(c), "points": d[key]})
    who = seat_name(SEATS.index(d["seat"]))
    if not parts:
        return _("%(seat)s took no penalty card: 0 points.") % {"seat": who}
    return ngettext(
        "%(seat)s took %(items)s: %(points)s point.",
        "%(seat)s took %(items)s: %(points)s points.",
        d["points"],
    ) % {"seat": who, "items": listing(parts), "points": d["points"]}


def move_words(module, phase: str, token: str) -> str:
    """A move token of an answer in words: a card's name, a bid, or a call's label."""
    if module is questions.tarneeb and phase == "bidding":
        return bid_words(token) if token[:1].isdigit() else move_label(token)
    try:
        return card_name(cards.parse_card(token))
    except Exception:
        return move_label(token)


def answer_words(q, pos, answer: dict | None) -> str:
    """An answer (the learner's or the expected one) in words."""
    if answer is None:
        return ""
    if q.kind == questions.LEGAL_SET:
        names = [card_name(cards.parse_card(c)) for c in answer["cards"]]
        return listing(names) if names else pgettext("no cards", "none")
    if q.kind == questions.PLAY:
        phase = pos.state.phase
        if "moves" in answer:
            return listing(move_words(q.module, phase, m) for m in answer["moves"])
        return move_words(q.module, phase, answer["move"])
    if q.kind == questions.NEXT_LEADER:
        return seat_name(SEATS.index(answer["seat"]))
    if q.kind in (questions.TRICK_POINTS, questions.DEAL_POINTS):
        return listing(
            _("%(who)s %(points)s") % {"who": seat_name(s), "points": p}
            for s, p in enumerate(answer["points"])
        )
    if q.kind == questions.SHEET:
        return listing(
            _("%(side)s enter %(entry)s and owe %(debt)s")
            % {"side": side_name(s), "entry": answer["entries"][s], "debt": answer["debts"][s]}
            for s in (0, 1)
        )
    if q.kind == questions.KNOCK:
        if answer["may"]:
            return _("may knock; a knock now costs %(cost)s") % {"cost": answer["cost"]}
        return _("may not knock; a knock now costs %(cost)s") % {"cost": answer["cost"]}
    return ""


def prompt(q, pos) -> str:
    """The question, in one sentence."""
    state = pos.state
    seat = seat_name(state.to_act) if state.to_act is not None else ""
    if q.kind == questions.LEGAL_SET:
        return _("%(seat)s is to play. Select every card %(seat)s may play.") % {"seat": seat}
    if q.kind == questions.PLAY:
        if getattr(state, "phase", "") == "bidding":
            return _("%(seat)s is to bid. Make a call %(seat)s may make.") % {"seat": seat}
        if q.module is questions.sabaat_al_deemin:
            return _("%(seat)s is to play. Lay a card %(seat)s may lay, or knock.") % {"seat": seat}
        return _("%(seat)s is to play. Play a card %(seat)s may play.") % {"seat": seat}
    if q.kind == questions.NEXT_LEADER:
        return _("The trick is complete. Who leads the next trick?")
    if q.kind == questions.TRICK_POINTS:
        return _("The trick is complete. How many points does it cost each player?")
    if q.kind == questions.DEAL_POINTS:
        return _("The deal is over. How many points does it cost each player?")
    if q.kind == questions.SHEET:
        return _(
            "The deal is over. What does each side write on the score sheet, and what does "
            "each side still owe?"
        )
    if q.kind == questions.KNOCK:
        return _(
            "%(seat)s is to play. May %(seat)s knock? And how many points would a knock now "
            "give the other side?"
        ) % {"seat": seat}
    return ""
