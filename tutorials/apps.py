from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TutorialsConfig(AppConfig):
    name = "tutorials"
    verbose_name = _("Tutorials")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from plumbing import ownership
        from rulebook.signals import follow

        from . import checks  # noqa: F401  (registers the system check)
        from .models import Step, Tutorial
        from .progress import adopt

        follow(Tutorial, lambda row: row.game_id)
        follow(Step, lambda row: Tutorial.objects.filter(pk=row.tutorial_id).values("game_id")[:1])
        ownership.adopts(adopt)  # at sign-in, the session's progress joins the account
