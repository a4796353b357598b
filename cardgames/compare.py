"""Comparing two rule sets: every rule whose value differs, and a position where they part.

A side is a game, a variant and its house rules (:class:`Side`). Two sides of one game are
compared rule by rule (the fields of the game's ``Rules``); two games of one family (Bent Al
Sbeet, Leekha, Hearts; Tarneeb, Tarneeb 41) are compared on the family's parameters, every
knob, whether a game lets tables choose it or fixes it.

For each rule that differs the engine looks for an example: a position (one deal, one dealer,
the same moves on both sides) where the two rule sets part, in the answer the positions API
gives: a different ``to_act``, a different ``legal`` list, different final ``points``, or a
different ``match`` (where the match stands after the deal, with totals chosen around the
targets). The search is seeded and deterministic: deal ``i`` of rule ``k`` is
``shuffle.deal("<seed>:<k>:<i>")``, the moves are drawn from the moves legal on both sides by
a ``random.Random`` seeded the same way. To show the rule at work rather than another
difference, the search first looks for a position where changing that one rule alone changes
the answer (the other rules held), then checks that the two real rule sets part there too.

Each side's example is ``{"query": ..., "answer": ...}``: ``query`` a complete positions query
(``variant``, ``rule.*``, ``dealer``, ``deal``, ``moves``, ``start``, ``deal_number``,
``totals``), ``answer`` exactly what ``positions.open_position(...).to_json(...)`` returns for
it. Where no example is given, ``why`` says why: ``changes_nothing`` (a rule recorded and never
played), ``not_in_positions`` (it acts on what a position does not hold, such as penalties
scored by hand), ``not_found`` (the bounded search found none).

The work is bounded (:class:`Budget`: deals per rule, moves per deal, and a time cap as a
safety), and reported (``cost``).
"""

import random
import time
from dataclasses import dataclass, field, fields, replace

from . import cards, shuffle
from .domains import domains
from .errors import BadInput, EngineError
from .house_rules import PREFIX, overrides_between, with_overrides
from .positions import format_totals, open_position, totals_keys, zero_totals
from .table import SEATS, right_of

__all__ = ["Budget", "Side", "compare", "family_parameters"]

# Rules a table records but that never change play.
CHANGES_NOTHING = {"deal_style", "first_dealer"}
# Rules that act only on what a position does not hold: Sab'at's penalties are scored by hand.
NOT_IN_POSITIONS = {"penalty_points", "penalty_multiplied", "warning_required"}


@dataclass(frozen=True)
class Budget:
    """How much search one comparison may do."""

    deals: int = 40  # deals tried per rule
    moves: int = 120  # moves per deal
    seconds: float = 20.0  # a safety cap on the whole comparison


@dataclass(frozen=True)
class Side:
    """One rule set: a game (its slug and engine module), a variant and house rules
    (``{key: text}``, as ``rule.<key>=<text>`` writes them)."""

    game: str
    module: object
    variant: str
    overrides: dict = field(default_factory=dict)

    @property
    def rules(self):
        return with_overrides(self.module.PRESETS[self.variant], self.overrides)

    def query(self) -> dict[str, str]:
        """The variant and the ``rule.*`` overrides of this side, as a positions query."""
        preset = self.module.PRESETS[self.variant]
        changed = overrides_between(preset, self.rules)
        return {"variant": self.variant, **{PREFIX + k: v for k, v in changed.items()}}


def _family(module):
    """The family a game's rules belong to (``domains.Family``), or None for a game alone."""
    return getattr(type(module.PRESETS[module.DEFAULT_PRESET]), "KNOB_FAMILY", None)


def family_parameters(side: Side) -> dict:
    """Every knob of the side's family under its rules (its own fields for a game on its own)."""
    family = _family(side.module)
    rules = side.rules
    if family is None:
        return {f.name: getattr(rules, f.name) for f in fields(rules)}
    return family.parameters(rules)


def knob_text(side: Side, key: str, value) -> str:
    """A knob's value as text (as a house rule and the API write it)."""
    family = _family(side.module)
    domain = family.knobs[key] if family else domains(side.rules)[key]
    return domain.text(value)


