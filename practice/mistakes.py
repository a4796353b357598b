"""A costly card told as a player tells it, at the trick: what the card did, what the best card
would have done, and what the difference was worth from the view it is judged from.

    Trick 5, your lead: your jack of clubs took the trick, and with it North's queen of
    spades: you took 13 points. The seven of clubs would have let the trick go in every deal
    that fits what you could see. From what you could see, the jack risked 6 points more
    than the seven, by the end of the deal.

Every fact is the engine's (``cardgames.search.lines``, through ``cardgames.analysis.lines``):
the trick as it was played (the deal is over), the two cards played in the analysis's own deals
(or, every hand open, the real ones), the verdict's values. This module only words them, in
each region's card words (``cardtable.words``) and the family's unit (``rulebook.costs``); what
a family's tricks carry and who plays beside the seat is its module's (``families/<family>.py``:
``partners``, ``scoring_cards``, ``won_for_side``), and a game without tricks (``Family.tricks``)
is told card by card.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cardgames.games import game as described
from cardgames.search import lines
from cardgames.table import across
from cardtable.words import attach_all, count, listing
from plumbing import families
from rulebook import costs as cost_words

# --- the head: which trick, who led ---------------------------------------------------------

TRICK_LEAD = {
    "gulf": pgettext_lazy("gulf", "Trick %(n)s, your lead:"),
    "levant": pgettext_lazy("levant", "Trick %(n)s, your lead:"),
}
TRICK_FOLLOW = {
    "gulf": pgettext_lazy("gulf", "Trick %(n)s, led by %(seat)s:"),
    "levant": pgettext_lazy("levant", "Trick %(n)s, led by %(seat)s:"),
}
TRICK_FOLLOW_PARTNER = {
    "gulf": pgettext_lazy("gulf", "Trick %(n)s, led by your partner:"),
    "levant": pgettext_lazy("levant", "Trick %(n)s, led by your partner:"),
}
ROUND = pgettext_lazy("a round of Sab'at's play", "Round %(n)s:")

# --- what the card did (the deal as it was played), and what the best card would have done
# (the analysis's deals): each in the region's word for a trick (Arabic: أكلة, لمّة)

YOU_TOOK_POINTS = {
    "gulf": pgettext_lazy(
        "gulf", "your %(card)s took the trick, and with it %(thrown)s: you took %(points)s."
    ),
    "levant": pgettext_lazy(
        "levant", "your %(card)s took the trick, and with it %(thrown)s: you took %(points)s."
    ),
}
YOU_TOOK_OWN_POINTS = {
    "gulf": pgettext_lazy("gulf", "your %(card)s took the trick: you took %(points)s."),
    "levant": pgettext_lazy("levant", "your %(card)s took the trick: you took %(points)s."),
}
YOU_TOOK_CLEAN = {
    "gulf": pgettext_lazy("gulf", "your %(card)s took the trick, with no points in it."),
    "levant": pgettext_lazy("levant", "your %(card)s took the trick, with no points in it."),
}
YOU_TOOK = {
    "gulf": pgettext_lazy("gulf", "your %(card)s took the trick."),
    "levant": pgettext_lazy("levant", "your %(card)s took the trick."),
}
PARTNER_TOOK = {
    "gulf": pgettext_lazy("gulf", "the trick went to your partner, with %(winning)s."),
    "levant": pgettext_lazy("levant", "the trick went to your partner, with %(winning)s."),
}
THEY_TOOK = {
    "gulf": pgettext_lazy("gulf", "%(seat)s took the trick with %(winning)s, over your %(card)s."),
    "levant": pgettext_lazy(
        "levant", "%(seat)s took the trick with %(winning)s, over your %(card)s."
    ),
}
THEY_TOOK_POINTS = {
    "gulf": pgettext_lazy(
        "gulf",
        "%(seat)s took the trick with %(winning)s, over your %(card)s, and %(points)s with it.",
    ),
    "levant": pgettext_lazy(
        "levant",
        "%(seat)s took the trick with %(winning)s, over your %(card)s, and %(points)s with it.",
    ),
}
SEAT_ALWAYS = {
    "gulf": pgettext_lazy(
        "gulf", "%(best)s would have taken the trick in every deal that fits what you could see."
    ),
    "levant": pgettext_lazy(
        "levant", "%(best)s would have taken the trick in every deal that fits what you could see."
    ),
}
SEAT_NEVER = {
    "gulf": pgettext_lazy(
        "gulf", "%(best)s would have let the trick go in every deal that fits what you could see."
    ),
    "levant": pgettext_lazy(
        "levant", "%(best)s would have let the trick go in every deal that fits what you could see."
    ),
}
SEAT_SHARE = {
    "gulf": pgettext_lazy(
        "gulf",
        "%(best)s would have taken the trick in %(share)s of the deals that fit what you could "
        "see (your %(card)s: %(played_share)s).",
    ),
    "levant": pgettext_lazy(
        "levant",
        "%(best)s would have taken the trick in %(share)s of the deals that fit what you could "
        "see (your %(card)s: %(played_share)s).",
    ),
}
SIDE_ALWAYS = {
    "gulf": pgettext_lazy(
        "gulf",
        "%(best)s would have won the trick for your side in every deal that fits what you could "
        "see.",
    ),
    "levant": pgettext_lazy(
        "levant",
        "%(best)s would have won the trick for your side in every deal that fits what you could "
        "see.",
    ),
}
SIDE_NEVER = {
    "gulf": pgettext_lazy(
        "gulf",
        "%(best)s would have let the other side take the trick in every deal that fits what you "
        "could see.",
    ),
    "levant": pgettext_lazy(
        "levant",
        "%(best)s would have let the other side take the trick in every deal that fits what you "
        "could see.",
    ),
}
SIDE_SHARE = {
    "gulf": pgettext_lazy(
        "gulf",
        "%(best)s would have won the trick for your side in %(share)s of the deals that fit what "
        "you could see (your %(card)s: %(played_share)s).",
    ),
    "levant": pgettext_lazy(
        "levant",
        "%(best)s would have won the trick for your side in %(share)s of the deals that fit what "
        "you could see (your %(card)s: %(played_share)s).",
    ),
}
WITH_POINTS = {
    "gulf": pgettext_lazy(
        "gulf",
        "On average it would have taken %(points)s in that trick, where your %(card)s took "
        "%(played)s.",
    ),
    "levant": pgettext_lazy(
        "levant",
        "On average it would have taken %(points)s in that trick, where your %(card)s took "
        "%(played)s.",
    ),
}
WITH_NO_POINTS = {
    "gulf": pgettext_lazy(
        "gulf",
        "On average it would have taken no points in that trick, where your %(card)s took "
        "%(played)s.",
    ),
    "levant": pgettext_lazy(
        "levant",
        "On average it would have taken no points in that trick, where your %(card)s took "
        "%(played)s.",
    ),
}
WITH_POINTS_NONE_YOURS = {
    "gulf": pgettext_lazy(
        "gulf",
        "On average it would have taken %(points)s in that trick, where your %(card)s took none.",
    ),
    "levant": pgettext_lazy(
        "levant",
        "On average it would have taken %(points)s in that trick, where your %(card)s took none.",
    ),
}
SAME_TRICK = {
    "gulf": pgettext_lazy(
        "gulf",
        "%(best)s would have done as well in this trick: the difference is in the tricks that "
        "follow.",
    ),
    "levant": pgettext_lazy(
        "levant",
        "%(best)s would have done as well in this trick: the difference is in the tricks that "
        "follow.",
    ),
}
OPEN_WON = {
    "gulf": pgettext_lazy("gulf", "With every hand open, %(best)s would have taken the trick."),
    "levant": pgettext_lazy("levant", "With every hand open, %(best)s would have taken the trick."),
}
OPEN_WON_POINTS = {
    "gulf": pgettext_lazy(
        "gulf", "With every hand open, %(best)s would have taken the trick, and %(points)s."
    ),
    "levant": pgettext_lazy(
        "levant", "With every hand open, %(best)s would have taken the trick, and %(points)s."
    ),
}
OPEN_LOST = {
    "gulf": pgettext_lazy("gulf", "With every hand open, %(best)s would have let the trick go."),
    "levant": pgettext_lazy(
        "levant", "With every hand open, %(best)s would have let the trick go."
    ),
}
OPEN_SIDE_WON = {
    "gulf": pgettext_lazy(
        "gulf", "With every hand open, %(best)s would have won the trick for your side."
    ),
    "levant": pgettext_lazy(
        "levant", "With every hand open, %(best)s would have won the trick for your side."
    ),
}
OPEN_SIDE_LOST = {
    "gulf": pgettext_lazy(
        "gulf", "With every hand open, %(best)s would have let the other side take the trick."
    ),
    "levant": pgettext_lazy(
        "levant", "With every hand open, %(best)s would have let the other side take the trick."
    ),
}
THROWN = pgettext_lazy("a card and who played it", "%(card)s from %(seat)s")
LAID = _("you laid %(card)s.")
OPENED_AT_ONCE = _("your %(card)s opened %(above)s for %(seat)s, who laid it at once.")
OPENED_LATER = _("your %(card)s opened %(above)s for %(seat)s.")
OPENED_PARTNER = _("your %(card)s opened %(above)s for your partner.")

# --- what it was worth -------------------------------------------------------------------------

RISKED = _(
    "From what you could see, your %(card)s risked %(cost)s more than %(best)s, by the end of "
    "the deal."
)
COST_OPEN = _(
    "With every hand open, your %(card)s cost %(cost)s against %(best)s, by the end of the deal."
)
CHANCE_SEAT = _(
    "Laying %(best)s instead, your side would have gone out first in %(best_chance)s of the "
    "deals that fit what you could see; with your %(card)s, in %(chance)s."
)
CHANCE_OPEN_WON = _(
    "With every hand open, %(best)s would have let your side go out first; your %(card)s did not."
)
CHANCE_OPEN = _(
    "With every hand open, your side's chance of going out first was %(best_chance)s with "
    "%(best)s, %(chance)s with your %(card)s."
)


def playing(game: str, state):
    """The game and the deal whose moves are told (``Family.playing``: a Trix trick
    contract's own deal, as the penalty family's)."""
    found = described(game)
    return found.family.playing(found, state)


def head(vocab, state, seat: int, family) -> str:
    """Which trick (or, in a game without tricks, Sab'at, which round of the play) and who led
    it (a partner named as such where the game has partners: the family module's
    ``partners``)."""
    if not family.tricks:
        laid = sum(1 for m in state.history if m < 52)
        return str(ROUND % {"n": laid // 4 + 1})
    n = lines.trick_number(state)
    region = vocab.region
    if not state.trick:
        return str(TRICK_LEAD[region] % {"n": n})
    leader = state.trick[0][0]
    if leader == across(seat) and families.of("practice", family).partners(state.rules):
        return str(TRICK_FOLLOW_PARTNER[region] % {"n": n})
    return str(TRICK_FOLLOW[region] % {"n": n, "seat": vocab.seat(leader)})


def _points(n: float, vocab) -> str:
    return count(round(n), "points_obj", vocab.region)


def happened(vocab, seat: int, move: int, trick=None, laid=None, scores=None, partners=True) -> str:
    """What the card did in the deal as it was played: the trick it went to (``scores``: the
    cards that carry points, where tricks carry points: the penalty family; None where they
    carry none), or, in a game without tricks (Sab'at, the Trix's rows), the card it opened
    (``laid``), for a partner where the seats play as ``partners``."""
    card = vocab.card(move)
    if trick is None:
        if laid is None or laid.holder is None or laid.holder == seat:
            return str(LAID % {"card": vocab.card_the(move)})
        above = vocab.card_the(laid.card)
        if partners and laid.holder == across(seat):
            return str(OPENED_PARTNER % {"card": card, "above": above})
        pattern = OPENED_AT_ONCE if laid.at_once else OPENED_LATER
        return str(pattern % {"card": card, "above": above, "seat": vocab.seat(laid.holder)})
    if trick.winner == seat:
        if scores is None:
            return str(YOU_TOOK[vocab.region] % {"card": card})
        if not trick.points:
            return str(YOU_TOOK_CLEAN[vocab.region] % {"card": card})
        thrown = [
            THROWN % {"card": vocab.card_the(c), "seat": vocab.seat(s)}
            for s, c in trick.cards
            if s != seat and c in scores
        ]
        points = _points(trick.points, vocab)
        if not thrown:
            return str(YOU_TOOK_OWN_POINTS[vocab.region] % {"card": card, "points": points})
        return str(
            YOU_TOOK_POINTS[vocab.region]
            % {"card": card, "thrown": listing(thrown, "and"), "points": points}
        )
    winning = next(c for s, c in trick.cards if s == trick.winner)
    if trick.ours:
        return str(PARTNER_TOOK[vocab.region] % {"winning": vocab.card_the(winning)})
    words = {"seat": vocab.seat(trick.winner), "winning": vocab.card_the(winning), "card": card}
    if scores is not None and trick.points:
        return str(
            THEY_TOOK_POINTS[vocab.region] % {**words, "points": _points(trick.points, vocab)}
        )
    return str(THEY_TOOK[vocab.region] % words)


def instead(vocab, points: bool, side: bool, view: str, best: int, move: int, compared) -> str:
    """What the best card would have done in the analysis's deals of ``view`` (``compared``:
    ``lines.compare`` of the two cards); ``points``: whether tricks carry points (then the
    points it would have taken are said); ``side``: whether a trick is won for the side."""
    best_line, played_line = compared[best], compared[move]
    words = {"best": vocab.card_the(best), "card": vocab.card(move)}
    if abs(best_line.won - played_line.won) < 0.05 and round(best_line.points) == round(
        played_line.points
    ):
        return str(SAME_TRICK[vocab.region] % words)
    if view == "open":
        if best_line.won:
            if points and best_line.points >= 0.5:
                points = _points(best_line.points, vocab)
                return str(OPEN_WON_POINTS[vocab.region] % {**words, "points": points})
            return str((OPEN_SIDE_WON[vocab.region] if side else OPEN_WON[vocab.region]) % words)
        return str((OPEN_SIDE_LOST[vocab.region] if side else OPEN_LOST[vocab.region]) % words)
    sentences = (
        (SIDE_ALWAYS, SIDE_NEVER, SIDE_SHARE) if side else (SEAT_ALWAYS, SEAT_NEVER, SEAT_SHARE)
    )
    always, never, share = (pattern[vocab.region] for pattern in sentences)
    if best_line.won >= 1:
        text = always % words
    elif best_line.won <= 0:
        text = never % words
    else:
        text = share % {
            **words,
            "share": cost_words.percent(best_line.won),
            "played_share": cost_words.percent(played_line.won),
        }
    text = str(text)
    best_points, played_points = round(best_line.points), round(played_line.points)
    if points and best_points != played_points:
        pattern = (
            WITH_NO_POINTS
            if not best_points
            else WITH_POINTS_NONE_YOURS
            if not played_points
            else WITH_POINTS
        )
        text += " " + str(
            pattern[vocab.region]
            % {
                "card": vocab.card(move),
                "points": _points(best_points, vocab),
                "played": _points(played_points, vocab),
            }
        )
    return text


def worth(vocab, unit, view: str, move: int, best: int, answer: dict, module) -> str:
    """What the card gave up, from ``view``, in the family's unit."""
    by_token = {m["move"]: m for m in answer["moves"]}
    mine, top = by_token[module.format_move(move)], by_token[module.format_move(best)]
    words = {"card": vocab.card(move), "best": vocab.card_the(best)}
    if unit.key == "chance":
        chances = {
            "best_chance": cost_words.percent(top["value"]),
            "chance": cost_words.percent(mine["value"]),
        }
        if view == "open" and top["value"] == 1 and mine["value"] == 0:
            return str(CHANCE_OPEN_WON % words)
        return str((CHANCE_OPEN if view == "open" else CHANCE_SEAT) % {**words, **chances})
    pattern = COST_OPEN if view == "open" else RISKED
    return str(pattern % {**words, "cost": unit.amount(mine["cost"], vocab.region)})


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def mistake(game: str, vocab, view: str, state, played: list[int], answer: dict, compare) -> dict:
    """The card ``played[0]``, chosen in ``state`` (``played``: the record from that moment
    to the deal's end) and judged costly by ``answer``, in words: ``head`` (the trick, who
    led) and ``text``. ``compare(cards)``: ``analysis.lines`` of those cards in ``view``'s
    deals (the caller caches it)."""
    described_game, state = playing(game, state)  # a Trix contract: its own deal
    family = described_game.family
    seat, move = state.to_act, played[0]
    best = state.parse_move(answer["moves"][0]["move"])
    unit = cost_words.unit(game)
    parts = []
    part = families.of("practice", family)
    if not family.tricks:
        laid = lines.opened(state, played)
        parts.append(happened(vocab, seat, move, laid=laid, partners=part.partners(state.rules)))
    else:
        trick = lines.trick_of(described_game, state, played)
        scores = part.scoring_cards(state)
        parts.append(happened(vocab, seat, move, trick=trick, scores=scores))
        side = part.won_for_side(state.rules)
        compared = compare((best, move))
        parts.append(instead(vocab, scores is not None, side, view, best, move, compared))
    parts.append(worth(vocab, unit, view, move, best, answer, described_game.engine))
    return {
        "head": head(vocab, state, seat, family),
        "text": attach_all(" ".join(_capitalised(p) for p in parts)),
        "best": best,
    }
