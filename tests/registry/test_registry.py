"""The registry: loaded idempotently, editors' changes kept, and in step with the engines."""

import copy
from dataclasses import dataclass, make_dataclass

import pytest
from django.core import checks

from cardgames.contract import Game as Described
from rulebook import games, loader, registry
from rulebook.checks import registry_problems
from rulebook.models import Claim, Game, Rule, RuleValue, Section, Variant


def counts():
    return [m.objects.count() for m in (Game, Variant, Section, Rule, RuleValue, Claim)]


@pytest.mark.django_db
def test_loading_twice_changes_nothing():
    first = loader.load_all()["bent-al-sbeet"]
    assert first.created > 50 and first.updated == 0
    before = counts()
    stamps = list(RuleValue.objects.order_by("pk").values_list("updated", flat=True))
    second = loader.load_all()["bent-al-sbeet"]
    assert (second.created, second.updated, second.deleted, second.kept) == (0, 0, 0, [])
    assert counts() == before
    assert list(RuleValue.objects.order_by("pk").values_list("updated", flat=True)) == stamps


@pytest.mark.django_db
def test_an_editors_change_survives_a_reload():
    loader.load_all()
    value = RuleValue.objects.get(rule__key="queen_points", rule__game__slug="bent-al-sbeet")
    assert value.statement_fr
    value.statement_fr = "Texte revu par un éditeur : {queen_points}."
    value.save()
    report = loader.load_all()["bent-al-sbeet"]
    value.refresh_from_db()
    assert value.statement_fr == "Texte revu par un éditeur : {queen_points}."
    assert any("queen_points" in k for k in report.kept)


@pytest.mark.django_db
def test_a_changed_file_updates_rows_nobody_edited(monkeypatch):
    loader.load_all()
    data = copy.deepcopy(registry.read("bent_al_sbeet"))
    rule = next(r for r in data["rules"] if r["key"] == "target")
    rule["name"]["en"] = "When the match ends"
    original = registry.read
    monkeypatch.setattr(
        registry, "read", lambda engine: data if engine == "bent_al_sbeet" else original(engine)
    )
    report = loader.load_all()["bent-al-sbeet"]
    assert report.updated == 1
    rule = Rule.objects.get(key="target", game__slug="bent-al-sbeet")
    assert rule.name_en == "When the match ends"


def test_the_registry_and_the_engines_agree(db):  # the checks read stored rows too
    assert registry_problems(games.get("bent-al-sbeet")) == []
    assert [e for e in checks.run_checks() if e.id.startswith("rulebook")] == []


def _spec_with_rules(rules_cls, presets):
    engine = type(
        "FakeEngine", (), {"Rules": rules_cls, "PRESETS": presets, "DEFAULT_PRESET": "qahwa"}
    )
    return Described("bent-al-sbeet", engine, "bent_al_sbeet")


def test_the_check_fails_for_an_engine_parameter_without_registry_entry():
    real = games.get("bent-al-sbeet").engine.Rules
    extended = make_dataclass("Rules", [("new_rule", int, 0)], bases=(real,), frozen=True)
    presets = {
        k: extended(**{f: getattr(v, f) for f in v.__dataclass_fields__})
        for k, v in games.get("bent-al-sbeet").presets.items()
    }
    problems = registry_problems(_spec_with_rules(extended, presets))
    assert "engine parameter 'new_rule' has no registry entry" in problems


def test_the_check_fails_for_a_registry_entry_naming_no_engine_parameter():
    @dataclass(frozen=True)
    class Rules:
        target: int = 151

    presets = {"qahwa": Rules(), "sbeetah": Rules(152)}
    problems = registry_problems(_spec_with_rules(Rules, presets))
    assert "registry entry 'queen_points' names no engine parameter" in problems
    assert "engine parameter 'target' has no registry entry" not in problems


