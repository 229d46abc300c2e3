from django.urls import path

from lobby import views

app_name = "lobby"

urlpatterns = [
    path("", views.index, name="index"),
    path("tables/", views.table_list, name="tables"),
    path("new/<slug:slug>/", views.create, name="create"),
    path("t/<int:table_id>/", views.table, name="table"),
    path("t/<int:table_id>/panel/", views.table_panel, name="table_panel"),
    path("t/<int:table_id>/join/", views.join, name="join"),
    path("t/<int:table_id>/leave/", views.leave, name="leave"),
    path("t/<int:table_id>/cancel/", views.cancel, name="cancel"),
    path("t/<int:table_id>/bots/", views.start_with_bots, name="start_with_bots"),
    path("t/<int:table_id>/accept/<int:seat_id>/", views.accept, name="accept"),
    path("t/<int:table_id>/decline/<int:seat_id>/", views.decline, name="decline"),
    path("invite/<str:code>/", views.invite, name="invite"),
]
