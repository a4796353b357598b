"""Thin views: read the request, ask the registry and the engine, render."""

from urllib.parse import urlencode

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cardgames import analysis, cards, shuffle
from cardgames.contract import Phase
from cardgames.errors import BadInput, IllegalMove
from cardgames.house_rules import PREFIX, overrides_between
from cardgames.positions import open_position
from cardtable import tables
from cardtable.scorecard import scorecard
from cardtable.words import vocabulary
from plumbing import limits, links, pagecache

from . import analyses, beside, costs, games, glossary, lookup, matchview, pages, regions, reports
from . import house as house_rules
from .messages import explain
from .models import Game, Rule, Section, Variant


def glossary_page(request):
    """Every card word of the site, in English, French and the Arabic of each region."""
    return render(
        request,
        "rulebook/glossary.html",
        {"entries": glossary.entries(get_language()), "games": Game.objects.all()},
    )


def _content(request, game: str, *args, **kwargs) -> str:
    """The game's content revision, the key of its cached pages (404 for no such game)."""
    content = Game.content_of(game) if games.get(game) else None
    if content is None:
        raise Http404(explain("unknown_game", {"game": game}, game=None))
    return content


HOUSE_PAGE_SECONDS = 300  # a house-rule page is cached briefly: the sets readers make are many


def _own_beside(request, game, variant=None, *, revision, meta) -> dict:
    return beside.own(request, game, variant, revision)


@pagecache.cached(
    _content,
    lambda request: HOUSE_PAGE_SECONDS if request.GET else 3600,
    countless=lambda request: bool(request.GET),
    parts=_own_beside,
)
def rules_page(request, game, variant=None):
    """A game's rules under a variant, or under the reader's house rules (``?rule.<key>=``):
    one page for every visitor, cached whole; what the apps beside the rules show a visitor
    (their learn box) is their own. A report is sent by POST."""
    if request.method == "POST":
        return reports.submit(request, game, variant)
    return _rules_response(request, *lookup.game(game), variant)


def _rules_response(request, spec, game_row, variant):
    variant_row = lookup.variant_row(spec, game_row, variant)
    house = house_rules.read(spec, variant_row.slug, request.GET, _names(game_row))
    if not house.ok:
        return _house_rules_error(request, spec, game_row, variant_row, house)
    if not house.canonical:  # the form sent every value: keep only the changed ones
        return redirect(_permalink(game_row, variant_row, house))
    page = _page(spec, game_row, variant_row.slug, house)
    accepted = reports.accepted(game_row)
    for section in page["sections"]:
        for view in section["rules"]:
            view.reports = accepted.get(view.key, [])
    noindex = bool(house.overrides) or bool(request.GET)
    return render(
        request,
        "rulebook/rules.html",
        {
            "game": game_row,
            "variant": variant_row,
            "is_default": variant is None,
            "variants": game_row.variants.all(),
            "by_mechanics": regions.named_by_mechanics(spec),
            "relatives": Game.objects.filter(slug__in=[s.slug for s in games.relatives(spec)]),
            "regions": regions.of_game(spec),
            "region_sides": regions.with_rules(),
            **beside.shared(game_row, variant_row.slug),
            "house": house,
            "house_query": house.query_string(),
            "house_form": house_rules.form(
                spec, house, page["rule_rows"], page["section_rows"], vocabulary(spec)
            ),
            "compare_links": _compare_links(spec, game_row, variant_row, house),
            "reported": request.GET.get("reported"),
            "noindex": noindex,
            **page,
        },
    )


def _compare_links(spec, game_row, variant_row, house) -> list[dict]:
    """ "Compare with…": the rules in force against the variant's own (under house rules) and
    against each other variant of the game."""
    this = {"a": f"{spec.slug}:{variant_row.slug}"}
    this.update({"a." + k: v for k, v in house.query().items()})
    out = []
    if house.overrides:
        out.append(
            {
                "query": urlencode({**this, "b": f"{spec.slug}:{variant_row.slug}"}),
                "name": variant_row.name,
                "title": _("Your table’s rules and %(name)s") % {"name": variant_row.name},
            }
        )
    for other in game_row.variants.all():
        if other.slug != variant_row.slug:
            out.append(
                {
                    "query": urlencode({**this, "b": f"{spec.slug}:{other.slug}"}),
                    "name": other.name,
                    "title": _("%(a)s and %(b)s") % {"a": variant_row.name, "b": other.name},
                }
            )
    return out


