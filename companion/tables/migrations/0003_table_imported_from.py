from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tables", "0002_table_group")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="imported_from",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
    ]
