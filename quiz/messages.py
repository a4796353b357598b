"""The quiz's sentences in the reader's language: the reasons ``questions`` gives as codes and
facts, the answers, and the refusals of bad input. The engine's own refusal codes
(``must_follow_suit``...) are worded by ``rulebook.messages.explain``, as everywhere else.
Cards, bids and counted nouns are named in the game's own words (``cardtable.words``); the few
sentences shared by a Gulf and a Levant game that name a trick have one wording per region.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from cardgames import cards
from cardgames.contract import Phase
from cardgames.table import PARTNERSHIPS, SEATS
from cardtable.words import count, listing, signed, vocabulary
from rulebook import costs as cost_words
from rulebook import echo
from rulebook.matchview import who
from rulebook.messages import _capfirst, explain, words_of
from rulebook.messages import word as rulebook_word

from . import questions

KIND_NAMES = {
    questions.LEGAL_SET: pgettext_lazy("quiz kind", "Which cards may be played"),
    questions.PLAY: pgettext_lazy("quiz kind", "Play a legal card"),
    questions.NEXT_LEADER: {
        "gulf": pgettext_lazy("quiz kind gulf", "Who leads the next trick"),
        "levant": pgettext_lazy("quiz kind levant", "Who leads the next trick"),
    },
    questions.TRICK_POINTS: {
        "gulf": pgettext_lazy("quiz kind gulf", "What a trick costs"),
        "levant": pgettext_lazy("quiz kind levant", "What a trick costs"),
    },
    questions.DEAL_POINTS: pgettext_lazy("quiz kind", "What a deal costs"),
    questions.SHEET: pgettext_lazy("quiz kind", "The score sheet"),
    questions.KNOCK: pgettext_lazy("quiz kind", "May they knock?"),
    questions.MATCH: pgettext_lazy("quiz kind", "Who wins the match?"),
    questions.MIXED: pgettext_lazy("quiz kind", "Mixed"),
    questions.BEST_CARD: pgettext_lazy("quiz kind", "Find the best card"),
    questions.BEST_CONTRACT: pgettext_lazy("quiz kind", "Choose the best contract"),
}
# Where a game's deal is won rather than paid for, its points question says so.
WON_POINTS = pgettext_lazy("quiz kind", "What a deal scores")
# The games with an auction ask for a legal move in the bidding as well as in the play.
BID_OR_PLAY = pgettext_lazy("quiz kind", "Bid or play a legal card")
# One question's kind, named for the moment it asks about.
KIND_NAMES_IN_PHASE = {
    (questions.PLAY, Phase.BIDDING): pgettext_lazy("quiz kind", "Make a legal bid"),
}


def kind_name(kind: str, game, phase: str | None = None) -> str:
    """A kind of question by name, in the words of ``game``'s region; with ``phase``, the
    name of one question of that kind (a bidding question is not "play a card")."""
    slug = game if isinstance(game, str) else game.slug
    name = KIND_NAMES_IN_PHASE.get((kind, phase)) or _named_by_family(kind, slug)
    name = name or KIND_NAMES.get(kind, kind)
    return str(name[vocabulary(game).region] if isinstance(name, dict) else name)


def _named_by_family(kind: str, slug) -> str | None:
    """A kind's name in the words of the game's family (read from its quiz module)."""
    try:
        family = questions.family_of(slug)
    except (questions.UnknownQuestion, KeyError):
        return None
    if kind == questions.DEAL_POINTS and family.SIGNED_POINTS:
        return WON_POINTS
    if kind == questions.PLAY and family.AUCTION:
        return BID_OR_PLAY
    return None


MESSAGES = {
    # where a match stands after a deal ("who wins the match?")
    "match_totals": gettext_lazy("After this deal the totals are: %(totals)s."),
    "match_goes_on": gettext_lazy("No total has reached %(target)s: the match goes on."),
    "match_won": gettext_lazy(
        "A total has reached %(target)s, so the match ends after this deal: %(winners)s wins."
    ),
    "match_tie_shared": gettext_lazy(
        "The match ends after this deal, and the lowest total is shared: the win is shared "
        "by %(winners)s."
    ),
    "match_tie_play_on": gettext_lazy(
        "A total has reached %(target)s, but the lowest total is shared: under these rules the "
        "match goes on until the tie is broken."
    ),
    # why the legal moves are what they are
    "must_follow": gettext_lazy(
        "%(seat)s holds %(led_suit)s, the suit led, and must follow suit: only %(led_suit)s "
        "may be played."
    ),
    "follows_suit": gettext_lazy("%(card)s follows %(led_suit)s, the suit led."),
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
    "leads_non_heart": {
        "gulf": pgettext_lazy(
            "gulf", "No heart has been played yet, so %(seat)s must lead another suit."
        ),
        "levant": pgettext_lazy(
            "levant", "No heart has been played yet, so %(seat)s must lead another suit."
        ),
    },
    "only_hearts": {
        "gulf": pgettext_lazy(
            "gulf",
            "No heart has been played yet, but %(seat)s holds only hearts and may lead one.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "No heart has been played yet, but %(seat)s holds only hearts and may lead one.",
        ),
    },
    "leads_jack_of_hearts": gettext_lazy(
        "The first trick is opened with %(card)s, by the player who holds it."
    ),
    "free_lead": {
        "gulf": pgettext_lazy("gulf", "%(seat)s leads the trick and may lead any card."),
        "levant": pgettext_lazy("levant", "%(seat)s leads the trick and may lead any card."),
    },
    "opens_with": gettext_lazy("The deal opens with %(card)s, before any other card."),
    "starts_pile": gettext_lazy("A seven starts its suit’s pile: %(card)s can be laid."),
    "next_on_pile": gettext_lazy("%(card)s is the next card up on the %(suit)s pile."),
    "layout_rule": gettext_lazy(
        "A card can be laid only as a seven, starting its suit’s pile, or as the next card up "
        "on its suit’s pile."
    ),
    "must_knock": gettext_lazy("No card of %(seat)s fits the piles, so %(seat)s knocks."),
    # the Trix's rows
    "starts_row": gettext_lazy("A jack opens its suit’s row: %(card)s can be laid."),
    "next_in_row": gettext_lazy("%(card)s is next to an end of the %(suit)s row."),
    "row_rule": gettext_lazy(
        "A card can be laid only as a jack, opening its suit’s row, or next to an end of its "
        "suit’s row."
    ),
    "must_pass": gettext_lazy("No card of %(seat)s fits the rows, so %(seat)s passes."),
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
    "missed_card": gettext_lazy("%(card)s may be played too."),
    # the same position under another variant
    "other_leader": {
        "gulf": pgettext_lazy("gulf", "%(seat)s would lead the first trick."),
        "levant": pgettext_lazy("levant", "%(seat)s would lead the first trick."),
    },
    "other_turn": gettext_lazy("It would be %(seat)s’s turn."),
    # tricks
    "trick_won_highest": {
        "gulf": pgettext_lazy(
            "gulf",
            "%(card)s is the highest card of %(led_suit)s, the suit led, so %(seat)s takes "
            "the trick and leads the next one.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "%(card)s is the highest card of %(led_suit)s, the suit led, so %(seat)s takes "
            "the trick and leads the next one.",
        ),
    },
    "trick_won_trump": gettext_lazy(
        "%(card)s is the highest trump played, so %(seat)s takes the trick and leads the next one."
    ),
    "off_suit_no_trumps": {
        "gulf": pgettext_lazy(
            "gulf",
            "%(card)s ranks higher, but it is not of the suit led, so it cannot take the trick.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "%(card)s ranks higher, but it is not of the suit led, so it cannot take the trick.",
        ),
    },
    "off_suit_cannot_win": gettext_lazy(
        "%(card)s ranks higher, but it is neither of the suit led nor a trump, so it "
        "cannot take the trick."
    ),
    # points
    "hearts_doubled": gettext_lazy(
        "The queen and the ten are both exposed, so each heart counts double."
    ),
    "moon": gettext_lazy(
        "%(seat)s took every heart, %(queen)s and %(ten)s: a moon shot. %(seat)s scores "
        "nothing and every other player takes %(total)s."
    ),
    "moon_hearts": gettext_lazy(
        "%(seat)s took every heart and %(queen)s: a moon shot. %(seat)s scores nothing and "
        "every other player takes %(total)s."
    ),
    "first_trick_clean": {
        "gulf": pgettext_lazy(
            "gulf",
            "This is the first trick: %(seat)s may throw neither a heart nor %(queen)s while "
            "holding any other card.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "This is the first trick: %(seat)s may throw neither a heart nor %(queen)s while "
            "holding any other card.",
        ),
    },
    # Tarneeb 41: every player scored on their own bid
    "bid_made": gettext_lazy("%(seat)s bid %(bid)s and took %(tricks)s: %(score)s."),
    "bid_made_double": gettext_lazy(
        "%(seat)s bid %(bid)s, a bid that counts double, and took %(tricks)s: %(score)s."
    ),
    "bid_missed": gettext_lazy("%(seat)s bid %(bid)s but took only %(tricks)s: %(score)s."),
    "bid_none": gettext_lazy("%(seat)s bid %(bid)s and took no trick: %(score)s."),
    "bid_none_double": gettext_lazy(
        "%(seat)s bid %(bid)s, a bid that counts double, and took no trick: %(score)s."
    ),
    "bid_missed_double": gettext_lazy(
        "%(seat)s bid %(bid)s, a bid that counts double, but took only %(tricks)s: %(score)s."
    ),
    "no_moon": gettext_lazy(
        "%(seat)s took every heart, the queen and the ten, but this variant has no moon shot: "
        "%(seat)s keeps the points."
    ),
    # the score sheet
    "made": gettext_lazy(
        "%(side)s bid %(bid)s and took %(tricks)s: the bid is made and scores %(score)s."
    ),
    "kaboot": gettext_lazy(
        "%(side)s bid %(bid)s and took all thirteen tricks, a kaboot: they score %(score)s."
    ),
    "grand_made": gettext_lazy(
        "%(side)s bid all thirteen tricks and took them: they score %(score)s."
    ),
    "missed": gettext_lazy(
        "%(side)s bid %(bid)s but took only %(tricks)s: the bid costs them %(cost)s, and "
        "%(other)s score %(other_tricks)s."
    ),
    "grand_missed": gettext_lazy(
        "%(side)s bid all thirteen tricks but took only %(tricks)s: it costs them %(cost)s, and "
        "%(other)s score %(other_score)s for their %(other_tricks)s."
    ),
    "doubled": gettext_lazy(
        "The bid was doubled: what the bidding side wins or loses is multiplied by %(factor)s."
    ),
    "entry_missed": gettext_lazy(
        "%(side)s write 0 and add %(cost)s to what they owe, now %(debt)s."
    ),
    "entry_pays": gettext_lazy(
        "%(side)s scored %(score)s while owing %(owed)s: the points pay the debt first, so "
        "they write %(entry)s and still owe %(debt)s."
    ),
    "entry_plain": gettext_lazy("%(side)s owe nothing and write %(entry)s."),
    "entry_nothing": gettext_lazy("%(side)s scored nothing: they write 0 and owe %(debt)s."),
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
        "whose values are text, as %(example)s, or {} for none."
    ),
    "bad_sheet": gettext_lazy(
        "The sheet must be a JSON list of deals, each [bid, side, tricks] or [bid, side, "
        'tricks, doubled] with the side NS or EW, as [[8, "EW", 6]], or [] for none.'
    ),
}

# Facts a code implies without ``questions`` sending them.
IMPLIED = {
    "moon": {"queen": "QS", "ten": "TD"},
    "moon_hearts": {"queen": "QS"},
    "first_trick_clean": {"queen": "QS"},
    "bad_extra": {"example": '{"exposed": "QS"}'},
}
# The nouns counted in these sentences, all objects of a verb or a preposition in Arabic.
COUNTED = {
    "tricks": "tricks_obj",
    "other_tricks": "tricks_obj",
    "points": "points_obj",
    "total": "points_obj",
}
SIGNED = {"score", "other_score"}


def _word(vocab, key: str, value):
    if value is None:
        return ""
    if key in ("queen", "ten"):
        return vocab.card_the(cards.parse_card(value))
    if key == "cards":
        return listing(vocab.card_the(cards.parse_card(v)) for v in value)
    if key in ("seat", "by"):
        return vocab.seat(SEATS.index(value))
    if key in ("side", "other"):
        return vocab.side(PARTNERSHIPS.index(value))
    if key == "totals" and isinstance(value, dict):
        return listing((f"{who(vocab, k)} {signed(v)}" for k, v in value.items()), "and")
    if key == "winners":
        return listing(who(vocab, w) for w in value)
    if key in ("bid", "highest"):
        return vocab.bid(value)
    if key in COUNTED and isinstance(value, int):
        return count(value, COUNTED[key], vocab.region)
    if key in SIGNED and isinstance(value, int):
        return signed(value)
    return rulebook_word(vocab, key, value)


def say(code: str, details: dict | None = None, game=None) -> str:
    """One reason in the page's language and ``game``'s words: the quiz's codes here, the
    engine's by ``explain``."""
    details = {**IMPLIED.get(code, {}), **(details or {})}
    vocab = words_of(game)
    if code == "seat_points":
        return _seat_points(details, vocab)
    template = MESSAGES.get(code)
    if isinstance(template, dict):
        template = template[vocab.region]
    if template is None:
        return explain(code, details, game=game)
    words = {k: _word(vocab, k, v) for k, v in details.items()}
    try:
        return _capfirst(echo.fill(template, details, words))
    except (KeyError, TypeError, ValueError):
        return explain(code, details, game=game)


