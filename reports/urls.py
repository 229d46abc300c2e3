from django.urls import path

from reports import misconduct_views, views

app_name = "reports"

urlpatterns = [
    path("", views.history_view, name="history"),
    path("complaints/", views.complaints_view, name="complaints"),
    path("exports/", views.exports_view, name="exports"),
    path("exports/<int:pk>/", views.export_job, name="export_job"),
    path("exports/<int:pk>/download/", views.export_download, name="export_download"),
    path("misconduct/", misconduct_views.misconduct_view, name="misconduct"),
]
