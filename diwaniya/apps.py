from django.apps import AppConfig


class DiwaniyaConfig(AppConfig):
    """The site: the home page, the learning path, "My matches", and ``manage.py sweep``, which
    read every app and are read by none."""

    name = "diwaniya"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The rule page shows the learning path beside the rules, which never import it.
        from rulebook import beside

        from . import learn

        beside.show(learn.RULE_PAGE)
