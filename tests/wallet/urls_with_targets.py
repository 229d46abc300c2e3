"""The site's URLs with the pages a statement links to routed for certain, whatever the
lobby, casino and tournaments apps route today (the first namespace of a name wins)."""

from django.http import HttpResponse
from django.urls import include, path

from config.urls import urlpatterns as site_urlpatterns


def target(request, **kwargs):
    return HttpResponse("target")


urlpatterns = [
    path(
        "t-lobby/",
        include(
            (
                [
                    path("", target, name="index"),
                    path("t/<int:table_id>/", target, name="table"),
                ],
                "lobby",
            )
        ),
    ),
    path(
        "t-casino/",
        include(
            (
                [
                    path("", target, name="index"),
                    path("<slug:game>/round/<int:number>/", target, name="round"),
                ],
                "casino",
            )
        ),
    ),
    path(
        "t-tournaments/",
        include(
            (
                [
                    path("", target, name="index"),
                    path("<int:tournament_id>/", target, name="detail"),
                ],
                "tournaments",
            )
        ),
    ),
    *site_urlpatterns,
]
