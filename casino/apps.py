from django.apps import AppConfig


class CasinoConfig(AppConfig):
    name = "casino"
