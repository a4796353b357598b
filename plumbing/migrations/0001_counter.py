"""The rate limits' counters move here from the app ``diwaniya`` (the site): in Django's state
only. The table ``diwaniya_counter`` that ``diwaniya``'s first migration made stays as it is,
with its rows."""

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("diwaniya", "0001_counter"),  # the table exists before its model is stated here
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Counter",
                    fields=[
                        (
                            "key",
                            models.CharField(max_length=200, primary_key=True, serialize=False),
                        ),
                        ("count", models.PositiveIntegerField(default=0)),
                        ("expires", models.BigIntegerField(db_index=True)),
                    ],
                    options={"db_table": "diwaniya_counter"},
                ),
            ],
            database_operations=[],
        ),
    ]
