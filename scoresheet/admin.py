from django.contrib import admin

from .models import Entry, Match


class EntryInline(admin.TabularInline):
    """Rows are shown, not edited: the sheet is the engine's replay of them in order."""

    model = Entry
    fields = ["number", "kind", "facts"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["pk", "game", "variant", "created", "ended"]
    list_filter = ["game", "variant", "ended"]
    readonly_fields = ["game", "variant", "house_rules", "names", "created", "scorer", "share"]
    inlines = [EntryInline]