def _seat_points(d: dict, vocab) -> str:
    """ "North took 3 hearts (1 each) and the queen of spades, exposed (26): 29 points."""
    parts = []
    if d["hearts"]:
        parts.append(
            _("%(hearts)s at %(each)s each")
            % {"hearts": count(d["hearts"], "hearts_obj", vocab.region), "each": d["heart_points"]}
        )
    for key, c in (
        ("queen", cards.parse_card("QS")),
        ("ten", cards.parse_card("TD")),
        ("king", cards.card(cards.KING, cards.CLUBS)),
        ("jack", cards.card(cards.JACK, cards.DIAMONDS)),
    ):
        if d.get(key) is not None:
            template = (
                _("%(card)s, exposed (%(points)s)")
                if d.get(f"{key}_exposed")
                else _("%(card)s (%(points)s)")
            )
            parts.append(template % {"card": vocab.card_the(c), "points": signed(d[key])})
    who = vocab.seat(SEATS.index(d["seat"]))
    if not parts:
        return _("%(seat)s took no penalty card: nothing to count.") % {"seat": who}
    return _("%(seat)s took %(items)s: %(points)s.") % {
        "seat": who,
        "items": listing(parts, "and"),
        "points": count(d["points"], "points"),
    }


def move_words(q, pos, token: str, form: str = "move") -> str:
    """A move of an answer in words, as the deal describes it (``move_view``: no token is
    read here): a card's name, a bid as the auction says it («7», «7 سباتي»), a call's label."""
    vocab = vocabulary(q.game)
    move = pos.state.move_view(q.family.parse_move(pos, token))
    if move.kind == "bid":
        return vocab.bid_words(move.bid, move.strain)
    return vocab.said(move, form)


