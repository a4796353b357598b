"""The system check wants a label, in every language, for every value a rule may take: a form
lists a rule's values in words."""

import copy

from rulebook import games, registry
from rulebook.checks import registry_problems


def _problems_with(monkeypatch, engine, change):
    data = copy.deepcopy(registry.read(engine))
    change(data)
    original = registry.read
    monkeypatch.setattr(registry, "read", lambda e: data if e == engine else original(e))
    spec = next(s for s in games.GAMES.values() if s.registry == engine)
    return registry_problems(spec)


def _rule(data, key):
    return next(r for r in data["rules"] if r["key"] == key)


def test_every_game_labels_every_value_today():
    for spec in games.GAMES.values():
        assert registry_problems(spec) == [], spec.slug


def test_a_choice_without_a_label_for_one_of_its_values(monkeypatch):
    def drop(data):
        rule = _rule(data, "expose_limit")
        rule["values"] = [v for v in rule["values"] if v["value"] != "one"]

    problems = _problems_with(monkeypatch, "bent_al_sbeet", drop)
    assert "rule 'expose_limit': no label for the allowed value 'one'" in problems


def test_a_flag_needs_both_labels(monkeypatch):
    def unlabel(data):
        for value in _rule(data, "redouble_allowed")["values"]:
            if value["value"] == "true":
                del value["label"]

    problems = _problems_with(monkeypatch, "tarneeb", unlabel)
    assert "rule 'redouble_allowed': no label for the allowed value 'true'" in problems


def test_a_number_needs_its_starred_label(monkeypatch):
    def unstar(data):
        rule = _rule(data, "target")
        rule["values"] = [v for v in rule["values"] if v["value"] != "*"]

    problems = _problems_with(monkeypatch, "sabaat_al_deemin", unstar)
    assert "rule 'target': no label for its values (a '*' entry)" in problems


def test_a_label_missing_a_language(monkeypatch):
    def no_french(data):
        _rule(data, "announce_order")["values"][0]["label"]["fr"] = ""

    problems = _problems_with(monkeypatch, "sabaat_al_deemin", no_french)
    assert "rule announce_order=circuit_and_triple_turns label: no fr text" in problems
