"""The live tables' pages, which work without JavaScript: the new-table form, the invitation
(GET shows the table and a button, POST takes the place and 303s to the key-less address), and
the table, whose moves are forms posted to the same code as the API and the WebSocket.

A page is shown only to the browser session (or account) that took a place at the table;
any other gets 404, the same answer as for no table.
"""

import re

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from cardgames import bots, cards
from cardgames.errors import BadInput
from cardgames.table import SEATS, S, parse_seat
from cardtable import tables as cardtable
from cardtable.words import vocabulary
from plumbing import capability, limits
from plumbing.links import absolute
from practice import advice, costs, review
from practice import service as practice
from practice.match import Conflict
from practice.models import Match
from practice.table import (
    COMPUTER,
    LEVELS,
    SEAT_AND_PLAYER,
    SHORT_COMPUTER,
    SHORT_SEAT,
    YOU,
    seat_title,
    short_title,
)
from rulebook import games
from rulebook.messages import refusal_words

from . import live, service
from .messages import PHRASES, explain
from .models import Place

STATUS = {"Refused": 403, "Conflict": 409, "IllegalMove": 422}
PLACES = {"coach": _("the coach"), "watch": _("the watchers")}


def _see(url: str):
    response = redirect(url)
    response.status_code = 303
    return response


def _not_found():
    raise Http404(explain("not_found"))


def _mine(request, public_id: str) -> Place:
    place = service.by_session(public_id, request.session, request.user)
    if place is None:
        _not_found()
    return place


def _players(game: str) -> list[dict]:
    choices = [{"value": service.PERSON, "name": explain_player(service.PERSON)}] + [
        {"value": f"{service.COMPUTER}:{level}", "name": explain_player(level)}
        for level in bots.LEVELS
    ]
    vocab = vocabulary(game)
    return [
        {"letter": letter, "name": vocab.seat(s), "choices": choices}
        for s, letter in enumerate(SEATS)
    ]


def explain_player(level: str) -> str:
    if level == service.PERSON:
        return str(YOU)
    return str(COMPUTER % {"level": LEVELS[level]})


@require_http_methods(["GET", "HEAD", "POST"])
def new(request, game):
    spec = games.get(game)
    if spec is None:
        raise Http404(explain("unknown_game", {"game": game}))
    error, status = None, 200
    if request.method == "POST":
        params = {k: v for k, v in request.POST.items() if not k.startswith("rule.") or v}
        params["seats"] = {letter: request.POST.get(f"seat.{letter}", "") for letter in SEATS}
        params["help"] = "true" if request.POST.get("help") else "false"
        try:
            name = service.plain_text(request.POST.get("name"), "bad_name", service.MAX_NAME)
            wait = limits.creating(request, "table")
            if wait is not None:
                return limits.page(request, wait)
            table, keys = service.create(game, params)
        except BadInput as e:
            error, status = explain(e.code, e.details, game=game, html=True), 400
        else:
            host = next(k for k in SEATS if k in keys)  # the host takes the first person's seat
            key = keys[host]
            _take(request, service.by_key(table.public_id, key), key, name)
            return _see(reverse("tables:invitations", args=[table.public_id]))
    context = {
        "game": game,
        "variants": list(spec.presets),
        "seats": _players(game),
        "error": error,
        "max_name": service.MAX_NAME,
        "noindex": True,
    }
    return render(request, "tables/new.html", context, status=status)


def _place_name(game: str, name: str) -> str:
    """An invitation's place in words: a seat's name, the coach's or the watchers'."""
    if name in SEATS:
        return vocabulary(game).seat(parse_seat(name))
    return str(PLACES[name])


def _take(request, place: Place, key: str, name: str = "") -> None:
    """Bind a place to this browser session (and its account), spending its key; the
    watchers' place is shared by many: the session remembers which link it came by."""
    from plumbing.ownership import session_key

    if place.role == Place.WATCH:
        session_key(request, create=True)
        request.session[service.watching(place.table.public_id)] = place.key_digest
        return
    service.claim(place, key, session_key(request, create=True), request.user, name)


