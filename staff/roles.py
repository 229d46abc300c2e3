"""Who may see and export what. Regulators are the members of the "Regulators" group
(seed_demo creates it with every view_* permission, this app's
view_regulator_reports among them): they see and export, and change nothing."""

from __future__ import annotations

# The group of regulator accounts: they read and export, and neither change nor play.
REGULATORS_GROUP = "Regulators"
EXPORT_PERMISSION = "reports.view_regulator_reports"


def is_regulator(user) -> bool:
    return (
        user.is_authenticated
        and not user.is_superuser
        and user.groups.filter(name=REGULATORS_GROUP).exists()
    )


def may_export(user) -> bool:
    return user.is_authenticated and user.is_staff and user.has_perm(EXPORT_PERMISSION)
