"""The practice table's pages: choosing a match, the table, its moves, undo and the next deal,
the private link, and the page that explains how to check a deal.

The pages post forms to the same code as the JSON API (``service``). Every form carries what
its page showed (the moves made in the deal, the deal's number, the undos), so a form sent
twice or from a stale tab is refused (409) and changes nothing. Only a session that owns the
match (``plumbing.ownership``) sees or plays it; any other gets 404, the same answer as for a
match that does not exist. After a move the page shows the computer players' replies one by
one (``?seen=<ply>``: the moves before them were already on the learner's screen).
"""

import hashlib
from urllib.parse import urlencode

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cardgames import analysis, bots, cards, shuffle
from cardgames.errors import BadInput, IllegalMove
from cardgames.house_rules import PREFIX
from cardgames.table import SEATS as SEAT_LETTERS
from cardgames.table import parse_seat, seat_name
from cardtable.words import vocabulary
from plumbing import capability, limits, ownership, pagecache
from plumbing.links import absolute
from rulebook import games
from rulebook.models import Game, Variant, content_of_row, game_rows
from rulebook.pages import house_rules_in_words

from . import advice, calls, costs, retry_page, review, service
from . import retry as retrying
from .forms import rule_fields
from .match import Conflict
from .messages import explain
from .models import OWNED, Match
from .table import LEVEL_HELP, LEVELS, drawn, players, replies, so_far

STATUS = {Conflict: 409, IllegalMove: 422, BadInput: 400}


def _game(slug: str):
    spec = games.get(slug)
    if spec is None:
        raise Http404(explain("unknown_game", {"game": slug}))
    return spec, get_object_or_404(Game, slug=slug)


# --- starting a match -------------------------------------------------------------------------


CHOOSE_PAGE_SECONDS = 3600
HOUSE_CHOOSE_SECONDS = 300  # with a query (house rules): the addresses readers make are many


def _choose_revision(request, game) -> str:
    """The game's content revision, the key of its cached set-up form (404 for no game)."""
    content = Game.content_of(game) if games.get(game) else None
    if content is None:
        _game(game)  # its 404
    return content


@pagecache.cached(
    _choose_revision,
    lambda request: HOUSE_CHOOSE_SECONDS if request.GET else CHOOSE_PAGE_SECONDS,
    countless=lambda request: bool(request.GET),
)
@require_http_methods(["GET", "HEAD", "POST"])
def choose(request, game):
    """The set-up form: the same for every visitor until it is sent, so cached whole with each
    visitor's CSRF token filled in."""
    return _choose(request, game)


def _choose(request, game):
    spec, game_row = _game(game)
    params = request.POST if request.method == "POST" else request.GET
    variant = params.get("variant") or spec.default_variant
    if variant not in spec.presets:
        raise Http404(explain("unknown_variant", {"variant": variant}, game=game))
    error, status = None, 200
    if request.method == "POST":
        try:
            setup = service.setup_from(game, _chosen(params))
        except BadInput as e:
            error, status = explain(e.code, e.details, game=game), 400
        else:
            wait = limits.creating(request, "practice")
            if wait is not None:
                return limits.page(request, wait)
            match, _practice = service.start(setup)
            ownership.own(request, OWNED, match.token)
            return _see(_table_url(match, seen=0))
    chosen = {k[len(PREFIX) :]: v for k, v in params.items() if k.startswith(PREFIX)}
    seat, level = params.get("seat") or "S", params.get("level") or "club"
    if seat not in list(SEAT_LETTERS) or level not in bots.LEVELS:
        seat, level = "S", "club"  # a hand-made address: the defaults, whatever it asked
    context = {
        "game": game_row,
        "variant": get_object_or_404(Variant, game=game_row, slug=variant),
        "variants": game_row.variants.all(),
        "rules": rule_fields(game_row, spec, variant, chosen),
        "seats": [{"letter": seat_name(s), "name": vocabulary(game).seat(s)} for s in range(4)],
        "seat": seat,
        "seat_name": vocabulary(game).seat(parse_seat(seat)),
        "levels": [{"slug": k, "name": LEVELS[k], "help": LEVEL_HELP[k]} for k in bots.LEVELS],
        "level": level,
        "level_name": LEVELS[level],
        "chosen_rules": len([v for v in chosen.values() if v != ""]),
        "customised": (seat, level) != ("S", "club"),
        "error": error,
    }
    return render(request, "practice/choose.html", context, status=status)


@csrf_exempt
@require_POST
def play(request, game):
    """ "Play a deal": one tap starts a match with the set-up form's defaults (South, the club
    player) under the variant and house rules the tapping page sent. Exempt from the CSRF
    token so that the pages cached for everyone (every rule page) carry no form token of their
    own: a request from another site comes without this site's session cookie (SameSite=Lax),
    so it could only start a match in a new session of its own, never the visitor's; the
    rate limit per address holds as for the set-up form."""
    return _choose(request, game)


def _chosen(post) -> dict:
    """The form's fields, without the house rules left on "as the variant plays it"."""
    return {k: v for k, v in post.items() if not (k.startswith(PREFIX) and v == "")}


