"""Demo data for a fresh install: staff, a regulator and a few players with money."""

from datetime import date

from allauth.account.models import EmailAddress
from django.contrib.auth.models import Group, Permission
from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import User
from staff.roles import REGULATORS_GROUP

DEMO_PASSWORD = "demo-pass-2026"
PLAYERS = [
    ("alice@example.com", "Alice Archer", date(1990, 4, 12), "GB"),
    ("bob@example.com", "Bob Baker", date(1985, 9, 3), "DE"),
    ("carol@example.com", "Carol Clark", date(1979, 1, 21), "FR"),
    ("dave@example.com", "Dave Dunn", date(1995, 6, 30), "GR"),
]


def ensure_regulator_group() -> Group:
    """Read-only over everything: only the view permissions."""
    group, _ = Group.objects.get_or_create(name=REGULATORS_GROUP)
    group.permissions.set(Permission.objects.filter(codename__startswith="view_"))
    return group


def ensure_user(email: str, *, name: str, born: date, country: str, **flags) -> tuple[User, bool]:
    user = User.objects.filter(email=email).first()
    created = user is None
    if created:
        user = User.objects.create_user(
            email, DEMO_PASSWORD, legal_name=name, date_of_birth=born, country=country, **flags
        )
    EmailAddress.objects.update_or_create(
        user=user, email=email, defaults={"verified": True, "primary": True}
    )
    return user, created


class Command(BaseCommand):
    help = "Create demo users (idempotent) and print their credentials."

    @transaction.atomic
    def handle(self, *args, **options):
        staff, _ = ensure_user(
            "staff@example.com",
            name="Sam Staff",
            born=date(1980, 1, 1),
            country="GB",
            is_staff=True,
            is_superuser=True,
        )
        regulator, _ = ensure_user(
            "regulator@example.com",
            name="Rita Regulator",
            born=date(1975, 5, 5),
            country="GB",
            is_staff=True,
        )
        regulator.groups.add(ensure_regulator_group())
        players = []
        for email, name, born, country in PLAYERS:
            player, created = ensure_user(email, name=name, born=born, country=country)
            players.append((player, created))
        self.fund(players)
        self.stdout.write(self.style.SUCCESS(f"Demo accounts (password for all: {DEMO_PASSWORD})"))
        self.stdout.write(f"  staff      {staff.email}  (admin at /admin/)")
        self.stdout.write(f"  regulator  {regulator.email}  (read-only admin)")
        for player, _ in players:
            self.stdout.write(f"  player     {player.email}")

    def fund(self, players) -> None:
        """Each demo player starts with a demo deposit of 1,000.00. The key is the
        player's own, so a second run of seed_demo replays it and moves nothing."""
        from django.conf import settings

        from wallet import services

        amount = 1_000 * 10**settings.CURRENCY_DIGITS
        for player, _created in players:
            services.deposit(
                player,
                amount,
                provider=services.DEMO_PROVIDER,
                provider_reference=f"seed-demo-{player.pk}",
                key=f"seed_demo:deposit:user:{player.pk}",
            )
