"""What a retry's page says (``practice.retry``): where it started, the card just refused and
what it costs, the card found, and once the deal is over, how it went against the deal as it
was played."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cardgames.contract import Phase
from cardgames.games import game as described
from cardgames.table import side_of
from cardtable.words import attach_all, signed, vocabulary
from rulebook import costs as cost_words

from . import mistakes
from .match import Practice

TITLE = _("Deal %(n)s, tried again")
NOTE = _("Whatever you play here, your match stays as it was.")
FROM_CARD = _("In the deal you played %(card)s here. Find a card as good as the best.")
FROM_START = _("The deal from its start, with the same hands.")
REFUSED = {
    "seat": _("Not %(card)s: from what you could see, it costs %(cost)s. Try another card."),
    "open": _("Not %(card)s: with every hand open, it costs %(cost)s. Try another card."),
}
REFUSED_CHANCE = {
    "seat": _(
        "Not %(card)s: from what you could see, it lowers your side’s chance of going out first "
        "by %(cost)s. Try another card."
    ),
    "open": _(
        "Not %(card)s: with every hand open, it lowers your side’s chance of going out first by "
        "%(cost)s. Try another card."
    ),
}
FOUND = _("Well found: %(card)s costs nothing against the best card here.")
BUSY = _("The card could not be judged in the time allowed: the site is busy. Tap it again.")
YOUR_TURN = pgettext_lazy("retry", "Your turn.")
OVER = _("The retry is over. Your points: %(now)s; in the deal as played: %(then)s.")
OVER_SIDE = _("The retry is over. Your side’s points: %(now)s; in the deal as played: %(then)s.")


def _points_of(practice: Practice, points) -> int:
    if len(points) == 4:
        return points[practice.seat]
    return points[side_of(practice.seat)]


def context(practice: Practice, played: Practice, start: int, view: str, found: str, **said):
    """The page's words. ``played``: the match as it was (the deal the retry started from);
    ``said``: ``tried`` (a refused ``retry.Tried``), ``busy``, ``error``."""
    vocab = vocabulary(practice.game)
    record = played.deals[practice.deal_number - 1]
    family = described(practice.game).family
    out = {"title": TITLE % {"n": practice.deal_number}, "note": NOTE, "lines": []}
    if start and start < len(record.moves):
        state = practice.position(start).state
        original = record.moves[start]
        if state.to_act == practice.seat and state.phase == Phase.PLAY:
            out["head"] = mistakes.head(vocab, state, practice.seat, family)
            card = vocab.card_the(state.parse_move(original))
            out["lines"].append(FROM_CARD % {"card": card})
    else:
        out["lines"].append(FROM_START)
    tried = said.get("tried")
    if tried is not None:
        move = practice.state.parse_move(tried.token)
        cost = next(m["cost"] for m in tried.answer["moves"] if m["move"] == tried.token)
        unit = cost_words.unit(practice.game)
        refused = REFUSED_CHANCE if unit.key == "chance" else REFUSED
        out["refused"] = attach_all(
            refused[view]
            % {
                "card": vocab.card_the(move),
                "cost": unit.amount(cost, vocab.region),
            }
        )
        out["refused_card"] = tried.token
    elif found:
        out["found"] = FOUND % {"card": vocab.card_the(practice.state.parse_move(found))}
    if said.get("busy"):
        out["busy"] = BUSY
    if said.get("error"):
        out["error"] = said["error"]
    if practice.deal_over:
        now = _points_of(practice, practice.state.points())
        then = _points_of(practice, played_points(played, practice.deal_number))
        pattern = OVER if len(practice.state.points()) == 4 else OVER_SIDE
        out["over"] = pattern % {"now": signed(now), "then": signed(then)}
    elif practice.learner_to_act:
        out["turn"] = YOUR_TURN
    return out


def played_points(played: Practice, deal_number: int):
    """The points of deal ``deal_number`` as it was played: its row on the match's sheet."""
    row = played.sheet[deal_number - 1]
    return list(row["points"].values())
