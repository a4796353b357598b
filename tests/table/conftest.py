import pytest


@pytest.fixture
def tutorials(rulebook):
    """The registry and the shipped tutorials loaded as `make setup` loads them."""
    from tutorials.loader import load_all

    return load_all()
