from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClassesConfig(AppConfig):
    """A teacher's classes: students (accounts, or children's accounts with a quick-login
    code), homework, and the board of what each student did."""

    name = "classes"
    verbose_name = _("Classes")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.contrib.auth import get_user_model
        from django.db.models.signals import pre_delete

        from practice import signals as practice
        from quiz import signals as quiz
        from tutorials import signals as tutorials

        from . import record, service

        tutorials.answered.connect(record.tutorial_answered, dispatch_uid="classes.tutorials")
        quiz.answered.connect(record.quiz_answered, dispatch_uid="classes.quiz")
        practice.changed.connect(record.practice_changed, dispatch_uid="classes.practice")
        # An account deleted takes the classes it teaches, with the children's accounts they made.
        pre_delete.connect(
            service.teacher_deleted, sender=get_user_model(), dispatch_uid="classes.teacher"
        )