# The invitation's page is answered with no-referrer, so its form's POST carries "Origin:
# null", which Django's CSRF check refuses. The key in the address is what authorises taking
# the place (as the API's bearer key does); a POST from another site is refused by the
# browser's own Sec-Fetch-Site, which no-referrer does not hide.
@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
@capability.at_secret_address
def join(request, public_id, key):
    if request.method == "POST" and request.headers.get("Sec-Fetch-Site", "same-origin") not in (
        "same-origin",
        "none",
    ):
        _not_found()
    mine = service.by_session(public_id, request.session, request.user)
    place = service.by_key(public_id, key)
    if place is None:
        spent = service.by_spent_key(public_id, key)
        if spent is None:
            _not_found()
        if spent == mine:  # its own browser, back by the link it took the place with
            return capability.claimed(spent.table.get_absolute_url())
        return _taken(request)
    if mine is not None and mine == place:  # a watcher back by the watchers' link
        return capability.claimed(place.table.get_absolute_url())
    if mine is not None:  # one place a browser: the link stays for its guest
        context = {"place": place, "mine": mine, "noindex": True}
        status = 409 if request.method == "POST" else 200
        return render(request, "tables/join.html", context, status=status)
    context = {"place": place, "match": place.table.match, "noindex": True}
    context["max_name"] = service.MAX_NAME
    if request.method == "POST":
        name = ""
        if place.role == Place.SEAT:
            try:
                name = service.plain_text(request.POST.get("name"), "bad_name", service.MAX_NAME)
            except BadInput as e:
                context["error"] = explain(e.code, e.details, html=True)
                return render(request, "tables/join.html", context, status=400)
        try:
            _take(request, place, key, name)
        except service.Taken:  # another browser took it a moment before
            return _taken(request, 409)
        live.changed(public_id, "places")
        return capability.claimed(place.table.get_absolute_url())
    return render(request, "tables/join.html", context)


def _taken(request, status: int | None = None):
    """A link whose place a browser has taken: it says so, and shows nothing of the table."""
    status = status or (409 if request.method == "POST" else 200)
    return render(request, "tables/join.html", {"taken": True, "noindex": True}, status=status)


@never_cache
@require_http_methods(["GET", "HEAD"])
def invitations(request, public_id):
    """The host's invitations: each place's link while nobody has taken it (its key made
    again from its nonce), who took it once taken, and a form to reissue each. Never cached:
    it holds keys (in the page, never in its address: its Referer gives none away, and its
    forms keep the site's same-origin policy, which Django's CSRF check needs)."""
    place = _mine(request, public_id)
    try:
        others = service.invitations(place.table, place)
    except service.NotHost:
        _not_found()
    game = place.table.match.game
    rows = []
    for other in others:
        key, value = other.key(), SEATS[other.seat] if other.role == Place.SEAT else other.role
        rows.append(
            {
                "value": value,
                "name": _place_name(game, value),
                "url": absolute(reverse("tables:join", args=[public_id, key])) if key else "",
                "taken": other.taken,
                "who": other.name,
                "watch": other.role == Place.WATCH,
                "new": request.GET.get("new") == value,
            }
        )
    context = {"table": place.table, "invitations": rows, "noindex": True}
    return render(request, "tables/invitations.html", context)


PRESENCE = {
    "here": pgettext_lazy("a seat's presence", "here"),
    "away": pgettext_lazy("a seat's presence", "away"),
    "computer": pgettext_lazy("a seat's presence", "computer player"),
}
PERSON_WORD = pgettext_lazy("a seat's player at a live table", "a person")


def _seat_words(table, practice_match, place: Place, vocab, seat: int) -> tuple[str, str]:
    """A seat's name with its player in full, «South (you)», and the player in short
    («you», «Layla»), which the felt writes after the seat's name."""
    level = practice_match.setup.seated[seat]
    if place.role == Place.SEAT and place.seat == seat:
        who = short = str(YOU)
    elif level is not None:
        who, short = str(COMPUTER % {"level": LEVELS[level]}), str(SHORT_COMPUTER)
    else:
        names = {p.seat: p.name for p in table.places.all() if p.role == Place.SEAT}
        who = short = names.get(seat) or str(PERSON_WORD)
    name = vocab.seat(seat)
    return str(SEAT_AND_PLAYER % {"seat": name, "player": who}), short


