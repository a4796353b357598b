"""The quiz pages: choose a game, a variant and a kind; answer; read why.

Thin views: ``questions`` asks the engine and checks answers, ``tokens`` signs what is issued,
``progress`` keeps the learner's score, ``messages`` words it all. An answer is a POST followed by a
redirect to the question's page with ``?a=<nonce>``, which shows the result (so a reload never
answers twice). Bad input gets a 4xx page in the page's language and never counts.
"""

from datetime import timedelta
from urllib.parse import urlencode

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.views.decorators.http import require_http_methods, require_POST

from cardgames import cards
from cardgames.errors import BadInput, EngineError
from cardgames.positions import open_position
from cardgames.table import PARTNERSHIPS, SEATS
from cardgames.table import S as BOTTOM
from cardtable import tables
from cardtable.words import vocabulary
from plumbing import pagecache
from rulebook import matchview
from rulebook.models import Game, Rule, Section, game_rows

from . import match_kind, questions, sets, signals, tokens
from . import progress as learner
from .messages import (
    answer_words,
    best_card_words,
    best_contract_words,
    kind_name,
    prompt,
    say,
    taken_heading,
    tricks_heading,
    who_leads,
)
from .models import Answered, HandPicked
from .progress import Progress
from .tokens import question_url

KEEP_ANSWERED = timedelta(seconds=tokens.FORM_MAX_AGE * 2)


# --- links ------------------------------------------------------------------------------------


def _house(request, game: str, variant: str):
    """The house rules of a quiz link (``rulebook.house.House``): ``query_string()`` writes
    them as the short permalink does."""
    from rulebook import games
    from rulebook.house import read

    return read(games.get(game), variant, request.GET)


def _house_error(request, house):
    """A quiz link whose house rules cannot be played: 400, with the engine's reason."""
    return _error(request, 400, [*house.general, *house.problems.values()][0])


def _rules_url(game: str, variant: str, section: str, rule: str | None) -> str:
    anchor = f"rule-{rule}" if rule else section
    return reverse("rules-variant", args=[game, variant]) + "#" + anchor


# --- the quiz's front page ----------------------------------------------------------------------


INDEX_ROWS_SECONDS = 3600


def _index_rows() -> tuple[list, list]:
    """The hand-picked questions and the games with their variants, cached by the content of
    every game (an edit to any of them raises its game's revision)."""

    def read():
        return list(HandPicked.objects.all()), list(Game.objects.prefetch_related("variants"))

    key = f"quiz:index:{Game.site_content()}"
    return cache.get_or_set(key, read, INDEX_ROWS_SECONDS)


def index(request):
    progress = learner.read(request)
    hand_picked, game_list = _index_rows()
    picked = {}
    for row in hand_picked:
        picked.setdefault(row.game, []).append(
            {"row": row, "url": question_url(row.game, row.variant, row.kind, row.seed)}
        )
    mode = progress.mode or []
    choices = []
    for game in game_list:
        if game.slug not in questions.KINDS:
            continue
        kinds = [*questions.KINDS[game.slug], questions.MIXED]
        here = mode[:1] == [game.slug]
        choices.append(
            {
                "game": game,
                "variants": list(game.variants.all()),
                "variant": mode[1] if here else game.default_variant,
                "kinds": [{"slug": k, "name": kind_name(k, game.slug)} for k in kinds],
                "kind": mode[2] if here else questions.MIXED,
                "picked": picked.get(game.slug, []),
            }
        )
    return render(request, "quiz/index.html", {"choices": choices, **_progress(progress)})


def start(request):
    """Issue a new question of the chosen game, variant and kind, and go to it."""
    game = request.GET.get("game", "")
    variant = request.GET.get("variant", "")
    kind = request.GET.get("kind", "")
    try:
        questions.check_names(game, variant, kind)
    except questions.UnknownQuestion as e:
        return _error(request, 404, say(e.code, e.details, _known(game)))
    house = _house(request, game, variant)
    if not house.ok:
        return _house_error(request, house)
    seed = tokens.new_seed() + (f"?{house.query_string()}" if house.overrides else "")
    return redirect(question_url(game, variant, kind, seed))


