"""Trix's registry: in step with its engine, and every conflict of trix.md recorded as claims
with their sources, the site's default and its reason; the site's readings labelled."""

import pytest

from cardgames import trix
from cardgames.contract import Game
from rulebook import registry
from rulebook.checks import registry_problems

SPEC = Game("trix", trix, "trix")
DATA = registry.read("trix")
RULES = {r["key"]: r for r in DATA["rules"]}


def stated(key):
    return {(c["source"], c.get("value")) for c in RULES[key]["claims"] if c["status"] == "stated"}


def test_the_registry_and_the_engine_agree():
    assert registry_problems(SPEC) == []


@pytest.mark.parametrize(
    ("key", "claims"),
    [
        # 1. Next kingdom: right (WP, J-TX, MB) vs left (GR); GB's wording recorded as ambiguous.
        ("kingdom_rotation", {("WP", "right"), ("J-TX", "right"), ("MB", "right"), ("GR", "left")}),
        # 3. Void with a penalty card: must throw (TC, NU) vs free (J-TX, KT, MB).
        ("forced_penalty_discard", {("TC", "true"), ("NU", "true"), ("J-TX", "false")}),
        # 4. The doubler catching his own card: OT, MB, TIR, three ways.
        ("own_double", {("OT", "single"), ("MB", "by_leader"), ("TIR", "always_double")}),
        # 5. Diamond and trick rates: 10/15 vs 15/10 (WP via GMS, NU); SD's versions differ.
        (
            "diamond_points",
            {("AWP", "10"), ("GMS", "15"), ("NU", "15"), ("SD", "10")},
        ),
        ("trick_points", {("AWP", "15"), ("GMS", "10"), ("NU", "10")}),
        # 6. Twos face up: after the first turns (WP via GMS) vs at the start, split (MB).
        ("twos_face_up", {("GMS", "after_first_turns"), ("MB", "at_start_if_split")}),
        # 7. Complex tricks: every trick (AND, MB); J-TC's reading recorded as ambiguous.
        ("priced_tricks", {("AND", "every"), ("MB", "every")}),
        # 8. Partnership winner: higher total (J-TX, MB) vs worst player's side loses (NU).
        (
            "team_winner",
            {("J-TX", "higher_total"), ("MB", "higher_total"), ("NU", "worst_player_loses")},
        ),
    ],
)
def test_each_conflict_of_trix_md_is_recorded(key, claims):
    assert claims <= stated(key)
    reason = RULES[key]["default_reason"]
    assert all(reason[lang].strip() for lang in ("en", "ar", "fr"))
    default = registry.read("trix")["default_variant"]
    assert default == trix.DEFAULT_PRESET


def test_readings_are_labelled_as_the_sites():
    # Conflict 2 (who leads) is one rule in the engine: the owner leads, the owner deals.
    kingdoms = next(s for s in DATA["sections"] if s["key"] == "kingdoms")
    assert "plays first" in kingdoms["body"]["en"]
    # J-TC on Complex's tricks: ambiguous, its note says what it says.
    jtc = next(c for c in RULES["priced_tricks"]["claims"] if c["source"] == "J-TC")
    assert jtc["status"] == "ambiguous" and jtc["note"]["en"]
    # The early end: one implementation's, marked unverified, and the site's reading.
    mb = next(c for c in RULES["ends_early"]["claims"] if c["source"] == "MB")
    assert "Unverified" in mb["note"]["en"]
    assert "site's reading" in RULES["ends_early"]["default_reason"]["en"]


def test_set_aside_claims_are_on_the_page():
    # 9. The layout from the sevens (PW only) and the reversed signs (NU) are named and set aside.
    body = next(s for s in DATA["sections"] if s["key"] == "differences")["body"]
    assert "sevens" in body["en"] and "السبعات" in body["ar"] and "sept" in body["fr"]
    assert "signs" in body["en"]


def test_every_source_of_trix_md_is_listed():
    keys = {s["key"] for s in DATA["sources"]}
    assert keys == {
        *("WP", "WP-OLD", "GMS", "OT", "MW", "GB", "J-TX", "J-TC", "KT", "VJ", "KO", "PW"),
        *("SD", "TC", "AND", "AWP", "APT", "TH", "GR", "NU", "CRP", "MB", "TIR", "CALC"),
    }


def test_levant_card_words():
    text = str(DATA)
    for word in ("شايب الكبة", "البنات", "الديناري", "لطش", "تركس", "كمبلكس", "دبّل"):
        assert word in text, word
    assert DATA["region"] == "levant"
