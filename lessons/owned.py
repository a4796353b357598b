"""The lessons a browser session owns (it wrote them), listed with their names and links (the
site's "My matches" page reads them)."""

from django.urls import reverse

from plumbing import ownership

from .models import OWNED, Lesson


def owned_lessons(request, names) -> list[dict]:
    """This session's lessons, newest change first, each with its game's name and links."""
    tokens = ownership.owned(request, OWNED)
    if not tokens:
        return []
    game_names, _variants = names
    rows = Lesson.objects.filter(edit_key__in=tokens).only(
        "public_id", "title", "game", "language", "updated"
    )
    return [
        {
            "title": row.title,
            "language": row.language,
            "game": game_names.get(row.game, row.game),
            "updated": row.updated,
            "edit": reverse("lessons:edit", args=[row.public_id]),
            "play": reverse("lessons:play", args=[row.public_id]),
            "results": reverse("lessons:results", args=[row.public_id]),
        }
        for row in rows
    ]
