from django.db import migrations, models


def first_person_hosts(apps, schema_editor):
    """Before a host could coach or watch, the host was the first person's seat."""
    Table = apps.get_model("tables", "Table")
    Place = apps.get_model("tables", "Place")
    for table in Table.objects.select_related("match"):
        people = [s for s, p in enumerate(table.match.players) if p is None]
        if people:
            Place.objects.filter(table=table, role="seat", seat=people[0]).update(host=True)


class Migration(migrations.Migration):
    dependencies = [("tables", "0003_keys_spent_and_sockets")]

    operations = [
        migrations.AddField(
            model_name="place",
            name="host",
            field=models.BooleanField(default=False, verbose_name="host"),
        ),
        migrations.RunPython(first_person_hosts, migrations.RunPython.noop),
    ]