def _names(game_row) -> dict[str, str]:
    """Each rule's name by its key, for the messages beside the form's fields."""
    return dict(Rule.objects.filter(game=game_row).values_list("key", "name"))


def _page(spec, game_row, slug, house) -> dict:
    """The page's data: a variant's pages are cached for everyone, a house-rule set's briefly."""
    overrides = house.overrides
    version = f"{game_row.registry_version}:{game_row.revision}"
    key = f"rules:{get_language()}:{game_row.slug}:{slug}:{version}"
    if overrides:
        key = "house:" + key + ":" + house.query_string()
    store = pagecache.kept(countless=bool(overrides))
    page = store.get(key)
    if page is None:
        page = pages.build(game_row, spec, slug, house.rules, base=house.preset)
        store.set(key, page, HOUSE_PAGE_SECONDS if overrides else 3600)
    return page


def _permalink(game_row, variant_row, house, name="rules-variant") -> str:
    url = reverse(name, args=[game_row.slug, variant_row.slug])
    query = house.query_string()
    return f"{url}?{query}" if query else url


def _house_rules_error(request, spec, game_row, variant_row, house):
    """The rules the reader chose, kept in the form, with each problem beside its rule (400)."""
    rule_rows = (
        Rule.objects.filter(game=game_row).select_related("section").prefetch_related("values")
    )
    return render(
        request,
        "rulebook/house_rules_error.html",
        {
            "game": game_row,
            "variant": variant_row,
            "house": house,
            "house_form": house_rules.form(
                spec, house, rule_rows, Section.objects.filter(game=game_row), vocabulary(spec)
            ),
            "noindex": True,
        },
        status=400,
    )


def print_page(request, game, variant):
    """One printable page: the rules a table agrees on before the first deal."""
    spec, game_row, variant_row = lookup.variant(game, variant)
    house = house_rules.read(spec, variant_row.slug, request.GET, _names(game_row))
    if not house.ok:
        return _house_rules_error(request, spec, game_row, variant_row, house)
    if not house.canonical:
        return redirect(_permalink(game_row, variant_row, house, "rules-print"))
    page = _page(spec, game_row, variant_row.slug, house)
    return render(
        request,
        "rulebook/print.html",
        {
            "game": game_row,
            "variant": variant_row,
            "house": house,
            "house_query": house.query_string(),
            "permalink": links.absolute(_permalink(game_row, variant_row, house)),
            "noindex": True,
            "canonical": links.absolute(reverse("rules-variant", args=[game, variant_row.slug])),
            **page,
        },
    )


POSITION_PAGE_SECONDS = 600  # positions are countless: each is kept a short while


@pagecache.cached(_content, POSITION_PAGE_SECONDS, countless=True)
def position_page(request, game):
    """A position drawn as a table: the same for every visitor, so cached whole (cards
    touched to pass are a redirect, never cached)."""
    picked = request.GET.getlist("pass")
    if picked:
        return _pass_chosen(request, lookup.game(game)[0], picked)
    return _position_response(request, *lookup.game(game))


def _position_response(request, spec, game_row):
    error = None
    status = 200
    try:
        line = open_position(spec.engine, request.GET)
    except IllegalMove as e:
        error, status = e, 422
        # Show the position just before the refused move.
        params = request.GET.copy()
        params["moves"] = " ".join(
            params.get("moves", "").replace(",", " ").split()[: e.move_index]
        )
        line = open_position(spec.engine, params)
    except BadInput as e:
        return _position_error(request, spec, game_row, e)
    at = _at(request.GET.get("at"), len(line.moves))
    position = _position_at(line, at)
    context = {
        "game": game_row,
        "variant": Variant.objects.filter(game=game_row, slug=position.variant).first(),
        **tables.table(position),
        "error": explain(error.code, error.details, game=spec) if error else None,
        "error_index": error.move_index if error else None,
        "viewer": _viewer(line, at),
        "notation": " ".join(position.move_tokens()),
        "json_query_string": urlencode(position.query()),
        "match": matchview.context(position, vocabulary(spec)),
        "house_rules": _position_house_rules(game_row, position),
    }
    context["analysis"], waited = _analysis(request, spec, position)
    response = render(
        request, "rulebook/position.html", context, status=status if waited is None else waited[0]
    )
    if waited is not None:
        response["Retry-After"] = str(waited[1])
    return response


