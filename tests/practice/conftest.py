from itertools import count

import pytest

from practice import service


@pytest.fixture(autouse=True)
def known_seeds(monkeypatch, request):
    """Deals from seeds named after the test, and North dealing first: a failing test
    replays the same deals. (The site draws both from ``secrets``.)"""
    numbers = count(1)
    name = request.node.name
    monkeypatch.setattr(service, "new_seed", lambda: f"{name}:{next(numbers)}")
    monkeypatch.setattr(service, "draw_dealer", lambda: 0)
