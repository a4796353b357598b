"""Every game's score sheet (``cardgames.sheet``): a row of facts scores what the game's
engine scores for a played deal, the sources' worked examples, and each game's match end."""

import doctest
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import sheet as sheets
from cardgames import shuffle
from cardgames.cards import ACE, HEARTS, JACK, KING, QUEEN, card_code, cards_in, suit_mask
from cardgames.errors import BadInput, IllegalMove
from cardgames.games import GAMES as DESCRIBED
from cardgames.games import game as described
from cardgames.games import sheet_for
from cardgames.house_rules import with_overrides
from cardgames.layout import sabaat_al_deemin
from cardgames.penalty import bent_al_sbeet, hearts, leekha
from cardgames.penalty import sheet as penalty_sheet
from cardgames.penalty.scoring import JD_BIT, KC_BIT, QS_BIT, TD_BIT
from cardgames.penalty.sheet import PenaltySheet
from cardgames.sheet import Standing
from cardgames.table import SEATS
from cardgames.trickbid import tarneeb, tarneeb_41

QAHWA = bent_al_sbeet.PRESETS["qahwa"]
SBEETAH = bent_al_sbeet.PRESETS["sbeetah"]


def test_docstring_examples():
    assert doctest.testmod(penalty_sheet).failed == 0


def test_every_engine_has_a_sheet_reading_its_own_rules():
    for slug in DESCRIBED:
        assert issubclass(described(slug).sheet, sheets.GameSheet)
        module = described(slug).engine
        for rules in module.PRESETS.values():
            sheet = sheet_for(slug, rules)
            # The deal's facts, then typed points (a kingdom's row is its points alone: its
            # owner and contract are the row's facts).
            assert sheet.KINDS[-1] == "points" and len(sheet.KINDS) <= 2
            knobs = rules.knobs() if hasattr(rules, "knobs") else rules.as_dict()
            assert set(sheet.READS) <= set(knobs) | set(PenaltySheet.READS), slug
            assert ("target" in sheet.READS) == ("target" in knobs)  # Trix: four kingdoms


# --- the sources' worked examples ------------------------------------------------------------


def test_qahwas_exposed_queen_taken_with_two_hearts_adds_28():
    sheet = sheet_for("bent-al-sbeet", QAHWA)
    row = sheet.enter(
        "cards", {"hearts": [2, 11, 0, 0], "queen": "N", "ten": "E", "exposed": ["QS"]}
    )
    assert row.scores[0] == 28  # 26 for the exposed queen, 2 for the hearts
    assert row.scores == (28, 21, 0, 0) and sum(row.scores) == bent_al_sbeet.deal_value(
        QAHWA, QS_BIT
    )


def test_qahwas_moon_gives_everyone_else_the_whole_deal_doubles_included():
    sheet = sheet_for("bent-al-sbeet", QAHWA)
    facts = {"hearts": [13, 0, 0, 0], "queen": "N", "ten": "N", "exposed": ["QS", "TD"]}
    row = sheet.enter("cards", facts)
    assert row.scores == (0, 59, 59, 59)  # 13 + 26 + 20
    assert row.notes["moon"] == "N"
    no_moon = sheet_for("bent-al-sbeet", SBEETAH).enter("cards", facts)
    assert no_moon.scores == (26 + 24 + 20, 0, 0, 0) and no_moon.notes["moon"] is None


def test_tarneebs_three_deals():
    sheet = sheet_for("tarneeb", tarneeb.PRESETS["classic"])
    for bid, side, tricks in [(8, "EW", 8), (10, "NS", 7), (9, "NS", 13)]:
        sheet.enter("deal", {"bid": bid, "side": side, "tricks": tricks})
    assert sheet.now == {"line": (6, 14), "debt": (0, 0), "total": (6, 14)}
    assert [row.columns["entry"] for row in sheet.rows] == [(0, 8), (0, 6), (6, 0)]
    assert sheet.standing == Standing(False)


def test_tarneeb_41s_made_seven_missed_eight_and_made_three():
    sheet = sheet_for("tarneeb-41", tarneeb_41.PRESETS["classic"])
    row = sheet.enter("bids", {"bids": [7, 8, 3, 1], "tricks": [7, 5, 1, 0]})
    example = tarneeb_41.worked_example(tarneeb_41.PRESETS["classic"])
    assert row.scores[:2] == (example["example_made_seven"], example["example_missed_eight"])
    assert row.scores == (14, -16, -3, -1)
    made_three = sheet.enter("bids", {"bids": [3, 3, 3, 2], "tricks": [4, 3, 3, 3]})
    assert made_three.scores[0] == example["example_made_three"] == 3


