"""What each rule may be: a domain declared once, with the rule's field.

A game's ``Rules`` is a frozen dataclass whose fields are built by the helpers here
(``choice``, ``flag``, ``number``, ``cards``, ``card``, ``direction``): each carries its
:class:`Domain` in the field's metadata. The domain reads a value as ``/variants`` writes it
(``true``, ``151``, ``right``, ``QS,TD``), checks and normalises a value, writes it back as text
or JSON, and lists the allowed values for a form (:meth:`Domain.describe`).

:class:`RuleSet` is the base of every game's ``Rules``: its ``__post_init__`` checks each field
against its domain and then the game's ``CONFLICTS`` (combinations the engine cannot play),
raising :class:`~.errors.RuleError` (``bad_rule_value`` or ``rules_conflict``).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Rules(RuleSet):
...     target: int = number(151, 1, 1000, 101, 151, 201)
...     moon: bool = flag(True)
>>> Rules(target=101).as_dict()
{'target': 101, 'moon': True}
>>> domain_of(Rules, "target").read("201")
201
"""

from dataclasses import dataclass, field, fields
from itertools import combinations
from typing import ClassVar

from .cards import card_code, parse_card
from .errors import BadInput, RuleError
from .table import Direction

__all__ = [
    "Cards",
    "Choice",
    "Conflict",
    "Domain",
    "KnobFamily",
    "FamilyRules",
    "Flag",
    "Number",
    "OneCard",
    "RuleSet",
    "card",
    "cards",
    "choice",
    "direction",
    "domain_of",
    "domains",
    "flag",
    "number",
    "rules_json",
    "rules_text",
]


class Domain:
    """The values one rule may take. Subclasses say how a value reads, checks and writes."""

    kind = ""

    def normal(self, value):
        """``value`` checked and in its canonical form; None when the rule cannot take it."""
        raise NotImplementedError

    def read(self, text: str):
        """A value from its text (as ``/variants`` writes it); None when unreadable."""
        raise NotImplementedError

    def text(self, value) -> str:
        return str(value)

    def json(self, value):
        return value

    def values(self) -> tuple[str, ...]:
        """The values a form offers, as text (for a number: its suggested values)."""
        raise NotImplementedError

    def narrowed(self, only: tuple) -> "Domain":
        """This domain limited to ``only`` (for a number: the values it suggests)."""
        return type(self)(tuple(only))

    def describe(self) -> dict:
        """What a form needs to list the rule's values."""
        return {"kind": self.kind, "values": list(self.values())}

    def refusal(self, rule: str, value) -> RuleError:
        shown = value if isinstance(value, str) else self.text_of_anything(value)
        return RuleError("bad_rule_value", rule=rule, value=shown, **self.allowed())

    def allowed(self) -> dict:
        """The facts an error message needs to name the allowed values."""
        return {"kind": self.kind, "allowed": list(self.values())}

    def text_of_anything(self, value) -> str:
        try:
            return self.text(value)
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            return str(value)


@dataclass(frozen=True)
class Choice(Domain):
    """One word out of a list."""

    options: tuple[str, ...]
    kind: ClassVar[str] = "choice"

    def normal(self, value):
        return value if isinstance(value, str) and value in self.options else None

    def read(self, text):
        word = (text or "").strip().lower()
        return word if word in self.options else None

    def values(self):
        return self.options


class DirectionChoice(Choice):
    """The way play goes round: a :class:`~.table.Direction`, written as its value."""

    def normal(self, value):
        raw = value.value if isinstance(value, Direction) else value
        return Direction(raw) if isinstance(raw, str) and raw in self.options else None

    def read(self, text):
        word = super().read(text)
        return None if word is None else Direction(word)

    def text(self, value):
        return value.value

    def json(self, value):
        return value.value


@dataclass(frozen=True)
class Flag(Domain):
    """On or off: ``true`` / ``false``."""

    kind: ClassVar[str] = "flag"

    def narrowed(self, only):
        return self

    def normal(self, value):
        return value if isinstance(value, bool) else None

    def read(self, text):
        return {"true": True, "false": False}.get((text or "").strip().lower())

    def text(self, value):
        return "true" if value else "false"

    def values(self):
        return ("true", "false")