# --- the table --------------------------------------------------------------------------------


def _owned(request, public_id: str) -> tuple[Match, list]:
    """The match and its deals, if this session owns it."""
    found = Match.read(public_id)
    if found is None or not ownership.owns(request, OWNED, found[0].token):
        raise Http404(explain("not_found"))  # the same answer: nothing says it exists
    return found


def _see(url: str):
    """After a form: see the table with a GET (303), so a reload never sends it again."""
    response = redirect(url)
    response.status_code = 303
    return response


def _table_url(match: Match, seen: int | None = None) -> str:
    url = match.get_absolute_url()
    return url if seen is None else f"{url}?seen={seen}"


@require_http_methods(["GET", "HEAD"])
def table(request, public_id):
    match, deals = _owned(request, public_id)
    seen = service_number(request.GET.get("seen"))
    return _render(request, match, match.replay(deals), seen=seen)


def service_number(value) -> int | None:
    try:
        return service.whole_number(value, "bad_ply")
    except BadInput:
        return None


def _render(request, match, practice, *, seen=None, error=None, status=200):
    game = match.game
    rows = game_rows(game, content_of_row(match))
    if rows.game is None:
        raise Http404(explain("unknown_game", {"game": game}))
    over = practice.deal_over
    context = {
        "match": match,
        "practice": practice,
        "game": rows.game,
        "variant": rows.variants.get(match.variant),
        "house_rules": house_rules_in_words(rows, match.overrides, vocabulary(game)),
        "players": players(practice),
        "level": LEVELS[match.level],
        **drawn(practice),
        "turn": {
            "ply": practice.ply,
            "deal": practice.deal_number,
            "undos": len(practice.record.undone),
        },
        "can_undo": not over and practice.seat in practice.actors,
        "learner_to_act": practice.learner_to_act,
        "hint": (hint := advice.hint(practice) if request.GET.get("hint") else None),
        "hint_costs": costs.hint(practice) if hint else None,
        "replies": None if error else replies(practice, seen),
        "so_far": None if over else so_far(practice),
        "review": review.review(practice) if over else None,
        "analysis": (
            costs.review(
                practice,
                costs.read_view(request),
                match.get_absolute_url(),
                lambda ply, view: retry_url(match, practice.deal_number, ply, view),
            )
            if over
            else None
        ),
        "judged_calls": calls.judged(practice) if over else None,
        "retry_deal_url": (
            retry_url(match, practice.deal_number, 0, costs.read_view(request)) if over else None
        ),
        "sheet": (drawn_sheet := review.sheet(practice)),
        "deal_end": review.deal_end(practice, drawn_sheet) if over else None,
        "error": error,
        "private_url": absolute(match.private_url()),
        "check_url": _check_url(practice) if over else reverse("practice:check"),
        "dealer_name": vocabulary(game).seat(practice.dealer),
    }
    return render(request, "practice/table.html", context, status=status)


def _check_url(practice) -> str:
    query = f"?game={practice.game}&seed={practice.record.seed}"
    return reverse("practice:check") + query


def _act(request, public_id, act):
    """Run ``act(match, deals, post)``; on success go back to the table, else show the refusal."""
    match, deals = _owned(request, public_id)
    try:
        seen = act(match, deals, request.POST)
    except Match.DoesNotExist:
        raise Http404(explain("not_found")) from None
    except (Conflict, IllegalMove, BadInput) as e:
        message = explain(e.code, e.details, game=match.game)
        if isinstance(e, IllegalMove | BadInput) and e.move_index is not None:
            message = _("That move is not allowed. %(why)s") % {"why": message}
        status = next(s for kind, s in STATUS.items() if isinstance(e, kind))
        return _render(request, match, match.replay(), error=message, status=status)
    return _see(_table_url(match, seen))


def _seen(post) -> dict:
    """What the form says its page showed: the moves, the deal, the undos."""
    ply = service.whole_number(post.get("ply"), "bad_ply")
    if ply is None:
        raise BadInput("bad_ply")
    return {
        "ply": ply,
        "deal_number": service.whole_number(post.get("deal"), "bad_ply"),
        "undos": service.whole_number(post.get("undos"), "bad_ply"),
    }


@require_POST
def move(request, public_id):
    def act(match, deals, post):
        # The pass chosen by touching cards (``pass``: each its move's token), or one move (a
        # button's ``move``).
        picked = [token[:12] for token in post.getlist("pass")[:13]]
        tokens = picked or post.get("move", "").split()[:13]
        seen = _seen(post)
        service.move(match, tokens, deals=deals, **seen)
        return seen["ply"] + len(tokens)

    return _act(request, public_id, act)


@require_POST
def undo(request, public_id):
    def act(match, deals, post):
        service.undo(match, deals=deals, **_seen(post))
        return None

    return _act(request, public_id, act)


@require_POST
def next_deal(request, public_id):
    def act(match, deals, post):
        service.next_deal(match, service.whole_number(post.get("deal"), "bad_ply"), deals)
        return 0

    return _act(request, public_id, act)


