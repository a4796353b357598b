# A quiz's progress may be an account's: the row gets its own id, and a session or a user.
# The old table (keyed by the session) is renamed, copied into the new one, then dropped.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def copy(apps, schema_editor):
    Old = apps.get_model("quiz", "OldQuizProgress")
    New = apps.get_model("quiz", "QuizProgress")
    rows = Old.objects.all().values_list("session_id", "data", "updated")
    New.objects.bulk_create(
        New(session_id=key, data=data, updated=updated) for key, data, updated in rows.iterator()
    )


def copy_back(apps, schema_editor):
    Old = apps.get_model("quiz", "OldQuizProgress")
    New = apps.get_model("quiz", "QuizProgress")
    rows = New.objects.filter(session__isnull=False).values_list("session_id", "data", "updated")
    Old.objects.bulk_create(
        Old(session_id=key, data=data, updated=updated) for key, data, updated in rows.iterator()
    )


class Migration(migrations.Migration):
    dependencies = [
        ("quiz", "0002_quizprogress"),
        ("sessions", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="quizprogress",
            name="session",
            field=models.OneToOneField(
                on_delete=django.db.models.deletion.CASCADE,
                primary_key=True,
                related_name="+",
                serialize=False,
                to="sessions.session",
            ),
        ),
        migrations.RenameModel("QuizProgress", "OldQuizProgress"),
        migrations.CreateModel(
            name="QuizProgress",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("data", models.JSONField(default=dict)),
                ("updated", models.DateTimeField(auto_now=True)),
                (
                    "session",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="quiz",
                        to="sessions.session",
                    ),
                ),
                (
                    "user",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="quiz",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "quiz progress",
                "verbose_name_plural": "quiz progress",
                "db_table": "quiz_progress",
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("session__isnull", False), ("user__isnull", True)),
                            models.Q(("session__isnull", True), ("user__isnull", False)),
                            _connector="OR",
                        ),
                        name="quiz_progress_session_or_user",
                    )
                ],
            },
        ),
        migrations.RunPython(copy, copy_back),
        migrations.DeleteModel("OldQuizProgress"),
    ]
