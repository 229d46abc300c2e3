from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts and players"

    def ready(self) -> None:
        from accounts import protection, signals  # noqa: F401
        from wallet.guards import Movement, register

        register(Movement.DEPOSIT, protection.guard_deposit)
        register(Movement.WITHDRAWAL, protection.guard_withdrawal)
        register(Movement.STAKE, protection.guard_stake)
