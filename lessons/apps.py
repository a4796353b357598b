from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LessonsConfig(AppConfig):
    name = "lessons"
    verbose_name = _("lessons")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from plumbing import ownership

        from .models import OWNED, Lesson

        # An account deleted takes the lessons only it holds, with their versions and answers.
        ownership.keeps(OWNED, lambda tokens: Lesson.objects.filter(edit_key__in=tokens).delete())
