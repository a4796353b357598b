from modeltranslation.translator import TranslationOptions, register

from .models import Step, Tutorial


@register(Tutorial)
class TutorialTR(TranslationOptions):
    fields = ("title", "summary")


@register(Step)
class StepTR(TranslationOptions):
    fields = ("text", "hint", "explain")
