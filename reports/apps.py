from django.apps import AppConfig


class ReportsConfig(AppConfig):
    name = "reports"
    verbose_name = "Reports, audit and complaints"

    def ready(self) -> None:
        from reports import receivers  # noqa: F401  (the audit log, the sessions)