def test_sabaats_cards_left_seven_and_double():
    rules = sabaat_al_deemin.PRESETS["classic"]
    example = sabaat_al_deemin.worked_example(rules)  # an ace and a king left (and a ten)
    plain = sheet_for("sabaat-al-deemin", rules)
    facts = {"winner": "EW", "aces": 1, "courts": 1, "seven_out": False, "multiplier": 1}
    assert plain.enter("deal", facts).scores == (0, example["example_plain"])
    for multiplier, key in ((2, "example_doubled"), (3, "example_tripled")):
        sheet = sheet_for("sabaat-al-deemin", rules)
        row = sheet.enter("deal", {**facts, "multiplier": multiplier})
        assert row.scores == (0, example[key])
    seven = sheet_for("sabaat-al-deemin", rules).enter("deal", {**facts, "seven_out": True})
    assert seven.scores == (0, example["example_seven"])


# --- each row checked against the engine's own score of a played deal -----------------------


def _penalty_facts(deal, rules) -> dict:
    sheet = PenaltySheet(rules)
    asks = sheet.asks()
    facts = {}
    if asks["hearts"]:
        facts["hearts"] = [(t & suit_mask(HEARTS)).bit_count() for t in deal.taken]
    bits = {"queen": QS_BIT, "ten": TD_BIT, "king": KC_BIT, "jack": JD_BIT}
    for name in asks["cards"]:
        facts[name] = next(SEATS[s] for s in range(4) if deal.taken[s] & bits[name])
    facts["exposed"] = [card_code(c) for c in cards_in(deal.exposed)]
    if asks["no_trick"]:
        facts["no_trick"] = [SEATS[s] for s in range(4) if not deal.taken[s]]
    return facts


HEARTS_OPTIONS = with_overrides(
    hearts.PRESETS["pagat"], {"jack_of_diamonds_points": "-10", "no_trick_points": "-5"}
)
PENALTY_RULES = (
    [("bent-al-sbeet", bent_al_sbeet, rules) for rules in bent_al_sbeet.PRESETS.values()]
    + [("leekha", leekha, r) for r in leekha.PRESETS.values()]
    + [("hearts", hearts, r) for r in [*hearts.PRESETS.values(), HEARTS_OPTIONS]]
)


@pytest.mark.parametrize("slug,module,rules", PENALTY_RULES)
def test_a_cards_row_scores_what_the_engine_scores_for_the_deal(slug, module, rules):
    rng = random.Random(slug)
    for n in range(40):
        deal = module.new_deal(rules, shuffle.deal(f"{slug}-{n}", module.PACK), n % 4)
        while not deal.is_over and deal.phase != "play":  # passes and exposures at random
            deal = deal.play(rng.choice(deal.legal_moves()))
        deal.playout(rng.random)
        row = sheet_for(slug, rules).enter("cards", _penalty_facts(deal, rules))
        assert list(row.scores) == deal.points(), (slug, n)


def test_a_bids_row_scores_what_tarneeb_41_scores_for_the_deal():
    rng = random.Random(41)
    checked = 0
    for rules in tarneeb_41.PRESETS.values():
        for n in range(60):
            deal = tarneeb_41.new_deal(rules, shuffle.deal(f"41-{n}", tarneeb_41.PACK), n % 4)
            while not deal.is_over:
                deal = deal.play(rng.choice(deal.legal_moves()))
            facts = {"bids": [deal.bid_of(s) for s in range(4)], "tricks": deal.tricks_won}
            sheet = sheet_for("tarneeb-41", rules)
            if deal.thrown_in:
                with pytest.raises(BadInput) as refused:
                    sheet.enter("bids", facts)
                assert refused.value.code == "bids_thrown_in"
                continue
            assert list(sheet.enter("bids", facts).scores) == deal.points()
            checked += 1
    assert checked > 20


def test_a_deal_row_scores_what_sabaat_scores_for_the_deal():
    rules = sabaat_al_deemin.PRESETS["classic"]
    rng = random.Random(7)
    for n in range(60):
        hands = shuffle.deal(f"sabaat-{n}", sabaat_al_deemin.PACK)
        deal = sabaat_al_deemin.new_deal(rules, hands, n % 4, start="announce")
        while not deal.is_over:
            deal = deal.play(rng.choice(deal.legal_moves()))
        if deal.redealt:
            continue
        losers = 1 - deal.winner_side
        left = deal.hands[losers] | deal.hands[losers + 2]
        aces = [c for c in cards_in(left) if c % 13 == ACE]
        courts = [c for c in cards_in(left) if c % 13 in (KING, QUEEN, JACK)]
        facts = {
            "winner": ("NS", "EW")[deal.winner_side],
            "aces": len(aces),
            "courts": len(courts),
            "seven_out": deal.last_card % 13 == 5,
            "multiplier": deal.multiplier,
            "penalties": [0, 0],
        }
        assert list(sheet_for("sabaat-al-deemin", rules).enter("deal", facts).scores) == (
            deal.points()
        )


