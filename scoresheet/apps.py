from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoresheetConfig(AppConfig):
    name = "scoresheet"
    verbose_name = _("Tarneeb score sheets")
    default_auto_field = "django.db.models.BigAutoField"
