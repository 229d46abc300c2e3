from django.apps import AppConfig
from django.db.models.signals import post_migrate


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts and players"

    def ready(self) -> None:
        from accounts import protection, signals  # noqa: F401
        from wallet.guards import Movement, register

        register(Movement.DEPOSIT, protection.guard_deposit)
        register(Movement.WITHDRAWAL, protection.guard_withdrawal)
        register(Movement.STAKE, protection.guard_stake)
        post_migrate.connect(name_the_site, dispatch_uid="accounts.name_the_site")


def name_the_site(using: str = "default", **kwargs) -> None:
    """The sites framework's record (what allauth's mails name) from SITE_NAME and
    SITE_DOMAIN, instead of the "example.com" Django creates."""
    from django.conf import settings
    from django.contrib.sites.models import Site

    Site.objects.using(using).update_or_create(
        pk=settings.SITE_ID,
        defaults={"domain": settings.SITE_DOMAIN, "name": settings.SITE_NAME},
    )
