"""A lesson made a site tutorial: written as ``tutorials/data/<slug>.toml`` (the tutorials'
versioned source) and loaded at once, as ``manage.py loadtutorials`` would.

Only a lesson whose texts exist in ar, en and fr may be promoted (a site tutorial is read in
all three); an existing file is never overwritten. The slug is the English title's, the level
``beginner`` and the order after its game's last tutorial, unless given.
"""

from django.db.models import Max
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tutorials import content, toml
from tutorials import lesson as format
from tutorials.loader import load_all
from tutorials.models import Tutorial


class Refused(Exception):
    """Why a lesson cannot be promoted, in the editor's language."""


def missing_languages(les: format.Lesson) -> list[str]:
    """The languages a lesson's texts are not all given in."""
    out = []
    for lang in format.LANGUAGES:
        if lang == les.language:
            continue
        only = format.Lesson(
            **{**les.__dict__, "translations": {lang: les.translations.get(lang) or {}}}
        )
        single = [lang]
        if not _complete(only, single):
            out.append(lang)
    return out


def _complete(les: format.Lesson, langs: list[str]) -> bool:
    others = [lang for lang in format.LANGUAGES if lang != les.language and lang not in langs]
    filled = dict(les.translations)
    for lang in others:  # count the other languages as given: only ``langs`` is asked
        filled[lang] = {"title": "x", "summary": "x", "steps": [_full(s) for s in les.steps]}
    return format.Lesson(**{**les.__dict__, "translations": filled}).has_all_languages()


def _full(step) -> dict:
    why = dict(step.question.why) if step.question else {}
    return {"narration": "x", "point": "x", "hint": "x", "explain": "x", "why": why}


def derived(les: format.Lesson) -> tuple[str, str, int]:
    """The slug, level and order a promoted lesson gets when none is given."""
    title = les.texts("en")["title"]
    slug = slugify(title)[:50].strip("-") or slugify(les.title)[:50].strip("-") or "lesson"
    last = Tutorial.objects.filter(game__slug=les.game).aggregate(n=Max("order"))["n"] or 0
    return slug, "beginner", last + 1


def translated(row) -> format.Lesson:
    """The lesson, if its texts exist in all three languages; else ``Refused`` naming those
    missing."""
    les = format.read(row.data)
    if not les.has_all_languages():
        names = {"ar": _("Arabic"), "en": _("English"), "fr": _("French")}
        missing = ", ".join(str(names[lang]) for lang in missing_languages(les))
        raise Refused(
            _("“%(title)s” cannot become a site tutorial: its texts are missing in %(langs)s.")
            % {"title": row.title, "langs": missing}
        )
    return les


def promote(row, slug: str | None = None, level: str | None = None, order=None) -> str:
    """Write the lesson as a tutorial file and load it; its slug. ``Refused`` says why not."""
    les = translated(row)
    slug0, level0, order0 = derived(les)
    slug, level, order = slug or slug0, level or level0, order if order is not None else order0
    if level not in content.LEVELS:
        raise Refused(_("The level must be beginner, intermediate or advanced."))
    try:
        data = content.as_tutorial(row.data, slug, level, order)
    except content.NotATutorial as e:
        reasons = {
            "house_rules": _("a tutorial file cannot hold house rules"),
            "some_hands_open": _("a tutorial shows either the learner’s hand or every hand"),
        }
        raise Refused(
            _("“%(title)s” cannot become a site tutorial: %(reason)s.")
            % {"title": row.title, "reason": reasons[e.reason]}
        ) from None
    found = content.problems(data)
    if found:
        raise Refused("; ".join(found))
    path = content.DATA / f"{slug}.toml"
    if Tutorial.objects.filter(slug=slug).exists():
        raise Refused(_("A tutorial named %(slug)s already exists.") % {"slug": slug})
    try:
        with open(path, "x", encoding="utf-8") as f:  # never overwrites a file
            f.write(toml.dumps(data))
    except FileExistsError:
        raise Refused(_("A tutorial named %(slug)s already exists.") % {"slug": slug}) from None
    try:
        load_all()
    except Exception:
        path.unlink(missing_ok=True)
        raise
    return slug
