from django.apps import AppConfig


class CardTableConfig(AppConfig):
    name = "cardtable"
    verbose_name = "Card table"