def set_start(request):
    """A new set of five questions of the game (mixed kinds), from its first question."""
    game = request.GET.get("game", "")
    variant = request.GET.get("variant", "")
    try:
        questions.check_names(game, variant, questions.MIXED)
    except questions.UnknownQuestion as e:
        return _error(request, 404, say(e.code, e.details, _known(game)))
    token = sets.token(game, variant, tokens.new_seed())
    first = _set_members(game, token)[0]
    return redirect(_set_url(game, variant, token, first))


def _set_members(game: str, token: str) -> list[sets.Member]:
    return sets.members(questions.KINDS[game], token.rpartition(".")[0])


def _set_url(game: str, variant: str, token: str, member: sets.Member) -> str:
    return question_url(game, variant, member.kind, member.seed) + "?" + urlencode({"set": token})


def _set_member(request, game, variant, kind, seed, house) -> tuple[str, sets.Member] | None:
    """``(token, member)`` when the question is asked as a member of a set (``?set=``)."""
    token = request.GET.get("set", "")
    if not token or house:
        return None
    try:
        set_seed = sets.read(game, variant, token)
    except tokens.Forged:
        return None
    member = sets.place(questions.KINDS[game], set_seed, kind, seed)
    return None if member is None else (token, member)


def set_end(request, game, variant, token):
    """A set's end: the score, the stars as the tutorials give them, and the questions to look
    at again, from this visitor's answers (nothing is written)."""
    try:
        questions.check_names(game, variant, questions.MIXED)
        sets.read(game, variant, token)
    except questions.UnknownQuestion as e:
        return _error(request, 404, say(e.code, e.details, _known(game)))
    except tokens.Forged:
        return _error(request, 400, say("forged_question", game=game))
    members = _set_members(game, token)
    answers = learner.read(request).set_answers(token, sets.SIZE)
    rows = [
        {
            "number": m.number,
            "kind": kind_name(m.kind, game),
            "url": _set_url(game, variant, token, m),
            "ok": ok,
        }
        for m, ok in zip(members, answers, strict=True)
    ]
    context = {
        "game": Game.objects.filter(slug=game).first(),
        "rows": rows,
        "right": sum(1 for a in answers if a is True),
        "answered": sum(1 for a in answers if a is not None),
        "size": sets.SIZE,
        "stars": sets.stars(answers),
        "again": [r for r in rows if r["ok"] is not True],
        "another_url": reverse("quiz:set") + "?" + urlencode({"game": game, "variant": variant}),
        "stream_url": reverse("quiz:start")
        + "?"
        + urlencode({"game": game, "variant": variant, "kind": questions.MIXED}),
    }
    return render(request, "quiz/set_end.html", context)


@require_POST
def reset(request):
    learner.reset(request)
    return redirect("quiz:index")


# --- a question -----------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def question(request, game, variant, kind, token):
    try:
        questions.check_names(game, variant, kind)
    except questions.UnknownQuestion as e:
        return _error(request, 404, say(e.code, e.details, _known(game)))
    rules = _house(request, game, variant)
    if not rules.ok:
        return _house_error(request, rules)
    house = rules.query_string()
    try:
        seed = tokens.read_question_token(game, variant, kind, token, house)
    except tokens.Forged:
        return _error(request, 400, say("forged_question", game=game))
    progress = learner.read(request)
    url_key = [game, variant, kind, seed + (f"?{house}" if house else "")]
    in_set = _set_member(request, game, variant, kind, seed, house)
    result = progress.result(request.GET.get("a"), url_key)
    if request.method == "POST" or result is not None:
        page = _page(game, variant, kind, seed, house, request, progress, url_key, in_set)
        if isinstance(page, HttpResponse):
            return page
        own = page.answer() if request.method == "POST" else page.render(result=result)
        return pagecache.unmarked(own)
    return _unanswered(
        request,
        *(game, variant, kind),
        seed=seed,
        house=house,
        progress=progress,
        url_key=url_key,
        in_set=in_set,
    )


QUESTION_PAGE_SECONDS = 600  # generated questions are countless: each is kept a short while


def _question_revision(request, game, *args, **kwargs) -> str:
    return Game.content_of(game)


def _form_token(request, *args, url_key, **kwargs) -> dict:
    return _token_part(url_key)


def _learners_parts(request, *args, progress, meta, **kwargs) -> dict:
    return _progress_parts(request, progress, meta)


