"""The quiz's "who wins the match?" kind: a finished deal of a running match (its deal number and
the totals before it), and the question where the match stands after it. No Django here.

Generated like every kind, from a seed: totals are chosen around the target, the deal is played
out by the engine, and the position is kept when the engine's ``match_after`` gives the outcome
the seed aimed at: one winner (a single player or side), a match that goes on, or a tie for
the lowest total (shared, or played on, as the rules say). The answer is the winners, or none
while the match goes on, and is the engine's by construction.

>>> from cardgames.penalty import bent_al_sbeet
>>> import random
>>> query = walk(bent_al_sbeet, "sbeetah", bent_al_sbeet.PRESETS["sbeetah"], "doc",
...              random.Random("doc"), "goes_on")
>>> query is None or int(query["deal_number"]) > 1
True
"""

from cardgames import shuffle
from cardgames.domains import domain_of
from cardgames.errors import BadInput
from cardgames.positions import Position, totals_keys

from .notes import Note

ONE_WINNER, GOES_ON, TIE = "one_winner", "goes_on", "tie"
MAX_MOVES = 600  # a deal is over long before this; a bound all the same
NONE = "none"  # the answer "nobody yet: the match goes on"


def targets(module) -> tuple[str, ...]:
    """The outcomes to aim at; a tie for the lowest total only where each player keeps a total."""
    tie = (TIE,) if module.TOTALS == "seats" else ()
    return (ONE_WINNER, ONE_WINNER, GOES_ON, *tie)


def anchors(rules) -> dict:
    """Where the end of a match is stated: the target, and the rule on ties where there is one."""
    ties = "ties" if domain_of(rules, "ties") is not None else "target"
    return {ONE_WINNER: ("end", "target"), GOES_ON: ("end", "target"), TIE: ("end", ties)}


def outcome(match: dict) -> str:
    if match["tie"]:
        return TIE
    return ONE_WINNER if match["over"] else GOES_ON


def _totals(module, rules, rng, target) -> tuple[int, ...]:
    """Totals before the deal that make ``target`` likely once the deal is added."""
    top = rules.target
    n = len(totals_keys(module))
    low = max(1, top // 3)
    totals = [rng.randint(0, max(0, top - 3 * low // 2)) for _ in range(n)]
    if target in (ONE_WINNER, TIE):
        near = rng.randrange(n)
        totals[near] = max(0, top - rng.randint(1, max(2, top // 8)))
    else:
        totals = [min(t, max(0, top - low)) for t in totals]
    if target == TIE and n == 4:
        pair = rng.sample([s for s in range(4) if totals[s] < top - low], 2)
        value = rng.randint(0, low)
        for s in pair:
            totals[s] = value
    return tuple(totals)


def walk(module, variant, rules, seed, rng, target) -> dict | None:
    """A finished deal of a running match whose outcome is ``target``, as a position query."""
    hands = list(shuffle.deal(seed, module.PACK))
    dealer = rng.randrange(4)
    number = rng.randint(2, 8)
    totals = _totals(module, rules, rng, target)
    if module.match_over(rules, totals):
        return None
    state = module.position_start(
        rules, list(hands), dealer, deal_number=number, match_totals=totals
    )
    moves = []
    while not state.is_over and len(moves) < MAX_MOVES:
        move = rng.choice(state.legal_moves())
        state.push(move)
        moves.append(move)
    if not state.is_over or outcome(module.match_after(rules, state, totals)) != target:
        return None
    return Position(
        module, variant, rules, dealer, hands, moves, {}, deal_number=number, totals=totals
    ).query()


def _match(pos) -> dict | None:
    state = pos.state
    if not state.is_over:
        return None
    return pos.module.match_after(pos.rules, state, pos.match_totals)


def classify(pos) -> str | None:
    """The outcome a finished deal of a running match teaches (None before the deal is over,
    or on a match's first deal with nothing on the sheet)."""
    match = _match(pos)
    if match is None or (pos.deal_number == 1 and not any(pos.match_totals)):
        return None
    return outcome(match)


def expected(pos) -> dict:
    match = _match(pos)
    return {"winners": sorted(match["winners"]) if match["over"] else []}


def choices(pos) -> list[str]:
    """Who may win: the seats, or the sides, as the game keeps its totals."""
    return list(totals_keys(pos.module))


def read(pos, data: dict) -> dict:
    """The winners ticked (``winners``), or ``none``: the match goes on."""
    values = data.get("winners") or []
    if isinstance(values, str):
        values = [values]
    values = [str(v).strip().upper() for v in values if str(v).strip()]
    allowed = choices(pos)
    if not values:
        raise BadInput("missing_answer", field="winners")
    if NONE.upper() in values:
        if len(values) > 1:
            raise BadInput("bad_choice", field="winners", value=",".join(values)[:20])
        return {"winners": []}
    for v in values:
        if v not in allowed:
            raise BadInput("bad_choice", field="winners", value=v[:20])
    return {"winners": sorted(set(values))}


def notes(pos) -> list:
    """Why: the totals after the deal against the target, and the rule that settles it."""
    match = _match(pos)
    facts = {"totals": match["totals"], "target": pos.rules.target}
    what = {TIE: "match_tie_" + (match["tie"] or ""), GOES_ON: "match_goes_on"}.get(
        outcome(match), "match_won"
    )
    return [
        Note("match_totals", facts),
        Note(what, {**facts, "winners": match["winners"]}),
    ]