def compare(a: Side, b: Side, seed: str = "compare", budget: Budget = Budget()) -> dict:
    """The differences between two rule sets, each with an example or why there is none."""
    family = _family(a.module)
    if a.game != b.game and (family is None or family is not _family(b.module)):
        raise BadInput("not_comparable", a=a.game, b=b.game)
    started = time.perf_counter()
    cost = {"deals": 0, "moves": 0}
    pa, pb = family_parameters(a), family_parameters(b)
    out = []
    for key in pa:
        if pa[key] == pb[key]:
            continue
        diff = {"rule": key, "a": knob_text(a, key, pa[key]), "b": knob_text(b, key, pb[key])}
        none = {"differs": None, "example": None, "isolated": False}
        if key in CHANGES_NOTHING:
            out.append({**diff, **none, "why": "changes_nothing"})
            continue
        if key in NOT_IN_POSITIONS:
            out.append({**diff, **none, "why": "not_in_positions"})
            continue
        deadline = started + budget.seconds
        found = _search(a, b, key, f"{seed}:{key}", budget, deadline, cost, isolate=True)
        isolated = found is not None
        if found is None:  # the rule alone never showed: where the two rule sets part at all
            found = _search(a, b, key, f"{seed}:{key}", budget, deadline, cost, isolate=False)
        if found is None:
            out.append({**diff, **none, "why": "not_found"})
        else:
            differs, example = found
            out.append(
                {**diff, "differs": differs, "example": example, "why": None, "isolated": isolated}
            )
    cost["seconds"] = round(time.perf_counter() - started, 3)
    return {
        "a": {"game": a.game, "variant": a.variant, "rules": dict(a.overrides)},
        "b": {"game": b.game, "variant": b.variant, "rules": dict(b.overrides)},
        "differences": out,
        "cost": cost,
    }


# --- the search ---------------------------------------------------------------------------


def _isolated(a: Side, b: Side, key: str):
    """Two rule sets differing in ``key`` alone, on one side's game: (side, rules, rules'),
    or None when neither game lets a table change ``key`` to the other's value."""
    for one, other in ((a, b), (b, a)):
        known = domains(one.rules)
        if key not in known:
            continue
        value = family_parameters(other)[key]
        if known[key].normal(value) is None:
            continue
        try:
            changed = replace(one.rules, **{key: value})
        except EngineError:
            continue
        return one, one.rules, changed
    return None


