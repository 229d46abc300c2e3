from django.urls import path

from casino import views

app_name = "casino"

urlpatterns = [
    path("", views.index, name="index"),
]
