"""The rate limits' counters now belong to ``plumbing`` (``plumbing/migrations/0001``): the
model leaves this app's state, and its table stays, as ``plumbing``'s."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("diwaniya", "0001_counter"),
        ("plumbing", "0001_counter"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="Counter")],
            database_operations=[],
        ),
    ]
