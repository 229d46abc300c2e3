import pytest


@pytest.fixture
def funded(make_user):
    """A player with `amount` minor units deposited (none when 0)."""
    from wallet import services

    def make(amount: int = 10_000, **fields):
        user = make_user(**fields)
        if amount:
            services.deposit(
                user,
                amount,
                provider="test",
                provider_reference=f"fund-{user.pk}",
                key=f"fund:{user.pk}",
            )
        return user

    return make


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Players are made by the dozen here and never log in with a password."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
