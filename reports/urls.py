from django.urls import path

from reports import misconduct_views, views

app_name = "reports"

urlpatterns = [
    path("", views.history_view, name="history"),
    path("complaints/", views.complaints_view, name="complaints"),
    path("exports/", views.exports_view, name="exports"),
    path("exports/<int:pk>/", views.export_job, name="export_job"),
    path("exports/<int:pk>/download/", views.export_download, name="export_download"),
    path("exports/schema/<slug:name>.json", views.export_schema, name="export_schema"),
    path("audit/", views.audit_find, name="audit_find"),
    path("audit/schema.json", views.audit_schema, name="audit_schema"),
    path("audit/game/<int:pk>.<str:file_format>", views.audit_game, name="audit_game"),
    path(
        "audit/round/<slug:game>/<int:number>.<str:file_format>",
        views.audit_round,
        name="audit_round",
    ),
    path("misconduct/", misconduct_views.misconduct_view, name="misconduct"),
]
