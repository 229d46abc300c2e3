from django.urls import path

from tournaments import staff_views, views

app_name = "tournaments"

urlpatterns = [
    path("", views.index, name="index"),
    path("<int:tournament_id>/", views.detail, name="detail"),
    path("<int:tournament_id>/panel/", views.panel, name="panel"),
    path("<int:tournament_id>/register/", views.register, name="register"),
    path("<int:tournament_id>/unregister/", views.unregister, name="unregister"),
    path("<int:tournament_id>/back/", views.come_back, name="come_back"),
    path("staff/", staff_views.index, name="staff"),
    path("staff/new/", staff_views.new_tournament, name="staff_new"),
    path("staff/schedules/new/", staff_views.new_schedule, name="staff_new_schedule"),
    path(
        "staff/schedules/<int:schedule_id>/toggle/",
        staff_views.toggle_schedule,
        name="staff_toggle_schedule",
    ),
]
