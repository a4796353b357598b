"""Every game keeps its own sheet: a match names its game, its house rules and its players;
a row keeps its facts as one JSON object instead of Tarneeb's columns.

The existing matches are Tarneeb's, so they become ``game="tarneeb"``; a target other than
the 31 every Tarneeb variant plays becomes the house rule ``target``; each row's columns
become its facts (``points`` as ``{"points": [ns, ew]}``, a deal as its bid, side, tricks and
double), which the engine's sheet replays exactly as it replayed the columns. Going back is
possible while every match is Tarneeb's.
"""

from django.db import migrations, models
from django.db.migrations.exceptions import IrreversibleError

TARNEEB_TARGET = 31  # the target of every Tarneeb preset when this migration was written


def to_facts(apps, schema_editor):
    Match = apps.get_model("scoresheet", "Match")
    Entry = apps.get_model("scoresheet", "Entry")
    for match in Match.objects.all():
        match.game = "tarneeb"
        if match.target != TARNEEB_TARGET:
            match.house_rules = {"target": str(match.target)}
        match.save(update_fields=["game", "house_rules"])
    for entry in Entry.objects.all():
        if entry.kind == "points":
            entry.facts = {"points": [entry.ns, entry.ew]}
        else:
            entry.facts = {
                "bid": entry.bid,
                "side": entry.side,
                "tricks": entry.tricks,
                "doubled": entry.doubled,
            }
        entry.save(update_fields=["facts"])


def to_columns(apps, schema_editor):
    Match = apps.get_model("scoresheet", "Match")
    Entry = apps.get_model("scoresheet", "Entry")
    if Match.objects.exclude(game="tarneeb").exists():
        raise IrreversibleError(
            "Only Tarneeb matches have columns to go back to; other games' matches exist."
        )
    for match in Match.objects.all():
        match.target = int((match.house_rules or {}).get("target", TARNEEB_TARGET))
        match.save(update_fields=["target"])
    for entry in Entry.objects.all():
        facts = entry.facts
        if entry.kind == "points":
            entry.ns, entry.ew = facts["points"]
        else:
            entry.bid, entry.side = facts["bid"], facts["side"]
            entry.tricks, entry.doubled = facts["tricks"], bool(facts.get("doubled"))
        entry.save()


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheet", "0002_tokens"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="game",
            field=models.CharField(default="tarneeb", max_length=40, verbose_name="game"),
        ),
        migrations.AddField(
            model_name="match",
            name="house_rules",
            field=models.JSONField(blank=True, default=dict, verbose_name="house rules"),
        ),
        migrations.AddField(
            model_name="match",
            name="names",
            field=models.JSONField(blank=True, default=list, verbose_name="players’ names"),
        ),
        migrations.AddField(
            model_name="entry",
            name="facts",
            field=models.JSONField(default=dict, verbose_name="facts"),
        ),
        # Nullable before it goes, so that going back can add it again and fill it.
        migrations.AlterField(
            model_name="match",
            name="target",
            field=models.PositiveSmallIntegerField(null=True, verbose_name="target"),
        ),
        migrations.RunPython(to_facts, to_columns),
        migrations.RemoveField(model_name="match", name="target"),
        migrations.RemoveField(model_name="entry", name="ns"),
        migrations.RemoveField(model_name="entry", name="ew"),
        migrations.RemoveField(model_name="entry", name="bid"),
        migrations.RemoveField(model_name="entry", name="side"),
        migrations.RemoveField(model_name="entry", name="tricks"),
        migrations.RemoveField(model_name="entry", name="doubled"),
        migrations.AlterField(
            model_name="entry",
            name="kind",
            field=models.CharField(max_length=6, verbose_name="kind"),
        ),
    ]
