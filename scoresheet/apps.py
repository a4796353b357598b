from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoresheetConfig(AppConfig):
    name = "scoresheet"
    verbose_name = _("Score sheets")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from plumbing import ownership

        from . import checks  # noqa: F401  (registers the system checks)
        from .models import OWNED, Match

        # An account deleted takes the score sheets only it holds, with their rows.
        ownership.keeps(OWNED, lambda tokens: Match.objects.filter(scorer__in=tokens).delete())
