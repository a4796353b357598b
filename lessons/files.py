"""A lesson as a file: the lesson object as JSON, or a PBN file with its moves.

JSON (``<title>.lesson.json``) is the lesson object itself (``tutorials.lesson.to_json``), as
the API answers it, without ``id`` and ``version``. Importing it is creating it.

PBN (``<title>.pbn``) is one game of the Portable Bridge Notation, read by any PBN tool for its
deal, with the lesson's own tags and a move section besides::

    % PBN 2.1
    % Diwaniya lesson
    [Event "Exposing the queen of spades"]     the title
    [Site "Diwaniya"]
    [Dealer "N"]
    [Deal "N:K8.T7654.532.AKQ ..."]            the deal (a seeded lesson's hands, dealt)
    [Game "bent-al-sbeet"]                     the game, its variant and house rules
    [Variant "qahwa"]
    [HouseRules "key=value&key=value"]         (URL-encoded; absent when none)
    [Seed "tutorial:bent-first"]               a seeded lesson's seed (then [Deal] is its hands)
    [Learner "S"]
    [Language "en"]                            the language of the texts below
    [Start "deal"]  [Exposed ""]               the positions' extras
    [DealNumber "1"]  [Totals "N:40,E:12"]     the deal's place in a match
    [Summary "..."]  [Section "..."]
    [Steps "0 13 1 3"]                         how many moves each step plays
    [Translations "{...}"]                     the translations, as JSON (absent when none)
    [Moves ""]
    {step 1}
    {narration "This time the \\u007bQS\\u007d is in your hand..."}
    {mark QS}  {section deal}
    {step 2}
    {narration "..."} {question} {accept 9S 6S} {hint "..."} {explain "..."}
    {why 2C "..."} {point "..."} {open all} {variant sbeetah}
    pass:8C pass:7C ...                        the step's moves, the engine's tokens

Every tag value is a JSON string (PBN's ``\\"`` and ``\\\\`` escapes, plus ``\\n``). Each step
starts with a ``{step n}`` commentary, then its fields as commentaries ``{name value}`` (texts as
JSON strings whose braces are written ``\\u007b``/``\\u007d``, so a card such as ``{QS}`` never
ends a commentary), then its moves. The moves of all steps, in order, are the deal's moves;
[Steps] repeats the cut so a tool that drops commentaries still keeps it. Other commentaries,
``;`` comments and ``%`` lines are ignored on import.
"""

import json
import re
from urllib.parse import parse_qsl, urlencode

from cardgames import cards
from cardgames.errors import EngineError
from cardgames.table import parse_seat
from plumbing import jsonbody
from rulebook import games
from tutorials.lesson import BadLesson
from tutorials.script import deal_hands

TEXTS = ("narration", "point", "hint", "explain")
_TOKENS = re.compile(
    r'\[(?P<tag>\w+)\s*(?P<value>"(?:[^"\\\n]|\\.)*")\s*\]'
    r"|\{(?P<comment>[^}]*)\}"
    r"|;[^\n]*"
    r"|^%[^\n]*"
    r"|(?P<word>[^\s\[\]{};]+)"
    r"|(?P<bad>\S)",
    re.MULTILINE,
)


