"""A view that does everything wrong with secrets: logs the form and the SECRET_KEY and
fails with the password in its error. The log must still hold none of them."""

from __future__ import annotations

import logging

from django.conf import settings
from django.http import HttpResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

log = logging.getLogger("tests.leaky")


@csrf_exempt
def leaky(request, key: str):
    log.warning(
        "form %s, key %s, path key %s", dict(request.POST.lists()), settings.SECRET_KEY, key
    )
    if request.POST.get("fail"):
        raise RuntimeError(f"could not log in with {request.POST['password']}")
    return HttpResponse("ok")


urlpatterns = [path("leak/<str:key>/", leaky, name="leaky")]