# A question not yet answered looks the same to everyone but for the visitor's own parts: it
# is cached whole, and those parts are filled in per request. A visitor without a session has
# the newcomer's score and no "again": the cached ones.
@pagecache.cached(
    _question_revision,
    QUESTION_PAGE_SECONDS,
    countless=True,
    tokens=_form_token,
    parts=_learners_parts,
)
def _unanswered(request, game, variant, kind, *, seed, house, progress, url_key, in_set):
    page = _page(game, variant, kind, seed, house, request, Progress(), url_key, in_set)
    return page if isinstance(page, HttpResponse) else page.render()


def _page(game, variant, kind, seed, house, request, progress, url_key, in_set=None):
    """The question's ``Page``, or the 404 page when the seed names none."""
    try:
        q, picked = _question(game, variant, kind, seed, house)
    except questions.UnknownQuestion as e:
        return _error(request, 404, say(e.code, e.details, game))
    return Page(request, q, picked, progress, url_key, in_set)


def _token_part(url_key, nonce=None) -> dict:
    """The question's form's one-time token: every request's own."""
    token = tokens.form_token("/".join(url_key), nonce or tokens.new_nonce())
    return {"token": format_html('<input type="hidden" name="token" value="{}">', token)}


def _progress_parts(request, progress, meta) -> dict:
    """What of a question's page is a learner's own: whether they met this question before
    (``meta["key"]``: the question asked), and their score (a newcomer has none)."""
    again = progress.queued(meta["key"])
    return {
        "again": render_to_string("quiz/_again.html", {"again": again}),
        "progress": render_to_string("quiz/_progress.html", _progress(progress), request),
    }


def _question(game, variant, kind, seed, house=""):
    """The question a seed names: generated, or hand-picked (``pick-<key>``)."""
    if not seed.startswith(questions.PICKED):
        return questions.generate(game, variant, kind, seed, house), None
    if house:  # a hand-picked question is asked under its variant's own rules
        raise questions.UnknownQuestion("unknown_pick", key=seed[len(questions.PICKED) :])
    key = seed[len(questions.PICKED) :]
    row = HandPicked.objects.filter(game=game, key=key, variant=variant, kind=kind).first()
    if row is None:
        raise questions.UnknownQuestion("unknown_pick", key=key)
    try:
        return row.question(), row
    except EngineError:  # broken by an edit that skipped the admin's check
        raise questions.UnknownQuestion("unknown_pick", key=key) from None