def _felt(table, practice_match, place: Place, upto: int | None = None) -> dict:
    """The phone table's context for this place: its own seat's hand open (a coach, the
    coached seat's; a watcher, none) until the deal is over, its moves buttons on its turn.
    ``upto``: the table as it stood after that many moves of this deal (a picture the page
    shows while it paces the computer players' moves): the deal was in play then, so only
    this place's own hand is open, and there is no move to make."""
    position = practice_match.position(upto)
    state = position.state
    over = practice_match.deal_over and upto is None
    mine = place.role == Place.SEAT and not over and upto is None and state.to_act == place.seat
    bottom = place.seat if place.seat is not None else S
    if over:
        open_seats = range(4)
    elif place.role == Place.WATCH:
        open_seats = ()
    else:
        open_seats = (place.seat,)
    context = cardtable.table(
        position,
        play="button" if mine else None,
        mark_legal=mine,
        open_seats=open_seats,
        bottom=bottom,
        pass_picks=True,
        why=refusal_words(practice_match.game) if mine else None,
    )
    vocab = vocabulary(practice_match.game)
    for seat in range(4):
        view = context["seats"][SEATS[seat]]
        view["name"], view["player"] = _seat_words(table, practice_match, place, vocab, seat)
        view["seat_word"] = vocab.seat(seat)
    context["mine"] = mine
    return context


def _talk(place: Place, played, vocab) -> dict:
    """The table talk drawn in the live block (a hint or an ask arrives as a frame, and the
    block is redrawn): this place's note, its card named in the reader's words, and for the
    coach, the cards of the coached hand a hint may mark."""
    note = dict(place.note or {})
    if played.deal_over or note.get("deal") != played.deal_number:
        note = {}  # given in a deal gone by
    if note.get("card"):
        note["card"] = vocab.card(cards.parse_card(note["card"]))
    coach_cards = []
    if place.role == Place.COACH and not played.deal_over:
        hand = played.position().state.hands[place.seat]
        coach_cards = [(cards.card_code(c), vocab.card(c)) for c in cards.cards_in(hand)]
    return {"note": note, "coach_cards": coach_cards}


def _relabelled(value, names: dict):
    """Practice's review and sheet with each seat named as this table names it: practice
    names the seats from its one learner's place («South (you)», «North (computer, club)»), a
    table from this place's («North (Layla)»)."""
    if not names:
        return value
    pattern = re.compile("|".join(re.escape(k) for k in sorted(names, key=len, reverse=True)))

    def walk(item):
        if isinstance(item, str):
            return pattern.sub(lambda m: names[m.group(0)], item)
        if isinstance(item, dict):
            return {k: walk(v) for k, v in item.items()}
        if isinstance(item, list | tuple):
            return [walk(v) for v in item]
        return item

    return walk(value)


def _ending(place: Place, played, vocab, past: bool = False) -> dict:
    """The match's sheet (its finished deals), and once the deal is over what practice's
    table shows then: the points, the review trick by trick, the seed revealed with its check
    and the hands it dealt (every hand is open to everyone at the end, never before), and at
    the match's end its winners. Practice's review of its learner's decisions is left out:
    a table has no one learner. ``past``: a picture of the deal in play, with the sheet of
    the deals before it only."""
    names = {}
    for s in range(4):
        full, player = _seat_words(place.table, played, place, vocab, s)
        short = str(SHORT_SEAT % {"seat": vocab.seat(s), "player": player})
        names[seat_title(played, s)], names[short_title(played, s)] = full, short
    sheet = review.sheet(played)
    out = {"sheet": _relabelled(sheet, names), "review": None, "deal_end": None}
    if past:
        rows = [r for r in sheet["rows"] if r["number"] < played.deal_number]
        out["sheet"] = {**out["sheet"], "rows": rows, "winners": []}
    elif played.deal_over:
        reviewed = review.review(played)
        reviewed["decisions"], reviewed["differ"] = [], 0
        out["review"] = _relabelled(reviewed, names)
        out["deal_end"] = _relabelled(review.deal_end(played, sheet), names)
        out["check_url"] = (
            reverse("practice:check") + f"?game={played.game}&seed={played.record.seed}"
        )
    return out


