"""Matches are reached by unguessable links instead of their ids: give every existing match
its scorer's and share tokens (unique, so each is drawn per row before the constraint)."""

from django.db import migrations, models

import scoresheet.models


def give_tokens(apps, schema_editor):
    Match = apps.get_model("scoresheet", "Match")
    for match in Match.objects.all():
        match.scorer = scoresheet.models.new_token()
        match.share = scoresheet.models.new_token()
        match.save(update_fields=["scorer", "share"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheet", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="scorer",
            field=models.CharField(max_length=32, null=True, verbose_name="scorer's token"),
        ),
        migrations.AddField(
            model_name="match",
            name="share",
            field=models.CharField(max_length=32, null=True, verbose_name="share token"),
        ),
        migrations.RunPython(give_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="match",
            name="scorer",
            field=models.CharField(
                default=scoresheet.models.new_token,
                max_length=32,
                unique=True,
                verbose_name="scorer's token",
            ),
        ),
        migrations.AlterField(
            model_name="match",
            name="share",
            field=models.CharField(
                default=scoresheet.models.new_token,
                max_length=32,
                unique=True,
                verbose_name="share token",
            ),
        ),
    ]