@pytest.mark.parametrize("slug", list(games.GAMES))
def test_each_preset_plays_what_its_source_claims(slug):
    """A variant follows its source: a stated value is played as stated, an unclear one as
    the reading the registry records."""
    spec = games.get(slug)
    data = registry.read(spec.registry)
    for variant in data["variants"]:
        if variant.get("departs_from_claims"):
            continue  # a regional form the source describes beside its base rules
        played = games.parameters(spec.presets[variant["slug"]])
        for rule in data["rules"]:
            for claim in rule.get("claims", []):
                # A claim for some variants only, or one the site offers as a house rule.
                speaks = [] if claim.get("house_rule") else claim.get("variants", [variant["slug"]])
                if (
                    claim["source"] in variant["sources"]
                    and claim["status"] != "not_stated"
                    and variant["slug"] in speaks
                ):
                    assert played[rule["key"]] == str(claim["value"]), (
                        variant["slug"],
                        rule["key"],
                    )


def test_every_rule_two_games_of_a_family_differ_on_is_worded():
    """The comparison of Tarneeb with Tarneeb 41 words every rule and value (no key shown)."""
    from rulebook.checks import family_problems

    assert family_problems(games.GAMES.values()) == []


def test_the_family_check_finds_a_value_no_registry_words(monkeypatch):
    from rulebook.checks import family_problems

    real = registry.read

    def without_fixed(engine):
        data = copy.deepcopy(real(engine))
        data.pop("fixed", None)
        return data

    monkeypatch.setattr(registry, "read", without_fixed)
    problems = family_problems(games.GAMES.values())
    assert "tarneeb, tarneeb-41: no registry names rule 'scoring'" in problems
    assert "tarneeb-41: no wording for scoring='each_bid'" in problems
    # Tarneeb 41's registry words 'called' (the trumps one of its sources claims), not this
    assert "tarneeb: no wording for first_lead='declarer'" in problems


def test_every_claim_says_whether_its_source_states_it():
    """A claim is stated (with the value), unclear (with the site's reading and what the source
    does say) or not stated (with no value: the reading is the site's, never the source's)."""
    from rulebook.checks import claim_problems

    for spec in games.GAMES.values():
        for rule in registry.read(spec.registry)["rules"]:
            assert claim_problems(rule["key"], rule.get("claims", [])) == []
    note = {"en": "says only that", "ar": "يقول فقط", "fr": "dit seulement"}
    bad = [
        {"source": "a", "status": "guessed", "value": "1"},
        {"source": "b", "status": "not_stated", "value": "left"},
        {"source": "c", "status": "ambiguous", "note": note},
        {"source": "d", "status": "stated"},
        {"source": "e", "status": "stated", "value": "1"},
        {"source": "e", "status": "stated", "value": "2"},
    ]
    found = claim_problems("pass", bad)
    assert len(found) == 5, found
    assert any("reading recorded as a value" in p for p in found)


def _arabic_texts(node):
    """Every Arabic text of a registry, tutorial or quiz file (the ``ar`` of each table)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "ar" and isinstance(value, str):
                yield value
            else:
                yield from _arabic_texts(value)
    elif isinstance(node, list):
        for item in node:
            yield from _arabic_texts(item)


def _data_files():
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for path in [
        *sorted((root / "rulebook" / "registry").glob("*.toml")),
        *sorted((root / "tutorials" / "data").glob("*.toml")),
        *sorted((root / "quiz" / "data").glob("*.toml")),
    ]:
        yield path.name, tomllib.loads(path.read_text())


def test_arabic_sentences_name_variants_in_arabic_and_say_house_rule_one_way():
    """No Latin variant name (OpenSpiel, pagat…) inside an Arabic sentence (a web address
    aside), and "house rule" said as «قاعدة خاصة بالطاولة», never «…بالمجلس»."""
    import re

    latin = {
        v["name"]["en"]
        for spec in games.GAMES.values()
        for v in registry.read(spec.registry)["variants"]
        if re.search("[A-Za-z]", v["name"]["en"])
    }
    found = []
    for name, data in _data_files():
        for text in _arabic_texts(data):
            bare = re.sub(r"\S+\.(?:com|org|games)\b", " ", text)
            found += [(name, n) for n in latin if re.search(rf"\b{re.escape(n)}\b", bare)]
            if "خاصة بالمجلس" in text:
                found.append((name, "خاصة بالمجلس"))
    assert found == []
