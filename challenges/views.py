"""The challenges' pages: the list (the site's daily and weekly challenges of every game, one's
own running percentage), a challenge (its deals and their commitments, one's entry, the
ranking), a deal's field (once one's own result is in), the check page, a private challenge's
form, and one's name in the lists."""

from datetime import timedelta

from django import forms
from django.core.cache import cache
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cardgames import bots, cards, shuffle
from cardgames.table import SEATS
from cardtable.words import vocabulary
from plumbing import limits, ownership, pagecache
from practice.costs import review as judged
from practice.models import Match
from practice.table import LEVELS as LEVEL_NAMES
from rulebook import games
from rulebook.costs import unit
from rulebook.models import registry_names

from . import families, field, service
from .models import MAX_DEALS, Challenge, ChallengeDeal, Entry, Play, Player

RANKING_VERSION_SECONDS = 5  # how stale the ranking page may be past its last working out
TOP = 10  # the ranking's rows on the challenge's page (the ranking page has more)
REFUSALS = {
    "closed": gettext_lazy("This challenge has closed: it takes no more results."),
    "not_open_yet": gettext_lazy("This challenge has not opened yet."),
    "players_changed": gettext_lazy(
        "The computer players have changed since this challenge opened: play today’s new "
        "challenge instead."
    ),
    "bad_seat": gettext_lazy("Choose a seat: North, East, South or West."),
    "bad_challenge": gettext_lazy("Choose a game, a variant, a level and between 1 and 12 deals."),
    "played": gettext_lazy("You have already played this deal."),
}


def _refused(request, e: service.Refused):
    return render(
        request,
        "error.html",
        {"message": REFUSALS[e.code], "status": e.status, "noindex": True},
        status=e.status,
    )


def _challenge(public_id: str) -> Challenge:
    found = Challenge.objects.filter(public_id=public_id).first()
    if found is None:
        raise Http404(_("There is no challenge at this address."))
    return found


def _names(challenge: Challenge) -> dict:
    game_names, variant_names = registry_names()
    return {
        "game": game_names.get(challenge.game, challenge.game),
        "variant": variant_names.get((challenge.game, challenge.variant), challenge.variant),
    }


def _title(challenge: Challenge, names: dict) -> str:
    if challenge.kind == Challenge.DAILY:
        return _("Daily challenge of %(game)s") % names
    if challenge.kind == Challenge.WEEKLY:
        return _("Weekly challenge of %(game)s") % names
    return _("Private challenge of %(game)s") % names


def _card(challenge: Challenge, entry: Entry | None = None) -> dict:
    names = _names(challenge)
    return {
        "challenge": challenge,
        "title": _title(challenge, names),
        "names": names,
        "level": LEVEL_NAMES[challenge.level],
        "entry": entry,
    }


# --- the list ---------------------------------------------------------------------------------


@require_GET
def index(request):
    now = timezone.now()
    player = service.who(request)
    current = Challenge.objects.filter(
        kind__in=[Challenge.DAILY, Challenge.WEEKLY], opens__lte=now, closes__gt=now
    ).order_by("kind", "-opens")
    mine = {}
    if player is not None:
        mine = {e.challenge_id: e for e in Entry.objects.filter(challenge__in=current, **player)}
    by_game: dict = {}
    for c in current:
        kept = by_game.setdefault(c.game, {})
        kept.setdefault(c.kind, _card(c, mine.get(c.pk)))  # the newest players' first
    game_names = registry_names()[0]
    listed = [
        {"slug": g, "name": game_names.get(g, g), **by_game.get(g, {})}
        for g in families.challenged()
    ]
    closed = Challenge.objects.filter(
        kind__in=[Challenge.DAILY, Challenge.WEEKLY], closes__lte=now
    ).order_by("-closes")[:6]
    user = ownership.account(request)
    context = {
        "games": listed,
        "closed": [_card(c) for c in closed],
        "running": field.running(user) if user else None,
        "profile": Player.objects.filter(user=user).first() if user else None,
        "signed_in": user is not None,
        "noindex": False,
    }
    return render(request, "challenges/index.html", context)


# --- one challenge -------------------------------------------------------------------------------


@require_GET
def challenge(request, public_id):
    c = _challenge(public_id)
    player = service.who(request)
    entry = service.entry_of(c, player)
    plays = service.plays_of(entry)
    vocab = vocabulary(c.game)
    deals = []
    for deal in c.deals.all():
        play = plays.get(deal.number)
        deals.append(
            {
                "deal": deal,
                "dealer": vocab.seat(deal.dealer),
                "play": play,
                "done": play is not None and play.score is not None,
                "url": reverse("challenges:deal", args=[c.public_id, deal.number]),
            }
        )
    context = {
        **_card(c, entry),
        "deals": deals,
        "seats": [{"letter": s, "name": vocab.seat(i)} for i, s in enumerate(SEATS)],
        "ranking": field.ranking(c, entry, listed=TOP),
        "share_url": request.build_absolute_uri(c.get_absolute_url()),
        "noindex": c.kind == Challenge.PRIVATE,
    }
    return render(request, "challenges/challenge.html", context)


