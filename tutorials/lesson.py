"""The lesson object of ``shared/spec/lessons.md``, read and checked (no Django here).

A lesson and a site tutorial are one format: a tutorial file reads as a lesson
(``content.as_lesson``), and one replay (``script.replay``) checks both. ``read`` turns a JSON
object into a ``Lesson`` or raises ``BadLesson`` naming the field; ``check`` replays it through
the engine and raises ``ScriptError`` naming the step and the engine's code.

Besides the spec's fields a step may carry ``mark`` (cards or seats the table points at once the
step is played) and ``section`` (the rule section it is about), which the site's tutorials use;
``translations`` may give, per language, each step's texts as an object (``narration``,
``point``, ``hint``, ``explain``, ``why``) as well as the spec's plain narration.
"""

import json
import re
from dataclasses import asdict, dataclass, field

from cardgames import cards
from cardgames.errors import EngineError
from cardgames.house_rules import with_overrides
from cardgames.positions import parse_deal_number, parse_totals
from cardgames.table import SEATS, parse_seat
from rulebook import games

from .script import ANY_LEGAL, Match, ScriptError, Step, deal_hands, replay

LANGUAGES = ("ar", "en", "fr")
MAX_STEPS = 60
MAX_TEXT = 2000
MAX_BYTES = 256 * 1024  # a 60-step lesson in three languages is well under this
STEP_TEXTS = ("narration", "point", "hint", "explain")