class Page:
    """One question's page: its form, or the result of an answer."""

    def __init__(self, request, q, picked, progress, url_key, in_set=None):
        self.request = request
        self.q = q
        self.picked = picked
        self.progress = progress
        self.url_key = url_key
        self.key = [q.game, q.variant, q.kind, q.seed]
        self.in_set = in_set  # (token, member) of a set of five, or None
        self.url = question_url(*url_key)
        if in_set is not None:  # the set's questions keep it in their address
            self.url += "?" + urlencode({"set": in_set[0]})

    # ---------------------------------------------------------------- answering
    def answer(self):
        q, request = self.q, self.request
        try:
            nonce = tokens.read_form_token(request.POST.get("token", ""), "/".join(self.url_key))
        except tokens.Expired:
            return self.render(error=say("expired_form", game=q.game), status=400)
        except tokens.Forged:
            return self.render(error=say("forged_form", game=q.game), status=400)
        if Answered.objects.filter(nonce=nonce).exists():
            return self.render(error=say("replayed_form", game=q.game), status=409)
        try:
            answer = questions.read_answer(q, dict(request.POST.lists()))
        except BadInput as e:
            # The same form stays valid: the learner can correct it and send it.
            return self.render(error=say(e.code, e.details, q.game), status=400, nonce=nonce)
        correct = questions.is_right(q, answer)
        try:
            # The form is spent and the answer counted together, or neither is.
            with learner.updating(request) as progress, transaction.atomic():
                Answered.objects.create(
                    nonce=nonce, question="/".join(self.url_key), correct=correct
                )
                progress.record(
                    nonce=nonce,
                    url_key=self.url_key,
                    key=self.key,
                    answer=answer,
                    correct=correct,
                    in_set=(self.in_set[0], self.in_set[1].number, sets.SIZE)
                    if self.in_set
                    else None,
                )
        except IntegrityError:  # the same form, sent twice at once
            return self.render(error=say("replayed_form", game=q.game), status=409)
        signals.answered.send(
            sender=Page, request=request, url_key=self.url_key, answer=answer, correct=correct
        )
        Answered.objects.filter(created__lt=timezone.now() - KEEP_ANSWERED).delete()
        join = "&" if "?" in self.url else "?"
        response = HttpResponseRedirect(f"{self.url}{join}{urlencode({'a': nonce})}")
        response.status_code = 303  # see the result with a GET
        return response

    # ---------------------------------------------------------------- drawing
    def render(self, *, result=None, error=None, status=200, nonce=None):
        q = self.q
        pos = q.position()
        rows = game_rows(q.game)  # kept per content revision, as every table page reads them
        variants = rows.variants
        context = {
            "game": rows.game,
            "game_slug": q.game,
            "variant": variants.get(q.variant),
            "variant_slug": q.variant,
            "q": q,
            "kind_name": kind_name(q.kind, q.game, pos.state.phase),
            "mode_name": kind_name(q.mode, q.game),
            "set_place": (
                {"number": self.in_set[1].number, "total": sets.SIZE} if self.in_set else None
            ),
            "picked": self.picked,
            "prompt": prompt(q, pos),
            "error": error,
            "url": self.url,
            "rules_url": reverse("rules-variant", args=[q.game, q.variant])
            + (f"?{q.house}" if q.house else ""),
            # a finished deal's table is only a picture: the answer's fields come before it
            "deal_over": pos.state.is_over,
            **self._table(pos, result),  # the table's own context, as the position page has it
            **self._facts(pos),
        }
        if result is not None and q.kind == questions.MATCH:  # answered: the match after
            context["match"] = matchview.context(pos, vocabulary(q.game))
        meta = {"key": self.key}
        own = _token_part(self.url_key, nonce) | _progress_parts(self.request, self.progress, meta)
        if result is None:
            context["form"] = self._form(pos)
        else:
            context["result"] = self._result(pos, result, variants)
            own["again"] = ""
        context.update({f"{name}_part": pagecache.mark(name, html) for name, html in own.items()})
        response = render(self.request, "quiz/question.html", context, status=status)
        return pagecache.note(response, **meta)

    def _table(self, pos, result) -> dict:
        q = self.q
        answered = result is not None
        # the seat asked about faces the reader, as the learner's own seat does elsewhere
        bottom = BOTTOM if pos.state.to_act is None else pos.state.to_act
        if q.kind in (questions.NEXT_LEADER, questions.TRICK_POINTS):
            return _completed_trick_table(q, pos)
        if q.kind == questions.LEGAL_SET:
            chosen = result["answer"]["cards"] if answered else ()
            ctx = tables.table(
                pos,
                play=None if answered else "checkbox",
                mark_legal=answered,
                marked=chosen,
                bottom=bottom,
            )
        elif q.kind in questions.CHOICE_KINDS:
            chosen = [result["answer"]["move"]] if answered else ()
            # every hand open, as always; but an owner chooses from their own hand alone, as
            # the stored rollouts judged the choice
            owner_only = q.kind == questions.BEST_CONTRACT
            ctx = tables.table(
                pos,
                play=None if answered else "button",
                mark_legal=answered,
                open_seats=[bottom] if owner_only else range(4),
                marked=chosen,
                calls=questions.answer_calls(pos, q.kind),
                bottom=bottom,
            )
            if answered:
                ctx["calls"] = []
        else:
            ctx = tables.table(
                pos,
                play=None,
                mark_legal=answered and q.kind == questions.KNOCK,
                bottom=bottom,
            )
        if q.kind in (questions.DEAL_POINTS, questions.SHEET) and not answered:
            ctx["points"] = []  # the points are the question
        return ctx

    def _facts(self, pos) -> dict:
        """What the question needs beyond the table: exposures, taken cards, the sheet."""
        q, state = self.q, pos.state
        vocab = vocabulary(q.game)
        facts = {}
        exposed = q.family.exposed(state)
        if exposed:
            facts["exposed"] = [vocab.card_view(c) for c in cards.display_order(exposed)]
        if q.kind in (questions.DEAL_POINTS, questions.SHEET):
            facts["tricks_heading"] = tricks_heading(q.game)
        if q.kind == questions.DEAL_POINTS and q.family.SIGNED_POINTS:  # each bid, scored
            facts["bids"] = [
                {"seat": vocab.seat(s), "bid": state.bid_of(s), "tricks": state.tricks_won[s]}
                for s in range(4)
            ]
        elif q.kind == questions.DEAL_POINTS:
            penalty = q.family.scoring_cards(q.rules)
            times = state.table_view().exposure  # what an exposed card counts, as ruled
            facts["taken_heading"] = taken_heading(q.game)
            facts["taken"] = [
                {
                    "seat": vocab.seat(s),
                    "cards": [
                        vocab.card_view(c, exposed=bool(exposed >> c & 1), times=times)
                        for c in cards.display_order(state.taken[s] & penalty)
                    ],
                    "tricks": state.tricks_won[s],
                }
                for s in range(4)
            ]
        if q.kind == questions.SHEET:
            before = q.family.replay_sheet(q.rules, q.context.get("sheet", []))
            contract = state.contract
            facts["sheet"] = {
                "sides": [
                    {
                        "name": vocab.side(s),
                        "line": before.lines[s],
                        "debt": before.debts[s],
                        "tricks": state.side_tricks()[s],
                        "bidding": contract.side == s,
                    }
                    for s in (0, 1)
                ],
                "rows": len(before.rows),
                "bid": vocab.bid(str(contract.bid)),
                "doubled": contract.doubled,
            }
        if q.kind == questions.MATCH:  # the totals before the deal; after it is the question
            facts["match"] = {**matchview.context(pos, vocab), "match": None, "in_match": True}
        if q.kind == questions.KNOCK and state.multiplier > 1:
            facts["multiplied"] = state.multiplier
        return facts

    def _form(self, pos) -> dict:
        q = self.q
        vocab = vocabulary(q.game)
        form = {"kind": q.kind}
        if q.kind == questions.NEXT_LEADER:
            form["seats"] = [{"letter": SEATS[s], "name": vocab.seat(s)} for s in range(4)]
            form["legend"] = who_leads(q.game)
        elif q.kind in (questions.TRICK_POINTS, questions.DEAL_POINTS):
            form["numbers"] = [
                {"name": f"points_{SEATS[s]}", "label": vocab.seat(s)} for s in range(4)
            ]
            form["signed"] = q.family.SIGNED_POINTS
        elif q.kind == questions.SHEET:
            form["sides"] = [
                {
                    "name": vocab.side(s),
                    "entry": f"entry_{PARTNERSHIPS[s]}",
                    "debt": f"debt_{PARTNERSHIPS[s]}",
                }
                for s in (0, 1)
            ]
        elif q.kind == questions.KNOCK:
            form["seat"] = vocab.seat(pos.state.to_act)
        elif q.kind == questions.MATCH:
            form["winners"] = [
                {"value": key, "name": matchview.who(vocab, key)} for key in match_kind.choices(pos)
            ]
        return form

    def _result(self, pos, result, variants) -> dict:
        q = self.q
        verdict = questions.check(q, result["answer"])
        notes = [questions.moment_note(q, pos)] if q.kind == questions.PLAY else []
        reasons = []
        for note in [*verdict.notes, *notes]:
            text = say(note.code, note.details, q.game)
            if text not in reasons:
                reasons.append(text)
        others = []
        for alt in questions.alternatives(q):
            name = variants[alt.variant].name if alt.variant in variants else alt.variant
            others.append(
                {
                    "name": name,
                    "url": reverse("rules-variant", args=[q.game, alt.variant]),
                    "differs": alt.differs,
                    "answer": answer_words(q, pos, alt.expected),
                    "reason": (
                        say(alt.reason.code, alt.reason.details, q.game) if alt.reason else None
                    ),
                }
            )
        position_query = urlencode(q.query)
        best = None
        if q.kind == questions.BEST_CARD:
            best = best_card_words(q)
        elif q.kind == questions.BEST_CONTRACT:
            best = best_contract_words(q)
        if best:
            reasons.insert(0, best["sentence"])
        return {
            "costs": best["costs"] if best else None,
            "contracts": q.kind == questions.BEST_CONTRACT,
            "correct": verdict.correct,
            "yours": answer_words(q, pos, result["answer"]),
            "expected": answer_words(q, pos, q.expected),
            "reasons": reasons,
            "links": self._links(verdict),
            "others": others,
            "depends": any(o["differs"] for o in others),
            "next_url": self._next_url(result["nonce"]),
            "set_end_url": self._set_end_url(),
            "again_url": self.url,
            "position_url": reverse("position", args=[q.game]) + "?" + position_query,
            "note": self.picked.note if self.picked else "",
        }

    def _links(self, verdict) -> list[dict]:
        """The rule page's sections and rules the reasons come from."""
        q = self.q
        wanted = []
        for code in [q.moment, *(n.code for n in verdict.notes)]:
            where = questions.anchor(q.game, code)
            if where and where not in wanted:
                wanted.append(where)
        sections = {s.key: s for s in Section.objects.filter(game__slug=q.game)}
        rules = {r.key: r for r in Rule.objects.filter(game__slug=q.game)}
        links = []
        for section, wanted_rule in wanted:
            # A rule the game fixes has no box of its own: its section states it.
            rule = wanted_rule if wanted_rule in rules else None
            if rule:
                label = rules[rule].name
            elif section in sections:
                label = sections[section].title
            else:
                continue
            url = _rules_url(q.game, q.variant, section, rule)
            if q.house:  # the rule page under the question's house rules
                url = url.replace("#", f"?{q.house}#", 1)
            if all(link["url"] != url for link in links):
                links.append({"url": url, "label": label})
        return links

    def _set_end_url(self) -> str | None:
        """The set's end, after its last question."""
        if self.in_set is None or self.in_set[1].number < sets.SIZE:
            return None
        return reverse("quiz:set-end", args=[self.q.game, self.q.variant, self.in_set[0]])

    def _next_url(self, nonce: str) -> str:
        if self.in_set is not None and self.in_set[1].number < sets.SIZE:  # the set's next
            token, member = self.in_set
            following = _set_members(self.q.game, token)[member.number]
            return _set_url(self.q.game, self.q.variant, token, following)
        due = self.progress.due()
        if due is not None:
            return question_url(*due)
        game, variant, kind = self.progress.mode or self.url_key[:3]
        seed = tokens.derived_seed(nonce)
        if self.q.house and [game, variant] == [self.q.game, self.q.variant]:
            seed += "?" + self.q.house  # the next question keeps the table's rules
        return question_url(game, variant, kind, seed)


