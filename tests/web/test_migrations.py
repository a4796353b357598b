"""Matches made before the scorer's and share links existed get both when migrated."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


@pytest.mark.django_db(transaction=True)
def test_existing_matches_get_two_distinct_tokens():
    executor = MigrationExecutor(connection)
    before = [("scoresheet", "0001_initial")]
    executor.migrate(before)
    old = executor.loader.project_state(before).apps.get_model("scoresheet", "Match")
    for target in (31, 41, 51):
        old.objects.create(variant="classic", target=target)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    from scoresheet.models import Match

    tokens = [t for m in Match.objects.all() for t in (m.scorer, m.share)]
    assert len(tokens) == 6 and len(set(tokens)) == 6
    assert all(len(t) >= 22 for t in tokens)
