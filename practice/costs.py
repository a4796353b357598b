"""The learner's cards judged by the analysis: in the review of a finished deal, each card the
learner played with what it cost and the best card beside it, the costly ones first, and the
whole deal's double-dummy table (Tarneeb, Tarneeb 41); in the hint, each legal card's cost now.

The costs are the analysis's (``rulebook.analyses``, cached per deal and view, under the site's
budget); this module only picks the learner's and words them. The review's default view and
the hint's only one is the learner's own seat's: what it could see when it played, never the
hidden hands.
"""

from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from cardgames import analysis
from cardgames.contract import Phase
from cardgames.table import PARTNERSHIPS, SEATS
from cardtable.words import vocabulary
from rulebook import analyses
from rulebook import costs as words

VIEW_PARAM = "analysis"  # the table page's ?analysis=open shows the review with every hand open
NO_COST = _("no cost")


def read_view(request) -> str:
    """The review's view the page was asked for: the seat's own unless ``?analysis=open``."""
    return "open" if request.GET.get(VIEW_PARAM) == "open" else "seat"


def review(practice, view: str, page_url: str) -> dict | None:
    """The review's analysis: each card the learner played, costly first; None when the deal
    had no card play (thrown in, redealt) or the game has no analysis. ``busy`` when the
    analysis could not be made within the budget (the page says so, and a reload tries again)."""
    position = practice.position()
    base = {
        "view": view,
        "views": words.views(view, lambda v: _switch(page_url, v)),
        "note": words.VIEW_NOTES[view],
    }
    try:
        answer = analyses.judge_deal(practice.game, position, view, seats=(practice.seat,))
    except analysis.Busy:
        return {**base, "busy": True, "retry": _switch(page_url, view)}
    except analysis.Unavailable:
        return None
    if not answer["moves"]:  # no card of the learner's was played
        return None
    return {**base, "busy": False, **_judged(practice, position, answer, view)}


def _switch(page_url: str, view: str) -> str:
    query = f"?{VIEW_PARAM}=open" if view == "open" else ""
    return f"{page_url}{query}#analysis"


def _judged(practice, position, answer: dict, view: str) -> dict:
    vocab = vocabulary(practice.game)
    unit = words.unit(practice.game)
    base = reverse("position", args=[practice.game])
    items = []
    for m in sorted(answer["moves"], key=lambda m: (-m["cost"], m["ply"])):
        card = words.card_of(m["move"])
        query = {**position.query(m["ply"]), "analysis": view}
        items.append(
            {
                "at": m["ply"] + 1,
                "card": vocab.card_view(card) if card is not None else None,
                "played": words.move_words(vocab, m["move"]),
                "costly": m["cost"] > 0,
                "cost": unit.amount(m["cost"], vocab.region) if m["cost"] > 0 else NO_COST,
                "best": words.either(vocab, m["best"]) if m["cost"] > 0 else "",
                "url": f"{base}?{urlencode(query)}",
            }
        )
    return {
        "items": items,
        "costly": sum(1 for i in items if i["costly"]),
        "unit": unit.key,
        "table": _table(practice, answer.get("table")),
    }


def _table(practice, table: dict | None) -> dict | None:
    """The deal's double-dummy table, and the sentence for the learner's side (Tarneeb) or
    seat (Tarneeb 41, where each player bids alone) in the trumps the deal was played in."""
    if not table:
        return None
    tricks = table["tricks"]
    mine = SEATS[practice.seat]
    who = mine if mine in tricks else PARTNERSHIPS[practice.seat % 2]
    return words.table_words(practice.game, tricks, who, practice.view().trumps)


def hint(practice) -> dict | None:
    """Each legal card's cost now, from the learner's own view only (never the hidden hands);
    None outside card play; ``busy`` when it could not be worked out within the budget."""
    if not practice.learner_to_act or practice.state.phase != Phase.PLAY:
        return None
    try:
        answer = analyses.judge(practice.game, practice.position(), practice.seat, "seat")
    except analysis.Busy:
        return {"busy": True}
    except analysis.Unavailable:
        return None
    return {"busy": False, "moves": words.moves(practice.game, answer), "answer": answer}