def _completed_trick_table(q, pos) -> dict:
    """The table just before the trick's last card, with that card on the trick: nobody is
    marked to play, so the drawing does not say who leads next. The question is the trick's:
    the other hands stay face down, so on a phone the table leaves room for the answer."""
    state = pos.state
    before = open_position(q.module, {**q.query, "moves": " ".join(pos.move_tokens()[:-1])})
    ctx = tables.table(before, play=None, mark_legal=False, bottom=BOTTOM, open_seats=[BOTTOM])
    after = state.table_view()
    seat, last = after.last_trick[0][-1]
    view = ctx["seats"][SEATS[seat]]
    view["cards"] = [c for c in view["cards"] if c["code"] != cards.card_code(last)]
    view["to_act"] = False
    ctx["to_act"] = None
    vocab = vocabulary(q.game)
    ctx["trick"] = [  # at the seats that played them, as every table draws a trick
        tables.played_card(vocab, s, c, BOTTOM, after)
        for s, c in after.last_trick[0]  # a trick game: the kind asks of a trick
    ]
    return ctx


def _progress(progress: Progress) -> dict:
    recent = []
    for item in progress.recent:
        game, variant, kind, seed = item["q"]
        recent.append(
            {
                "url": question_url(game, variant, kind, seed),
                "game": game,
                "kind": kind_name(item["kind"], game),
                "ok": item["ok"],
            }
        )
    names = dict(Game.objects.values_list("slug", "name")) if recent else {}
    for item in recent:
        item["game"] = names.get(item["game"], item["game"])
    return {
        "progress": {
            "answered": progress.answered,
            "right": progress.right,
            "streak": progress.streak,
            "best": progress.best,
            "recent": recent,
            "queued": len(progress.queue),
        }
    }


def _known(game: str) -> str | None:
    """``game`` if the site has it, so a message about an unknown one still has words."""
    from rulebook import games

    return game if games.get(game) else None


def _error(request, status: int, message: str):
    return render(request, "quiz/error.html", {"status": status, "message": message}, status=status)
