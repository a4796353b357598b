"""The computer players' reasons in words, and the learner's hint.

A computer player gives a reason as a code and facts (``cardgames.bots``); this module
is the one place that words every code of ``bots.REASONS``, in the family's terms: Bent Al
Sbeet and its relatives (``penalty``), Tarneeb and Tarneeb 41 (``tarneeb``), Sab'at Al-Deemin
(``layout``). A code two families share (``play_low``) has a sentence in each. A sentence that
names a trick in a family played in both regions has one wording per region (أكلة, لمّة).

Advice a source gives is labelled with that source; advice no source gives is labelled as the
site's own, wherever it is shown.
"""

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cardgames import cards
from cardgames.games import game as described
from cardtable.words import attach_all, count, listing, vocabulary
from quiz.questions import anchor
from rulebook.messages import explain
from rulebook.models import Source

# The reasons' sentences: the ones every family's players give, then each family's (the
# ``sentences`` part of its description names its table).
COMMON = {
    "only_move": _("It is the only move the rules allow here."),
    "random_move": _("A beginner plays any move the rules allow, picked at random."),
}
PENALTY = {
    "pass_for_moon": _(
        "With a hand of winners, going for the moon: keep them all and pass a low card, %(card)s."
    ),
    "pass_penalty_card": _(
        "Pass %(card)s: with too few low cards beside it in its suit, it is safer in "
        "someone else’s hand."
    ),
    "pass_talbees_catcher": _(
        "Pass %(card)s: a card above %(penalty)s forces it out of the hand that holds it, "
        "your partner’s too, whenever the two meet in their suit."
    ),
    "pass_catcher": _(
        "Pass %(card)s: in a short suit it would catch %(penalty)s when its holder plays it "
        "underneath."
    ),
    "pass_to_void": _(
        "Pass %(card)s to be left with no %(suit)s: then a penalty card can be thrown "
        "whenever that suit is led."
    ),
    "pass_high_card": _(
        "Pass a high card, %(card)s, and keep the low ones: they let you play underneath later."
    ),
    "expose_safe": _(
        "Expose %(card)s: your hand holds enough low cards to be sure of getting rid of it."
    ),
    "keep_unexposed": _(
        "Keep %(card)s unexposed: your hand is not safe enough to be sure of getting rid of it."
    ),
    "shoot_moon": _("Going for the moon: win all you can and throw no point away. Play %(card)s."),
    "first_trick_high": {
        "gulf": pgettext_lazy(
            "gulf",
            "No card that scores may fall on the first trick, so it costs nothing: be rid "
            "of a high card, %(card)s.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "No card that scores may fall on the first trick, so it costs nothing: be rid "
            "of a high card, %(card)s.",
        ),
    },
    "win_jack": {
        "gulf": pgettext_lazy(
            "gulf",
            "The bonus card on this trick is worth more than its penalty points: take it, "
            "with %(card)s.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "The bonus card on this trick is worth more than its penalty points: take it, "
            "with %(card)s.",
        ),
    },
    "spare_partner": {
        "gulf": pgettext_lazy(
            "gulf",
            "Your partner is taking this trick: give %(card)s, which costs your side "
            "nothing, or the least.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "Your partner is taking this trick: give %(card)s, which costs your side "
            "nothing, or the least.",
        ),
    },
    "discard_penalty": {
        "gulf": pgettext_lazy(
            "gulf", "You cannot follow suit: throw %(card)s on someone else’s trick."
        ),
        "levant": pgettext_lazy(
            "levant", "You cannot follow suit: throw %(card)s on someone else’s trick."
        ),
    },
    "discard_danger": _(
        "You cannot follow suit: throw %(card)s, the card most likely to catch penalty "
        "points later."
    ),
    "duck": _(
        "Play underneath the highest card so far, with %(card)s, your highest card that "
        "still loses."
    ),
    "win_high": {
        "gulf": pgettext_lazy(
            "gulf",
            "This trick costs nothing, or is yours whatever you play: take it with "
            "%(card)s, a high card worth no points, to be rid of it.",
        ),
        "levant": pgettext_lazy(
            "levant",
            "This trick costs nothing, or is yours whatever you play: take it with "
            "%(card)s, a high card worth no points, to be rid of it.",
        ),
    },
    "play_low": _(
        "Every card you hold would win for now: play the lowest, %(card)s, which leaves the "
        "most room to be overtaken."
    ),
    "flush_penalty": _(
        "%(penalty)s is still out and you hold nothing above it: lead %(card)s, below it, "
        "so that its holder may have to give it up."
    ),
    "avoid_void_suit": _(
        "Someone has shown they hold no %(suit)s and would throw a penalty card on it: lead "
        "%(card)s, in a suit everyone still follows."
    ),
    "lead_short": _(
        "Lead %(card)s from your short suit, %(suit)s, to empty it early while others hold "
        "higher cards."
    ),
    "lead_low": _(
        "Lead %(card)s, the card the most cards still out can beat: never lead a suit whose "
        "best card you hold."
    ),
    # The expert's: deals drawn from its own view, each played out to the end (rollouts).
    "fewest_points_by_analysis": _(
        "Play %(card)s: in %(deals)s that fit what you have seen, each played out to the end, "
        "it is the card that does best, and every other card costs %(points)s or more across them."
    ),
}
TRICKBID = {
    "bid_sure_tricks": _(
        "Bid %(bid)s: your hand counts %(tricks)s, and with your partner’s share that is "
        "enough for this bid."
    ),
    "pass_weak": _("Pass: your hand counts only %(tricks)s, too few to bid."),
    "let_bid_stand": _(
        "Pass: your side already holds the bid with %(bid)s; go over it only with tricks of "
        "your own to cover a higher one."
    ),
    "forced_bid": _("The rules make you bid: %(bid)s, the cheapest bid in your best suit."),
    "double_contract": _(
        "Double %(bid)s: your own high cards, %(tricks)s, and your partner’s usual share "
        "should beat it."
    ),
    "bid_own_tricks": _(
        "Bid %(bid)s, the tricks you count on alone (%(tricks)s): your partner’s tricks are "
        "your partner’s."
    ),
    "bid_double_carefully": _(
        "Bid %(bid)s, under your count of %(tricks)s: a bid this high wins or loses double."
    ),
    "bid_to_play": _(
        "Bid %(bid)s, one over your count of %(tricks)s: it brings the bids up to the total "
        "that plays the hand instead of throwing it in."
    ),
    "let_redeal": _(
        "Bid your count, %(bid)s: the bids are too far short of the total to play, so let "
        "the cards be dealt again."
    ),
    "call_trump": _("Name %(suit)s as trumps: it is your longest and strongest suit."),
    "draw_trumps": _(
        "Your side named the trumps: lead them early. %(card)s draws the trumps the "
        "opponents may still hold."
    ),
    "cash_winner": _("Cash %(card)s: no card still out can beat it in its suit."),
    "lead_long_suit": _("Lead low from your longest side suit, %(suit)s: %(card)s."),
    "no_overtake": _("Your partner’s card is taking the trick: do not overtake it. Play %(card)s."),
    "take_own_trick": _(
        "A trick counts for whoever takes it, and your partner has made their bid while you "
        "have not: take this one yourself, with %(card)s."
    ),
    "win_trick": _("Take the trick, as cheaply as it can be done: %(card)s."),
    "play_low": _(
        "Someone still plays after you, or you cannot win the trick: play low, %(card)s."
    ),
    "ruff": _(
        "You have none of the suit led: ruff with the lowest trump that takes the trick, %(card)s."
    ),
    "hold_trump": _(
        "Keep your trump for the declarer’s best card while your partner may still take "
        "this trick: throw %(card)s."
    ),
    "discard_low": _("You cannot take this trick: throw the lowest card of a side suit, %(card)s."),
    # The expert's: deals drawn from its own view, each played out to the end (rollouts).
    "best_by_analysis": _(
        "Play %(card)s: in %(deals)s that fit what you have seen, each played out to the end, "
        "it scores best for your side, and every other card gives up %(points)s or more "
        "across them."
    ),
}
LAYOUT = {
    "announce_pass": _("Announce nothing: your hand can lay only %(runs)s on its own sevens."),
    "double_fast_hand": _(
        "Double: your hand can lay %(runs)s on its own sevens, most of what it holds."
    ),
    "triple_fast_hand": _(
        "Triple: your hand can lay %(runs)s on its own sevens, more than a double needs."
    ),
    "redeal_high_cards": _(
        "Ask for a new deal: three kings or three aces, the last cards of their piles, would "
        "stay in a hand this slow."
    ),
    "hold_seven": _(
        "Hold back %(held)s: it would open a suit where the opponents are long. Lay %(card)s "
        "instead."
    ),
    "unblock_partner": _(
        "Your partner has just knocked: lay %(card)s, which may let your partner play."
    ),
    "play_long_suit": _("Lay %(card)s, in %(suit)s, the suit where your side holds the most."),
    # The expert's: deals drawn from its own view, each played out to the end (rollouts).
    "best_chance_by_analysis": _(
        "Lay %(card)s: in %(deals)s that fit what you have seen, each played out to the end, "
        "it scores best for your side, and every other card gives up %(points)s or more "
        "across them."
    ),
    "announce_by_rollouts": _(
        "In %(deals)s that fit what you have seen, each played out to the end, this "
        "announcement scores best for your side, and every other one gives up %(points)s or "
        "more across them."
    ),
}

