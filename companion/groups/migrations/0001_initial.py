import django.db.models.deletion
from django.db import migrations, models

import companion.groups.models


class Migration(migrations.Migration):

    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="Group",
            fields=[
                ("id", models.CharField(default=companion.groups.models.new_group_id, editable=False, max_length=32, primary_key=True, serialize=False)),
                ("name", models.CharField(max_length=60)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
            ],
            options={"ordering": ["-created_at"]},
        ),
        migrations.CreateModel(
            name="GroupPlayer",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("name", models.CharField(max_length=40)),
                ("key", models.CharField(max_length=80)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("group", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="players", to="groups.group")),
            ],
            options={
                "ordering": ["key"],
                "constraints": [models.UniqueConstraint(fields=("group", "key"), name="group_player_unique")],
            },
        ),
    ]