# --- the match: each game's end, read from the engine's match rules --------------------------


def _points(slug, rules, *rows):
    sheet = sheet_for(slug, rules)
    for points in rows:
        sheet.enter("points", {"points": list(points)})
    return sheet


def test_bent_al_sbeet_ends_at_the_target_and_the_lowest_wins_or_ties_share():
    sheet = _points("bent-al-sbeet", QAHWA, (50, 5, 2, 1), (50, 5, 2, 1), (51, 5, 2, 1))
    assert sheet.totals == (151, 15, 6, 3) and sheet.standing == Standing(True, ("W",))
    shared = _points("bent-al-sbeet", QAHWA, (50, 1, 1, 5), (50, 1, 1, 5), (51, 1, 1, 5))
    assert shared.standing == Standing(True, ("E", "S"), "shared")
    played_on = _points("bent-al-sbeet", SBEETAH, (52, 1, 1, 5), (50, 1, 1, 5), (50, 1, 1, 5))
    assert played_on.totals[0] == 152 and played_on.standing == Standing(False, (), "play_on")
    with pytest.raises(IllegalMove) as over:
        shared.enter("points", {"points": [0, 0, 0, 0]})
    assert over.value.code == "match_over" and over.value.details["winners"] == ["E", "S"]


LEEKHA_ROWS = [(36, 10, 0, 10), (36, 10, 0, 10), (29, 0, 0, 10)]  # North reaches 101


def test_leekha_partners_lose_with_the_player_who_reaches_101():
    classic = leekha.PRESETS["classic"]
    sheet = _points("leekha", classic, *LEEKHA_ROWS)
    assert sheet.grouped and sheet.side_totals == (101, 50)
    assert sheet.standing == Standing(True, ("EW",))  # North–South lose with North
    solo = _points("leekha", leekha.PRESETS["solo"], *LEEKHA_ROWS)
    assert not solo.grouped and solo.side_totals is None
    assert solo.standing == Standing(True, ("S",))
    pairs = _points(
        "leekha", leekha.PRESETS["pairs"], (26, 0, 10, 0), (26, 0, 10, 0), (26, 0, 3, 0)
    )
    assert pairs.side_totals == (101, 0) and pairs.standing == Standing(True, ("EW",))
    both = _points("leekha", classic, (36, 36, 0, 0), (36, 36, 0, 0), (29, 30, 0, 0))
    assert both.standing == Standing(True, ("NS",))  # both over: the lower side total wins


def test_hearts_ends_at_100_and_its_house_rules_can_go_below_zero():
    pagat = hearts.PRESETS["pagat"]
    sheet = _points("hearts", pagat, *[(26, 0, 0, 0)] * 3, (22, 0, 1, 1))
    assert sheet.standing == Standing(True, ("E",))
    shared = _points("hearts", pagat, *[(26, 0, 0, 0)] * 4)
    assert shared.standing == Standing(True, ("E", "S", "W"), "shared")
    assert sheet_for("hearts", pagat).points_range() == (0, 26)
    options = sheet_for("hearts", HEARTS_OPTIONS)
    assert options.points_range() == (-10, 26)
    row = options.enter("cards", {"hearts": [0, 13, 0, 0], "queen": "S", "jack": "N"})
    assert row.scores == (-10, 13, 13, 0)  # no trick marked: nobody gets the −5
    row = options.enter(
        "cards", {"hearts": [0, 13, 0, 0], "queen": "S", "jack": "N", "no_trick": ["W"]}
    )
    assert row.scores == (-10, 13, 13, -5)


def test_tarneeb_41_partner_condition_differs_at_zero():
    above = tarneeb_41.PRESETS["classic"]
    not_negative = tarneeb_41.PRESETS["four-hundred"]
    for rules, over in ((above, False), (not_negative, True)):
        sheet = _points("tarneeb-41", rules, (20, 5, 0, 5), (21, 0, 0, 0))
        assert sheet.totals == (41, 5, 0, 5)
        assert sheet.standing.over is over
        assert sheet.grouped and sheet.side_totals == (41, 10)
    both = _points("tarneeb-41", above, (20, 20, 1, 1), (25, 21, 0, 0))
    assert both.standing == Standing(True, ("NS",))  # 45 against 41: the higher total wins
    tied = _points("tarneeb-41", above, (20, 20, 1, 1), (21, 21, 0, 0))
    assert tied.standing == Standing(False, (), "play_on")


