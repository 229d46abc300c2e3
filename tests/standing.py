"""Changes to an account's standing that take away its right to play: a block by staff,
a staff account, a regulator's. Tests apply each to a user loaded before the change."""

from __future__ import annotations

from django.contrib.auth.models import Group

from accounts.models import User
from accounts.services import block_user
from staff.roles import REGULATORS_GROUP


def make_staff(user) -> None:
    User.objects.filter(pk=user.pk).update(is_staff=True)


def make_regulator(user) -> None:
    user.groups.add(Group.objects.get_or_create(name=REGULATORS_GROUP)[0])


def block(user) -> None:
    staff = User.objects.create_superuser("boss@example.com", "x")
    block_user(User.objects.get(pk=user.pk), reason="Fraud check", by=staff)


CHANGES = {"blocked": block, "staff": make_staff, "regulator": make_regulator}
