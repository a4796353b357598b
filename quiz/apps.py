from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class QuizConfig(AppConfig):
    name = "quiz"
    verbose_name = _("Quiz")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from plumbing import ownership
        from rulebook.models import Game
        from rulebook.signals import follow

        from . import checks  # noqa: F401  (registers the system check)
        from .models import HandPicked
        from .progress import adopt

        follow(HandPicked, lambda row: Game.objects.filter(slug=row.game).values("pk")[:1])
        ownership.adopts(adopt)  # at sign-in, the session's progress joins the account
