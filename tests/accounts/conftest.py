import pytest


@pytest.fixture(autouse=True)
def _quick_hashes(settings):
    """Passwords and recovery codes hashed quickly: what is tested is that only hashes are
    kept, not the cost of the production hasher."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