NO_AIDS = {"can_hint": False, "hint": None, "hint_costs": None, "analysis": None}


def _aids(place: Place, played, hint_asked: bool, view: str) -> dict:
    """The computer help of a seat at a table whose ``help`` is on, as the practice table
    gives it: a link to the hint on its turn (the hint itself when asked for), and once the
    deal is over what each of its cards cost. Nothing while help is off."""
    if place.role != Place.SEAT or not place.table.help:
        return NO_AIDS
    mine = service.learner(place.table, place, played)
    can_hint = mine.learner_to_act and not mine.deal_over
    hint = advice.hint(mine) if can_hint and hint_asked else None
    analysis = None
    if mine.deal_over:
        analysis = costs.review(mine, view, place.table.get_absolute_url())
    return {
        "can_hint": can_hint,
        "hint": hint,
        "hint_costs": costs.hint(mine) if hint else None,
        "analysis": analysis,
    }


def _context(
    place: Place,
    upto: int | None = None,
    deal: int | None = None,
    hint: bool = False,
    view: str = "seat",
) -> dict:
    """The page's context; ``upto``: the live block as it stood after that many moves of the
    deal in play (``deal``, when given, must be that deal), never beyond the moves made;
    ``hint``: the seat asks for its hint; ``view``: the analysis's after the deal."""
    match, deals = service.read(place.table)
    played = match.replay(deals)
    if upto is not None and (upto > played.ply or deal not in (None, played.deal_number)):
        raise Conflict("stale_ply", ply=upto, current=played.ply, deal_number=played.deal_number)
    if upto == played.ply:
        upto = None  # the table now, as it is
    data = service.match_json(place.table, match, played, place)
    vocab = vocabulary(match.game)
    people = [
        {
            "letter": letter,
            "name": _seat_words(place.table, played, place, vocab, s)[0],
            "computer": played.setup.seated[s] is not None,
            "coach": s == place.table.coach_seat,
        }
        for s, letter in enumerate(SEATS)
    ]
    host = service.is_host(place.table, place)
    others = (
        [
            {"letter": SEATS[p.seat], "name": _place_name(match.game, SEATS[p.seat])}
            for p in place.table.places.all()
            if p.role == Place.SEAT and p.seat != place.seat
        ]
        if host
        else []
    )
    past = upto is not None
    history = data["history"][:upto] if past else data["history"]
    return {
        "host": host,
        "others": others,
        # the host's invitations nobody has taken yet (the watchers' link is never taken)
        "open_invitations": sum(
            1 for p in place.table.places.all() if p.role != Place.WATCH and not p.taken
        )
        if host
        else 0,
        "has_coach": place.table.places.filter(role=Place.COACH).exists(),
        "levels": [{"value": level, "name": explain_player(level)} for level in bots.LEVELS],
        "coached": place.role == Place.SEAT and place.seat == place.table.coach_seat,
        # whom the next deal waits for, by their seats' names, listed as the reader writes lists
        "waiting": ""
        if past
        else pgettext("between the items of a list", ", ").join(
            vocab.seat(parse_seat(s)) for s in service.waiting_for(place.table, played)
        ),
        "phrases": [(code, str(text)) for code, text in PHRASES.items()],
        "max_text": service.MAX_TEXT,
        "max_name": service.MAX_NAME,
        "table": place.table,
        "place": place,
        "you": service.you(place),
        "match": data,
        "played": played,
        "past": past,
        "shown_ply": upto if past else played.ply,
        "deal_over": played.deal_over and not past,
        "match_over": played.over and not past,
        "commitment": played.record.commitment,
        "people": people,
        "presence": {k: str(v) for k, v in PRESENCE.items()},
        "history": [{"who": vocab.seat(parse_seat(h["seat"])), "move": h["move"]} for h in history],
        **_felt(place.table, played, place, upto),
        **_talk(place, played, vocab),
        **_ending(place, played, vocab, past),
        **(NO_AIDS if past else _aids(place, played, hint, view)),
        "ws": f"/ws/tables/{place.table.public_id}/",
        "noindex": True,
    }


