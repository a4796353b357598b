"""The learner's cards judged by the analysis: in the review of a finished deal, each card the
learner chose (among more than one) with its verdict, the costly ones first, each told in
words at its trick with a link to that very moment and a retry; in the hint, each legal card's
cost now.

Every verdict is the analysis's own answer for that moment (``rulebook.analyses``: one search
per moment and view, one cache), so a card costs in the review exactly what the hint, the
position page and the lesson editor say of the same moment. A review asks for its moments'
answers under one budget per request: what is not judged yet is judged by the next request
(the page says how many are left, and goes on by itself with JavaScript, or by a link). The
review's default view and the hint's only one is the learner's own seat's: what it could see
when it played, never the hidden hands.
"""

from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cardgames import analysis
from cardgames.contract import Phase
from cardgames.table import PARTNERSHIPS, SEATS
from cardtable.words import vocabulary
from rulebook import analyses
from rulebook import costs as words

from . import mistakes

VIEW_PARAM = "analysis"  # the table page's ?analysis=open shows the review with every hand open
ABOUT_AS_GOOD = _("about as good as the best")
RETRY = {
    "gulf": pgettext_lazy("gulf", "Retry this trick"),
    "levant": pgettext_lazy("levant", "Retry this trick"),
}
RETRY_CARD = pgettext_lazy("Sab'at", "Retry this card")  # a game without tricks


def read_view(request) -> str:
    """The review's view the page was asked for: the seat's own unless ``?analysis=open``."""
    return "open" if request.GET.get(VIEW_PARAM) == "open" else "seat"


def review(practice, view: str, page_url: str, retry_url=None) -> dict | None:
    """The review's analysis: each card the learner chose, costly first; ``forced``, the count
    of the learner's moves (cards and knocks), when each was its only legal one; None when
    the learner played no card (thrown in, redealt) or the game has no analysis. ``pending``:
    the learner's moments not judged yet (the site was busy, or one budget did not reach
    them); ``retry_url(ply, view)`` links a retry of a costly card."""
    position = practice.position()
    plays = list(
        analysis.card_plays(practice.game, position.start_state(), practice.moves, {practice.seat})
    )
    moments = [(ply, seat, move, state) for ply, seat, move, state, chosen in plays if chosen]
    if not moments:
        # every card the learner played was its only legal one: the review says so
        return {"forced": len(plays), "pending": 0} if plays else None
    base = {
        "view": view,
        "views": words.views(view, lambda v: _switch(page_url, v)),
        "note": words.VIEW_NOTES[view],
        "total": len(moments),
        "again": _switch(page_url, view),
    }
    try:
        answers = analyses.judge_moments(practice.game, practice.module, moments, view)
    except analysis.Busy:  # every slot taken: nothing judged by this request
        answers = {}
    except analysis.Unavailable:
        return None
    items = _items(practice, position, moments, answers, view, retry_url)
    return {
        **base,
        "items": items,
        "pending": len(moments) - len(answers),
        "judged": len(answers),
        "costly": sum(1 for i in items if i["costly"]),
        "unit": words.unit(practice.game).key,
        "retry_label": (
            RETRY[vocabulary(practice.game).region]
            if mistakes.playing(practice.game, practice.state)[0].family.tricks
            else RETRY_CARD
        ),
        "table": _table(practice, _deal_table(practice, position)),
    }


def _switch(page_url: str, view: str) -> str:
    query = f"?{VIEW_PARAM}=open" if view == "open" else ""
    return f"{page_url}{query}#analysis"


def _items(practice, position, moments, answers: dict, view: str, retry_url) -> list[dict]:
    vocab = vocabulary(practice.game)
    unit = words.unit(practice.game)
    page = reverse("position", args=[practice.game])
    whole = position.query()
    items = []
    for ply, seat, move, state in moments:
        answer = answers.get(ply)
        if answer is None:
            continue
        token = practice.module.format_move(move)
        mine = next(m for m in answer["moves"] if m["move"] == token)
        found, inner = mistakes.playing(practice.game, state)
        costly = mine["cost"] > 0
        item = {
            "ply": ply,
            "token": token,
            "numbers": {"cost": mine["cost"], "value": mine["value"]},
            "head": mistakes.head(vocab, inner, seat, found.family),
            "card": vocab.card_view(move) if move < 52 else None,
            "played": words.move_words(vocab, token),
            "costly": costly,
            # after «الكلفة:» a subject: «نقطتان»
            "cost": unit.amount(mine["cost"], vocab.region, subject=True)
            if costly
            else ABOUT_AS_GOOD,
            "url": f"{page}?{urlencode({**whole, 'at': ply, VIEW_PARAM: view})}#analysis",
        }
        if costly:
            told = mistakes.mistake(
                practice.game,
                vocab,
                view,
                state,
                practice.moves[ply:],
                answer,
                _compare(practice.game, state, seat, view),
            )
            best = [m["move"] for m in answer["moves"] if m["cost"] == 0]
            item.update(
                text=told["text"],
                best=words.either(vocab, best),
                retry=retry_url(ply, view) if retry_url else None,
            )
        items.append(item)
    return sorted(items, key=lambda i: (not i["costly"], i["ply"]))


def _compare(game: str, state, seat: int, view: str):
    """``analysis.lines`` of some cards at this moment, cached beside the moment's answer."""
    moment = analyses.moment_key(game, state, seat, view)

    def compare(cards):
        key = f"{moment}:lines:{','.join(str(c) for c in cards)}"
        return analyses.cached(
            key, lambda: analysis.lines(game, state, cards, view, analyses.samples())
        )

    return compare


def _deal_table(practice, position) -> dict | None:
    """The deal's double-dummy table (the Tarneeb family), or None; None too when it could not
    be worked out within the budget (the page then goes on without it)."""
    try:
        return analyses.judge_deal_table(practice.game, position)
    except analysis.Busy:
        return None


def _table(practice, tricks: dict | None) -> dict | None:
    """The deal's double-dummy table, and the sentence for the learner's side (Tarneeb) or
    seat (Tarneeb 41, where each player bids alone) in the trumps the deal was played in."""
    if not tricks:
        return None
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
