from django.conf import settings
from django.urls import path
from django.views.generic import TemplateView

from config import views

app_name = "pages"

urlpatterns = [
    path("rules/", views.rules, name="rules"),
    path("terms/", views.terms, name="terms"),
    path(
        "responsible-gaming/",
        TemplateView.as_view(template_name="pages/responsible.html"),
        name="responsible",
    ),
    path(
        "complaints/",
        TemplateView.as_view(
            template_name="pages/complaints.html",
            extra_context={
                "REGULATOR_NAME": getattr(settings, "REGULATOR_NAME", "the regulator"),
                "OPERATOR_NAME": getattr(settings, "OPERATOR_NAME", ""),
            },
        ),
        name="complaints",
    ),
]
