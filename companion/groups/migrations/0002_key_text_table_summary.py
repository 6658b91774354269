import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("groups", "0001_initial"),
        ("tables", "0002_table_group"),
    ]

    operations = [
        migrations.CreateModel(
            name="TableSummary",
            fields=[
                ("table", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name="group_summary", serialize=False, to="tables.table")),
                ("version", models.PositiveIntegerField()),
                ("format", models.PositiveSmallIntegerField(default=1)),
                ("totals", models.JSONField()),
                ("ranks", models.JSONField()),
                ("winners", models.JSONField()),
                ("finished", models.BooleanField()),
                ("lowest_wins", models.BooleanField()),
                ("rounds", models.PositiveIntegerField()),
            ],
        ),
        migrations.AlterField(
            model_name="groupplayer",
            name="key",
            field=models.TextField(),
        ),
    ]
