"""Rule pages are cached per (language, game, variant, registry version); an admin edit to any
registry row clears the cache so the page shows it at once.

Every translated text is saved with the files' line breaks (LF): a browser sends a textarea's
as CRLF, which would split no paragraph, and would make the loaders take every untouched text
saved from the admin for an editor's change.
"""

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver
from modeltranslation.translator import NotRegistered, translator
from modeltranslation.utils import build_localized_fieldname

from .models import Claim, Game, Rule, RuleValue, Section, Source, Variant

REGISTRY_MODELS = (Game, Source, Variant, Section, Rule, RuleValue, Claim)


@receiver(post_save)
@receiver(post_delete)
def forget_pages(sender, **kwargs):
    if sender in REGISTRY_MODELS:
        cache.clear()


@receiver(pre_save)
def normalise_line_breaks(sender, instance, **kwargs):
    try:
        options = translator.get_options_for_model(sender)
    except NotRegistered:
        return
    from django.conf import settings

    for name in options.fields:
        columns = [name, *(build_localized_fieldname(name, lang) for lang, _ in settings.LANGUAGES)]
        for column in columns:
            value = getattr(instance, column, None)
            if isinstance(value, str) and "\r" in value:
                setattr(instance, column, value.replace("\r\n", "\n").replace("\r", "\n"))