def answer_words(q, pos, answer: dict | None) -> str:
    """An answer (the learner's or the expected one) in words."""
    if answer is None:
        return ""
    vocab = vocabulary(q.game)
    if q.kind == questions.LEGAL_SET:
        names = [vocab.card(cards.parse_card(c)) for c in answer["cards"]]
        return listing(names) if names else pgettext("no cards", "none")
    if q.kind in (questions.PLAY, questions.BEST_CARD, questions.BEST_CONTRACT):
        if "moves" in answer:
            return listing(move_words(q, pos, m) for m in answer["moves"])
        return move_words(q, pos, answer["move"])
    if q.kind == questions.NEXT_LEADER:
        return vocab.seat(SEATS.index(answer["seat"]))
    if q.kind in (questions.TRICK_POINTS, questions.DEAL_POINTS):
        return listing(
            (
                _("%(who)s %(points)s") % {"who": vocab.seat(s), "points": p}
                for s, p in enumerate(answer["points"])
            ),
            "and",
        )
    if q.kind == questions.SHEET:
        return listing(
            _("%(side)s write %(entry)s and owe %(debt)s")
            % {"side": vocab.side(s), "entry": answer["entries"][s], "debt": answer["debts"][s]}
            for s in (0, 1)
        )
    if q.kind == questions.MATCH:
        if not answer["winners"]:
            return _("nobody yet: the match goes on")
        return listing(who(vocab, w) for w in answer["winners"])
    if q.kind == questions.KNOCK:
        if answer["may"]:
            return _("may knock; a knock now costs %(cost)s") % {"cost": answer["cost"]}
        return _("may not knock; a knock now costs %(cost)s") % {"cost": answer["cost"]}
    return ""


