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


TARNEEB_ROWS = [  # (kind, ns, ew, bid, side, tricks, doubled) as the old columns held them
    ("deal", None, None, 8, "EW", 8, False),
    ("deal", None, None, 10, "NS", 7, False),
    ("points", 4, 9, None, "", None, False),
    ("deal", None, None, 9, "NS", 13, True),
]


def _old_sheet(target, rows):
    """The sheet the old columns made, replayed by the engine's Tarneeb sheet as before."""
    from dataclasses import replace

    from cardgames.trickbid import tarneeb
    from cardgames.trickbid.score_sheet import Sheet

    rules = replace(tarneeb.PRESETS["egyptian"], target=target)
    sheet = Sheet.for_rules(rules)
    for kind, ns, ew, bid, side, tricks, doubled in rows:
        if kind == "points":
            sheet.enter_points(ns, ew)
        else:
            sheet.enter_deal(rules, bid, side, tricks, doubled)
    return sheet


@pytest.mark.django_db(transaction=True)
def test_tarneeb_matches_and_rows_move_to_the_general_sheet_without_loss():
    executor = MigrationExecutor(connection)
    before = [("scoresheet", "0002_tokens")]
    executor.migrate(before)
    apps = executor.loader.project_state(before).apps
    OldMatch, OldEntry = (
        apps.get_model("scoresheet", "Match"),
        apps.get_model("scoresheet", "Entry"),
    )
    kept = {}
    for target in (31, 41):
        match = OldMatch.objects.create(variant="egyptian", target=target)
        for number, (kind, ns, ew, bid, side, tricks, doubled) in enumerate(TARNEEB_ROWS, 1):
            OldEntry.objects.create(
                match=match, number=number, kind=kind, ns=ns, ew=ew, bid=bid, side=side,
                tricks=tricks, doubled=doubled,
            )  # fmt: skip
        kept[match.pk] = (match.scorer, match.share, match.created)
    old = _old_sheet(41, TARNEEB_ROWS)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    from scoresheet.models import Match

    assert Match.objects.count() == 2
    for match in Match.objects.all():
        assert (match.scorer, match.share, match.created) == kept[match.pk]  # the links stand
        assert (match.game, match.variant, match.names) == ("tarneeb", "egyptian", [])
        target = match.rules().target
        assert match.house_rules == ({} if target == 31 else {"target": "41"})
        assert [e.number for e in match.entries.all()] == [1, 2, 3, 4]
        assert match.entries.get(number=3).facts == {"points": [4, 9]}
        assert match.entries.get(number=4).facts == {
            "bid": 9, "side": "NS", "tricks": 13, "doubled": True
        }  # fmt: skip
        sheet, broken = match.replay()
        assert broken is None
        if target == 41:  # the same sheet as the columns made
            assert sheet.now == {"line": old.lines, "debt": old.debts, "total": old.totals}
            assert [r.columns["entry"] for r in sheet.rows] == [r.entries for r in old.rows]

    # and back, while every match is Tarneeb's
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    apps = executor.loader.project_state(before).apps
    back = apps.get_model("scoresheet", "Match").objects.order_by("target")
    assert [m.target for m in back] == [31, 41]
    rows = apps.get_model("scoresheet", "Entry").objects.filter(match=back[1]).order_by("number")
    assert [(e.kind, e.ns, e.ew, e.bid, e.side, e.tricks, e.doubled) for e in rows] == TARNEEB_ROWS
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
