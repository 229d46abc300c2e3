from django.contrib import messages
from django.contrib.auth.models import update_last_login
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import timezone
from django.utils.formats import date_format

from accounts.signins import record_sign_in

# Replaced by record_login, which keeps the previous time before it is overwritten.
user_logged_in.disconnect(update_last_login, dispatch_uid="update_last_login")


@receiver(user_logged_in, dispatch_uid="record_login")
def record_login(sender, request, user, **kwargs) -> None:
    user.previous_login = user.last_login
    user.last_login = timezone.now()
    user.save(update_fields=["previous_login", "last_login"])
    if request is not None:
        record_sign_in(user, request)
    if request is not None and user.previous_login:
        when = date_format(timezone.localtime(user.previous_login), "DATETIME_FORMAT")
        messages.info(
            request, f"Welcome back. Your previous log-in was on {when} (UTC).", fail_silently=True
        )
