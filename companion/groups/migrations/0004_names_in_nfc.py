"""Names stored in Unicode normalisation form C, and players' keys made again with companion.kernel.names.name_key,
which now also ignores normalisation, so that "Zoé" typed precomposed or decomposed is one player.

Comparing on read alone would not do: a player's key is stored, looked up and unique per circle, so a circle that
holds "Zoé" typed decomposed (NFD) keeps a decomposed key, and the next "Zoé" typed precomposed would not find it.
So, for every circle:

* each player's name is put in NFC and its key made again;
* players whose keys become one (the same name typed both ways) are one person: the later ones are merged into
  the earliest, as "Fusionner" does (their seats take the earliest spelling; their rows go). Unless two of them
  sat at the same table: they were two people there, and are all left as they were (as migration 0003 left
  names that differed only by a format character).

Then every table's names are put in NFC, unless that would make two seats of one table one name (such a table was
made before names were compared in NFC; it keeps its names as they are). The events are not touched: they hold
seats, never names.
"""

import unicodedata

from django.db import migrations


def _nfc(name: str) -> str:
    return unicodedata.normalize("NFC", name)


def _old_key(name: str) -> str:
    """name_key as it was before this migration (format characters off, stripped, case folded): the key every
    stored key was made with, frozen here."""
    return "".join(c for c in name if unicodedata.category(c) != "Cf").strip().casefold()


def forwards(apps, schema_editor):
    from companion.kernel.names import name_key

    Table = apps.get_model("tables", "Table")
    GroupPlayer = apps.get_model("groups", "GroupPlayer")
    by_group: dict[str, list] = {}
    for p in GroupPlayer.objects.order_by("group_id", "created_at", "pk"):
        by_group.setdefault(p.group_id, []).append(p)
    for group_id, players in by_group.items():
        tables = list(Table.objects.filter(group_id=group_id).only("id", "players"))
        seats = {t.id: {_old_key(n) for n in t.players if isinstance(n, str)} for t in tables}
        first: dict[str, object] = {}  # new key -> the earliest player with it
        twins: dict[str, list] = {}
        for p in players:
            first.setdefault(name_key(p.name), p)
            twins.setdefault(name_key(p.name), []).append(p)
        renamed: list = []  # (player, NFC name, new key)
        changed: dict[str, object] = {}
        for key, same in twins.items():
            target, rest = same[0], same[1:]
            if any(sum(1 for p in same if p.key in seats[t.id]) > 1 for t in tables):
                continue  # two of them sat at one table: two people there, all left as they were
            for source in rest:  # merged into the earliest, as "Fusionner" does
                for t in tables:
                    names = [target.name if isinstance(n, str) and _old_key(n) == source.key else n for n in t.players]
                    if names != t.players:
                        t.players = names
                        changed[t.id] = t
                GroupPlayer.objects.filter(pk=source.pk).delete()
            if target.name != _nfc(target.name) or target.key != key:
                renamed.append((target, _nfc(target.name), key))
        # Keys freed first, then taken: a player may take the key another one held until now.
        for p, _name, _key in renamed:
            GroupPlayer.objects.filter(pk=p.pk).update(key=f" migrating {p.pk}")  # a key is stripped: never one of theirs
        for p, name, key in renamed:
            GroupPlayer.objects.filter(pk=p.pk).update(name=name, key=key)
        if changed:
            Table.objects.bulk_update(list(changed.values()), ["players"], batch_size=500)
    # Every table's names in NFC, unless two of its seats would become one name.
    batch = []
    for t in Table.objects.only("id", "players").iterator(chunk_size=500):
        if not all(isinstance(n, str) for n in t.players):
            continue
        names = [_nfc(n) for n in t.players]
        if names == t.players or len({name_key(n) for n in names}) != len(names):
            continue
        t.players = names
        batch.append(t)
        if len(batch) >= 500:
            Table.objects.bulk_update(batch, ["players"])
            batch = []
    if batch:
        Table.objects.bulk_update(batch, ["players"])


class Migration(migrations.Migration):
    dependencies = [("groups", "0003_player_key_ignores_format_characters"), ("tables", "0008_event_rematch")]
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
