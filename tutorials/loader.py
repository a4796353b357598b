"""Load ``tutorials/data/*.toml`` into the models, keeping what editors changed.

The same rules as the rulebook's loader (``rulebook.loader.sync``): an unedited row follows the
file, an edited row is kept and reported, loading twice changes nothing. A tutorial or step
that left the files is deleted only if nobody edited it.
"""

from django.db import transaction

from rulebook.loader import Report, fingerprint, sync, texts
from rulebook.models import Game
from rulebook.signals import one_revision

from . import content
from .models import Step, Tutorial


def _tutorial_values(data: dict, game_id: int | None) -> dict:
    return {
        "game_id": game_id,
        "variant": data.get("variant", ""),
        "level": data.get("level", ""),
        "order": data.get("order", 0),
        "seed": data.get("seed", ""),
        "deal": data.get("deal", ""),
        "dealer": data.get("dealer", ""),
        "learner": data.get("learner", ""),
        "show": data.get("show", "learner"),
        "start": data.get("start", ""),
        "exposed": data.get("exposed", ""),
        "deal_number": int(data.get("deal_number", 1)),
        "totals": data.get("totals", ""),
        "section": data.get("section", ""),
        **texts(data, "title"),
        **texts(data, "summary"),
    }


def _step_values(step: dict) -> dict:
    question = step.get("question") or {}
    accept = content.accept_of(question) if question else None
    return {
        "moves": " ".join(content.split(step.get("moves"))),
        "point": " ".join(content.split(step.get("point"))),
        "show": step.get("show", ""),
        "section": step.get("section", ""),
        "variant": step.get("variant", ""),
        "question": bool(question),
        "accept": accept if isinstance(accept, str) else " ".join(accept or []),
        **texts(step, "text"),
        **texts(question, "hint"),
        **texts(question, "explain"),
    }


def _prune(queryset, keep_ids, keys, report: Report) -> None:
    """Delete rows the files no longer have, unless an editor changed them."""
    for obj in queryset.exclude(pk__in=keep_ids):
        unedited = fingerprint({k: getattr(obj, k) for k in keys}) == obj.loaded_digest
        if obj.loaded_digest and unedited:
            obj.delete()
            report.deleted += 1
        else:
            report.kept.append(f"{type(obj).__name__} {obj}")


@transaction.atomic
@one_revision()
def load_all() -> Report:
    report = Report()
    games = {g.slug: g for g in Game.objects.all()}
    kept = []
    for data in content.read_all():
        problems = content.problems(data)
        if problems:
            raise ValueError("; ".join(problems))
        game = games.get(data["game"])
        if game is None:
            raise ValueError(f"{data['slug']}: load the rulebook first (manage.py loadrulebook)")
        values = _tutorial_values(data, game.pk)
        tutorial = sync(Tutorial, {"slug": data["slug"]}, values, report)
        kept.append(tutorial.pk)
        step_ids = []
        for number, step in enumerate(data["steps"], start=1):
            step_values = _step_values(step)
            row = sync(Step, {"tutorial": tutorial, "number": number}, step_values, report)
            step_ids.append(row.pk)
        _prune(tutorial.steps.all(), step_ids, _step_values({}), report)
    _prune(Tutorial.objects.all(), kept, _tutorial_values({}, None), report)
    return report
