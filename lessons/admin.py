"""Lessons in the admin: read, never edited here (a lesson changes through its editor, which
the engine checks); an editor may promote one whose texts exist in all three languages to a
site tutorial (``promote``). Every text is shown escaped, as Django shows read-only values."""

import json

from django.contrib import admin, messages
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .models import Lesson, Version
from .promote import Refused, promote


def _shown(data) -> str:
    """A lesson object, escaped, as text."""
    return format_html('<pre dir="auto">{}</pre>', json.dumps(data, ensure_ascii=False, indent=2))


class VersionInline(admin.TabularInline):
    model = Version
    extra = 0
    can_delete = False
    fields = ("number", "saved", "lesson_data")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description=gettext_lazy("lesson"))
    def lesson_data(self, version):
        return _shown(version.data)


@admin.register(Lesson)
class LessonAdmin(admin.ModelAdmin):
    list_display = ("title", "game", "language", "version", "updated")
    list_filter = ("game", "language")
    search_fields = ("public_id",)
    fields = (
        "public_id",
        "title",
        "game",
        "variant",
        "language",
        "version",
        "copied_from",
        "created",
        "updated",
        "lesson_data",
    )
    readonly_fields = fields
    inlines = [VersionInline]
    actions = ["promote_to_tutorial"]

    def has_add_permission(self, request):
        return False

    @admin.display(description=gettext_lazy("lesson"))
    def lesson_data(self, row):
        return _shown(row.data)

    @admin.action(description=gettext_lazy("Promote to a site tutorial"))
    def promote_to_tutorial(self, request, queryset):
        for row in queryset:
            try:
                slug = promote(row)
            except Refused as e:
                self.message_user(request, str(e), messages.ERROR)
            else:
                self.message_user(
                    request,
                    _("“%(title)s” is now the site tutorial %(slug)s.")
                    % {"title": row.title, "slug": slug},
                    messages.SUCCESS,
                )