PROMPTS = {
    "next_leader": {
        "gulf": pgettext_lazy("gulf", "The trick is complete. Who leads the next trick?"),
        "levant": pgettext_lazy("levant", "The trick is complete. Who leads the next trick?"),
    },
    "trick_points": {
        "gulf": pgettext_lazy(
            "gulf", "The trick is complete. How many points does it cost each player?"
        ),
        "levant": pgettext_lazy(
            "levant", "The trick is complete. How many points does it cost each player?"
        ),
    },
    "taken_heading": {
        "gulf": pgettext_lazy("gulf", "Hearts and penalty cards"),
        "levant": pgettext_lazy("levant", "Hearts and penalty cards"),
    },
    "tricks_heading": {
        "gulf": pgettext_lazy("gulf", "Tricks"),
        "levant": pgettext_lazy("levant", "Tricks"),
    },
    "who_leads": {
        "gulf": pgettext_lazy("gulf", "Who leads the next trick?"),
        "levant": pgettext_lazy("levant", "Who leads the next trick?"),
    },
}


def taken_heading(game) -> str:
    """The heading of the column of cards that score, in ``game``'s words."""
    return str(PROMPTS["taken_heading"][vocabulary(game).region])


def tricks_heading(game) -> str:
    """The heading of the column of tricks taken, in ``game``'s words."""
    return str(PROMPTS["tricks_heading"][vocabulary(game).region])


