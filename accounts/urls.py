from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("", views.index, name="index"),
    path("responsible-gaming/", views.responsible, name="responsible"),
    path("terms/", views.accept_terms, name="terms"),
    path("responsible-gaming/limits-reviewed/", views.review_limits, name="review_limits"),
    path(
        "responsible-gaming/reality-check/",
        views.acknowledge_reality_check,
        name="acknowledge_reality_check",
    ),
]
