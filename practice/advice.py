"""The computer players' reasons in words, and the learner's hint.

A computer player gives a reason as a code and facts (``cardgames.bots``); this module is the one
place that words every code of ``bots.REASONS``, in the family's terms: each family's sentences are
its module's (``families/<family>.py``: Bent Al Sbeet and its relatives, ``penalty``; Tarneeb and
Tarneeb 41, ``trickbid``; Sab'at Al-Deemin, ``layout``). A code two families share (``play_low``)
has a sentence in each. A sentence that names a trick in a family played in both regions has one
wording per region (أكلة, لمّة).

Advice a source gives is labelled with that source; advice no source gives is labelled as the
site's own, wherever it is shown.
"""

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from cardgames import cards
from cardgames.contract import Phase
from cardgames.games import game as described
from cardtable.words import attach_all, count, listing, vocabulary
from plumbing import families
from quiz.questions import anchor
from rulebook.messages import explain
from rulebook.models import Source

# The reasons' sentences: the ones every family's players give; each family's own are its
# module's (``families/<family>.py``: ``SENTENCES``).
COMMON = {
    "only_move": _("It is the only move the rules allow here."),
    "random_move": _("A beginner plays any move the rules allow, picked at random."),
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
    """The sentences of ``game``'s family (its module's ``SENTENCES``)."""
    return families.of("practice", described(game).family).SENTENCES


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
        elif key == "contract":  # Trix: the contract an owner names
            out[key] = vocab.move(value, Phase.CHOOSE)
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
