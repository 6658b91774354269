"""Players' keys made again with companion.kernel.names.name_key, which now also ignores format characters
(zero-width space, joiners…). A key is left as it was when the new one is already another player's of the
group (two players who differed only by such a character stay two players, as they were)."""

from django.db import migrations


def rekey(apps, schema_editor):
    from companion.kernel.names import name_key

    GroupPlayer = apps.get_model("groups", "GroupPlayer")
    taken: dict[str, set[str]] = {}
    players = list(GroupPlayer.objects.order_by("group_id", "created_at", "pk"))
    for p in players:
        taken.setdefault(p.group_id, set()).add(p.key)
    for p in players:
        key = name_key(p.name)
        if key != p.key and key not in taken[p.group_id]:
            taken[p.group_id].discard(p.key)
            taken[p.group_id].add(key)
            GroupPlayer.objects.filter(pk=p.pk).update(key=key)


class Migration(migrations.Migration):
    dependencies = [("groups", "0002_key_text_table_summary")]
    operations = [migrations.RunPython(rekey, migrations.RunPython.noop)]
