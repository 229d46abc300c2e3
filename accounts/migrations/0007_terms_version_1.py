"""The first version of the terms players accept (accounts/terms_texts/version-1.md)."""

from pathlib import Path

from django.db import migrations

TEXT = Path(__file__).resolve().parent.parent / "terms_texts" / "version-1.md"


def publish_version_1(apps, schema_editor):
    Terms = apps.get_model("accounts", "Terms")
    Terms.objects.get_or_create(version=1, defaults={"text": TEXT.read_text()})


class Migration(migrations.Migration):
    dependencies = [("accounts", "0006_terms")]

    operations = [migrations.RunPython(publish_version_1, migrations.RunPython.noop)]
