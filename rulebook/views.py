"""Thin views: read the request, ask the registry and the engine, render."""

from urllib.parse import urlencode

from django.core.cache import cache
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language, pgettext_lazy

from . import games, pages
from .engine import cards, shuffle
from .engine.errors import BadInput, IllegalMove
from .engine.positions import open_position
from .engine.table import SEATS
from .messages import explain
from .models import Game, Variant
from .words import card_view, move_label, seat_name, side_name, suit_name

PHASES = {
    "deal": pgettext_lazy("phase", "the deal"),
    "pass": pgettext_lazy("phase", "the pass"),
    "expose": pgettext_lazy("phase", "exposing"),
    "announce": pgettext_lazy("phase", "announcements"),
    "bidding": pgettext_lazy("phase", "the bidding"),
    "trump": pgettext_lazy("phase", "the trump call"),
    "play": pgettext_lazy("phase", "the play"),
    "over": pgettext_lazy("phase", "over"),
}


def home(request):
    return render(request, "rulebook/home.html", {"games": Game.objects.all()})


def _game(slug: str):
    spec = games.get(slug)
    if spec is None:
        raise Http404(explain("unknown_game", {"game": slug}))
    return spec, get_object_or_404(Game, slug=slug)


def rules_page(request, game, variant=None):
    spec, game_row = _game(game)
    slug = variant or spec.default_variant
    if slug not in spec.presets:
        raise Http404(explain("unknown_variant", {"variant": slug}))
    variant_row = get_object_or_404(Variant, game=game_row, slug=slug)
    key = f"rules:{get_language()}:{game}:{slug}:{game_row.registry_version}"
    page = cache.get(key)
    if page is None:
        page = pages.build(game_row, spec, slug, spec.presets[slug])
        cache.set(key, page, 3600)
    return render(
        request,
        "rulebook/rules.html",
        {
            "game": game_row,
            "variant": variant_row,
            "is_default": variant is None,
            "variants": game_row.variants.all(),
            **page,
        },
    )


def _seat_view(position, seat: int, legal: set[int]):
    state = position.state
    hand = state.hands[seat]
    return {
        "seat": SEATS[seat],
        "name": seat_name(seat),
        "to_act": state.to_act == seat,
        "is_dealer": position.dealer == seat,
        "cards": [
            card_view(
                c,
                legal=c in legal,
                exposed=bool(getattr(state, "exposed", 0) >> c & 1),
                query=_with_move(position, c) if c in legal else None,
            )
            for c in cards.display_order(hand)
        ],
        "tricks_won": state.tricks_won[seat] if hasattr(state, "tricks_won") else None,
    }


def _with_move(position, move: int) -> str:
    q = position.query()
    q["moves"] = (q["moves"] + " " + position.module.format_move(move)).strip()
    return urlencode(q)


def position_page(request, game):
    spec, game_row = _game(game)
    error = None
    status = 200
    try:
        position = open_position(spec.engine, request.GET)
    except IllegalMove as e:
        error, status = e, 422
        # Show the position just before the refused move.
        params = request.GET.copy()
        params["moves"] = " ".join(
            params.get("moves", "").replace(",", " ").split()[: e.move_index]
        )
        position = open_position(spec.engine, params)
    except BadInput as e:
        return render(
            request,
            "rulebook/position_error.html",
            {
                "game": game_row,
                "message": explain(e.code, e.details),
                "code": e.code,
                "example": _example_query(spec),
            },
            status=400,
        )
    state = position.state
    legal = set(state.legal_moves()) if state.to_act is not None else set()
    seats = {SEATS[s]: _seat_view(position, s, legal) for s in range(4)}
    context = {
        "game": game_row,
        "position": position,
        "variant": Variant.objects.filter(game=game_row, slug=position.variant).first(),
        "seats": seats,
        "trick": [
            card_view(c, seat=SEATS[s], seat_name=seat_name(s))
            for s, c in getattr(state, "trick", [])
        ],
        "dealer_name": seat_name(position.dealer),
        "phase_name": PHASES.get(state.phase, state.phase),
        "points": _points(state),
        "to_act": None if state.to_act is None else seat_name(state.to_act),
        "other_moves": [
            {"label": move_label(spec.engine.format_move(m)), "query": _with_move(position, m)}
            for m in sorted(legal)
            if m >= 64
        ],
        **_table_extras(spec, state),
        "error": explain(error.code, error.details) if error else None,
        "error_index": error.move_index if error else None,
        "moves": position.move_tokens(),
        "json_query_string": urlencode(position.query()),
    }
    return render(request, "rulebook/position.html", context, status=status)


def _example_query(spec) -> str:
    """A well-formed position link for this game: its default variant and a seeded deal."""
    hands = shuffle.deal("diwaniya-1", spec.engine.PACK)
    deal = cards.format_deal(hands)
    return urlencode({"variant": spec.default_variant, "dealer": "N", "deal": deal, "moves": ""})


def _table_extras(spec, state) -> dict:
    """What some games add to the table: the auction and contract, or the layout's piles."""
    extras = {}
    if hasattr(state, "bids"):
        extras["auction"] = [
            {"seat": seat_name(seat), "call": move_label(spec.engine.format_move(m))}
            for seat, m in state.bids
        ]
    contract = getattr(state, "contract", None)
    if contract is not None:
        strain = getattr(state, "strain", contract.trump)
        extras["contract"] = {
            "bid": contract.bid,
            "declarer": seat_name(contract.declarer),
            "trumps": None if strain is None else suit_name(strain),
            "doubled": contract.doubled,
        }
    if hasattr(state, "layout"):
        extras["piles"] = [[card_view(c) for c in pile] for pile in spec.engine.piles(state.layout)]
        extras["multiplier"] = getattr(state, "multiplier", 1)
    return extras


def _points(state):
    points = state.points()
    if len(points) == 4:
        return [{"who": seat_name(s), "points": p} for s, p in enumerate(points)]
    return [{"who": side_name(i), "points": p} for i, p in enumerate(points)]
