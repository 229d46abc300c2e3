from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

from config import metrics, views

# Staff log in through the site's log-in, which asks for the second step: the admin's own
# form would take a password alone.
admin.site.login = secure_admin_login(admin.site.login)
admin.site.site_header = "Longtable staff"
admin.site.site_title = "Longtable staff"

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    path("ready/", views.ready, name="ready"),
    path("metrics/", metrics.metrics_view, name="metrics"),
    # Pages without the site's icon link (the admin's) still get one at the usual address.
    path("favicon.ico", views.favicon),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("account/", include("accounts.urls")),
    path("wallet/", include("wallet.urls")),
    path("lobby/", include("lobby.urls")),
    path("games/", include("games.urls")),
    path("casino/", include("casino.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("history/", include("reports.urls")),
    path("api/", include("api.urls")),
    path("", include("config.page_urls")),
]

handler404 = "config.views.not_found"
handler500 = "config.views.server_error"
