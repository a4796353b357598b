from modeltranslation.translator import TranslationOptions, register

from .models import HandPicked


@register(HandPicked)
class HandPickedTR(TranslationOptions):
    fields = ("title", "note")
