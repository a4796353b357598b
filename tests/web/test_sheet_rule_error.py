"""A house rule the engine refuses is named by its label beside its field, never by the
engine's key, in each language."""

import pytest


@pytest.mark.parametrize("lang", ["en", "ar", "fr"])
def test_a_bad_target_is_named_by_its_label(client, rulebook, lang):
    from rulebook.models import Rule

    page = client.post(f"/{lang}/tarneeb/sheet/", {"variant": "classic", "rule.target": "999999"})
    html = page.content.decode()
    assert page.status_code == 400  # the form again, with the error
    label = getattr(Rule.objects.get(game__slug="tarneeb", key="target"), f"name_{lang}")
    assert label and html.count(label) >= 2  # the field's label and the sentence
    assert "999999" in html
    assert not any(q in html for q in ("“target”", "«target»", "« target »", "target</bdi>"))
