"""The shipped tutorials: one TOML file each in ``tutorials/data/`` (no Django here).

The files are the versioned source; ``manage.py loadtutorials`` copies them into the models,
where editors may change them. ``problems`` is what the system check and the tests run on
every file: each step replayed by the engine, each text present in every language.

A file looks like this (see ``tutorials/data/`` for real ones)::

    slug = "bent-first-deal"
    game = "bent-al-sbeet"
    variant = "qahwa"
    level = "beginner"            # beginner, intermediate, advanced
    order = 1                     # position in the list of its game
    seed = "tutorial:bent-first"  # or deal = "N:AKQ.… …" (PBN)
    dealer = "N"
    learner = "S"                 # the seat whose hand is always open
    show = "learner"              # or "all": are the other hands open?
    start = "deal"                # game extras of the positions spec (start, exposed)
    deal_number = 4               # a later deal of a match (optional, 1 by default)
    totals = "N:40,E:12,S:57,W:33"  # the match totals before this deal (optional)
    section = "play"              # the rule section the tutorial is about
    title = { ar = "…", en = "…", fr = "…" }
    summary = { ar = "…", en = "…", fr = "…" }

    [[steps]]
    moves = "pass:QS pass:AH pass:2C"
    point = "QS S"                # cards or seats to point at (optional)
    show = "all"                  # overrides the tutorial's show (optional)
    section = "deal"              # overrides the tutorial's section (optional)
    variant = "sbeetah"           # restart the same deal under this variant (optional)
    text = { ar = "…", en = "…", fr = "…" }
    [steps.question]              # optional: the learner finds the first move
    accept = "legal"              # optional: "legal", or tokens "QS TD"
    hint = { ar = "…", en = "…", fr = "…" }      # the first rung: names the rule
    explain = { ar = "…", en = "…", fr = "…" }   # shown once answered
"""

import tomllib
from pathlib import Path

from cardgames.errors import EngineError
from cardgames.positions import parse_deal_number, parse_totals
from cardgames.table import SEATS, parse_seat
from rulebook import games

from .script import ANY_LEGAL, Match, ScriptError, Step, deal_hands

DATA = Path(__file__).resolve().parent / "data"
LANGUAGES = ("ar", "en", "fr")
LEVELS = ("beginner", "intermediate", "advanced")
SHOW = ("learner", "all")


def files() -> list[Path]:
    return sorted(DATA.glob("*.toml"))


def read(path: Path) -> dict:
    with open(path, "rb") as f:
        return tomllib.load(f)


def read_all() -> list[dict]:
    return [read(p) for p in files()]


def split(text) -> list[str]:
    """Tokens from ``"QS AH"``, ``"QS, AH"`` or a list."""
    if isinstance(text, list):
        return [str(t) for t in text]
    return (text or "").replace(",", " ").split()


def accept_of(question: dict | None):
    if not question:
        return None
    accept = question.get("accept")
    if accept is None or accept == ANY_LEGAL:
        return accept
    return split(accept)


def steps_of(data: dict) -> list[Step]:
    return [
        Step(
            moves=split(s.get("moves")),
            question="question" in s,
            accept=accept_of(s.get("question")),
            variant=s.get("variant"),
        )
        for s in data.get("steps", [])
    ]


def setup(
    game: str,
    seed: str,
    deal: str,
    dealer: str,
    start: str,
    exposed: str,
    deal_number="",
    totals: str = "",
):
    """(engine module, hands, dealer seat, extras, match) of a tutorial, ``match`` being its
    place in a match (``Match``); ``EngineError`` if unreadable."""
    spec = games.get(game)
    if spec is None:
        raise ValueError(f"unknown game {game!r}")
    module = spec.engine
    hands, deal_dealer = deal_hands(module, seed or None, deal or None)
    seat = parse_seat(dealer) if dealer else (deal_dealer if deal_dealer is not None else 0)
    extra = module.parse_extra({"start": start or "", "exposed": exposed or ""})
    match = Match(parse_deal_number(str(deal_number or "")), parse_totals(module, totals or ""))
    return module, hands, seat, extra, match


def frames_of(data: dict):
    """A tutorial file replayed as the lesson it is (``lesson.check``: one replay for both)."""
    from . import lesson

    return lesson.check(lesson.read(as_lesson(data)))


