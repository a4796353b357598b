"""Editors reword or fix the hand-picked questions here; ``loadquiz`` keeps their edits."""

from django.contrib import admin
from modeltranslation.admin import TranslationAdmin

from .models import Answered, HandPicked


@admin.register(HandPicked)
class HandPickedAdmin(TranslationAdmin):
    list_display = ("key", "game", "variant", "kind", "title", "order")
    list_filter = ("game", "kind")
    readonly_fields = ("game", "key")


@admin.register(Answered)
class AnsweredAdmin(admin.ModelAdmin):
    list_display = ("question", "correct", "created")
    list_filter = ("correct",)
    readonly_fields = ("nonce", "question", "correct", "created")

    def has_add_permission(self, request):
        return False
