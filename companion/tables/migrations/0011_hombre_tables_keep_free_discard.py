"""L'hombre's digital deals used to let a player who cannot follow discard freely (classic Ombre); the rule
document's reading (trump if you can) is now the default, the free discard an option. A digital table created
before keeps the rule its deals were played under: its stored moves must still replay."""

from django.db import migrations


def keep_free_discard(apps, schema_editor):
    Table = apps.get_model("tables", "Table")
    for table in Table.objects.filter(game="hombre", digital=True).only("id", "options"):
        if "defausse_libre" not in (table.options or {}):
            table.options = {**(table.options or {}), "defausse_libre": True}
            table.save(update_fields=["options"])


class Migration(migrations.Migration):
    dependencies = [("tables", "0010_table_first_dealer_title")]
    operations = [migrations.RunPython(keep_free_discard, migrations.RunPython.noop)]
