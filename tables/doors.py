"""The front door of the live tables: the new-table form (who plays, coaches or watches),
the invitation in the invitee's language, taking a place, and the host's invitations page."""

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from cardgames import bots
from cardgames.errors import BadInput
from cardgames.table import SEATS
from cardtable.words import vocabulary
from plumbing import capability, limits
from plumbing.links import absolute
from practice.forms import rule_fields
from practice.table import (
    LEVELS,
)
from rulebook import games
from rulebook.models import Game, Variant

from . import live, service
from .messages import explain
from .models import Place
from .owned import HELD
from .views import PRESENCE_WORDS, _mine, _not_found, _place_name, _see

ME = "me"
ROLES = ("play", "coach", "watch")
SEAT_CHOICES = {
    ME: pgettext_lazy("who sits at a seat of a new table", "me"),
    service.PERSON: pgettext_lazy("who sits at a seat of a new table", "someone I invite"),
}
COMPUTER_CHOICE = pgettext_lazy(
    "who sits at a seat of a new table", "a computer player (%(level)s)"
)
# The form's first answer: the host at South with a partner to invite, computer opponents.
DEFAULT_SEATS = {"N": service.PERSON, "E": "computer:club", "S": ME, "W": "computer:club"}


def _seat_choices(game: str, chosen: dict) -> list[dict]:
    """Each seat's question: who sits there, in the host's words."""
    choices = [{"value": k, "name": str(v)} for k, v in SEAT_CHOICES.items()] + [
        {
            "value": f"{service.COMPUTER}:{level}",
            "name": str(COMPUTER_CHOICE % {"level": LEVELS[level]}),
        }
        for level in bots.LEVELS
    ]
    vocab = vocabulary(game)
    return [
        {
            "letter": letter,
            "name": vocab.seat(s),
            "choices": choices,
            "value": chosen.get(letter) or DEFAULT_SEATS[letter],
        }
        for s, letter in enumerate(SEATS)
    ]


def _hosting(post) -> tuple[dict, str]:
    """The form's seats and the host's role as ``service.create`` takes them: ``me`` is a
    person's seat, the host's; a host who coaches or watches sits at none."""
    role = post.get("role") or "play"
    if role not in ROLES:
        raise BadInput("bad_role")
    seats = {letter: post.get(f"seat.{letter}", "") for letter in SEATS}
    mine = [letter for letter, value in seats.items() if value == ME]
    if role == "play" and len(mine) != 1:
        raise BadInput("choose_me")
    if role != "play" and mine:
        raise BadInput("me_not_playing")
    params = {k: v for k, v in post.items() if k.startswith("rule.") and v}
    params.update(
        variant=post.get("variant", ""),
        turn_seconds=post.get("turn_seconds", ""),
        help="true" if post.get("help") else "false",
        seats={k: service.PERSON if v == ME else v for k, v in seats.items()},
        coach=post.get("coached", "") if role == "coach" else post.get("coach", ""),
    )
    if role == "coach" and not params["coach"]:
        raise BadInput("choose_coached")
    return params, mine[0] if role == "play" else role


@require_http_methods(["GET", "HEAD", "POST"])
def new(request, game):
    """The new-table form: the variant and house rules as the practice set-up offers them,
    who sits at each seat, and whether the host plays, coaches a seat or watches."""
    spec = games.get(game)
    if spec is None:
        raise Http404(explain("unknown_game", {"game": game}))
    params = request.POST if request.method == "POST" else request.GET
    variant = params.get("variant") or spec.default_variant
    if variant not in spec.presets:
        raise Http404(explain("unknown_variant", {"variant": variant}, game=game))
    error, status = None, 200
    if request.method == "POST":
        try:
            name = service.plain_text(request.POST.get("name"), "bad_name", service.MAX_NAME)
            chosen, host = _hosting(request.POST)
            wait = limits.creating(request, "table")
            if wait is not None:
                return limits.page(request, wait)
            table, keys = service.create(game, chosen, host)
        except BadInput as e:
            error, status = explain(e.code, e.details, game=game, html=True), 400
        else:
            key = keys["host" if host == "watch" else host]
            _take(request, service.by_key(table.public_id, key), key, name)
            return _see(reverse("tables:invitations", args=[table.public_id]))
    game_row = get_object_or_404(Game, slug=game)
    house = {k[len("rule.") :]: v for k, v in params.items() if k.startswith("rule.")}
    context = {
        "game": game_row,
        "variant": get_object_or_404(Variant, game=game_row, slug=variant),
        "variants": game_row.variants.all(),
        "rules": rule_fields(game_row, spec, variant, house),
        "seats": _seat_choices(game, {k: params.get(f"seat.{k}") for k in SEATS}),
        "role": params.get("role") if params.get("role") in ROLES else "play",
        "coach": params.get("coach", ""),
        "coached": params.get("coached", "S"),
        "name": params.get("name", ""),
        "turn_seconds": params.get("turn_seconds", ""),
        "help": bool(params.get("help")),
        "error": error,
        "max_name": service.MAX_NAME,
        "noindex": True,
    }
    return render(request, "tables/new.html", context, status=status)


