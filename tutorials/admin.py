"""Editors change tutorials here. A change is replayed by the engine before it is saved, so an
edited script can never show a move its variant forbids."""

from django.contrib import admin
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.forms.models import BaseInlineFormSet
from modeltranslation.admin import TranslationAdmin, TranslationStackedInline

from rulebook.engine.errors import EngineError

from .models import Step, Tutorial, frames_of
from .script import ScriptError


class StepFormSet(BaseInlineFormSet):
    def clean(self):
        super().clean()
        if any(self.errors):
            return
        steps = [
            f.instance
            for f in self.forms
            if f.cleaned_data and not f.cleaned_data.get("DELETE", False)
        ]
        steps.sort(key=lambda s: s.number or 0)
        try:
            frames_of(self.instance, steps)
        except ScriptError as e:
            raise ValidationError(f"Step {steps[e.step - 1].number}: {e}") from None
        except (EngineError, ValueError, ObjectDoesNotExist) as e:
            raise ValidationError(f"The deal cannot be set up: {e}") from None


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
