"""Export and import: every shipped tutorial as a lesson goes out as a file and comes back the
same lesson, as JSON (the whole object) and as PBN (moves, deal, steps and texts)."""

import json

import pytest
from django.test import Client

from lessons import files, store
from lessons.models import Lesson

from .helpers import API, SHIPPED, bearer, tutorial_lesson, two_answers

pytestmark = pytest.mark.django_db


def exported(client, row, kind):
    answer = client.get(f"{API}/{row.public_id}/export?format={kind}")
    assert answer.status_code == 200, answer.content
    return answer


def imported(client, body: bytes, content_type="application/octet-stream"):
    answer = client.post(f"{API}/import", body, content_type=content_type)
    assert answer.status_code == 201, answer.content
    return Lesson.objects.get(public_id=answer.json()["id"])


@pytest.mark.parametrize("slug", sorted(SHIPPED))
def test_a_tutorial_exported_as_json_imports_as_the_same_lesson(slug):
    row = store.create(tutorial_lesson(slug))
    client = Client()
    answer = exported(client, row, "json")
    assert answer["Content-Disposition"].startswith("attachment;")
    assert ".lesson.json" in answer["Content-Disposition"]
    new = imported(client, answer.content, "application/json")
    assert new.public_id != row.public_id
    assert new.data == row.data


@pytest.mark.parametrize("language", ["ar", "en", "fr"])
@pytest.mark.parametrize("slug", sorted(SHIPPED))
def test_a_tutorial_exported_as_pbn_imports_with_its_moves_deal_steps_and_texts(slug, language):
    row = store.create(tutorial_lesson(slug, language))
    client = Client()
    answer = exported(client, row, "pbn")
    assert answer["Content-Disposition"].startswith("attachment;")
    assert ".pbn" in answer["Content-Disposition"]
    text = answer.content.decode()
    assert '[Deal "' in text and '[Dealer "' in text and "{step 1}" in text
    new = imported(client, answer.content)
    # nothing is lost: the object read back is the one exported
    assert new.data == row.data


def test_a_seeded_lesson_exports_the_hands_its_seed_deals():
    seeded = [s for s, d in SHIPPED.items() if d.get("seed")]
    row = store.create(tutorial_lesson(seeded[0]))
    text = files.to_pbn(row.data)
    deal = next(line for line in text.splitlines() if line.startswith("[Deal "))
    hands = json.loads(deal[len("[Deal ") : -1])
    assert hands.startswith(row.data["dealer"] + ":") and len(hands.split()) == 4
    assert f'[Seed "{row.data["seed"]}"]' in text


def test_the_pbn_of_a_lesson_with_answers_why_and_markup_round_trips():
    obj = two_answers()
    obj["steps"][0]["narration"] = 'A {QS}, "quoted", } and { braces;\n\n*new* paragraph'
    obj["rules"] = {}
    row = store.create(obj)
    text = files.to_pbn(row.data)
    assert files.from_pbn(text) and store.checked(files.from_pbn(text))[1] == row.data


def test_a_pbn_without_commentaries_is_cut_by_its_steps_tag():
    row = store.create(tutorial_lesson())
    text = files.to_pbn(row.data)
    bare = "\n".join(line for line in text.splitlines() if not line.startswith("{"))
    obj = files.from_pbn(bare)
    assert [s["moves"] for s in obj["steps"]] == [s["moves"] for s in row.data["steps"]]


@pytest.mark.parametrize(
    "body, field",
    [
        (b"[1, 2]", "pbn"),
        (b"{not json", "file"),
        (b"\xff\xfe\x00", "file"),
        (b"", "pbn"),
        (b"just words", "pbn"),
        (b'[Event "x"]\n[Game "chess"]', "game"),
        (b'[Event "x"\n', "pbn"),
        (b'[Event "x"]\n[Game "tarneeb"]\n[Language "en"]\n[Learner "S"]', "deal"),
    ],
)
def test_bad_files_are_400_bad_lesson_naming_the_field(body, field):
    answer = Client().post(f"{API}/import", body, content_type="application/octet-stream")
    assert answer.status_code == 400, answer.content
    error = answer.json()["error"]
    assert error["code"] == "bad_lesson" and error["field"] == field


def test_a_pbn_whose_deal_is_not_its_seeds_is_refused():
    seeded = [s for s, d in SHIPPED.items() if d.get("seed")]
    row = store.create(tutorial_lesson(seeded[0]))
    text = files.to_pbn(row.data)
    other = store.create(tutorial_lesson("bent-exposing-the-queen"))
    theirs = next(x for x in files.to_pbn(other.data).splitlines() if x.startswith("[Deal "))
    mine = next(x for x in text.splitlines() if x.startswith("[Deal "))
    if row.data["game"] == other.data["game"]:
        answer = Client().post(
            f"{API}/import", text.replace(mine, theirs), content_type="text/plain"
        )
        assert answer.status_code == 400 and answer.json()["error"]["field"] == "deal"


def test_a_step_that_does_not_replay_is_422():
    row = store.create(tutorial_lesson())
    text = files.to_pbn(row.data).replace("pass:QS", "pass:9C", 1)
    answer = Client().post(f"{API}/import", text, content_type="text/plain")
    assert answer.status_code in (400, 422)
    assert answer.json()["error"]["code"] in ("lesson_does_not_replay", "bad_lesson")


def test_export_of_an_unknown_lesson_is_404_and_of_an_unknown_format_400():
    row = store.create(tutorial_lesson())
    assert Client().get(f"{API}/nope-nope-nope/export").status_code == 404
    answer = Client().get(f"{API}/{row.public_id}/export?format=doc")
    assert answer.status_code == 400 and answer.json()["error"]["field"] == "format"


def test_import_is_rate_limited_as_creation():
    from plumbing import limits

    row = store.create(tutorial_lesson())
    body = files.json_of(row.data).encode()
    client = Client()
    codes = [
        client.post(f"{API}/import", body, content_type="application/json").status_code
        for _ in range(limits.CREATING["lesson"][1].count + 1)
    ]
    assert codes[0] == 201 and codes[-1] == 429


def test_the_import_page_makes_a_lesson_owned_by_the_browser_and_opens_its_editor():
    from django.core.files.uploadedfile import SimpleUploadedFile

    row = store.create(tutorial_lesson())
    client = Client(enforce_csrf_checks=True)
    page = client.get("/en/lessons/import/")
    assert page.status_code == 200 and b'type="file"' in page.content
    token = page.cookies["csrftoken"].value
    upload = SimpleUploadedFile("x.pbn", files.to_pbn(row.data).encode())
    answer = client.post("/en/lessons/import/", {"file": upload, "csrfmiddlewaretoken": token})
    assert answer.status_code == 303, answer.content
    new = Lesson.objects.exclude(pk=row.pk).get()
    assert answer["Location"].endswith(f"/lessons/{new.public_id}/edit/")
    assert new.data == row.data
    # the key is the session's: the API opens the versions with it
    assert (
        Client().get(f"{API}/{new.public_id}/versions", **bearer(new.edit_key)).status_code == 200
    )


def test_the_import_page_refuses_a_bad_file_with_the_field_and_without_csrf():
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = Client()
    answer = client.post("/en/lessons/import/", {"file": SimpleUploadedFile("x.pbn", b"[1]")})
    assert answer.status_code == 400 and b"file" in answer.content
    strict = Client(enforce_csrf_checks=True)
    upload = SimpleUploadedFile("x.pbn", b"[1]")
    assert strict.post("/en/lessons/import/", {"file": upload}).status_code == 403
