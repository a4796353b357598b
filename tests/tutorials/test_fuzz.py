"""Whatever a browser sends to a tutorial, the answer is a page, never a server error."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutorials.models import Tutorial

FIELDS = st.dictionaries(
    st.sampled_from(["move", "hint", "csrfmiddlewaretoken", "step", "cards"]),
    st.one_of(st.text(max_size=30), st.sampled_from(["QS", "knock", "pass", "7", "trump:S"])),
    max_size=3,
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    slug=st.one_of(
        st.sampled_from(["sabaat-knock", "tarneeb-first-auction", "bent-moon-shot"]),
        st.from_regex(r"[a-z0-9-]{1,20}", fullmatch=True),
    ),
    number=st.integers(min_value=0, max_value=10**6),
    lang=st.sampled_from(["ar", "en", "fr"]),
    fields=FIELDS,
)
def test_any_request_gets_a_page_not_a_500(client, tutorials, slug, number, lang, fields):
    url = f"/{lang}/tutorials/{slug}/{number}/"
    assert client.get(url).status_code in (200, 404)
    response = client.post(url, fields)
    assert response.status_code in (302, 400, 404), (url, fields)
    if response.status_code == 400:
        assert 'role="alert"' in response.content.decode()


def test_every_question_step_refuses_garbage_with_a_400(client, tutorials):
    for tutorial in Tutorial.objects.all():
        for step in tutorial.steps.filter(question=True):
            url = f"/en/tutorials/{tutorial.slug}/{step.number}/"
            for junk in ("", "ZZ", "pass:", "expose:XX", "trump:Q", "99", "\x00"):
                assert client.post(url, {"move": junk}).status_code == 400, (url, junk)