def _context(side: Side, i: int, dealer: int, rng: random.Random) -> dict:
    """Deal ``i``'s place in a match: the deal number and the totals before it. For a game kept
    per seat, every third deal puts a single lowest total on the dealer's right (where the
    dealer's right and the lowest total lead alike), every third small totals that often tie."""
    number = 1 + (i // 2) % 4
    totals = zero_totals(side.module)
    kind = (i // 2) % 3
    if side.module.TOTALS == "seats" and kind == 1:
        totals = tuple(0 if s == right_of(dealer) else 10 for s in range(4))
    elif side.module.TOTALS == "seats" and kind == 2:
        totals = tuple(rng.choice((0, 5, 10)) for _ in totals)
    return {"deal_number": number, "totals": totals}


def _start(module, i: int) -> str | None:
    """Where deal ``i`` starts: from the deal and from trick play in turn, for a game whose
    positions can start before play (``STARTS``)."""
    return module.STARTS[i % len(module.STARTS)] if module.STARTS else None


def _for(side: Side, a: Side, context: dict) -> dict:
    """Side a's context as ``side`` reads it: the same totals where both games keep them the
    same way (per seat or per side), else a fresh match."""
    if side.module.TOTALS == a.module.TOTALS:
        return context
    return {**context, "totals": zero_totals(side.module)}


def _state(side: Side, rules, hands, dealer, start, context):
    extra = side.module.parse_extra({"start": start} if start else {})
    return side.module.position_start(
        rules,
        list(hands),
        dealer,
        deal_number=context["deal_number"],
        match_totals=context["totals"],
        **extra,
    )


def _observed(state) -> tuple:
    if state.is_over:
        return (None, (), tuple(state.points()))
    return (state.to_act, tuple(sorted(state.legal_moves())), None)


def _search(a, b, key, seed, budget, deadline, cost, isolate):
    """The first example for ``key``: with ``isolate``, where the rule alone changes the answer
    (the other rules held) and the two rule sets part too; else where the two rule sets part."""
    iso = _isolated(a, b, key) if isolate else None
    if isolate and iso is None:
        return None
    for i in range(budget.deals):
        if time.perf_counter() > deadline:
            return None
        rng = random.Random(f"{seed}:{i}")
        hands = shuffle.deal(f"{seed}:{i}", a.module.PACK)
        dealer = i % 4
        start = _start(a.module, i)
        context = _context(a, i, dealer, rng)
        cost["deals"] += 1
        try:
            states = [
                _state(a, a.rules, hands, dealer, start, context),
                _state(b, b.rules, hands, dealer, start, _for(b, a, context)),
            ]
            if iso is not None:
                one, base, changed = iso
                states += [
                    _state(one, base, hands, dealer, start, context),
                    _state(one, changed, hands, dealer, start, context),
                ]
        except EngineError:
            continue  # this context is no position under one of the rule sets
        found = _walk(states, rng, budget, cost)
        if found is None:
            continue
        moves, differs = found
        example = _example(a, b, iso, states, hands, dealer, start, context, moves, differs)
        if example is not None:
            return example
    return None


def _walk(states, rng, budget, cost):
    """Play moves legal on every state until the states part: the real pair (the first two)
    and, when there is one, the isolated pair (the last two), together. Each move is drawn
    from those after which the pairs stay together (or part together). A deal played out
    alike on all may still part in the match: ``"match"``."""
    history = []
    for _ in range(budget.moves):
        seen = [_observed(s) for s in states]
        parts = [seen[i] != seen[i + 1] for i in range(0, len(seen), 2)]
        if all(parts):
            return history, _what_differs(seen[0], seen[1])
        if any(parts):  # one pair parted alone: nothing further shows both
            return None
        if any(s.is_over for s in states):
            return (history, "match") if all(s.is_over for s in states) else None
        common = set(states[0].legal_moves())
        for s in states[1:]:
            common &= set(s.legal_moves())
        if not common:
            return None
        move = _steer(states, sorted(common), rng)
        for s in states:
            s.push(move)
        history.append(move)
        cost["moves"] += 1
    return None


def _steer(states, moves: list[int], rng: random.Random) -> int:
    """A move, at random, after which every pair agrees or every pair parts; else any."""
    order = moves[:]
    rng.shuffle(order)
    for move in order:
        after = []
        for s in states:
            t = s.copy()
            t.push(move)
            after.append(_observed(t))
        parts = [after[i] != after[i + 1] for i in range(0, len(after), 2)]
        if all(parts) or not any(parts):
            return move
    return order[0]


def _what_differs(one: tuple, other: tuple) -> str:
    if one[0] != other[0]:
        return "to_act"
    if one[1] != other[1]:
        return "legal"
    return "points"


def _example(a, b, iso, states, hands, dealer, start, context, moves, differs):
    """Both sides' queries and answers at the position reached, if they part as claimed. For a
    deal played out alike, the first totals around the targets where the match parts (for the
    isolated pair as well as the real one)."""
    candidates = [context["totals"]]
    if differs == "match":
        if a.module.TOTALS != b.module.TOTALS:
            return None  # no totals mean the same match on both sides
        candidates = list(_totals_around(a, b, states[0], context))
    for totals in candidates:
        if differs == "match" and iso is not None:
            one, base, changed = iso
            try:
                alone = [
                    one.module.match_after(rules, state, totals)
                    for rules, state in ((base, states[2]), (changed, states[3]))
                ]
            except EngineError:
                continue
            if alone[0] == alone[1]:
                continue
        here = {**context, "totals": totals}
        queries = [
            _query(side, hands, dealer, start, _for(side, a, here), moves) for side in (a, b)
        ]
        try:
            answers = [
                open_position(side.module, q).to_json(side.game)
                for side, q in zip((a, b), queries, strict=True)
            ]
        except EngineError:
            continue
        if answers[0][differs] != answers[1][differs]:
            return differs, {
                "a": {"query": queries[0], "answer": answers[0]},
                "b": {"query": queries[1], "answer": answers[1]},
            }
    return None


def _query(side: Side, hands, dealer, start, context, moves) -> dict[str, str]:
    q = side.query()
    q.update(
        {
            "dealer": SEATS[dealer],
            "deal": cards.format_deal(hands, dealer),
            "moves": " ".join(side.module.format_move(m) for m in moves),
            "deal_number": str(context["deal_number"]),
            "totals": format_totals(side.module, context["totals"]),
        }
    )
    if start is not None:
        q["start"] = start
    return q


def _totals_around(a, b, state, context):
    """Match totals before the deal that bring it to the targets: one player or side on a
    target (or one short of it), two players over at once, a tie for the lowest."""
    module = a.module
    points = state.points()
    found = (family_parameters(a).get("target"), family_parameters(b).get("target"))
    targets = sorted({t for t in found if t is not None})
    if not targets:  # a match that ends after its deals (Trix's kingdoms): the totals given
        yield tuple(context["totals"])
        return
    shapes = []
    for t in targets:
        if len(totals_keys(module)) == 2:
            shapes += [(t, 0), (0, t), (t - 1, 0), (t, t + 1), (t + 1, t)]
        else:
            half = t // 2  # partners who reach the target only together
            for base in (
                (t, 0, 1, 2),
                (t, 1, 1, 2),
                (t, t + 1, 0, 0),
                (t, 0, t, 0),
                (half, 0, t - half, 0),
            ):
                shapes += [base[-r:] + base[:-r] for r in range(4)]
            shapes.append((t - 1, 0, 0, 0))
    for after in shapes:
        before = tuple(x - p for x, p in zip(after, points, strict=True))
        if module.TOTALS == "sides" and min(before) < 0:
            continue
        yield before
