from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractUser, BaseUserManager
from django.db import models
from django.db.models.functions import Lower


def normalise_legal_name(name: str) -> str:
    """One spelling per person for the one-account rule: case and spacing don't count."""
    return " ".join(name.split()).casefold()


class UserManager(BaseUserManager):
    use_in_migrations = True

    def _create(self, email: str, password: str | None, **fields) -> User:
        if not email:
            raise ValueError("An email address is required")
        user = self.model(email=self.normalize_email(email).lower(), **fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email: str, password: str | None = None, **fields) -> User:
        fields.setdefault("is_staff", False)
        fields.setdefault("is_superuser", False)
        return self._create(email, password, **fields)

    def create_superuser(self, email: str, password: str | None = None, **fields) -> User:
        fields.update(is_staff=True, is_superuser=True)
        return self._create(email, password, **fields)


class User(AbstractUser):
    """A person: staff, regulator or player. One account per person (the rules)."""

    username = None
    email = models.EmailField("email address", unique=True)
    legal_name = models.CharField(max_length=150, blank=True)
    legal_name_key = models.CharField(max_length=150, blank=True, editable=False)
    date_of_birth = models.DateField(null=True, blank=True)
    country = models.CharField(max_length=2, blank=True, help_text="ISO 3166 country code")
    national_id = models.CharField(max_length=40, blank=True)
    previous_login = models.DateTimeField(null=True, blank=True, editable=False)
    blocked_at = models.DateTimeField(null=True, blank=True, editable=False)
    blocked_reason = models.TextField(blank=True, editable=False)
    blocked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        editable=False,
    )

    USERNAME_FIELD = "email"
    REQUIRED_FIELDS: list[str] = []
    objects = UserManager()

    class Meta:
        permissions = [("block_user", "Can block and unblock player accounts")]
        constraints = [
            models.UniqueConstraint(Lower("email"), name="user_email_unique_ci"),
            models.UniqueConstraint(
                "legal_name_key",
                "date_of_birth",
                name="user_one_account_per_person",
                condition=models.Q(date_of_birth__isnull=False),
            ),
            models.UniqueConstraint(
                "national_id",
                name="user_national_id_unique",
                condition=models.Q(national_id__gt=""),
            ),
        ]

    def save(self, *args, **kwargs) -> None:
        self.legal_name_key = normalise_legal_name(self.legal_name)
        self.email = self.email.lower()
        self.national_id = (self.national_id or "").strip().upper()
        super().save(*args, **kwargs)

    @property
    def is_blocked(self) -> bool:
        return self.blocked_at is not None

    @property
    def display_name(self) -> str:
        return self.legal_name or self.email

    def __str__(self) -> str:
        return self.email