def test_sabaat_ends_when_a_side_reaches_500():
    rules = sabaat_al_deemin.PRESETS["classic"]
    sheet = _points("sabaat-al-deemin", rules, (300, 100), (150, 0))
    assert not sheet.standing.over
    sheet.enter("deal", {"winner": "NS", "aces": 0, "courts": 0, "seven_out": True})
    assert sheet.totals == (650, 100) and sheet.standing == Standing(True, ("NS",))


# --- refusals: each names the fact at fault --------------------------------------------------

REFUSED = [
    ("bent-al-sbeet", QAHWA, "cards", {"hearts": [2, 2, 2, 2], "queen": "N", "ten": "E"},
     "bad_hearts_total", "hearts"),
    ("bent-al-sbeet", QAHWA, "cards", {"hearts": [14, -1, 0, 0], "queen": "N", "ten": "E"},
     "bad_hearts", "hearts_N"),
    ("bent-al-sbeet", QAHWA, "cards", {"hearts": [13, 0, 0, 0], "queen": "X", "ten": "E"},
     "bad_taker", "queen"),
    ("leekha", leekha.PRESETS["classic"], "cards",
     {"hearts": [13, 0, 0, 0], "queen": "N", "ten": "E", "exposed": ["QS"]},
     "cannot_expose", "exposed"),
    ("hearts", HEARTS_OPTIONS, "cards",
     {"hearts": [13, 0, 0, 0], "queen": "N", "jack": "E", "no_trick": ["N"]},
     "no_trick_took_cards", "no_trick"),
    ("hearts", HEARTS_OPTIONS, "cards",
     {"hearts": [13, 0, 0, 0], "queen": "N", "jack": "E", "no_trick": ["N", "E", "S", "W"]},
     "everyone_no_trick", "no_trick"),
    ("tarneeb-41", tarneeb_41.PRESETS["classic"], "bids",
     {"bids": [0, 3, 3, 3], "tricks": [4, 3, 3, 3]}, "bad_bid", "bid_N"),
    ("tarneeb-41", tarneeb_41.PRESETS["classic"], "bids",
     {"bids": [2, 3, 3, 2], "tricks": [4, 3, 3, 3]}, "bids_thrown_in", "bids"),
    ("tarneeb-41", tarneeb_41.PRESETS["classic"], "bids",
     {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 4]}, "bad_tricks_total", "tricks"),
    ("sabaat-al-deemin", sabaat_al_deemin.PRESETS["classic"], "deal",
     {"winner": "NS", "aces": 5, "courts": 0}, "bad_aces_left", "aces"),
    ("sabaat-al-deemin", replace(sabaat_al_deemin.PRESETS["classic"], triple_allowed=False),
     "deal", {"winner": "NS", "aces": 0, "courts": 0, "multiplier": 3},
     "bad_multiplier", "multiplier"),
    ("sabaat-al-deemin", sabaat_al_deemin.PRESETS["classic"], "deal",
     {"winner": "XY", "aces": 0, "courts": 0}, "bad_side", "winner"),
    ("hearts", hearts.PRESETS["pagat"], "points", {"points": [27, 0, 0, 0]},
     "bad_points", "points_N"),
    ("tarneeb-41", tarneeb_41.PRESETS["classic"], "points", {"points": [-27, 0, 0, 0]},
     "bad_points", "points_N"),
]  # fmt: skip


@pytest.mark.parametrize("slug,rules,kind,facts,code,field", REFUSED)
def test_a_row_the_game_does_not_allow_is_refused_with_its_fact(
    slug, rules, kind, facts, code, field
):
    sheet = sheet_for(slug, rules)
    with pytest.raises(BadInput) as refused:
        sheet.enter(kind, facts)
    assert (refused.value.code, refused.value.details.get("field")) == (code, field)
    assert sheet.rows == [] and not any(sheet.totals)


def test_unreadable_rows_are_refused_not_guessed():
    for slug in DESCRIBED:
        module = described(slug).engine
        sheet = sheet_for(slug, module.PRESETS[module.DEFAULT_PRESET])
        for kind, facts in (("nonsense", {}), (sheet.KINDS[-1], []), ("points", {"points": 3})):
            with pytest.raises(BadInput):
                sheet.enter(kind, facts)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 26), min_size=4, max_size=4), max_size=12))
def test_typed_points_add_up_and_the_standing_is_the_match_modules(rows):
    rules = hearts.PRESETS["pagat"]
    sheet = sheet_for("hearts", rules)
    for points in rows:
        if sheet.standing.over:
            break
        sheet.enter("points", {"points": points})
    added = [sum(r.scores[i] for r in sheet.rows) for i in range(4)]
    assert list(sheet.totals) == added
    assert sheet.standing.over == hearts.match_over(rules, list(sheet.totals))
