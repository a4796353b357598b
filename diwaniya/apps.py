from django.apps import AppConfig


class DiwaniyaConfig(AppConfig):
    name = "diwaniya"
    default_auto_field = "django.db.models.BigAutoField"
