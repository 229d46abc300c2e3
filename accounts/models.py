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
        permissions = [
            ("block_user", "Can block and unblock player accounts"),
            ("exclude_user", "Can self-exclude a player at the player's request"),
        ]
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


# --- player protection (accounts/protection.py holds the rules) -----------------------


class PlayerProtection(models.Model):
    """One row per player: the row every guarded money movement locks, so that two
    requests of the same player are checked one after the other, never side by side."""

    class Exclusion(models.TextChoices):
        NONE = "", "None"
        TIME_OUT = "time_out", "Time-out"
        SELF_EXCLUSION = "self_exclusion", "Self-exclusion"

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="protection"
    )
    exclusion = models.CharField(max_length=20, choices=Exclusion.choices, blank=True)
    excluded_until = models.DateTimeField(null=True, blank=True)
    excluded_indefinitely = models.BooleanField(default=False)
    reality_check_minutes = models.PositiveIntegerField(null=True, blank=True)
    play_started = models.DateTimeField(null=True, blank=True)
    reality_check_due = models.DateTimeField(null=True, blank=True)
    # When the player last looked at their limits (set one, or said they are right).
    limits_reviewed = models.DateTimeField(null=True, blank=True)
    # The due moment last announced to the player's open pages (accounts/tasks.py).
    reality_check_told = models.DateTimeField(null=True, blank=True)
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Protection of {self.user}"


class ProtectionLimit(models.Model):
    """A deposit or loss limit over a rolling period. An increase (or a removal) waits
    in `pending_*` until `pending_from`; a decrease replaces `amount` at once."""

    class Kind(models.TextChoices):
        DEPOSIT = "deposit", "Deposit limit"
        LOSS = "loss", "Loss limit"

    class Period(models.TextChoices):
        DAY = "day", "24 hours"
        WEEK = "week", "7 days"
        MONTH = "month", "30 days"

    protection = models.ForeignKey(
        PlayerProtection, on_delete=models.PROTECT, related_name="limits"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    period = models.CharField(max_length=10, choices=Period.choices)
    amount = models.BigIntegerField(null=True, blank=True, help_text="empty: no limit")
    pending_amount = models.BigIntegerField(null=True, blank=True)
    pending_from = models.DateTimeField(null=True, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["protection", "kind", "period"], name="one_limit_per_kind_and_period"
            ),
            models.CheckConstraint(
                condition=models.Q(amount__isnull=True) | models.Q(amount__gte=0),
                name="limit_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} per {self.get_period_display()}"


class ProtectionEvent(models.Model):
    """Every change of a player's protection: append-only (a database trigger refuses
    updates and deletes)."""

    class Kind(models.TextChoices):
        LIMIT_SET = "limit_set", "Limit lowered or set (at once)"
        LIMIT_PENDING = "limit_pending", "Limit raised or removed (after 24 hours)"
        REALITY_CHECK_SET = "reality_check_set", "Reality check interval changed"
        REALITY_CHECK_SHOWN = "reality_check_shown", "Reality check shown"
        REALITY_CHECK_ACKNOWLEDGED = "reality_check_ack", "Reality check acknowledged"
        TIME_OUT = "time_out", "Time-out started"
        SELF_EXCLUSION = "self_exclusion", "Self-exclusion started"
        LIMITS_REVIEWED = "limits_reviewed", "Limits reviewed and kept"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="protection_events"
    )
    kind = models.CharField(max_length=30, choices=Kind.choices)
    details = models.JSONField(default=dict, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.user}"


class Terms(models.Model):
    """One version of the general terms and rules players accept. A change is a new version,
    never an edit: players accept it at their next visit (accounts/terms.py)."""

    version = models.PositiveIntegerField(unique=True)
    text = models.TextField(help_text="Markdown, as players read it.")
    summary = models.CharField(
        max_length=300, blank=True, help_text="What changed, shown to players asked to accept."
    )
    published = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-version"]
        verbose_name_plural = "terms"

    def __str__(self) -> str:
        return f"Terms, version {self.version}"


class TermsAcceptance(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    terms = models.ForeignKey(Terms, on_delete=models.PROTECT, related_name="acceptances")
    accepted = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "terms"], name="terms_accepted_once")
        ]

    def __str__(self) -> str:
        return f"{self.user} accepted version {self.terms.version}"


class ChatMute(models.Model):
    """Staff silenced a player's table chat until `until`; play and money are untouched.
    Lifting a mute early sets `until` to the moment it was lifted (audited)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_mutes"
    )
    until = models.DateTimeField()
    reason = models.TextField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-until", "-id"]
        permissions = [("mute_user", "Can mute a player's table chat")]

    def __str__(self) -> str:
        return f"{self.user} muted until {self.until:%Y-%m-%d %H:%M}"


class SignIn(models.Model):
    """One log-in's address and device as keyed hashes (accounts/signins.py): enough to see
    several accounts come from one, without keeping the address or the browser string."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="sign_ins"
    )
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    address = models.CharField(max_length=64, db_index=True, help_text="keyed hash of the IP")
    device = models.CharField(
        max_length=64, db_index=True, help_text="keyed hash of the IP and the user agent"
    )

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.user} signed in at {self.at:%Y-%m-%d %H:%M}"