def as_lesson(data: dict, language: str = "en") -> dict:
    """A tutorial file as a lesson object (``lesson.read`` reads it): its texts in
    ``language``, the other two as translations; its ``point`` marks are the step's ``mark``
    and its ``show`` the hands a step opens."""

    def open_of(step):
        return "all" if (step.get("show") or data.get("show")) == "all" else []

    def texts(step, lang):
        q = step.get("question") or {}
        out = {"narration": (step.get("text") or {}).get(lang, "")}
        if step.get("takeaway"):
            out["point"] = step["takeaway"].get(lang, "")
        for key in ("hint", "explain"):
            if q.get(key):
                out[key] = q[key].get(lang, "")
        if q.get("why"):
            out["why"] = {t: v.get(lang, "") for t, v in q["why"].items()}
        return out

    def step_of(step):
        q = step.get("question")
        own = texts(step, language)
        return {
            "moves": split(step.get("moves")),
            "narration": own["narration"],
            "point": own.get("point") or None,
            "question": None
            if q is None
            else {
                "accept": accept_of(q) or [],
                "why": own.get("why") or {},
                "hint": own.get("hint"),
                "explain": own.get("explain"),
            },
            "open": open_of(step),
            "variant": step.get("variant"),
            "mark": split(step.get("point")),
            "section": step.get("section"),
        }

    deal = data.get("deal") or ""
    dealer = data.get("dealer") or (deal.split(":", 1)[0] if ":" in deal else "N")
    steps = data.get("steps", [])
    return {
        "game": data["game"],
        "variant": data["variant"],
        "rules": {},
        "dealer": dealer,
        "deal": deal or None,
        "seed": data.get("seed") or None,
        "start": data.get("start", ""),
        "exposed": data.get("exposed", ""),
        "deal_number": data.get("deal_number") or 1,
        "totals": data.get("totals", ""),
        "learner": data["learner"],
        "language": language,
        "title": (data.get("title") or {}).get(language, ""),
        "summary": (data.get("summary") or {}).get(language, ""),
        "section": data.get("section"),
        "steps": [step_of(s) for s in steps],
        "translations": {
            lang: {
                "title": (data.get("title") or {}).get(lang, ""),
                "summary": (data.get("summary") or {}).get(lang, ""),
                "steps": [texts(s, lang) for s in steps],
            }
            for lang in LANGUAGES
            if lang != language
        },
    }


