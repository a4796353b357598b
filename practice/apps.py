from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PracticeConfig(AppConfig):
    name = "practice"
    verbose_name = _("Practice matches")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from plumbing import ownership

        from .models import OWNED, Match

        # An account deleted takes the practice matches only it holds, with their deals.
        ownership.keeps(OWNED, lambda tokens: Match.objects.filter(token__in=tokens).delete())
