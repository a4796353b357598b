"""Comparing two rule sets: every example the engine finds is re-opened through positions and
shows the difference it claims; the search is deterministic and bounded."""

import itertools

import pytest

from cardgames.compare import Budget, Side, compare, family_parameters
from cardgames.errors import BadInput
from cardgames.games import GAMES as DESCRIBED
from cardgames.games import game as described
from cardgames.positions import open_position

GAMES = {slug: described(slug).engine for slug in DESCRIBED}
FAMILIES = [
    ("bent-al-sbeet", "leekha"),
    ("bent-al-sbeet", "hearts"),
    ("leekha", "hearts"),
    ("tarneeb", "tarneeb-41"),
]


def side(game, variant=None, **overrides):
    module = GAMES[game]
    return Side(game, module, variant or module.DEFAULT_PRESET, overrides)


PAIRS = [
    (side(game, x), side(game, y))
    for game, module in GAMES.items()
    for x, y in itertools.combinations(module.PRESETS, 2)
] + [(side(x), side(y)) for x, y in FAMILIES]
HOUSE_RULES = [
    (side("bent-al-sbeet"), side("bent-al-sbeet", target="101", moon="false", ties="play_on")),
    (
        side("sabaat-al-deemin"),
        side("sabaat-al-deemin", announce_order="one_circuit", penalty_points="50"),
    ),
    (side("tarneeb", "egyptian"), side("tarneeb", "egyptian", redouble_allowed="true")),
    (side("tarneeb"), side("tarneeb", deal_style="all_at_once")),
]


def _name(pair):
    a, b = pair
    return f"{a.game}:{a.variant}{'+' if a.overrides else ''}-{b.game}:{b.variant}" + (
        "+" if b.overrides else ""
    )


@pytest.fixture(scope="module")
def results():
    return {_name(p): compare(*p) for p in PAIRS + HOUSE_RULES}


@pytest.mark.parametrize("pair", PAIRS + HOUSE_RULES, ids=_name)
def test_every_example_shows_the_difference_it_claims(pair, results):
    a, b = pair
    result = results[_name(pair)]
    pa, pb = family_parameters(a), family_parameters(b)
    assert [d["rule"] for d in result["differences"]] == [k for k in pa if pa[k] != pb[k]]
    for diff in result["differences"]:
        example = diff["example"]
        if example is None:
            assert diff["why"] in {"changes_nothing", "not_in_positions", "not_found"}
            continue
        assert diff["why"] is None and diff["differs"] in {"to_act", "legal", "points", "match"}
        qa, qb = example["a"]["query"], example["b"]["query"]
        assert (qa["deal"], qa["dealer"]) == (qb["deal"], qb["dealer"])
        assert {"variant", "dealer", "deal", "moves", "deal_number", "totals"} <= set(qa)
        answers = []
        for s, q, given in ((a, qa, example["a"]["answer"]), (b, qb, example["b"]["answer"])):
            again = open_position(s.module, q).to_json(s.game)
            assert again == given  # exactly what the positions API answers
            assert again["rules"] == open_position(s.module, {**q, "moves": ""}).rules.as_dict()
            answers.append(again)
        field = diff["differs"]
        assert answers[0][field] != answers[1][field], (diff["rule"], field)
        if field in ("points", "match"):
            assert answers[0]["is_over"] and answers[1]["is_over"]


def test_the_rules_each_side_plays_are_in_its_query():
    a, b = HOUSE_RULES[0]
    result = compare(a, b)
    example = next(d["example"] for d in result["differences"] if d["example"])
    assert example["b"]["query"]["rule.target"] == "101"
    assert example["b"]["query"]["rule.moon"] == "false"
    assert not any(k.startswith("rule.") for k in example["a"]["query"])
    assert example["a"]["query"]["variant"] == example["b"]["query"]["variant"] == "qahwa"


def test_an_isolated_example_shows_the_rule_alone(results):
    """Where the search says the rule alone parts the two sets, the same position under side a
    with that one rule changed parts from side a in the same way."""
    checked = 0
    for pair in PAIRS + HOUSE_RULES:
        a, b = pair
        if a.game != b.game:
            continue
        for diff in results[_name(pair)]["differences"]:
            if not diff.get("isolated"):
                continue
            query = diff["example"]["a"]["query"]
            one = open_position(a.module, query).to_json(a.game)
            try:
                two = open_position(a.module, query, overrides={diff["rule"]: diff["b"]})
            except Exception:  # the rule alone conflicts on side a: it was isolated on side b
                continue
            assert one[diff["differs"]] != two.to_json(a.game)[diff["differs"]]
            checked += 1
    assert checked >= 10


def test_the_search_is_deterministic_and_reports_its_cost():
    a, b = side("bent-al-sbeet", "qahwa"), side("bent-al-sbeet", "sbeetah")
    one, two = compare(a, b), compare(a, b)
    one_cost, two_cost = one.pop("cost"), two.pop("cost")
    assert one == two
    assert one_cost["deals"] == two_cost["deals"] and one_cost["deals"] > 0


def test_the_budget_bounds_the_search():
    a, b = side("leekha", "classic"), side("leekha", "idlib")
    result = compare(a, b, budget=Budget(deals=1, moves=5))
    assert result["cost"]["deals"] <= 2 * len(result["differences"])
    assert result["cost"]["moves"] <= 5 * result["cost"]["deals"]
    assert all(d["example"] or d["why"] == "not_found" for d in result["differences"])


def test_rules_that_no_position_can_show():
    result = compare(side("tarneeb"), side("tarneeb", deal_style="all_at_once"))
    assert result["differences"] == [
        {
            "rule": "deal_style",
            "a": "one_at_a_time",
            "b": "all_at_once",
            "differs": None,
            "example": None,
            "isolated": False,
            "why": "changes_nothing",
        }
    ]


def test_identical_rule_sets_have_no_differences():
    assert compare(side("hearts"), side("hearts", "pagat"))["differences"] == []


def test_games_of_different_families_cannot_be_compared():
    with pytest.raises(BadInput) as info:
        compare(side("hearts"), side("tarneeb"))
    assert info.value.code == "not_comparable"