# Controls that would reorder or hide what the reader sees: bidi embeddings and overrides
# (U+202A-U+202E), isolates (U+2066-U+2069; the site isolates what needs it), and C0/C1
# controls but the newline, the carriage return (a browser's form sends CRLF) and the tab.
# Refused, not stripped: nothing is silently changed.
_FORBIDDEN = re.compile("[\u202a-\u202e\u2066-\u2069\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


class BadLesson(Exception):
    """A lesson object that cannot be read: ``field`` names where (``steps[2].question``)."""

    def __init__(self, field: str, reason: str, error: EngineError | None = None):
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason
        self.error = error  # the engine's refusal, where it is one


@dataclass(frozen=True)
class Question:
    accept: tuple[str, ...] | str = ()  # tokens, or ANY_LEGAL; () means the step's first move
    why: dict = field(default_factory=dict)  # a wrong answer's token -> the teacher's sentence
    hint: str | None = None
    explain: str | None = None


@dataclass(frozen=True)
class LessonStep:
    moves: tuple[str, ...] = ()
    narration: str = ""
    point: str | None = None
    question: Question | None = None
    open: tuple[str, ...] | str = ()  # seats shown open besides the learner's, or "all"
    variant: str | None = None
    mark: tuple[str, ...] = ()
    section: str | None = None


@dataclass(frozen=True)
class Lesson:
    game: str
    variant: str
    learner: str
    language: str
    title: str
    steps: tuple[LessonStep, ...]
    rules: dict = field(default_factory=dict)
    dealer: str = "N"
    deal: str | None = None
    seed: str | None = None
    start: str = ""
    exposed: str = ""
    deal_number: int = 1
    totals: str = ""
    summary: str = ""
    section: str | None = None
    translations: dict = field(default_factory=dict)

    @property
    def module(self):
        return games.get(self.game).engine

    def texts(self, lang: str) -> dict:
        """The lesson's texts in ``lang`` where it carries them, else in its own language:
        ``{"lang", "title", "summary", "steps": [{narration, point, hint, explain, why}]}``,
        ``lang`` saying which language the texts are in (for ``lang``/``dir``)."""
        mine = self.language
        own = {
            "lang": mine,
            "title_lang": mine,
            "title": self.title,
            "summary": self.summary,
            "steps": [_step_texts(s, mine) for s in self.steps],
        }
        given = self.translations.get(lang) if lang != self.language else None
        if not given:
            return own
        steps = []
        for n, step in enumerate(own["steps"]):
            theirs = (given.get("steps") or [])[n : n + 1]
            theirs = theirs[0] if theirs else None
            if isinstance(theirs, str):
                theirs = {"narration": theirs}
            theirs = theirs or {}
            # each text in the reader's language where the lesson gives it, else its own:
            # ``langs`` says which, text by text (``why``: token by token)
            merged = {**step, "langs": dict(step["langs"]), "why_langs": dict(step["why_langs"])}
            for key in STEP_TEXTS:
                if theirs.get(key):
                    merged[key] = theirs[key]
                    merged["langs"][key] = lang
            for token, sentence in (theirs.get("why") or {}).items():
                if sentence and token in step["why"]:
                    merged["why"] = {**merged["why"], token: sentence}
                    merged["why_langs"][token] = lang
            steps.append(merged)
        return {
            "lang": lang,
            "title_lang": lang if given.get("title") else mine,
            "title": given.get("title") or self.title,
            "summary": given.get("summary") or self.summary,
            "steps": steps,
        }

    def has_all_languages(self) -> bool:
        """Every text given in ar, en and fr, as a site tutorial needs."""
        for lang in LANGUAGES:
            if lang == self.language:
                continue
            given = self.translations.get(lang) or {}
            if not given.get("title") or (self.summary and not given.get("summary")):
                return False
            theirs = given.get("steps") or []
            for n, step in enumerate(self.steps):
                other = theirs[n] if n < len(theirs) else None
                other = {"narration": other} if isinstance(other, str) else other or {}
                mine = _step_texts(step)
                if any(mine[k] and not other.get(k) for k in STEP_TEXTS):
                    return False
                if set(mine["why"]) - set(other.get("why") or {}):
                    return False
        return True


def _step_texts(step: LessonStep, language: str | None = None) -> dict:
    q = step.question
    out = {
        "narration": step.narration,
        "point": step.point,
        "hint": q.hint if q else None,
        "explain": q.explain if q else None,
        "why": dict(q.why) if q else {},
    }
    if language:  # which language each text is in (``Lesson.texts``)
        out["langs"] = dict.fromkeys(STEP_TEXTS, language)
        out["why_langs"] = dict.fromkeys(out["why"], language)
    return out


# ------------------------------------------------------------------------------ reading


def parse(raw: bytes | str) -> "Lesson":
    """A lesson from a request body: ``BadLesson`` for anything but a JSON object."""
    try:
        obj = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise BadLesson("body", "not JSON") from None
    return read(obj)


def read(obj) -> Lesson:
    """A ``Lesson`` from a lesson object; ``BadLesson`` naming the first field that cannot be
    read. The engine is asked what a game, variant, rule, seat, deal and token are."""
    if not isinstance(obj, dict):
        raise BadLesson("lesson", "not an object")
    spec = games.get(_text(obj, "game", required=True))
    if spec is None:
        raise BadLesson("game", "unknown game")
    module = spec.engine
    variant = _text(obj, "variant") or module.DEFAULT_PRESET
    if variant not in module.PRESETS:
        raise BadLesson("variant", "unknown variant")
    rules = _rules(obj.get("rules"), module.PRESETS[variant])
    dealer = _seat(obj, "dealer", "N")
    deal, seed = _text(obj, "deal"), _text(obj, "seed")
    if bool(deal) == bool(seed):
        raise BadLesson("deal", "give either a deal or a seed")
    if deal:
        try:
            cards.parse_deal(deal, module.PACK)
        except EngineError as e:
            raise BadLesson("deal", e.code, e) from None
    start, exposed = _text(obj, "start"), _text(obj, "exposed")
    try:
        module.parse_extra({"start": start, "exposed": exposed})
    except EngineError as e:
        raise BadLesson("start" if "start" in str(e.details) else "exposed", e.code, e) from None
    try:
        deal_number = parse_deal_number(obj.get("deal_number"))
    except EngineError:
        raise BadLesson("deal_number", "not a deal number") from None
    totals = obj.get("totals") or ""
    if isinstance(totals, dict):
        totals = ",".join(f"{k}:{v}" for k, v in totals.items())
    if not isinstance(totals, str):
        raise BadLesson("totals", "not a text or an object")
    try:
        parse_totals(module, totals)
    except EngineError:
        raise BadLesson("totals", "cannot be read") from None
    language = _text(obj, "language", required=True)
    if language not in LANGUAGES:
        raise BadLesson("language", "one of ar, en, fr")
    steps = obj.get("steps")
    if not isinstance(steps, list) or not steps:
        raise BadLesson("steps", "a list of at least one step")
    if len(steps) > MAX_STEPS:
        raise BadLesson("steps", "too many steps")
    return Lesson(
        game=spec.slug,
        variant=variant,
        rules=rules,
        dealer=dealer,
        deal=deal or None,
        seed=seed or None,
        start=start,
        exposed=exposed,
        deal_number=deal_number,
        totals=totals,
        learner=_seat(obj, "learner", None),
        language=language,
        title=_text(obj, "title", required=True),
        summary=_text(obj, "summary"),
        section=_text(obj, "section") or None,
        steps=tuple(_step(module, s, f"steps[{n}]") for n, s in enumerate(steps)),
        translations=_translations(obj.get("translations"), len(steps)),
    )


def _text(obj: dict, key: str, required: bool = False, where: str | None = None) -> str:
    value = obj.get(key)
    where = where or key
    if value is None or value == "":
        if required:
            raise BadLesson(where, "missing")
        return ""
    if isinstance(value, int | float) and not isinstance(value, bool) and key != "narration":
        value = str(value)
    if not isinstance(value, str):
        raise BadLesson(where, "not a text")
    if len(value) > MAX_TEXT:
        raise BadLesson(where, "too long")
    if _FORBIDDEN.search(value):
        raise BadLesson(where, "holds a control character")
    return value


def _seat(obj: dict, key: str, default: str | None) -> str:
    text = _text(obj, key, required=default is None) or default
    try:
        return SEATS[parse_seat(text)]
    except EngineError:
        raise BadLesson(key, "not a seat (N, E, S, W)") from None


def _rules(value, base) -> dict:
    if value in (None, ""):
        return {}
    if not isinstance(value, dict):
        raise BadLesson("rules", "not an object")
    rules = {}
    for key, text in value.items():
        if isinstance(text, bool):
            text = "true" if text else "false"
        if not isinstance(text, str | int):
            raise BadLesson(f"rules.{key}", "not a text")
        rules[str(key)] = str(text)
    try:
        with_overrides(base, rules)
    except EngineError as e:
        raise BadLesson(f"rules.{e.details.get('rule', '')}".rstrip("."), e.code, e) from None
    return rules


def _tokens(module, value, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise BadLesson(where, "a list of move tokens")
    for n, token in enumerate(value):
        try:
            module.parse_move(token)
        except EngineError:
            raise BadLesson(f"{where}[{n}]", "not a move of this game") from None
    return tuple(value)


def _step(module, obj, where: str) -> LessonStep:
    if not isinstance(obj, dict):
        raise BadLesson(where, "not an object")
    opened = obj.get("open") or []
    if opened != "all":
        if not isinstance(opened, list) or not all(t in SEATS for t in opened):
            raise BadLesson(f"{where}.open", 'a list of seats or "all"')
        opened = tuple(opened)
    variant = _text(obj, "variant", where=f"{where}.variant") or None
    if variant and variant not in module.PRESETS:
        raise BadLesson(f"{where}.variant", "unknown variant")
    mark = obj.get("mark") or ()
    if isinstance(mark, str):
        mark = mark.split()
    if not isinstance(mark, list | tuple) or not all(
        isinstance(m, str) and (m in SEATS or _is_card(m)) for m in mark
    ):
        raise BadLesson(f"{where}.mark", "a list of cards and seats")
    return LessonStep(
        moves=_tokens(module, obj.get("moves") or [], f"{where}.moves"),
        narration=_text(obj, "narration", where=f"{where}.narration"),
        point=_text(obj, "point", where=f"{where}.point") or None,
        question=_question(module, obj.get("question"), f"{where}.question"),
        open=opened,
        variant=variant,
        mark=tuple(mark),
        section=_text(obj, "section", where=f"{where}.section") or None,
    )


def _is_card(text: str) -> bool:
    try:
        cards.parse_card(text)
    except EngineError:
        return False
    return True


def _question(module, obj, where: str) -> Question | None:
    if obj is None:
        return None
    if not isinstance(obj, dict):
        raise BadLesson(where, "not an object")
    accept = obj.get("accept") or []
    if accept != ANY_LEGAL:
        accept = _tokens(module, accept, f"{where}.accept")
    why = obj.get("why") or {}
    if not isinstance(why, dict):
        raise BadLesson(f"{where}.why", "an object of token: text")
    _tokens(module, list(why), f"{where}.why")
    why = {t: _text(why, t, where=f"{where}.why.{t}") for t in why}
    return Question(
        accept=accept,
        why=why,
        hint=_text(obj, "hint", where=f"{where}.hint") or None,
        explain=_text(obj, "explain", where=f"{where}.explain") or None,
    )


def _translations(value, count: int) -> dict:
    if value in (None, ""):
        return {}
    if not isinstance(value, dict):
        raise BadLesson("translations", "not an object")
    out = {}
    for lang, given in value.items():
        where = f"translations.{lang}"
        if lang not in LANGUAGES:
            raise BadLesson(where, "one of ar, en, fr")
        if not isinstance(given, dict):
            raise BadLesson(where, "not an object")
        steps = given.get("steps") or []
        if not isinstance(steps, list) or len(steps) > count:
            raise BadLesson(f"{where}.steps", "a list, at most one entry a step")
        texts = []
        for n, step in enumerate(steps):
            at = f"{where}.steps[{n}]"
            if isinstance(step, str) or step is None:
                texts.append(_text({"narration": step}, "narration", where=at))
                continue
            if not isinstance(step, dict):
                raise BadLesson(at, "a text or an object")
            entry = {k: _text(step, k, where=f"{at}.{k}") for k in STEP_TEXTS if k in step}
            if "why" in step:
                why = step["why"] if isinstance(step["why"], dict) else None
                if why is None:
                    raise BadLesson(f"{at}.why", "an object of token: text")
                entry["why"] = {t: _text(why, t, where=f"{at}.why.{t}") for t in why}
            texts.append(entry)
        out[lang] = {
            "title": _text(given, "title", where=f"{where}.title"),
            "summary": _text(given, "summary", where=f"{where}.summary"),
            "steps": texts,
        }
    return out


# ------------------------------------------------------------------------------ writing


def to_json(lesson: Lesson) -> dict:
    """The lesson object, as the API answers it and a file exports it."""
    out = {
        "game": lesson.game,
        "variant": lesson.variant,
        "rules": dict(lesson.rules),
        "dealer": lesson.dealer,
        "deal": lesson.deal,
        "seed": lesson.seed,
        "start": lesson.start,
        "exposed": lesson.exposed,
        "deal_number": lesson.deal_number,
        "totals": lesson.totals,
        "learner": lesson.learner,
        "language": lesson.language,
        "title": lesson.title,
        "summary": lesson.summary,
        "steps": [_step_json(s) for s in lesson.steps],
    }
    if lesson.section:
        out["section"] = lesson.section
    if lesson.translations:
        out["translations"] = lesson.translations
    return out


def _step_json(step: LessonStep) -> dict:
    q = step.question
    out = {
        "moves": list(step.moves),
        "narration": step.narration,
        "point": step.point,
        "question": None
        if q is None
        else {
            "accept": q.accept if q.accept == ANY_LEGAL else list(q.accept),
            "why": dict(q.why),
            "hint": q.hint,
            "explain": q.explain,
        },
        "open": step.open if step.open == "all" else list(step.open),
        "variant": step.variant,
    }
    if step.mark:
        out["mark"] = list(step.mark)
    if step.section:
        out["section"] = step.section
    return out


def size_of(obj) -> int:
    return len(json.dumps(obj, ensure_ascii=False).encode())


# ------------------------------------------------------------------------------ replaying


def script_steps(lesson: Lesson) -> list[Step]:
    return [
        Step(
            moves=list(s.moves),
            question=s.question is not None,
            accept=None
            if s.question is None or not s.question.accept
            else s.question.accept
            if s.question.accept == ANY_LEGAL
            else list(s.question.accept),
            variant=s.variant,
        )
        for s in lesson.steps
    ]


def setup(lesson: Lesson):
    """(module, hands, dealer seat, extras, match) of a lesson."""
    module = lesson.module
    hands, _dealer = deal_hands(module, lesson.seed, lesson.deal)
    extra = module.parse_extra({"start": lesson.start, "exposed": lesson.exposed})
    match = Match(lesson.deal_number, parse_totals(module, lesson.totals))
    return module, hands, parse_seat(lesson.dealer), extra, match


def check(lesson: Lesson):
    """Every step replayed by the engine, each question put to the learner with legal answers
    and the step's first move among them; ``ScriptError`` (step, token, code) at the first that
    is not. Answers: the frames."""
    module, hands, dealer, extra, match = setup(lesson)
    frames = replay(
        module, lesson.variant, hands, dealer, extra, script_steps(lesson), match, lesson.rules
    )
    learner = parse_seat(lesson.learner)
    for frame, step in zip(frames, lesson.steps, strict=True):
        if step.question is None:
            continue
        state = frame.before.state
        if state.to_act != learner:
            raise ScriptError(frame.number, None, "not_the_learners_turn")
        answers = set(frame.answers())
        for token in step.question.why:
            if state.parse_move(token) in answers:
                raise ScriptError(frame.number, token, "why_for_a_right_answer")
    return frames


def as_dict(lesson: Lesson) -> dict:
    return asdict(lesson)
