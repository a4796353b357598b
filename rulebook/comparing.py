"""Two rule sets compared by the engine (``engine.compare``), as JSON and as a page.

``/api/compare?a=<game>:<variant>&b=<game>:<variant>[&a.rule.<key>=<value>]...`` and
``/<lang>/compare/?a=...&b=...``: for every rule that differs, the rule in words under each
side, the sentence that says it, and the engine's example (one position where the two sets
part, both answers attached) or why there is none. The search is seeded, so one pair always
gives the same answer: it is cached, and bounded (``BUDGET``).
"""

import hashlib
from urllib.parse import urlencode

from django.http import JsonResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET

from cardgames import cards
from cardgames.compare import Budget, Side, compare
from cardgames.contract import Phase
from cardgames.errors import BadInput
from cardgames.house_rules import PREFIX, overrides_in, with_overrides
from cardgames.positions import open_position
from cardtable import tables
from cardtable.words import listing, vocabulary
from plumbing import pagecache

from . import api as json_api
from . import games, pages, regions, registry
from .matchview import outcome
from .messages import explain
from .models import Game, Rule, Variant

BUDGET = Budget(deals=40, moves=120, seconds=5.0)  # a page's search: see bench/bench_compare
SEED = "compare"
CACHE_SECONDS = 24 * 3600

DIFFERS = {
    "to_act": gettext_lazy(
        "A different player is to act: %(a)s under %(side_a)s, %(b)s under %(side_b)s."
    ),
    "legal": gettext_lazy(
        "Different moves are allowed: %(a)s only under %(side_a)s, and %(b)s only under %(side_b)s."
    ),
    # One side allows every move the other does, and more (its moves are %(a)s).
    "legal_more": gettext_lazy("Under %(side_a)s more moves are allowed here: %(a)s."),
    "points": gettext_lazy(
        "The deal scores differently: %(a)s under %(side_a)s, %(b)s under %(side_b)s."
    ),
    "match": gettext_lazy(
        "The match stands differently after the deal. "
        "Under %(side_a)s: %(a)s Under %(side_b)s: %(b)s"
    ),
}
WHY = {
    "changes_nothing": gettext_lazy(
        "No position can show it: the rule is recorded but changes nothing in play."
    ),
    "not_in_positions": gettext_lazy(
        "No position can show it: it acts on what a position does not hold "
        "(penalties scored by hand)."
    ),
    "not_found": gettext_lazy(
        "The engine’s search found no position where the two sets part on this rule alone."
    ),
}


class CompareError(Exception):
    def __init__(self, code: str, status: int = 400, **details):
        super().__init__(code)
        self.code, self.status, self.details = code, status, details


def side(params, name: str) -> Side:
    """Side ``name`` (``a`` or ``b``) of a query: ``<game>:<variant>`` and its ``<name>.rule.*``."""
    text = (params.get(name) or "").strip()
    game, _sep, variant = text.partition(":")
    spec = games.get(game)
    if not text:
        raise CompareError("bad_side", side=name, value=text)
    if spec is None:
        raise CompareError("unknown_game", game=game)
    variant = variant or spec.default_variant
    if variant not in spec.presets:
        raise CompareError("unknown_variant", variant=variant)
    overrides = overrides_in(params, f"{name}.{PREFIX}")
    try:
        with_overrides(spec.presets[variant], overrides)
    except BadInput as e:
        raise CompareError(e.code, **e.details) from None
    return Side(game, spec.engine, variant, overrides)


def result(a: Side, b: Side) -> dict:
    """The engine's comparison, cached by the two rule sets."""
    key = "compare:" + hashlib.sha256(repr((_key(a), _key(b), SEED)).encode()).hexdigest()
    store = pagecache.kept(countless=bool(a.overrides or b.overrides))
    found = store.get(key)
    if found is None:
        try:
            found = compare(a, b, SEED, BUDGET)
        except BadInput as e:
            raise CompareError(e.code, **e.details) from None
        store.set(key, found, CACHE_SECONDS)
    return found