@require_GET
@capability.at_secret_address
def claim(request, public_id, token):
    """The private link: it gives the match to the browser that opens it, then 303 to the
    table's address, which holds no token (``plumbing.capability``)."""
    match = Match.objects.filter(public_id=public_id, token=token, live=False).first()
    if match is None:
        raise Http404(explain("not_found"))
    ownership.own(request, OWNED, match.token)
    return capability.claimed(match.get_absolute_url())


# --- trying a finished deal again ---------------------------------------------------------------


def retry_url(match, deal: int, start: int, view: str = "seat", moves=(), **more) -> str:
    """A retry of deal ``deal`` from its move ``start`` (``practice.retry``), its state in the
    address: the moves made since, the view its cards are judged from."""
    query = {"start": start, "moves": " ".join(moves)}
    if view == "open":
        query["view"] = "open"
    query.update(more)
    url = reverse("practice:retry", args=[match.public_id, deal])
    return f"{url}?{urlencode({k: v for k, v in query.items() if v != ''})}"


@require_http_methods(["GET", "HEAD"])
def retry(request, public_id, deal):
    """A finished deal tried again (``practice.retry``): a GET form of the learner's moves,
    so nothing is stored, a reload repeats nothing and it works without JavaScript. The
    computer players' replies join the address (303), so a reload shows the same table."""
    match, deals = _owned(request, public_id)
    params = request.GET
    view = "open" if params.get("view") == "open" else "seat"
    try:
        start = service.whole_number(params.get("start", "0"), "bad_ply") or 0
        played = match.replay(deals)
        practice = retrying.replayed(played, deal, start, params.get("moves", "").split())
    except retrying.NotRetried:
        raise Http404(explain("not_found")) from None
    except BadInput as e:
        raise Http404(explain(e.code, e.details, game=match.game)) from None

    def again(**more):
        return _see(retry_url(match, deal, start, view, practice.record.moves[start:], **more))

    if not practice.deal_over and not practice.learner_to_act:
        practice.advance()  # the computer players, up to the learner's turn
        return again()
    # A pass chosen by touching cards sends each card's move token, as the table page's does.
    picked = [token[:12] for token in params.getlist("pass")[:13]]
    tokens = picked or params.get("move", "").split()[:13]
    page = {"played": played, "start": start, "view": view, "found": params.get("found", "")}
    if tokens and not practice.deal_over:
        try:
            tried = retrying.attempt(practice, tokens, view)
        except analysis.Busy:
            return _render_retry(request, match, practice, busy=True, status=503, **page)
        except (IllegalMove, BadInput) as e:
            message = explain(e.code, e.details, game=match.game)
            status = 422 if isinstance(e, IllegalMove) else 400
            return _render_retry(request, match, practice, error=message, status=status, **page)
        if tried.played:
            return again(found=tried.token if tried.answer is not None else "")
        return _render_retry(request, match, practice, tried=tried, status=200, **page)
    return _render_retry(request, match, practice, **page)


def _render_retry(request, match, practice, *, played, start, view, found="", status=200, **said):
    rows = game_rows(match.game, content_of_row(match))
    context = {
        "match": match,
        "practice": practice,
        "game": rows.game,
        "retry": retry_page.context(practice, played, start, view, found, **said),
        **drawn(practice),
        "learner_to_act": practice.learner_to_act,
        "review_url": f"{match.get_absolute_url()}#analysis",
        "hidden": {"start": start, "moves": " ".join(practice.record.moves[start:])}
        | ({"view": "open"} if view == "open" else {}),
        "form_url": reverse("practice:retry", args=[match.public_id, practice.deal_number]),
    }
    response = render(request, "practice/retry.html", context, status=status)
    response["X-Robots-Tag"] = "noindex"
    return response


# --- my matches ---------------------------------------------------------------------------------


# --- checking a deal ----------------------------------------------------------------------------

MAX_SEED = 200


@require_GET
def check(request):
    """How to check a deal: the algorithm in words; with ``seed`` (and ``game``), the seed's
    SHA-256 and the hands it deals, worked out here as anyone can work them out."""
    seed = request.GET.get("seed", "")[:MAX_SEED]
    game = request.GET.get("game", "")
    spec = games.get(game)
    worked = None
    if seed:
        pack = spec.engine.PACK if spec else cards.PACK_52
        vocab = vocabulary(game if spec else "gulf")
        hands = shuffle.deal(seed, pack)
        worked = {
            "seed": seed,
            "commitment": hashlib.sha256(seed.encode()).hexdigest(),
            "pbn": cards.format_deal(hands),
            "hands": [
                {
                    "who": vocab.seat(s),
                    "cards": [vocab.card_view(c) for c in cards.display_order(hands[s])],
                }
                for s in range(4)
            ],
            "first_block": hashlib.sha256(f"{shuffle.ALGORITHM}:{seed}:0".encode()).hexdigest(),
        }
    context = {
        "worked": worked,
        "algorithm": shuffle.ALGORITHM,
        "stream_text": f"{shuffle.ALGORITHM}:SEED:k",  # a block of the stream, as hashed
        "games": Game.objects.filter(slug__in=list(games.GAMES)),
        "game_slug": game if spec else "",
    }
    return render(request, "practice/check.html", context)
