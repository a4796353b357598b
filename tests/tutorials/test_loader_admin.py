"""Loading is idempotent and keeps editors' changes; the admin refuses an illegal script."""

import pytest
from django.contrib.auth.models import User

from tutorials.loader import load_all
from tutorials.models import Step, Tutorial


def test_loading_twice_changes_nothing(tutorials):
    assert tutorials.created > 0
    again = load_all()
    assert (again.created, again.updated, again.deleted) == (0, 0, 0)
    assert again.unchanged == tutorials.created


def test_an_editor_s_narration_survives_a_reload(tutorials):
    step = Step.objects.filter(tutorial__slug="sabaat-knock", number=1).get()
    step.text_fr = "Texte revu par une éditrice."
    step.save()
    report = load_all()
    step.refresh_from_db()
    assert step.text_fr == "Texte revu par une éditrice."
    assert any("sabaat-knock 1" in k for k in report.kept)


def test_a_tutorial_that_left_the_files_is_removed_unless_edited(tutorials):
    game = Tutorial.objects.first().game
    loaded = Tutorial.objects.create(
        slug="old-one", game=game, variant="classic", level="beginner", learner="S", title="x"
    )
    from rulebook.loader import fingerprint
    from tutorials.loader import _tutorial_values

    Tutorial.objects.filter(pk=loaded.pk).update(
        loaded_digest=fingerprint({k: getattr(loaded, k) for k in _tutorial_values({}, None)})
    )
    by_editor = Tutorial.objects.create(
        slug="editor-s-own", game=game, variant="classic", level="beginner", learner="S", title="y"
    )
    load_all()
    assert not Tutorial.objects.filter(slug="old-one").exists()
    assert Tutorial.objects.filter(pk=by_editor.pk).exists()


@pytest.fixture
def admin_client(client, tutorials):
    user = User.objects.create_superuser("editor", "e@example.org", "pw")
    client.force_login(user)
    return client


def _change_form(admin_client, tutorial):
    """The admin change form's current values, as the browser would post them back."""
    response = admin_client.get(f"/admin/tutorials/tutorial/{tutorial.pk}/change/")
    form = response.context["adminform"].form
    data = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        data[name] = "" if value is None else value
    data["game"] = tutorial.game_id
    for formset in response.context["inline_admin_formsets"]:
        fs = formset.formset
        data.update(
            {
                f"{fs.prefix}-TOTAL_FORMS": len(fs.forms),
                f"{fs.prefix}-INITIAL_FORMS": len(fs.forms),
                f"{fs.prefix}-MIN_NUM_FORMS": 0,
                f"{fs.prefix}-MAX_NUM_FORMS": 1000,
            }
        )
        for i, f in enumerate(fs.forms):
            for name, field in f.fields.items():
                value = f.initial.get(name, field.initial)
                if name == "id":
                    value = f.instance.pk
                if name == "tutorial":
                    value = tutorial.pk
                if isinstance(value, bool):
                    if value:
                        data[f"{fs.prefix}-{i}-{name}"] = "on"
                    continue
                data[f"{fs.prefix}-{i}-{name}"] = "" if value is None else value
    return data, fs.prefix


def test_the_admin_refuses_an_illegal_move(admin_client):
    tutorial = Tutorial.objects.get(slug="sabaat-knock")
    data, prefix = _change_form(admin_client, tutorial)
    data[f"{prefix}-1-moves"] = "AS AS"
    response = admin_client.post(f"/admin/tutorials/tutorial/{tutorial.pk}/change/", data)
    assert response.status_code == 200  # the form again, with the error
    assert "step 2" in response.content.decode()
    assert Step.objects.get(tutorial=tutorial, number=2).moves != "AS AS"


def test_the_admin_saves_a_legal_edit(admin_client):
    tutorial = Tutorial.objects.get(slug="sabaat-knock")
    data, prefix = _change_form(admin_client, tutorial)
    data[f"{prefix}-0-text_en"] = "A newly worded first step."
    response = admin_client.post(f"/admin/tutorials/tutorial/{tutorial.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Step.objects.get(tutorial=tutorial, number=1).text_en == "A newly worded first step."