class NotATutorial(ValueError):
    """A lesson that a tutorial file cannot hold as it is: ``reason`` says what."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def as_tutorial(obj: dict, slug: str, level: str, order: int) -> dict:
    """A lesson object as a tutorial file (the inverse of ``as_lesson``): its texts in the
    three languages (``Lesson.texts``), its steps' open hands as ``show``, its marks as
    ``point``; a step's ``point`` text is kept as ``takeaway`` and a question's ``why`` as a
    table of token -> texts, which ``as_lesson`` reads back. ``NotATutorial`` for what a file
    cannot hold: house rules, or a step that opens some hands but not all."""
    from . import lesson as format

    les = format.read(obj)
    if les.rules:
        raise NotATutorial("house_rules")
    if any(s.open not in ("all", ()) for s in les.steps):
        raise NotATutorial("some_hands_open")
    texts = {lang: les.texts(lang) for lang in LANGUAGES}

    def table(get) -> dict:
        return {lang: get(texts[lang]) or "" for lang in LANGUAGES}

    every = all(s.open == "all" for s in les.steps)
    data = {"slug": slug, "game": les.game, "variant": les.variant, "level": level}
    data["order"] = int(order)
    if les.seed:
        data["seed"] = les.seed
    else:
        data["deal"] = les.deal
    data.update(dealer=les.dealer, learner=les.learner, show="all" if every else "learner")
    for key in ("start", "exposed", "totals", "section"):
        if getattr(les, key):
            data[key] = getattr(les, key)
    if les.deal_number != 1:
        data["deal_number"] = les.deal_number
    data["title"] = table(lambda t: t["title"])
    data["summary"] = table(lambda t: t["summary"])
    steps = []
    for n, step in enumerate(les.steps):

        def of(key, n=n):
            return table(lambda t: t["steps"][n][key])

        out = {}
        if step.moves:
            out["moves"] = " ".join(step.moves)
        if step.mark:
            out["point"] = " ".join(step.mark)
        if step.open == "all" and not every:
            out["show"] = "all"
        for key in ("section", "variant"):
            if getattr(step, key):
                out[key] = getattr(step, key)
        out["text"] = of("narration")
        if step.point:
            out["takeaway"] = of("point")
        q = step.question
        if q is not None:
            question = {}
            if q.accept:
                question["accept"] = q.accept if q.accept == ANY_LEGAL else " ".join(q.accept)
            if q.hint:
                question["hint"] = of("hint")
            if q.explain:
                question["explain"] = of("explain")
            if q.why:
                question["why"] = {
                    token: {
                        lang: texts[lang]["steps"][n]["why"].get(token, "") for lang in LANGUAGES
                    }
                    for token in q.why
                }
            out["question"] = question
        steps.append(out)
    data["steps"] = steps
    return data


def _texts_missing(table, where: str) -> list[str]:
    table = table or {}
    return [
        f"{where}: no {lang} text" for lang in LANGUAGES if not str(table.get(lang, "")).strip()
    ]


def problems(data: dict, word=str) -> list[str]:
    """What is wrong with one tutorial file, each naming the step and the reason (``word``
    turns the engine's refusal into words: its code and facts by default)."""
    slug = data.get("slug", "?")
    out = []
    for key in ("slug", "game", "variant", "level", "learner"):
        if not data.get(key):
            out.append(f"{slug}: no {key}")
    if bool(data.get("seed")) == bool(data.get("deal")):
        out.append(f"{slug}: give either a seed or a deal")
    if data.get("level") and data["level"] not in LEVELS:
        out.append(f"{slug}: level {data['level']!r} is not one of {', '.join(LEVELS)}")
    if data.get("show", "learner") not in SHOW:
        out.append(f"{slug}: show must be one of {', '.join(SHOW)}")
    for key in ("learner", "dealer"):
        if data.get(key) and data[key] not in tuple(SEATS):
            out.append(f"{slug}: {key} {data[key]!r} is not a seat ({', '.join(SEATS)})")
    out += _texts_missing(data.get("title"), f"{slug} title")
    out += _texts_missing(data.get("summary"), f"{slug} summary")
    steps = data.get("steps", [])
    if not steps:
        out.append(f"{slug}: no steps")
    for n, s in enumerate(steps, start=1):
        out += _texts_missing(s.get("text"), f"{slug} step {n}")
        if "question" in s:
            out += _texts_missing(s["question"].get("hint"), f"{slug} step {n} hint")
            out += _texts_missing(s["question"].get("explain"), f"{slug} step {n} explanation")
        if s.get("show", "learner") not in SHOW:
            out.append(f"{slug} step {n}: show must be one of {', '.join(SHOW)}")
    if out:
        return out
    from .lesson import BadLesson

    try:
        frames_of(data)
    except ScriptError as e:
        if e.code == "not_the_learners_turn":
            out.append(f"{slug} step {e.step}: the question is for {data['learner']}")
        else:
            out.append(f"{slug} step {e.step}: {word(e)}")
    except BadLesson as e:
        if e.error is None:
            out.append(f"{slug}: {e}")
        else:
            out.append(f"{slug}: the deal cannot be set up: {word(e.error)}")
    except (EngineError, ValueError) as e:
        out.append(f"{slug}: the deal cannot be set up: {word(e)}")
    return out


def _describe(frame) -> str:
    """A step as text, for authors writing a script (``python -m tutorials.content show``)."""
    from cardgames import cards
    from cardgames.table import SEATS

    lines = []
    for label, pos in (("before", frame.before), ("after", frame.after)):
        s = pos.state
        to_act = "-" if s.to_act is None else SEATS[s.to_act]
        legal = (
            " ".join(pos.module.format_move(m) for m in s.legal_moves())
            if s.to_act is not None
            else ""
        )
        lines.append(f"  {label}: phase={s.phase} to_act={to_act} points={s.points()}")
        for seat in range(4):
            lines.append(f"    {SEATS[seat]}: {cards.format_hand(s.hands[seat])}")
        view = s.table_view(range(4))
        if view.trick:
            lines.append(
                "    trick: " + " ".join(f"{SEATS[a]}:{cards.card_code(c)}" for a, c in view.trick)
            )
        if view.piles is not None:
            lines.append(
                "    piles: " + " | ".join(" ".join(map(cards.card_code, p)) for p in view.piles)
            )
        if legal:
            lines.append(f"    legal: {legal}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """``python -m tutorials.content`` checks every file; ``… show SLUG`` prints each step."""
    by_slug = {d.get("slug"): d for d in read_all()}
    if argv[:1] == ["show"]:
        data = by_slug[argv[1]]
        try:
            frames = frames_of(data)
        except ScriptError as e:
            print(f"REFUSED at step {e.step}: {e}; the steps before it:")
            frames = frames_of({**data, "steps": data["steps"][: e.step - 1]})
            frames += frames_of({**data, "steps": data["steps"][: e.step - 1] + [{}]})[-1:]
        for frame in frames:
            moves = " ".join(frame.step.moves)
            q = " (question)" if frame.step.question else ""
            print(f"step {frame.number}{q}: {moves}")
            print(_describe(frame))
        return 0
    bad = 0
    for slug, data in by_slug.items():
        found = problems(data)
        bad += len(found)
        print(f"{slug}: " + ("ok" if not found else "\n  " + "\n  ".join(found)))
    return 1 if bad else 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
