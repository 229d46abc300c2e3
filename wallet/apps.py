from django.apps import AppConfig
from django.db.models.signals import post_migrate


class WalletConfig(AppConfig):
    name = "wallet"

    def ready(self) -> None:
        from wallet import services

        post_migrate.connect(
            services.open_house_accounts, sender=self, dispatch_uid="wallet.house_accounts"
        )
