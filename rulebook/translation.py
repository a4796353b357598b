from modeltranslation.translator import TranslationOptions, register

from .models import Claim, Game, Rule, RuleValue, Section, Source, Variant


@register(Game)
class GameTR(TranslationOptions):
    fields = ("name", "tagline", "default_reason")


@register(Source)
class SourceTR(TranslationOptions):
    fields = ("label", "summary")


@register(Variant)
class VariantTR(TranslationOptions):
    fields = ("name", "summary")


@register(Section)
class SectionTR(TranslationOptions):
    fields = ("title", "body")


@register(Rule)
class RuleTR(TranslationOptions):
    fields = ("name", "default_reason")


@register(RuleValue)
class RuleValueTR(TranslationOptions):
    fields = ("label", "statement")


@register(Claim)
class ClaimTR(TranslationOptions):
    fields = ("note",)
