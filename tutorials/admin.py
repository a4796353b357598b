"""Editors change tutorials here. A change is replayed by the engine before it is saved, so an
edited script can never show a move its variant forbids."""

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.forms.models import BaseInlineFormSet
from modeltranslation.admin import TranslationAdmin, TranslationStackedInline

from .models import Step, Tutorial, problems_of


class StepFormSet(BaseInlineFormSet):
    """The tutorial and its steps as they would be saved, checked as a file is: replayed by
    the engine, seats, exposed cards, texts in every language, steps numbered 1 to n."""

    def clean(self):
        super().clean()
        if any(self.errors):
            return
        steps = [
            f.instance
            for f in self.forms
            if f.cleaned_data and not f.cleaned_data.get("DELETE", False)
        ]
        problems = problems_of(self.instance, steps)
        if problems:
            raise ValidationError(problems)


class StepInline(TranslationStackedInline):
    model = Step
    formset = StepFormSet
    extra = 0
    fields = (
        ("number", "moves"),
        ("question", "accept"),
        ("point", "show", "section", "variant"),
        "text",
        "hint",
        "explain",
    )


@admin.register(Tutorial)
class TutorialAdmin(TranslationAdmin):
    list_display = ("slug", "title", "game", "variant", "level", "order")
    list_filter = ("game", "level")
    inlines = [StepInline]