SITE_OWN = _("The site’s own advice: no source gives it.")
FROM_SOURCE = _("A tip from %(source)s.")

# How a fact is put into words (the others are cards).
COUNTED_FACTS = {
    "tricks": "tricks_obj",
    "runs": "cards_obj",
    "points": "points_obj",
    "deals": "deals_obj",
}


def sentences(game: str) -> dict:
    """The sentences of ``game``'s family (its description's ``sentences`` part)."""
    return described(game).part("sentences")


def template(game: str, code: str):
    """The sentence of ``code`` for ``game`` (in its family and region), or None."""
    found = sentences(game).get(code) or COMMON.get(code)
    if isinstance(found, dict):
        found = found.get(vocabulary(game).region)
    return found


def fact_words(game: str, facts: dict) -> dict:
    """The facts of a reason in ``game``'s words: cards by name, suits, bids, counted nouns."""
    vocab = vocabulary(game)
    out = {}
    for key, value in facts.items():
        if key in COUNTED_FACTS:
            out[key] = count(value, COUNTED_FACTS[key], vocab.region)
        elif key == "suit":
            out[key] = vocab.suit(cards.SUITS.index(value))
        elif key == "bid":
            out[key] = vocab.bid(value)
        elif isinstance(value, str) and len(value) == 2:
            out[key] = vocab.card_the(cards.parse_card(value))
        else:
            out[key] = value
    return out


