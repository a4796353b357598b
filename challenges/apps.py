from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChallengesConfig(AppConfig):
    name = "challenges"
    verbose_name = _("Challenges")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from plumbing import ownership
        from practice import signals

        from . import record, service

        # A challenge's deal ending: its result written in the move's own transaction.
        signals.storing.connect(record.on_storing, dispatch_uid="challenges.record")
        ownership.adopts(service.adopt)  # at sign-in, a guest's entries join the account
