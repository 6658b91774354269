"""URL converters shared by the apps."""

from django.urls import register_converter


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
