from django.apps import AppConfig
from django.db.models.signals import post_migrate


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts and players"

    def ready(self) -> None:
        from accounts import protection, signals, sockets  # noqa: F401
        from wallet import invariants, notices
        from wallet.guards import Movement, register

        register(Movement.DEPOSIT, protection.DEPOSIT_GUARD)
        register(Movement.WITHDRAWAL, protection.guard_withdrawal)
        register(Movement.STAKE, protection.STAKE_GUARD)
        notices.on_cash_moved(sockets.tell_balance)
        invariants.register_platform_check(protection.protection_problems)
        from django.apps import apps

        post_migrate.connect(
            name_the_site, sender=apps.get_app_config("sites"), dispatch_uid="accounts.site"
        )


def name_the_site(using: str = "default", **kwargs) -> None:
    """The sites framework's record (what allauth's mails name) from SITE_NAME and
    SITE_DOMAIN, instead of the "example.com" Django creates."""
    from django.apps import apps
    from django.conf import settings
    from django.contrib.sites.management import create_default_site
    from django.contrib.sites.models import Site

    # Django's own creation first: it also moves the table's sequence past the row.
    create_default_site(apps.get_app_config("sites"), verbosity=0, using=using)
    Site.objects.using(using).filter(pk=settings.SITE_ID).update(
        domain=settings.SITE_DOMAIN, name=settings.SITE_NAME
    )
