from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.index, name="index"),
    path("<int:tournament_id>/", views.detail, name="detail"),
    path("<int:tournament_id>/panel/", views.panel, name="panel"),
    path("<int:tournament_id>/register/", views.register, name="register"),
    path("<int:tournament_id>/unregister/", views.unregister, name="unregister"),
]