def _key(s: Side) -> tuple:
    return (s.game, s.variant, tuple(sorted(s.query().items())))


def side_query(s: Side, name: str) -> dict[str, str]:
    """``a=<game>:<variant>`` and its house rules, as the compare page's query writes them."""
    q = {name: f"{s.game}:{s.variant}"}
    for k, v in s.query().items():
        if k.startswith(PREFIX):
            q[f"{name}.{k}"] = v
    return q


# --- in words --------------------------------------------------------------------------------


def _rules_of(sides) -> dict[str, dict[str, Rule]]:
    out = {}
    for s in sides:
        rows = Rule.objects.filter(game__slug=s.game).prefetch_related("values")
        out[s.game] = {r.key: r for r in rows}
    return out


def _named(game: str, variant: str) -> str:
    """A rule set by its game and variant, as a page title names them."""
    return _("%(name)s – %(detail)s") % {"name": game, "detail": variant}


def side_name(s: Side) -> str:
    game = Game.objects.filter(slug=s.game).first()
    variant = Variant.objects.filter(game__slug=s.game, slug=s.variant).first()
    name = _named(game.name if game else s.game, variant.name if variant else s.variant)
    if s.query().keys() - {"variant"}:
        return _("%(name)s with house rules") % {"name": name}
    return name


def _fixed(game: str, key: str) -> dict:
    """How the registry words a rule of the family that ``game`` does not let a table change
    (its ``[fixed.<key>]`` table), in the active language."""
    spec = games.get(game)
    return registry.read(spec.registry).get("fixed", {}).get(key, {}) if spec else {}


def _in_language(table: dict) -> str:
    return table.get((translation.get_language() or "en")[:2]) or table["en"]


def value_label(rules_by_game, s: Side, other: Side, key: str, value: str) -> str:
    """A rule's value as the registry words it: the side's game first (its rule, else what it
    fixes), else the other's."""
    for game in (s.game, other.game):
        rule = rules_by_game.get(game, {}).get(key)
        if rule is not None and pages.wording(rule, value.strip(",")):
            return str(pages.value_label(rule, value, vocabulary(games.get(game))))
        fixed = _fixed(game, key).get("values", {}).get(value)
        if fixed:
            return _in_language(fixed)
    return value


def rule_name(rules_by_game, a: Side, b: Side, key: str) -> str:
    for game in (a.game, b.game):
        rule = rules_by_game.get(game, {}).get(key)
        if rule is not None:
            return rule.name
        if name := _fixed(game, key).get("name"):
            return _in_language(name)
    return key


SHOWN_MOVES = 6  # a longer list of moves is cut, with the number left out


def _moves(vocab, tokens, phase) -> str:
    if not tokens:
        return _("nothing")
    tokens = sorted(tokens, key=lambda t: _reading_order(t, phase))
    # A move's word is a button's label ("Bid 7"); inside a sentence it starts in lower case.
    words = [_in_sentence(vocab.move(t, phase)) for t in tokens[:SHOWN_MOVES]]
    more = len(tokens) - SHOWN_MOVES
    if more > 0:
        words.append(ngettext("%(n)s other move", "%(n)s other moves", more) % {"n": more})
    return listing(words, "and")


# A bid's strains from the lowest to the highest, as bidders read them.
STRAIN_ORDER = ("C", "D", "H", "S", "NT")


def _reading_order(token: str, phase: str) -> tuple:
    """Where a move of a compared answer (a token of the positions API) stands when moves are
    listed for a reader: in the play, cards by suit with the highest first (as a hand is
    shown); in the bidding, bids by their number and then strain from the lowest (7 before
    10), other calls after them."""
    if phase != Phase.BIDDING:
        try:
            card = cards.parse_card(token)
            return (0, cards.suit_of(card), -cards.rank_of(card), "")
        except BadInput:
            pass
    upper = token.upper()
    number = "".join(ch for ch in upper if ch.isdigit())
    if number and upper.startswith(number):
        strain = upper[len(number) :]
        rank = STRAIN_ORDER.index(strain) if strain in STRAIN_ORDER else -1
        return (1, int(number), rank, "")
    return (2, 0, 0, token)


