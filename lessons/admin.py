"""Lessons in the admin: read, never edited here (a lesson changes through its editor, which
the engine checks); an editor may promote one whose texts exist in all three languages to a
site tutorial (``promote``), through a form asking its slug, level and order. Every text is
shown escaped, as Django shows read-only values."""

import json

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.validators import RegexValidator
from django.template.response import TemplateResponse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutorials import content
from tutorials.models import LEVELS, Tutorial

from .models import Lesson, Version
from .promote import Refused, derived, promote, translated


class PromoteForm(forms.Form):
    """What a promoted lesson is called and where it sits among its game's tutorials."""

    slug = forms.CharField(
        label=gettext_lazy("The tutorial’s address"),
        help_text=gettext_lazy(
            "Lowercase Latin letters, digits and hyphens, as in first-deal: the tutorial is "
            "then at /tutorials/first-deal/."
        ),
        max_length=50,
        validators=[
            RegexValidator(
                r"^[a-z0-9]+(-[a-z0-9]+)*\Z",
                gettext_lazy(
                    "Use lowercase Latin letters and digits, words joined by single hyphens."
                ),
            )
        ],
    )
    level = forms.ChoiceField(label=gettext_lazy("Level"), choices=LEVELS)
    order = forms.IntegerField(
        label=gettext_lazy("Place among the game’s tutorials"),
        help_text=gettext_lazy("1 comes first; tutorials of the same place are listed by address."),
        min_value=1,
        max_value=999,
    )

    def clean_slug(self):
        slug = self.cleaned_data["slug"]
        if Tutorial.objects.filter(slug=slug).exists() or (content.DATA / f"{slug}.toml").exists():
            raise forms.ValidationError(
                _("A tutorial named %(slug)s already exists.") % {"slug": slug}
            )
        return slug


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
        """First a form (the slug, level and order, proposed from the lesson), then, once it
        is valid, the tutorial; back to the list with a message either way."""
        if queryset.count() != 1:
            self.message_user(
                request,
                _("Promote one lesson at a time: each tutorial needs its own address."),
                messages.ERROR,
            )
            return None
        row = queryset.get()
        try:
            les = translated(row)
        except Refused as e:
            self.message_user(request, str(e), messages.ERROR)
            return None
        if "apply" in request.POST:
            form = PromoteForm(request.POST)
            if form.is_valid():
                try:
                    slug = promote(row, **form.cleaned_data)
                except Refused as e:
                    form.add_error(None, str(e))
                else:
                    self.message_user(
                        request,
                        _("“%(title)s” is now the site tutorial %(slug)s.")
                        % {"title": row.title, "slug": slug},
                        messages.SUCCESS,
                    )
                    return None
        else:
            slug, level, order = derived(les)
            form = PromoteForm(initial={"slug": slug, "level": level, "order": order})
        context = {
            **self.admin_site.each_context(request),
            "title": _("Promote to a site tutorial"),
            "opts": self.model._meta,
            "lesson": row,
            "form": form,
            "action": "promote_to_tutorial",
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/lessons/lesson/promote.html", context)
