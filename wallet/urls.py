from django.urls import path

from wallet import views

app_name = "wallet"

urlpatterns = [
    path("", views.index, name="index"),
    path("deposit/", views.deposit, name="deposit"),
    path("withdraw/", views.withdraw, name="withdraw"),
    path("withdrawals/<int:pk>/cancel/", views.cancel_withdrawal, name="cancel_withdrawal"),
]