def _take(request, place: Place, key: str, name: str = "") -> None:
    """Bind a place to this browser session (and its account), spending its key; the
    watchers' place is shared by many: the session remembers which link it came by."""
    from plumbing.ownership import session_key

    session = session_key(request, create=True)
    request.session[HELD] = True
    if service.shared(place):
        request.session[service.watching(place.table.public_id)] = place.key_digest
        return
    service.claim(place, key, session, request.user, name)


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
    context = {**_invitation(place), "place": place, "noindex": True}
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


SHARE_TEXT = {  # what the phone's share sheet sends with an invitation's link
    "seat": _("Come and play %(seat)s at my %(game)s table:"),
    "coach": _("Come and coach %(seat)s at my %(game)s table:"),
    "watch": _("Come and watch my %(game)s table:"),
}
INVITES = {
    # who invites, to which place («Samira invites you to play South»)
    "seat": _("%(host)s invites you to play %(seat)s."),
    "coach": _("%(host)s invites you to coach %(seat)s, beside them."),
    "watch": _("%(host)s invites you to watch the table."),
}
INVITED = {  # the host gave no name
    "seat": _("You are invited to play %(seat)s."),
    "coach": _("You are invited to coach %(seat)s, beside them."),
    "watch": _("You are invited to watch the table."),
}
COACHED_BY_HOST = _(
    "%(host)s will coach you, beside your seat: a card suggested on your hand, a short note."
)
COACHED = _("A coach will sit beside you: a card suggested on your hand, a short note.")


def _invitation(place: Place) -> dict:
    """An invitation in words: who invites, to which place, the game and variant by name,
    whether a coach sits beside the seat, and who sits at each seat."""
    table = place.table
    match = table.match
    vocab = vocabulary(match.game)
    places = list(table.places.all())
    host = next((p for p in places if p.host), None)
    host_name = host.name if host is not None else ""
    seat = vocab.seat(place.seat) if place.seat is not None else ""
    words = {"host": _bdi(host_name), "seat": conditional_escape(seat)}
    invite = (INVITES if host_name else INVITED)[place.role] % words
    coached = ""
    if place.role == Place.SEAT and place.seat == table.coach_seat:
        coach = next((p for p in places if p.role == Place.COACH), None)
        if coach is not None and coach.host and host_name:
            coached = COACHED_BY_HOST % words
        else:
            coached = COACHED
    game_row = Game.objects.filter(slug=match.game).first()
    variant = Variant.objects.filter(game=game_row, slug=match.variant).first()
    names = {p.seat: p for p in places if p.role == Place.SEAT}
    seats = []
    for s, level in enumerate(match.players):
        if level is not None:
            who = COMPUTER_CHOICE % {"level": LEVELS[level]}
        elif s == place.seat and place.role == Place.SEAT:
            who = pgettext("an invitation's seat", "you, if you accept")
        elif names.get(s) is not None and names[s].taken:
            who = _bdi(names[s].name) if names[s].name else PRESENCE_WORDS["taken"]
        else:
            who = PRESENCE_WORDS["empty"]
        seats.append({"name": vocab.seat(s), "who": who, "coached": s == table.coach_seat})
    return {
        "invite": mark_safe(invite),
        "coached_words": coached,
        "game_name": game_row.name if game_row else match.game,
        "variant_name": variant.name if variant else match.variant,
        "seat_list": seats,
    }


def _bdi(text: str) -> str:
    """A person's text in a sentence: escaped and isolated (a French name in an Arabic line
    keeps its own direction, and the line keeps its own)."""
    return format_html('<bdi dir="auto">{}</bdi>', text)


@require_http_methods(["GET", "HEAD"])
def invitation(request, public_id, key):
    """An invitation's language-free address (the one the host shares): the invitation in
    the invitee's language, their language cookie's or their browser's, keeping the key."""
    language = translation.get_language_from_request(request)
    with translation.override(language):
        url = reverse("tables:join", args=[public_id, key])
    response = redirect(url)
    response["Vary"] = "Accept-Language, Cookie"
    return capability.secret_address(response)


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
    game_row = Game.objects.filter(slug=game).first()
    game_name = game_row.name if game_row else game
    rows = []
    for other in others:
        key, value = other.key(), SEATS[other.seat] if other.role == Place.SEAT else other.role
        rows.append(
            {
                "value": value,
                "name": _place_name(game, value),
                "url": absolute(reverse("invitation", args=[public_id, key])) if key else "",
                "taken": other.taken,
                "who": other.name,
                "watch": other.role == Place.WATCH,
                "new": request.GET.get("new") == value,
                "text": SHARE_TEXT[other.role]
                % {
                    "game": game_name,
                    "seat": _place_name(game, value) if other.seat is not None else "",
                },
            }
        )
    context = {"table": place.table, "invitations": rows, "noindex": True}
    return render(request, "tables/invitations.html", context)