def json_of(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def filename(title: str, suffix: str) -> str:
    from django.utils.text import slugify

    return (slugify(title, allow_unicode=True)[:80] or "lesson") + suffix


# ------------------------------------------------------------------------------ writing


def _tag(name: str, value) -> str:
    return f"[{name} {json.dumps(str(value), ensure_ascii=False)}]"


def _text(value: str) -> str:
    return json.dumps(value, ensure_ascii=False).replace("{", "\\u007b").replace("}", "\\u007d")


def _deal_of(obj: dict) -> str:
    if obj.get("deal"):
        return obj["deal"]
    module = games.get(obj["game"]).engine
    hands, _dealer = deal_hands(module, obj["seed"], None)
    return cards.format_deal(hands, first=_seat_index(obj.get("dealer") or "N"))


def _seat_index(seat: str) -> int:
    return parse_seat(seat)


def to_pbn(obj: dict) -> str:
    """A lesson object (``to_json``'s, already checked) as a PBN file."""
    steps = obj["steps"]
    lines = [
        "% PBN 2.1",
        "% EXPORT",
        "% Diwaniya lesson",
        _tag("Event", obj["title"]),
        _tag("Site", "Diwaniya"),
        _tag("Dealer", obj.get("dealer") or "N"),
        _tag("Deal", _deal_of(obj)),
        _tag("Game", obj["game"]),
        _tag("Variant", obj["variant"]),
    ]
    if obj.get("rules"):
        lines.append(_tag("HouseRules", urlencode(obj["rules"])))
    if obj.get("seed"):
        lines.append(_tag("Seed", obj["seed"]))
    lines += [
        _tag("Learner", obj["learner"]),
        _tag("Language", obj["language"]),
        _tag("Start", obj.get("start") or ""),
        _tag("Exposed", obj.get("exposed") or ""),
        _tag("DealNumber", obj.get("deal_number") or 1),
        _tag("Totals", obj.get("totals") or ""),
        _tag("Summary", obj.get("summary") or ""),
    ]
    if obj.get("section"):
        lines.append(_tag("Section", obj["section"]))
    lines.append(_tag("Steps", " ".join(str(len(s.get("moves") or [])) for s in steps)))
    if obj.get("translations"):
        lines.append(_tag("Translations", json.dumps(obj["translations"], ensure_ascii=False)))
    lines.append(_tag("Moves", ""))
    for n, step in enumerate(steps, start=1):
        lines.append(f"{{step {n}}}")
        for key in ("narration", "point"):
            if step.get(key):
                lines.append(f"{{{key} {_text(step[key])}}}")
        q = step.get("question")
        if q is not None:
            lines.append("{question}")
            accept = q.get("accept") or []
            if accept:
                lines.append(
                    "{accept " + (accept if isinstance(accept, str) else " ".join(accept)) + "}"
                )
            for key in ("hint", "explain"):
                if q.get(key):
                    lines.append(f"{{{key} {_text(q[key])}}}")
            for token, text in (q.get("why") or {}).items():
                lines.append(f"{{why {token} {_text(text)}}}")
        opened = step.get("open") or []
        if opened:
            lines.append("{open " + (opened if isinstance(opened, str) else " ".join(opened)) + "}")
        for key in ("variant", "section"):
            if step.get(key):
                lines.append(f"{{{key} {step[key]}}}")
        if step.get("mark"):
            lines.append("{mark " + " ".join(step["mark"]) + "}")
        if step.get("moves"):
            lines.append(" ".join(step["moves"]))
    return "\n".join(lines) + "\n\n"


# ------------------------------------------------------------------------------ reading


def _unquote(value: str, where: str):
    try:
        return jsonbody.parse(value)
    except jsonbody.BodyError:
        raise BadLesson(where, "cannot be read") from None


def from_pbn(text: str) -> dict:
    """The lesson object a PBN file describes (``BadLesson`` naming the tag or step that
    cannot be read; the object itself is then read and checked as any other)."""
    tags: dict[str, str] = {}
    steps: list[dict] = []
    loose: list[str] = []  # moves before any {step n}: one step
    in_moves = False
    for match in _TOKENS.finditer(text):
        if match["tag"]:
            name = match["tag"]
            if name in tags:
                break  # a second game: only the first is a lesson
            tags[name] = _unquote(match["value"], f"pbn.{name}")
            in_moves = name == "Moves"
        elif match["comment"] is not None:
            if in_moves:
                _comment(match["comment"].strip(), steps)
        elif match["word"]:
            if not in_moves:
                raise BadLesson("pbn", "cannot be read")
            (steps[-1]["moves"] if steps else loose).append(match["word"])
        elif match["bad"]:
            raise BadLesson("pbn", "cannot be read")
    if not tags:
        raise BadLesson("pbn", "cannot be read")
    if loose or not steps:
        steps.insert(0, {**_new_step(), "moves": loose})
    steps = _cut(steps, tags.get("Steps"))
    rules = dict(parse_qsl(tags.get("HouseRules", ""), keep_blank_values=True))
    seed = tags.get("Seed") or None
    obj = {
        "game": tags.get("Game", ""),
        "variant": tags.get("Variant", ""),
        "rules": rules,
        "dealer": tags.get("Dealer") or "N",
        "deal": None if seed else tags.get("Deal") or None,
        "seed": seed,
        "start": tags.get("Start", ""),
        "exposed": tags.get("Exposed", ""),
        "deal_number": tags.get("DealNumber") or 1,
        "totals": tags.get("Totals", ""),
        "learner": tags.get("Learner", ""),
        "language": tags.get("Language", ""),
        "title": tags.get("Event", ""),
        "summary": tags.get("Summary", ""),
        "steps": steps,
    }
    if tags.get("Section"):
        obj["section"] = tags["Section"]
    if tags.get("Translations"):
        try:
            obj["translations"] = jsonbody.parse(tags["Translations"])
        except jsonbody.BodyError:
            raise BadLesson("translations", "cannot be read") from None
    if seed and tags.get("Deal"):
        _same_deal(obj, tags["Deal"])
    return obj


def _same_deal(obj: dict, deal: str) -> None:
    """A seeded lesson's [Deal] must be its seed's hands (else the file was changed)."""
    spec = games.get(obj["game"])
    if spec is None:
        return  # the lesson's own reading names the field
    try:
        theirs = cards.parse_deal(deal, spec.engine.PACK)
        mine, _dealer = deal_hands(spec.engine, obj["seed"], None)
    except EngineError as e:
        raise BadLesson("deal", e.code, e) from None
    if list(theirs) != list(mine):
        raise BadLesson("deal", "not the seed's deal")


def _new_step() -> dict:
    return {
        "moves": [],
        "narration": "",
        "point": None,
        "question": None,
        "open": [],
        "variant": None,
    }


def _comment(body: str, steps: list[dict]) -> None:
    name, _, rest = body.partition(" ")
    rest = rest.strip()
    if name == "step":
        steps.append(_new_step())
        return
    if not steps:
        return  # a free commentary before the first step
    step = steps[-1]
    where = f"steps[{len(steps) - 1}]"
    if name in ("narration", "point"):
        step[name] = _unquote(rest, f"{where}.{name}")
    elif name == "question":
        step["question"] = step["question"] or {
            "accept": [],
            "why": {},
            "hint": None,
            "explain": None,
        }
    elif name in ("accept", "hint", "explain", "why"):
        q = step["question"] = step["question"] or {
            "accept": [],
            "why": {},
            "hint": None,
            "explain": None,
        }
        if name == "accept":
            q["accept"] = "legal" if rest == "legal" else rest.split()
        elif name == "why":
            token, _, text = rest.partition(" ")
            q["why"][token] = _unquote(text.strip(), f"{where}.question.why.{token}")
        else:
            q[name] = _unquote(rest, f"{where}.question.{name}")
    elif name == "open":
        step["open"] = "all" if rest == "all" else rest.split()
    elif name in ("variant", "section"):
        step[name] = rest or None
    elif name == "mark":
        step["mark"] = rest.split()


def _cut(steps: list[dict], cut: str | None) -> list[dict]:
    """The steps as the commentaries cut them; a file whose commentaries were dropped (all
    its moves in one step) is cut again by its [Steps] tag."""
    if not cut or len(steps) != 1:
        return steps
    try:
        counts = [int(n) for n in cut.split()]
    except ValueError:
        raise BadLesson("pbn.Steps", "cannot be read") from None
    moves = steps[0]["moves"]
    if sum(counts) != len(moves) or any(n < 0 for n in counts) or len(counts) < 2:
        return steps
    out, at = [], 0
    for n, count in enumerate(counts):
        step = steps[0] if n == 0 else _new_step()
        step = {**step, "moves": moves[at : at + count]}
        out.append(step)
        at += count
    return out


def read_file(raw: bytes) -> dict:
    """A lesson object from an uploaded file or request body: JSON if it is an object, else
    PBN."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadLesson("file", "cannot be read") from None
    if text.lstrip().startswith("{"):
        try:
            obj = jsonbody.parse(text)
        except jsonbody.BodyError:
            raise BadLesson("file", "not JSON") from None
        if not isinstance(obj, dict):
            raise BadLesson("file", "not an object")
        obj.pop("id", None)
        obj.pop("version", None)
        return obj
    return from_pbn(text)