def who_leads(game) -> str:
    """The answer form's question for a next-leader question, in the game's words."""
    return str(PROMPTS["who_leads"][vocabulary(game).region])


def prompt(q, pos) -> str:
    """The question, in one sentence."""
    state = pos.state
    vocab = vocabulary(q.game)
    seat = vocab.seat(state.to_act) if state.to_act is not None else ""
    if q.kind == questions.LEGAL_SET:
        return _("%(seat)s is to play. Select every card %(seat)s may play.") % {"seat": seat}
    if q.kind == questions.BEST_CONTRACT:
        used = [move_words(q, pos, c, form="the") for c in state.used]
        if used:
            return _(
                "%(seat)s owns the kingdom and has played %(used)s in it. Which of the "
                "contracts left suits this hand best?"
            ) % {"seat": seat, "used": listing(used, "and")}
        return _(
            "%(seat)s owns the kingdom and names this deal’s contract. Which contract suits "
            "this hand best?"
        ) % {"seat": seat}
    if q.kind == questions.BEST_CARD:
        return _(
            "Every hand is open. %(seat)s is to play: which card is best, if everyone plays "
            "their best from here?"
        ) % {"seat": seat}
    if q.kind == questions.PLAY:
        if state.phase == Phase.BIDDING:
            return _("%(seat)s is to bid. Make a call %(seat)s may make.") % {"seat": seat}
        if q.family.KNOCKS and questions.answer_calls(pos, q.kind):  # a knock offered
            return _("%(seat)s is to play. Lay a card %(seat)s may lay, %(or_knock)s.") % {
                "seat": seat,
                "or_knock": vocab.term("knock", "offer"),
            }
        return _("%(seat)s is to play. Play a card %(seat)s may play.") % {"seat": seat}
    if q.kind == questions.NEXT_LEADER:
        return str(PROMPTS["next_leader"][vocab.region])
    if q.kind == questions.TRICK_POINTS:
        return str(PROMPTS["trick_points"][vocab.region])
    if q.kind == questions.DEAL_POINTS and q.family.SIGNED_POINTS:
        return _(
            "The deal is over. How many points does each player score? A missed bid is "
            "written with a minus sign."
        )
    if q.kind == questions.DEAL_POINTS:
        return _("The deal is over. How many points does it cost each player?")
    if q.kind == questions.SHEET:
        return _(
            "The deal is over. What does each side write on the score sheet, and what does "
            "each side still owe?"
        )
    if q.kind == questions.MATCH:
        return _(
            "The deal is over. Add its points to the totals before it: who wins the match, or "
            "does it go on?"
        )
    if q.kind == questions.KNOCK:
        # short: the answer bar asks both parts again; a longer one went under the felt at 360 px
        return _(
            "%(seat)s is to play. May %(seat)s knock, and what would it give the other side?"
        ) % {"seat": seat}
    return ""


