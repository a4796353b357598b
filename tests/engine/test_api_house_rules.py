"""The positions API with house rules and a match in context: the rules in force in every 200
answer, and each error a 400 worded in the asked language."""

import pytest

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def get(client, game="bent-al-sbeet", **params):
    params.setdefault("deal", DEAL)
    return client.get(f"/api/{game}/position", params)


@pytest.mark.django_db
def test_the_answer_carries_the_rules_in_force(client):
    data = get(client, **{"variant": "qahwa", "rule.target": "101", "rule.moon": "false"}).json()
    assert data["rules"]["target"] == 101 and data["rules"]["moon"] is False
    assert data["rules"]["exposable"] == ["QS", "TD"] and data["rules"]["ties"] == "shared"
    assert data["deal_number"] == 1 and data["totals"] == {"N": 0, "E": 0, "S": 0, "W": 0}
    assert data["match"] is None


@pytest.mark.django_db
def test_a_house_rule_changes_the_answer(client):
    before = get(client, variant="qahwa").json()
    after = get(client, **{"variant": "qahwa", "rule.hearts_must_break": "false"}).json()
    assert "AH" not in before["legal"] and "AH" in after["legal"]  # W leads, holding AKQJ♥


@pytest.mark.django_db
@pytest.mark.parametrize(
    "game, params, code, words",
    [
        (
            "bent-al-sbeet",
            {"rule.colour": "red"},
            "unknown_rule",
            {"en": "no rule called", "fr": "pas de règle", "ar": "قاعدة"},
        ),
        (
            "bent-al-sbeet",
            {"rule.pass_direction": "up"},
            "bad_rule_value",
            {"en": "alternate, left, right, across", "fr": "alternate", "ar": "alternate"},
        ),
        (
            "bent-al-sbeet",
            {"rule.target": "0"},
            "bad_rule_value",
            {"en": "from 1 to 1000", "fr": "de 1 à 1000", "ar": "1000"},
        ),
        (
            "tarneeb",
            {"rule.double_allowed": "true"},
            "rules_conflict",
            {"en": "Egyptian auction", "fr": "égyptiennes", "ar": "المصري"},
        ),
        (
            "bent-al-sbeet",
            {"totals": "NS:3"},
            "bad_totals",
            {"en": "does not name a seat", "fr": "place", "ar": "مقعدًا"},
        ),
        (
            "bent-al-sbeet",
            {"deal_number": "0"},
            "bad_deal_number",
            {"en": "not a deal number", "fr": "numéro de donne", "ar": "رقم جولة"},
        ),
    ],
)
def test_bad_house_rules_and_context_are_400_in_each_language(client, game, params, code, words):
    for lang, word in words.items():
        response = get(client, game, lang=lang, **params)
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["code"] == code and word in error["message"], (lang, error["message"])
        assert "(" + code + ")" not in error["message"]  # worded, not the fallback


@pytest.mark.django_db
def test_a_finished_deal_says_where_the_match_stands(client):
    from cardgames import cards
    from cardgames.penalty import bent_al_sbeet

    state = bent_al_sbeet.position_start(bent_al_sbeet.PRESETS["qahwa"], cards.parse_deal(DEAL), 0)
    while not state.is_over:
        state.push(state.legal_moves()[0])
    moves = " ".join(bent_al_sbeet.format_move(m) for m in state.history)
    data = get(client, variant="qahwa", moves=moves, totals="N:150,E:150,S:150,W:150").json()
    assert data["is_over"] and data["totals"]["N"] == 150
    match = data["match"]
    assert match["totals"] == {s: 150 + p for s, p in data["points"].items()}
    low = min(match["totals"].values())
    assert match["over"] and match["winners"] == [s for s, t in match["totals"].items() if t == low]
