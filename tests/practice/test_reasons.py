"""Every reason a computer player can give has its sentence, in Arabic, English and French, in
its game's words; the sentences use only the facts their code gives; advice is labelled with
its source or as the site's own."""

import re

import pytest
from django.utils import translation

from cardgames import bots
from cardgames.bots import Reason
from cardgames.games import FAMILIES
from plumbing import families
from practice import advice
from rulebook import games

# A value for each fact a reason may carry.
SAMPLE = {
    "card": "QS",
    "penalty": "TD",
    "held": "7C",
    "suit": "H",
    "bid": "8",
    "tricks": 5,
    "runs": 4,
    "kings": 3,
    "aces": 0,
    "deals": 24,
    "points": 7,
    "percent": 12,
    "contract": "queens",
}
ARABIC = re.compile("[\u0600-\u06ff]")
GAMES = [slug for slug in bots.REASONS if slug in games.GAMES]


def test_every_family_of_computer_players_is_worded():
    for g in GAMES:  # each family's description names its sentences
        assert isinstance(advice.sentences(g), dict)


@pytest.mark.parametrize("game", GAMES)
def test_every_reason_code_has_a_sentence_in_every_language(game):
    for code, source in bots.REASONS[game].items():
        facts = {name: SAMPLE[name] for name in bots.REASON_FACTS[code]}
        written = {}
        for lang in ("ar", "en", "fr"):
            with translation.override(lang):
                assert advice.template(game, code) is not None, (game, code)
                written[lang] = advice.sentence(game, Reason(code, source, facts))
        assert "%(" not in "".join(written.values()), written
        assert ARABIC.search(written["ar"]) and not ARABIC.search(written["fr"]), code
        assert written["fr"] != written["en"] or not facts, code
        if "card" in facts:
            with translation.override("en"):
                assert "queen of spades" in written["en"] or "seven of clubs" in written["en"]


def test_a_sentence_names_only_the_facts_its_code_gives():
    tables = {"common": advice.COMMON}
    tables.update({f.name: families.of("practice", f).SENTENCES for f in FAMILIES})
    for family, codes in tables.items():
        for code, text in codes.items():
            if code not in bots.REASON_FACTS:
                continue  # worded ahead of the computer players that will give it
            for template in text.values() if isinstance(text, dict) else [text]:
                names = set(re.findall(r"%\((\w+)\)s", str(template)))
                assert names <= set(bots.REASON_FACTS[code]), (family, code, names)


def test_a_trick_is_named_in_each_regions_word():
    reason = Reason("discard_penalty", "qahwa", {"card": "QS"})
    with translation.override("ar"):
        gulf = advice.sentence("bent-al-sbeet", reason)
    assert "أكلة" in gulf and "لمّة" not in gulf and "بنت السبيت" in gulf
    with translation.override("ar"):
        levant = advice.sentence("tarneeb", Reason("ruff", "squarescores", {"card": "2S"}))
    assert "اللمّة" in levant and "البستوني" in levant


@pytest.mark.django_db
def test_advice_is_labelled_with_its_source_or_as_the_sites_own(rulebook):
    with translation.override("en"):  # the texts are lazy: read in the language asked for
        tip = advice.source_label("tarneeb", Reason("ruff", "squarescores", {"card": "2S"}))
        own = advice.source_label("tarneeb", Reason("cash_winner", None, {"card": "AS"}))
        assert str(tip["text"]) == "A tip from Tarneeb (SquareScores guide)."
        assert tip["url"] == "/en/tarneeb/#tips" and not tip["own"]
        assert own["own"] and str(own["text"]).startswith("The site’s own advice")