@dataclass(frozen=True)
class Number(Domain):
    """A whole number from ``low`` to ``high``; ``suggested`` are the values tables play."""

    low: int
    high: int
    suggested: tuple[int, ...] = ()
    kind: ClassVar[str] = "number"

    def normal(self, value):
        ok = isinstance(value, int) and not isinstance(value, bool)
        return value if ok and self.low <= value <= self.high else None

    def read(self, text):
        word = (text or "").strip()
        digits = word[1:] if word[:1] in "+-" else word
        if not digits.isascii() or not digits.isdigit() or len(digits) > 6:
            return None
        return self.normal(int(word))

    def values(self):
        return tuple(str(v) for v in self.suggested)

    def narrowed(self, only):
        return Number(self.low, self.high, tuple(only))

    def describe(self):
        return {**super().describe(), "low": self.low, "high": self.high}

    def allowed(self):
        return {**super().allowed(), "low": self.low, "high": self.high}


@dataclass(frozen=True)
class Cards(Domain):
    """A set of cards out of ``options`` (card ints), kept as a sorted tuple; written as codes
    separated by commas, the empty set as an empty string."""

    options: tuple[int, ...]
    kind: ClassVar[str] = "cards"

    def normal(self, value):
        if not isinstance(value, tuple | list | set | frozenset):
            return None
        if not all(isinstance(c, int) and c in self.options for c in value):
            return None
        return tuple(sorted(set(value)))

    def read(self, text):
        try:
            chosen = [parse_card(t) for t in (text or "").replace(" ", ",").split(",") if t]
        except BadInput:
            return None
        return self.normal(chosen)

    def text(self, value):
        return ",".join(card_code(c) for c in value)

    def json(self, value):
        return [card_code(c) for c in value]

    def values(self):
        return tuple(card_code(c) for c in self.options)

    def subsets(self) -> tuple[str, ...]:
        """Every set a table may choose, written as a ``rule.<key>`` value: the empty set as
        "," (a blank value means "as the variant plays it")."""
        codes = self.values()
        return tuple(
            ",".join(chosen) or ","
            for n in range(len(codes) + 1)
            for chosen in combinations(codes, n)
        )

    def narrowed(self, only):
        return Cards(tuple(sorted(only)))


@dataclass(frozen=True)
class OneCard(Domain):
    """One card out of ``options``, kept as its canonical code (``7D``)."""

    options: tuple[int, ...]
    kind: ClassVar[str] = "card"

    def normal(self, value):
        try:
            c = parse_card(value) if isinstance(value, str) else None
        except BadInput:
            return None
        return card_code(c) if c in self.options else None

    def read(self, text):
        return self.normal(text)

    def values(self):
        return tuple(card_code(c) for c in self.options)


# --- field helpers: the domain goes with the field, declared once ----------------------------


def rule(default, domain: Domain):
    """A Rules field whose values are ``domain``."""
    return field(default=default, metadata={"domain": domain})


def choice(default: str, *options: str):
    return rule(default, Choice(tuple(options)))


def flag(default: bool):
    return rule(default, Flag())


def number(default: int, low: int, high: int, *suggested: int):
    return rule(default, Number(low, high, tuple(suggested)))


def cards(default: tuple[int, ...], options):
    return rule(tuple(default), Cards(tuple(sorted(options))))


def card(default: str, options):
    return rule(default, OneCard(tuple(sorted(options))))


def direction(default: Direction = Direction.RIGHT):
    return rule(default, DirectionChoice(tuple(d.value for d in Direction)))


# --- the rule set -------------------------------------------------------------------------


@dataclass(frozen=True)
class Conflict:
    """A combination of rules the engine cannot play: ``keys`` name the rules involved,
    ``reason`` is a stable code the web layer words, ``test(knobs)`` (every rule in force by
    key, see :meth:`RuleSet.knobs`) is true when it occurs."""

    keys: tuple[str, ...]
    reason: str
    test: object