def _analysis(request, spec, position) -> tuple[dict | None, tuple[int, int] | None]:
    """The position's analysis box: a link to it at a moment of card play, or, asked for with
    ``?analysis=seat|open``, each legal card's cost in that view (and the table of Tarneeb's
    tricks with every hand open); with the status and Retry-After of a refusal (the client's
    limit, 429; the budget or every slot taken, 503), which the page cache never keeps."""
    state = position.state
    if state.phase != Phase.PLAY or state.to_act is None:
        return None, None
    params = request.GET.copy()
    asked = params.pop("analysis", [None])[-1]

    def link(view: str) -> str:
        return "?" + urlencode({**params.dict(), "analysis": view}) + "#analysis"

    if asked not in analyses.VIEWS:
        return {"link": link("seat")}, None
    box = {
        "view": asked,
        "views": costs.views(asked, link),
        "note": costs.VIEW_NOTES[asked],
        "seat_name": vocabulary(spec).seat(state.to_act),
    }
    wait = limits.check(request, limits.ANALYSING)
    if wait is not None:
        return {**box, "refused": explain("rate_limited")}, (429, wait)
    try:
        answer = analyses.judge(spec.slug, position, None, asked)
        tricks = analyses.judge_table(spec.slug, position)
    except analysis.Busy as e:
        return {**box, "refused": explain(e.code)}, (503, analyses.retry_after())
    except analysis.Unavailable:
        return None, None
    table = costs.table_words(spec.slug, tricks) if tricks else None
    return {**box, **answer, "moves": costs.moves(spec.slug, answer), "table": table}, None


def _position_house_rules(game_row, position) -> dict | None:
    """The house rules a position is played under, in words, with the rule page under them."""
    preset = position.module.PRESETS[position.variant]
    changed = overrides_between(preset, position.rules)
    if not changed:
        return None
    vocab = vocabulary(game_row.slug)
    rows = {r.key: r for r in Rule.objects.filter(game=game_row).prefetch_related("values")}
    return {
        "rules": [
            {"name": rows[k].name, "label": pages.label_for(rows[k], v, vocab)}
            for k, v in changed.items()
            if k in rows
        ],
        "query": urlencode({PREFIX + k: v for k, v in changed.items()}),
    }


def _position_error(request, spec, game_row, e):
    return render(
        request,
        "rulebook/position_error.html",
        {
            "game": game_row,
            "message": explain(e.code, e.details, game=spec),
            "code": e.code,
            "example": _example_query(spec),
        },
        status=400,
    )


def _at(text, length: int) -> int:
    """The move the viewer stands at: ``at`` clamped to the line, the end by default."""
    try:
        return max(0, min(int(text), length))
    except (TypeError, ValueError):
        return length


def _position_at(line, at: int):
    """The position after the first ``at`` moves of ``line`` (replayed by the engine)."""
    if at == len(line.moves):
        return line
    params = {**line.query(), "moves": " ".join(line.move_tokens()[:at])}
    return open_position(line.module, params)


def _viewer(line, at: int) -> dict:
    """First, back, forward, last, and the score card, each a link that keeps the whole line."""
    end = len(line.moves)

    def link(i: int) -> str:
        return urlencode({**line.query(), "at": i}) if i < end else urlencode(line.query())

    return {
        "at": at,
        "end": end,
        "first": link(0) if at > 0 else None,
        "back": link(at - 1) if at > 0 else None,
        "forward": link(at + 1) if at < end else None,
        "last": link(end) if at < end else None,
        "groups": scorecard(line, at, link),
    }


def _pass_chosen(request, spec, picked):
    """The pass chosen by touching cards: each box sends its move's token, which joins the
    moves."""
    params = request.GET.copy()
    params.pop("pass")
    params.pop("at", None)
    tokens = params.get("moves", "").replace(",", " ").split()
    tokens += [token[:12] for token in picked[:13]]
    params["moves"] = " ".join(tokens)
    return redirect(request.path + "?" + params.urlencode())


def _example_query(spec) -> str:
    """A well-formed position link for this game: its default variant and a seeded deal."""
    hands = shuffle.deal("diwaniya-1", spec.engine.PACK)
    deal = cards.format_deal(hands)
    return urlencode({"variant": spec.default_variant, "dealer": "N", "deal": deal, "moves": ""})
