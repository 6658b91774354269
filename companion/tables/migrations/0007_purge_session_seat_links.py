"""Sessions kept the seat links a phone had created ({table: {seat: token}} under "seat-links", signed but not
encrypted) so that its share screen could show them again. Nothing that opens a seat stays in a session now (the
share screen issues a seat's link afresh when it is shown): the entries already stored are removed."""

from django.db import migrations

KEY = "seat-links"


def purge(apps, schema_editor):
    from django.contrib.sessions.backends.db import SessionStore

    Session = apps.get_model("sessions", "Session")
    store = SessionStore()
    for row in Session.objects.filter(session_data__isnull=False).iterator():
        data = store.decode(row.session_data)  # {} for data that does not verify: left as it is
        if KEY in data:
            del data[KEY]
            Session.objects.filter(pk=row.pk).update(session_data=store.encode(data))


class Migration(migrations.Migration):

    dependencies = [
        ("tables", "0006_seat_binding"),
        ("sessions", "0001_initial"),
    ]

    operations = [migrations.RunPython(purge, migrations.RunPython.noop)]
