from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoresheetConfig(AppConfig):
    name = "scoresheet"
    verbose_name = _("Score sheets")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import checks  # noqa: F401  (registers the system checks)