class RuleSet:
    """Base of every game's ``Rules``: each field checked against its domain, then the
    game's ``CONFLICTS``."""

    CONFLICTS: ClassVar[tuple[Conflict, ...]] = ()

    def __post_init__(self):
        for f in fields(self):
            domain = f.metadata.get("domain")
            if domain is None:
                continue
            value = getattr(self, f.name)
            normal = domain.normal(value)
            if normal is None:
                raise domain.refusal(f.name, value)
            if normal is not value:
                object.__setattr__(self, f.name, normal)
        knobs = self.knobs()
        names = {f.name for f in fields(self)}
        for conflict in self.CONFLICTS:
            if conflict.test(knobs):
                keys = [k for k in conflict.keys if k in names] or list(conflict.keys)
                raise RuleError("rules_conflict", rules=keys, reason=conflict.reason)

    def knobs(self) -> dict:
        """Every rule in force by key (a family adds the values its game fixes)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def as_dict(self) -> dict:
        """The rule map, JSON-friendly: what ``/variants`` lists as the parameters."""
        return rules_json(self)


class KnobFamily:
    """The knobs of a family of games sharing one engine: every knob with its domain (``knobs``),
    and the value a knob takes in a game that neither offers nor fixes it (``neutral``: the feature
    is absent). A game's ``Rules`` offers knobs as fields (:meth:`knob`) and fixes others in its
    ``FIXED``; :meth:`parameters` gives every knob of a rule set."""

    def __init__(self, knobs: dict[str, Domain], neutral: dict):
        assert knobs.keys() == neutral.keys()
        self.knobs = knobs
        self.neutral = neutral

    def knob(self, name: str, default, *only):
        """A game's Rules field for the knob ``name``; ``only`` narrows its values (for a
        number: the suggested values)."""
        domain = self.knobs[name]
        return rule(default, domain.narrowed(only) if only else domain)

    def parameters(self, rules) -> dict:
        """Every knob under ``rules``: its field, else the game's FIXED, else the neutral
        value."""
        out = dict(self.neutral)
        out.update(getattr(type(rules), "FIXED", {}))
        for f in fields(rules):
            if f.name in self.knobs:
                out[f.name] = getattr(rules, f.name)
        return out


class FamilyRules(RuleSet):
    """Base of a family's game Rules: ``KNOB_FAMILY`` its knobs, ``FIXED`` the knobs the game does
    not let tables change; conflicts are tested on every knob in force."""

    KNOB_FAMILY: ClassVar[KnobFamily]
    FIXED: ClassVar[dict] = {}

    def knobs(self) -> dict:
        return self.KNOB_FAMILY.parameters(self)


def domain_of(rules_or_class, key: str) -> Domain | None:
    """The domain of rule ``key`` (None for a field declared without one)."""
    for f in fields(rules_or_class):
        if f.name == key:
            return f.metadata.get("domain")
    return None


def domains(rules_or_class) -> dict[str, Domain]:
    """Every rule of a game with its domain, in field order (what a house-rules form lists)."""
    return {f.name: f.metadata["domain"] for f in fields(rules_or_class) if "domain" in f.metadata}


def _plain(value):
    if isinstance(value, Direction):
        return value.value
    if isinstance(value, tuple):
        return [card_code(c) if isinstance(c, int) else c for c in value]
    return value


def rules_json(rules) -> dict:
    """Every rule with a JSON value (numbers and flags as such, card lists as codes)."""
    out = {}
    for f in fields(rules):
        value = getattr(rules, f.name)
        domain = f.metadata.get("domain")
        out[f.name] = domain.json(value) if domain else _plain(value)
    return out


def rules_text(rules) -> dict[str, str]:
    """Every rule as text, the way a ``rule.<key>=<value>`` override writes it."""
    out = {}
    for f in fields(rules):
        value = getattr(rules, f.name)
        domain = f.metadata.get("domain")
        if domain is not None:
            out[f.name] = domain.text(value)
        elif isinstance(value, bool):
            out[f.name] = "true" if value else "false"
        else:
            plain = _plain(value)
            out[f.name] = ",".join(plain) if isinstance(plain, list) else str(plain)
    return out