def _in_sentence(label: str) -> str:
    return label[:1].lower() + label[1:]


def _points(vocab, points: dict) -> str:
    from .matchview import who

    return listing(f"{who(vocab, k)} {v}" for k, v in points.items())


def differs_sentence(d: dict, names: tuple[str, str], vocab) -> str:
    """What the example shows, in words."""
    ex = d["example"]
    one, other = ex["a"]["answer"], ex["b"]["answer"]
    what = d["differs"]
    facts = {"side_a": names[0], "side_b": names[1]}
    if what == "to_act":
        from .matchview import who

        facts.update(
            a=who(vocab, one["to_act"]) if one["to_act"] else _("nobody"),
            b=who(vocab, other["to_act"]) if other["to_act"] else _("nobody"),
        )
    elif what == "legal":
        only_a = [m for m in one["legal"] if m not in other["legal"]]
        only_b = [m for m in other["legal"] if m not in one["legal"]]
        facts.update(a=_moves(vocab, only_a, one["phase"]), b=_moves(vocab, only_b, other["phase"]))
        if not (only_a and only_b):  # one side's moves are the other's and more
            a_more = bool(only_a)
            return str(DIFFERS["legal_more"]) % {
                "side_a": names[0] if a_more else names[1],
                "a": facts["a"] if a_more else facts["b"],
            }
    elif what == "points":
        facts.update(a=_points(vocab, one["points"]), b=_points(vocab, other["points"]))
    else:
        facts.update(a=outcome(vocab, one["match"]), b=outcome(vocab, other["match"]))
    return str(DIFFERS[what]) % facts


def worded(found: dict, a: Side, b: Side) -> list[dict]:
    """The engine's differences with their words in the active language."""
    rules_by_game = _rules_of({a.game: a, b.game: b}.values())
    names = (side_name(a), side_name(b))
    vocab = vocabulary(games.get(a.game))
    out = []
    for d in found["differences"]:
        label_a = value_label(rules_by_game, a, b, d["rule"], d["a"])
        label_b = value_label(rules_by_game, b, a, d["rule"], d["b"])
        name = rule_name(rules_by_game, a, b, d["rule"])
        sentence = _("%(rule)s: %(a)s under %(side_a)s, %(b)s under %(side_b)s.") % {
            "rule": name,
            "a": label_a,
            "b": label_b,
            "side_a": names[0],
            "side_b": names[1],
        }
        shows = differs_sentence(d, names, vocab) if d["example"] else str(WHY[d["why"]])
        out.append(
            {
                **d,
                "name": name,
                "label_a": label_a,
                "label_b": label_b,
                "sentence": f"{sentence} {shows}",
                "shows": shows,
            }
        )
    return out


# --- the API and the page ----------------------------------------------------------------------


@require_GET
def compare_api(request):
    with translation.override(json_api._language(request)):
        try:
            a, b = side(request.GET, "a"), side(request.GET, "b")
            found = result(a, b)
        except CompareError as e:
            return json_api.error(e.code, e.details, e.status, game=_game_of(request))
        fields = ("rule", "a", "b", "sentence", "example", "why", "differs", "isolated")
        differences = [{k: d[k] for k in fields} for d in worded(found, a, b)]
        return JsonResponse(
            {"a": found["a"], "b": found["b"], "differences": differences, "cost": found["cost"]},
            json_dumps_params={"ensure_ascii": False},
        )


def _game_of(request):
    return games.get((request.GET.get("a") or "").partition(":")[0])


def family(spec):
    """The engine family a game belongs to (None for a game on its own)."""
    return getattr(type(spec.presets[spec.default_variant]), "KNOB_FAMILY", None)


