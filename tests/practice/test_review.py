"""A deal's review says where the points come from, in the family's terms, with the engine's
numbers: the moon, exposures, a kaboot, a missed and doubled bid, Sab'at's seven and double.
The finished deals are the tutorials' (their scripts are replayed by the engine)."""

from types import SimpleNamespace

import pytest
from django.utils import translation

from cardgames.games import game as described
from cardgames.positions import open_position
from cardtable.scorecard import scorecard
from cardtable.words import vocabulary
from practice import review
from practice.families import trickbid
from tutorials import content


def finished(slug: str, seat: int = 2):
    """The last position of a tutorial, as the review reads a practice match."""
    data = next(d for d in content.read_all() if d["slug"] == slug)
    position = content.frames_of(data)[-1].after
    assert position.state.is_over
    return SimpleNamespace(
        state=position.state,
        rules=position.rules,
        module=position.module,
        game=data["game"],
        seat=seat,
        setup=SimpleNamespace(level="club"),
        sheet=[],
    )


def explained(slug: str, lang: str = "en") -> dict:
    practice = finished(slug)
    with translation.override(lang):
        out = review.explain_points(practice, vocabulary(practice.game))
        return {
            "lines": [str(line) for line in out["lines"]],
            "rows": [{**row, "detail": str(row["detail"])} for row in out["rows"]],
        }


def test_a_moon_shot_scores_nothing_for_the_shooter_and_the_deal_for_each_other():
    practice = finished("bent-moon-shot")
    out = explained("bent-moon-shot")
    shooter = practice.state.points().index(0)
    assert any("shot the moon" in line for line in out["lines"])
    assert [row["points"] for row in out["rows"]] == practice.state.points()
    assert "queen of spades" in out["rows"][shooter]["detail"]
    assert "13 hearts" in out["rows"][shooter]["detail"]
    assert "(you)" in out["rows"][2]["who"] and "computer, club" in out["rows"][0]["who"]


def test_a_kaboot_and_a_missed_bid_are_named():
    kaboot = explained("tarneeb-kaboot")
    assert any("took every trick: a kaboot" in line for line in kaboot["lines"])
    assert any("The bid is made: North–South score 16 points" in line for line in kaboot["lines"])
    missed = explained("tarneeb-missed-bid", "fr")
    assert any("Le contrat chute" in line for line in missed["lines"])
    doubled = explained("tarneeb-egyptian-double")
    assert any("doubled" in line and "multiplied by 2" in line for line in doubled["lines"])


def test_sabaats_seven_and_double_are_named_in_gulf_arabic():
    out = explained("sabaat-seven-out-doubled", "ar")
    text = " ".join(out["lines"])
    assert "آخر ورقة نزلت سبعة" in text and "دبل" in text
    assert [row["points"] for row in out["rows"]] == [480, 0]


def test_the_review_of_a_tarneeb_deal_writes_the_sheets_debt():
    practice = finished("tarneeb-missed-bid")
    practice.sheet = [
        {
            "deal_number": 1,
            "points": {"NS": 5, "EW": -9},
            "totals": {"NS": 5, "EW": 0},
            "debts": {"NS": 0, "EW": 9},
        }
    ]
    written = trickbid._sheet(practice)["written"]
    assert [(w["entry"], w["debt"]) for w in written] == [(5, 0), (0, 9)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_knock_is_listed_with_the_cards_laid_around_it(lang):
    module = described("sabaat-al-deemin").engine
    deal = "N:AKQJ.AKQJ.. T987.T987.. ..AKQJ.AKQJ ..T987.T987"
    position = open_position(module, {"deal": deal, "dealer": "N", "moves": "7D knock 7S"})
    with translation.override(lang):
        groups = scorecard(position)
    assert [g["kind"] for g in groups] == ["layout"]
    assert len(groups[0]["items"]) == 3


TRIX_WORDS = {
    "en": (
        "the Trix",
        "first place",
        "the double on the king of hearts",
        "hearts (with the double)",
    ),
    "fr": (
        "le Trix",
        "première place",
        "le double sur le roi de cœur",
        "cœur (avec le double)",
    ),
    "ar": ("التركس", "المركز الأول", "تدبيل شايب الكبّة", "شايب الكبّة (مع التدبيل)"),
}


@pytest.mark.parametrize("lang", ["ar", "en", "fr"])
def test_a_trix_deal_says_where_each_players_points_come_from(lang):
    """The Trix: each player's place (the tutorial's deal: South out first, 200). A doubled
    King of Hearts: its taker pays it doubled, its doubler gains (the engine's own test deal)."""
    contract, first, doubler, taker = TRIX_WORDS[lang]
    said = explained("trix-layout", lang)
    assert contract in said["lines"][0]
    south = said["rows"][2]
    assert south["points"] == 200 and south["detail"] == first
    from cardgames import trix
    from tests.engine.test_trix import KING_ALONE, kingdom_deal, moves

    deal = moves(kingdom_deal(KING_ALONE, 3, "king_of_hearts"), "expose:KH", "AH", "2C", "2D", "KH")
    practice = SimpleNamespace(
        state=deal, rules=deal.rules, module=trix, game="trix", seat=2, sheet=[],
        setup=SimpleNamespace(level="club"),
    )  # fmt: skip
    with translation.override(lang):
        rows = review.explain_points(practice, vocabulary("trix"))["rows"]
    assert [r["points"] for r in rows] == [75, 0, 0, -150]
    assert doubler in str(rows[0]["detail"]) and taker in str(rows[3]["detail"])
    assert rows[1]["detail"] == rows[2]["detail"] == ""
