"""Editors change the registry's wording here; the loader keeps their edits (see loader.py)."""

from django.contrib import admin
from modeltranslation.admin import TranslationAdmin, TranslationTabularInline

from .models import Claim, Game, ReaderReport, Rule, RuleValue, Section, Source, Variant


class RuleValueInline(TranslationTabularInline):
    model = RuleValue
    extra = 0
    fields = ("value", "label", "statement")
    readonly_fields = ("value",)


class ClaimInline(TranslationTabularInline):
    model = Claim
    extra = 0
    fields = ("source", "status", "value", "note")
    readonly_fields = ("source", "status", "value")


@admin.register(Game)
class GameAdmin(TranslationAdmin):
    list_display = ("slug", "name", "default_variant", "registry_version")
    readonly_fields = ("slug", "engine", "default_variant", "registry_version")


@admin.register(Source)
class SourceAdmin(TranslationAdmin):
    list_display = ("title", "game", "file", "language")
    list_filter = ("game",)


@admin.register(Variant)
class VariantAdmin(TranslationAdmin):
    list_display = ("slug", "game", "name")
    list_filter = ("game",)
    readonly_fields = ("slug",)


@admin.register(Section)
class SectionAdmin(TranslationAdmin):
    list_display = ("key", "game", "title", "order")
    list_filter = ("game",)


@admin.register(Rule)
class RuleAdmin(TranslationAdmin):
    list_display = ("key", "game", "name", "section")
    list_filter = ("game", "section")
    readonly_fields = ("key",)
    inlines = [RuleValueInline, ClaimInline]


@admin.register(ReaderReport)
class ReaderReportAdmin(admin.ModelAdmin):
    """Readers' reports: an editor reads each and accepts or rejects it."""

    list_display = ("rule", "game", "region", "text", "created", "status", "language")
    list_filter = ("status", "game", "language")
    list_editable = ("status",)
    search_fields = ("rule", "region", "text", "source")
    readonly_fields = ("game", "rule", "variant", "region", "text", "source", "language", "created")
    date_hierarchy = "created"