def pairs() -> list[dict]:
    """The comparisons worth offering: each game's default against each of its other variants,
    and the games of one family against each other (their default variants)."""
    out = []
    names = {(v.game.slug, v.slug): v.name for v in Variant.objects.select_related("game")}
    game_names = {g.slug: g.name for g in Game.objects.all()}
    for spec in games.GAMES.values():
        for slug in spec.presets:
            if slug != spec.default_variant:
                out.append(_pair(spec, spec.default_variant, spec, slug, names, game_names))
    specs = list(games.GAMES.values())
    for i, one in enumerate(specs):
        for other in specs[i + 1 :]:
            if family(one) is not None and family(one) is family(other):
                out.append(
                    _pair(one, one.default_variant, other, other.default_variant, names, game_names)
                )
    return out


def _pair(sa, va, sb, vb, names, game_names) -> dict:
    return {
        "query": urlencode({"a": f"{sa.slug}:{va}", "b": f"{sb.slug}:{vb}"}),
        "a": _named(game_names.get(sa.slug, sa.slug), names.get((sa.slug, va), va)),
        "b": _named(game_names.get(sb.slug, sb.slug), names.get((sb.slug, vb), vb)),
    }


def choices() -> list[dict]:
    """Every rule set the compare form offers: the places the sources tie one to first (so
    any two regions can be set side by side), then every variant, grouped by game."""
    out = []
    game_names = {g.slug: g.name for g in Game.objects.all()}
    names = {(v.game.slug, v.slug): v.name for v in Variant.objects.select_related("game")}
    placed = [
        {
            "value": r.side,
            "label": _("%(place)s (%(rules)s)")
            % {
                "place": r.name,
                "rules": _named(game_names.get(r.game, r.game), names.get((r.game, r.variant), "")),
            },
        }
        for r in regions.with_rules()
    ]
    if placed:
        out.append({"name": _("By region"), "options": placed})
    for game in Game.objects.prefetch_related("variants"):
        if games.get(game.slug) is None:
            continue
        out.append(
            {
                "name": game.name,
                "options": [
                    {"value": f"{game.slug}:{v.slug}", "label": v.name} for v in game.variants.all()
                ],
            }
        )
    return out


def _drawn(s: Side, example: dict) -> dict:
    position = open_position(s.module, example["query"])
    return {
        "table": tables.table(position, play=None),
        "query": urlencode(example["query"]),
        "game": s.game,
    }


COMPARE_PAGE_SECONDS = 3600
HOUSE_COMPARE_SECONDS = 300  # with house rules: the sets readers make are many


def _offered(request) -> bool:
    """The pairs offered are few; any other address (house rules, anything) is kept briefly."""
    return request.GET.keys() <= {"a", "b"}


@pagecache.cached(
    lambda request: Game.site_content(),
    lambda request: COMPARE_PAGE_SECONDS if _offered(request) else HOUSE_COMPARE_SECONDS,
    countless=lambda request: not _offered(request),
)
def page(request):
    """The compare page: the pairs worth comparing, or one comparison. The same for every
    visitor, so cached whole by the content of every game."""
    context = {
        "pairs": pairs(),
        "choices": choices(),
        "chosen": request.GET,
        "sides": [("a", _("First rule set")), ("b", _("Second rule set"))],
    }
    if "a" not in request.GET and "b" not in request.GET:
        return render(request, "rulebook/compare.html", context)
    try:
        a, b = side(request.GET, "a"), side(request.GET, "b")
        found = result(a, b)
    except CompareError as e:
        context["error"] = explain(e.code, e.details, game=_game_of(request))
        return render(request, "rulebook/compare.html", context, status=e.status)
    differences = worded(found, a, b)
    for d in differences:
        if d["example"]:
            d["drawn"] = [_drawn(a, d["example"]["a"]), _drawn(b, d["example"]["b"])]
    context.update(
        {
            "a": a,
            "b": b,
            "names": (side_name(a), side_name(b)),
            "differences": differences,
            "noindex": bool(a.overrides or b.overrides),
        }
    )
    return render(request, "rulebook/compare.html", context)