def _seat(value) -> int:
    text = str(value or "S").strip().upper()
    if text not in SEATS:
        raise service.Refused("bad_seat")
    return SEATS.index(text)


@require_http_methods(["GET", "HEAD", "POST"])
def deal(request, public_id, number):
    """POST: play the deal (its practice table, made on the first visit). GET: the deal against
    the field, once one's own result is in."""
    c = _challenge(public_id)
    if request.method == "POST":
        try:
            # the table links back in its reader's language (``translate_url``)
            entry_url = reverse("challenges:deal", args=[c.public_id, number])
            match = service.play_deal(
                request, c, number, _seat(request.POST.get("seat")), entry_url
            )
        except service.Refused as e:
            return _refused(request, e)
        response = redirect(match.get_absolute_url())
        response.status_code = 303
        return response
    entry = service.entry_of(c, service.who(request))
    play = (
        Play.objects.filter(entry=entry, deal__number=number)
        .select_related("deal__challenge", "match")
        .first()
        if entry
        else None
    )
    if play is None or play.score is None:
        deal_row = ChallengeDeal.objects.filter(challenge=c, number=number).first()
        if deal_row is None:
            raise Http404(_("There is no challenge at this address."))
        # Nothing of the field before one's own result: it would tell the cards.
        context = {**_card(c, entry), "number": number, "play": play, "noindex": True}
        return render(request, "challenges/unplayed.html", context, status=403)
    return render(request, "challenges/deal.html", _deal_context(request, c, entry, play))


def _deal_context(request, c, entry, play) -> dict:
    vocab = vocabulary(c.game)
    part = families.of(c.game)
    seen = field.compared(play)
    lines = [
        {
            "kind": part.KINDS.get(kind, kind),
            "rows": [
                {
                    "words": part.words(kind, line, vocab),
                    "n": n,
                    "percent": pct,
                    "mine": line == play.lines.get(kind),
                }
                for line, n, pct in rows
            ],
        }
        for kind, rows in seen.lines.items()
    ]
    mine = play.lines
    review = None
    if play.match is not None and ownership.owns(request, "practice", play.match.token):
        review = _cost(play)
    return {
        **_card(c, entry),
        "number": play.deal.number,
        "play": play,
        "seat": vocab.seat(play.seat),
        "seen": seen,
        "difference": None
        if seen.average_difference is None
        else round(seen.average_difference, 1),
        "scores": [{"score": s, "n": n, "mine": s == play.score} for s, n in seen.scores],
        "lines": lines,
        "my_lines": [
            {"kind": part.KINDS.get(k, k), "words": part.words(k, v, vocab)}
            for k, v in mine.items()
        ],
        "review": review,
        "table_url": play.match.get_absolute_url() if play.match else None,
        "noindex": True,
    }


def _cost(play: Play) -> dict | None:
    """The luck-free measure: the sum of the learner's cards' costs from the seat's own view,
    the verdicts of the practice review (one verdict per card); kept once every card is
    judged."""
    if play.cost is not None:
        return {"pending": 0, "words": _cost_words(play.deal.challenge.game, play.cost)}
    found = Match.read(play.match.public_id)
    if found is None:
        return None
    match, deals = found
    practice = match.replay(deals)
    said = judged(practice, "seat", match.get_absolute_url())
    if said is None:
        return None
    total = sum(item["numbers"]["cost"] for item in said.get("items", ()))  # forced: none
    if said["pending"] == 0:
        Play.objects.filter(pk=play.pk).update(cost=total)
    return {"pending": said["pending"], "words": _cost_words(practice.game, total)}


def _cost_words(game: str, cost: float) -> str:
    """A cost in the game's analysis unit, as the review words it: «1,5 pli», «6 نقاط»."""
    return unit(game).amount(cost, vocabulary(game).region, subject=True)


# --- the ranking, for everyone ------------------------------------------------------------------


