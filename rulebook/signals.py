"""Rule pages are cached per (language, game, variant, registry version); an admin edit to any
registry row clears the cache so the page shows it at once."""

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from .models import Claim, Game, Rule, RuleValue, Section, Source, Variant

REGISTRY_MODELS = (Game, Source, Variant, Section, Rule, RuleValue, Claim)


@receiver(post_save)
@receiver(post_delete)
def forget_pages(sender, **kwargs):
    if sender in REGISTRY_MODELS:
        cache.clear()