def sentence(game: str, reason) -> str:
    """A computer player's reason (``bots.Reason``) as a sentence in the active language."""
    text = template(game, reason.code)
    if text is None:  # a code this module does not know yet: a test names it
        return str(_("The computer player has its reasons."))
    return capfirst_sentence(attach_all(str(text) % fact_words(game, reason.facts)))


def capfirst_sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def source_label(game: str, reason) -> dict:
    """Where the advice comes from: a source (its title, and the rule page's tips), or the
    site's own."""
    if reason.source is None:
        return {"own": True, "text": SITE_OWN}
    found = Source.objects.filter(game__slug=game, key=reason.source).first()
    title = found.title if found else reason.source
    return {
        "own": False,
        "text": FROM_SOURCE % {"source": title},
        "url": reverse("rules", args=[game]) + "#tips",
    }


def rule_url(game: str, variant: str, code: str) -> str:
    """Where the rule that refused a move is stated on the rule page."""
    where = anchor(game, code)
    base = reverse("rules-variant", args=[game, variant])
    if where is None:
        return base + "#play"
    section, rule = where
    return base + (f"#rule-{rule}" if rule else f"#{section}")


def hint(practice) -> dict | None:
    """The learner's hint: the legal moves in words, each refused card with the engine's
    reason and a link to its rule, and what the club player would do, with why."""
    if not practice.learner_to_act:
        return None
    game = practice.game
    vocab = vocabulary(game)
    state = practice.state
    legal = [
        move_words(vocab, practice.module.format_move(m), state.phase) for m in practice.legal()
    ]
    refused = [
        {
            "card": vocab.card_view(card),
            "why": explain(error.code, error.details, game=game),
            "url": rule_url(game, practice.setup.variant, error.code),
        }
        for card, error in practice.refusals()
    ]
    decision = practice.advice()
    token = practice.module.format_move(decision.move)
    return {
        "legal": listing(legal),
        "refused": refused,
        "club": {
            "move": move_words(vocab, token, state.phase),
            "why": sentence(game, decision.reason),
            "source": source_label(game, decision.reason),
        },
    }


def move_words(vocab, token: str, phase: str) -> str:
    """A move as the table says it: a card by name, a call in words."""
    return vocab.move(token, phase)
