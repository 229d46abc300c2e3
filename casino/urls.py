from django.urls import path

from casino import views

app_name = "casino"

urlpatterns = [
    path("", views.index, name="index"),
    path("crash/", views.crash, name="crash"),
    path("keno/", views.keno, name="keno"),
    path("keno/tickets/", views.keno_buy, name="keno_buy"),
    path("<slug:game>/", views.round_game, name="play"),
    path("<slug:game>/rules/", views.rules, name="rules"),
    path("<slug:game>/fairness/", views.fairness, name="fairness"),
    path("<slug:game>/round/<int:number>/", views.round_detail, name="round"),
]