@require_http_methods(["GET", "HEAD"])
def table(request, public_id):
    """The table; ``?part=live`` is only its live block, which the page's script swaps in
    when a frame says the table changed (no page load). ``&ply=N`` (and ``&deal=D``): the
    block as it stood after the deal's first N moves, this place's own view of it with no
    move to make, for the script to show the computer players' moves at this reader's pace;
    a ply beyond the moves made, or another deal's, is refused (409), an unreadable one 400."""
    place = _mine(request, public_id)
    if service.overdue(place.table):  # a turn ran out with no socket open to see it
        live.changed(public_id)
    part = request.GET.get("part") == "live"
    try:
        upto = deal = None
        if part and "ply" in request.GET:
            upto = practice.whole_number(request.GET.get("ply"), "bad_ply")
            if "deal" in request.GET:
                deal = practice.whole_number(request.GET.get("deal"), "bad_ply")
        hint = bool(request.GET.get("hint"))
        context = _context(place, upto, deal, hint, costs.read_view(request))
    except Match.DoesNotExist:
        _not_found()
    except service.ERRORS as e:
        status = STATUS.get(type(e).__name__, 400)
        message = explain(e.code, e.details, game=place.table.match.game, html=True)
        context = {"message": message, "table": place.table}
        return render(request, "tables/refused.html", context, status=status)
    if part:
        return render(request, "tables/_live.html", context)
    return render(request, "tables/table.html", context)


def _act(request, public_id, act, what="moves"):
    place = _mine(request, public_id)
    try:
        done = act(place.table, place)
    except service.NotHost:
        _not_found()
    except service.ERRORS as e:
        status = STATUS.get(type(e).__name__, 400)
        message = explain(e.code, e.details, game=place.table.match.game, html=True)
        context = {"message": message, "table": place.table}
        return render(request, "tables/refused.html", context, status=status)
    except Match.DoesNotExist:
        _not_found()
    if what == "note":
        target, frame = done
        live.note(public_id, target.pk, frame)
    elif what == "key":  # the new invitation, on the host's invitations page
        live.changed(public_id, "places")
        url = reverse("tables:invitations", args=[public_id])
        return _see(f"{url}?new={done}#invite-{done}")
    else:
        live.changed(public_id, what)
    return _see(reverse("tables:table", args=[public_id]))


@require_POST
def move(request, public_id):
    # The pass chosen by touching cards (``pass``: each its move's token), or one move (a
    # button's ``move``).
    picked = [token[:12] for token in request.POST.getlist("pass")[:13]]
    tokens = picked or request.POST.get("move", "").split()[:13]

    def act(table, place):  # numbers are read once the place is known: no place, a 404 first
        ply = practice.whole_number(request.POST.get("ply"), "bad_ply")
        deal = practice.whole_number(request.POST.get("deal"), "bad_ply")
        return service.move(table, place, tokens, ply, deal)

    return _act(request, public_id, act)


@require_POST
def next_deal(request, public_id):
    return _act(request, public_id, lambda t, p: service.next_deal(t, p), "places")


@require_POST
def hint(request, public_id):
    card, text = request.POST.get("card"), request.POST.get("text")
    return _act(request, public_id, lambda t, p: service.hint(t, p, card, text), "note")


@require_POST
def ask(request, public_id):
    return _act(request, public_id, service.ask, "note")


@require_POST
def name(request, public_id):
    return _act(
        request, public_id, lambda t, p: service.rename(p, request.POST.get("name")), "places"
    )


@require_POST
def reissue(request, public_id):
    which = request.POST.get("seat")

    def act(table, place):
        service.reissue(table, place, which)
        return which  # the place whose new link the invitations page marks

    return _act(request, public_id, act, "key")


@require_POST
def give(request, public_id):
    which, level = request.POST.get("seat"), request.POST.get("level")
    return _act(request, public_id, lambda t, p: service.give(t, p, which, level), "places")
