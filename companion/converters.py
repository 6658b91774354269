"""URL converters shared by the apps."""

from django.urls import register_converter

# The fixed words of a URL that sit where an id sits: ``/tables/new/<game>/`` beside ``/tables/<table_id>/…``,
# ``/groups/new/`` and ``/groups/import/`` beside ``/groups/<group_id>/…``. An id that were one of them would be
# shadowed by that route, so no id is: the ids Atout makes never are (``new_table_id``, ``new_group_id``), and an
# id an imported file chooses that is one of them is replaced (``companion.groups.csvio.store``).
# tests/security/test_route_words.py checks every URL pattern against this list.
ROUTE_WORDS = frozenset({"new", "import"})


class KeyConverter:
    """Table ids, group ids and edit tokens: URL-safe base64 (``secrets.token_urlsafe``). Anything else is a
    404 before any query: PostgreSQL answers a NUL character in a lookup with a server error, not an empty
    result."""

    regex = "[A-Za-z0-9_-]{1,32}"  # ids are CharField(max_length=32); tokens are 24 characters

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(KeyConverter, "key")