def best_card_words(q) -> dict:
    """A best card's explanation, from the costs stored with it (nothing is searched): the
    sentence saying by how much it beats every other card, and each card's cost in words."""
    vocab = vocabulary(q.game)
    unit = cost_words.unit(q.game)
    moves = cost_words.moves(q.game, {"moves": q.context.get("moves", [])})
    gap = min((m["cost"] for m in q.context.get("moves", []) if m["cost"] > 0), default=0)
    sentence = ngettext(
        "With every hand open, %(best)s is best: every other card costs at least %(gap)s.",
        "With every hand open, %(best)s are equally best: every other card costs at least %(gap)s.",
        len(q.expected["moves"]),
    ) % {
        "best": listing(cost_words.move_words(vocab, t) for t in q.expected["moves"]),
        "gap": unit.amount(gap, vocab.region),
    }
    return {"sentence": sentence, "costs": moves}


def best_contract_words(q) -> dict:
    """A best contract's explanation, from the rollouts stored with it (nothing is rolled out
    again): the sentence saying by how much it beats every other contract, and each contract's
    cost and its value above or below a player's average in it."""
    vocab = vocabulary(q.game)
    pos = q.position()
    unit = cost_words.unit(q.game)
    stored = q.context.get("moves", [])
    gap = min((m["cost"] for m in stored if m["cost"] > 0), default=0)
    n = q.context.get("rollouts", 0)
    sentence = ngettext(
        "Over %(n)s deal of the other players’ cards drawn at random, this hand beats a "
        "player’s average by most with %(best)s: every other contract scores at least "
        "%(gap)s less.",
        "Over %(n)s deals of the other players’ cards drawn at random, this hand beats a "
        "player’s average by most with %(best)s: every other contract scores at least "
        "%(gap)s less.",
        n,
    ) % {
        "n": n,
        "best": listing(move_words(q, pos, t, form="the") for t in q.expected["moves"]),
        "gap": unit.amount(gap, vocab.region),
    }
    costs = []
    for i, m in enumerate(stored):
        amount = unit.amount(abs(m["value"]), vocab.region)
        if m["value"] >= 0:
            value = _("%(points)s above a player’s average") % {"points": amount}
        else:
            value = _("%(points)s below a player’s average") % {"points": amount}
        costs.append(
            {
                "token": m["move"],
                "card": None,
                "name": move_words(q, pos, m["move"]),
                "best": m["cost"] == 0,
                "top": i == 0,
                "cost": unit.amount(m["cost"], vocab.region),
                "value": value,
                "numbers": {"cost": m["cost"], "value": m["value"]},
            }
        )
    return {"sentence": sentence, "costs": costs}