def _ranking_revision(request, public_id) -> str:
    """The ranking's version: worked out again first when stale (``field.rank``), so the
    page is rendered once per ranking, not once per reader. The version itself is kept a few
    seconds in the cache: a reader of a busy ranking reads no database at all."""
    key = f"challenges:ranking:{str(public_id)[:16]}"
    found = cache.get(key)
    if found is None:
        c = _challenge(public_id)
        field.rank(c)
        found = f"{c.public_id}:{c.ranked_results}:{c.ranked_at.timestamp() if c.ranked_at else 0}"
        cache.set(key, found, RANKING_VERSION_SECONDS)
    return found


@require_GET
@pagecache.cached(_ranking_revision, field.RANK_SECONDS)
def ranking(request, public_id):
    c = _challenge(public_id)
    context = {**_card(c), "ranking": field.ranking(c, None, listed=field.LISTED)}
    context["noindex"] = c.kind == Challenge.PRIVATE
    return render(request, "challenges/ranking.html", context)


# --- the check page -----------------------------------------------------------------------------


@require_GET
def check(request, public_id):
    """Every deal's commitment; once the challenge has closed, its seed, the SHA-256 worked out
    here beside the commitment, and the hands it deals."""
    c = _challenge(public_id)
    vocab = vocabulary(c.game)
    pack = games.get(c.game).engine.PACK
    rows = []
    for deal in c.deals.all():
        row = {
            "number": deal.number,
            "commitment": deal.commitment,
            "dealer": vocab.seat(deal.dealer),
        }
        if c.closed:
            from practice.match import commitment

            hands = shuffle.deal(deal.seed, pack)
            row.update(
                seed=deal.seed,
                worked=commitment(deal.seed),
                ok=commitment(deal.seed) == deal.commitment,
                hands=[
                    {
                        "who": vocab.seat(s),
                        "cards": [vocab.card_view(x) for x in cards.display_order(hands[s])],
                    }
                    for s in range(4)
                ],
                pbn=cards.format_deal(hands),
                check_url=f"{reverse('practice:check')}?game={c.game}&seed={deal.seed}",
            )
        rows.append(row)
    context = {**_card(c), "rows": rows, "noindex": c.kind == Challenge.PRIVATE}
    return render(request, "challenges/check.html", context)


# --- a private challenge ------------------------------------------------------------------------


def _game_choices() -> list[dict]:
    game_names, variant_names = registry_names()
    return [
        {
            "name": game_names.get(g.slug, g.slug),
            "variants": [
                {"value": f"{g.slug}:{v}", "name": variant_names.get((g.slug, v), v)}
                for v in g.presets
            ],
        }
        for g in games.GAMES.values()
        if g.slug in families.challenged()
    ]


class NewForm(forms.Form):
    pick = forms.CharField(max_length=100)
    deals = forms.IntegerField(min_value=1, max_value=MAX_DEALS, initial=3)
    level = forms.ChoiceField(choices=[(lv, lv) for lv in bots.LEVELS], initial="club")
    days = forms.IntegerField(min_value=1, max_value=service.MAX_DAYS, initial=7)


@require_http_methods(["GET", "HEAD", "POST"])
def new(request):
    context = {
        "games": _game_choices(),
        "levels": [{"slug": lv, "name": LEVEL_NAMES[lv]} for lv in bots.LEVELS],
        "max_deals": MAX_DEALS,
        "max_days": service.MAX_DAYS,
        "noindex": True,
    }
    if request.method != "POST":
        return render(request, "challenges/new.html", context)
    form = NewForm(request.POST)
    game, _sep, variant = str(request.POST.get("pick", "")).partition(":")
    if not form.is_valid():
        context["error"] = REFUSALS["bad_challenge"]
        return render(request, "challenges/new.html", context, status=400)
    wait = limits.creating(request, "practice")
    if wait is not None:
        return limits.page(request, wait)
    data = form.cleaned_data
    try:
        made = service.open_challenge(
            game,
            variant,
            data["deals"],
            data["level"],
            timezone.now() + timedelta(days=data["days"]),
            by=ownership.account(request),
        )
    except service.Refused:
        context["error"] = REFUSALS["bad_challenge"]
        return render(request, "challenges/new.html", context, status=400)
    response = redirect(made.get_absolute_url())
    response.status_code = 303
    return response


# --- one's name in the lists -------------------------------------------------------------------


@require_POST
def me(request):
    user = ownership.account(request)
    if user is None:
        raise Http404(_("Sign in to choose your name in the lists."))
    name = str(request.POST.get("name", "")).strip()[:40] or user.get_username()[:40]
    hidden = request.POST.get("hidden") == "on"
    with transaction.atomic():
        Player.objects.update_or_create(user=user, defaults={"name": name, "hidden": hidden})
        Entry.objects.filter(user=user).update(name=name, hidden=hidden)
    response = redirect(reverse("challenges:index"))
    response.status_code = 303
    return response
