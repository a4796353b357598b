import pytest


@pytest.fixture(scope="module")
def _loaded(django_db_setup, django_db_blocker):
    """The registry and the hand-picked questions, loaded once for a test module (as `make
    setup` loads them) and removed after it, so other modules see the database they expect.
    Each test still runs in its own transaction, rolled back."""
    from quiz.loader import load_all as load_quiz
    from rulebook.loader import load_all as load_rulebook

    with django_db_blocker.unblock():
        load_rulebook()
        load_quiz()
    yield
    from django.contrib.sessions.models import Session

    from quiz.models import Answered, HandPicked
    from rulebook.models import Game, Rule

    with django_db_blocker.unblock():
        HandPicked.objects.all().delete()
        Answered.objects.all().delete()
        Session.objects.all().delete()
        Rule.objects.all().delete()  # rules protect their sections
        Game.objects.all().delete()


@pytest.fixture
def quiz(_loaded, db):
    """The site's data for a quiz page test."""
