"""Secrets out of the logs.

An edit token, a seat token and a group id are path segments (``/tables/<id>/edit/<token>/``,
``/tables/<id>/seat/<token>/``, ``/groups/<group id>/``): whoever reads a log line holding one can edit that table,
play that seat's cards (and see its hand) or edit the whole group. :func:`mask` replaces them by ``****``;
:class:`MaskSecrets` applies it to every record of the app's own logging (settings.LOGGING), and
``gunicorn.conf.py`` to the access log. Pure Python, no Django: gunicorn imports it before Django is set up.

Masking goes by the routes' shape, not by a spelling: each address in a line is percent-decoded first (as the
server decodes it before routing: ``edit%2F<token>``, ``%65dit`` and an encoded token all reach the edit page),
its route words are compared without regard to case (``/EDIT/<token>/`` is a 404 whose log line still holds the
token), and only where an address path starts — the line's own request path, after ``scheme://host``, or a
query value — so that a file path in a traceback (``companion/groups/views.py``) is left as it is. An address
with a secret masked is written decoded, every character outside plain URL punctuation percent-encoded again
(a decoded address never adds a space or a line break to the log).
"""

from __future__ import annotations

import logging
import re
from urllib.parse import quote, unquote

MASK = "****"
# Route words after which the next path segment is a secret, in a path under /tables/ (or /api/tables/).
_TABLE_SECRET_WORDS = ("edit", "seat")
# /groups/<group id>/…: every segment there is a group id but these two, which hold no secret.
_GROUP_PAGES = ("new", "import")

# A run of characters that may be an address (a request path, a Referer, a path in a message).
_TOKEN = re.compile(r"[^\s\"'<>`]+")
# Lines with nothing of the kind skip the decoding (the access log of a poll is written every second per phone).
_MAYBE = re.compile(r"%|/(?:api/)?(?:tables|groups)(?:/|$)", re.IGNORECASE)
# Where an address's path starts inside a decoded token: the token's start or a query value (``?next=/…``,
# ``&to=https://…``), then an optional ``scheme://host``. Not after a word character: ``companion/groups/x.py``.
_PATH_START = re.compile(r"(?:^|(?<=[=?&#;,(\[]))(?:[A-Za-z][A-Za-z0-9+.-]*:)?(?://[^/?#\s]*)?(?=/)")
_PATH = re.compile(r"/[^?#&)\]]*")
# Printable URL punctuation kept as it is when a masked address is written back; anything else percent-encoded.
_SAFE = "/:?#[]@!$&()*+,;=-._~"
_BEARER = re.compile(r"(Bearer\s+)[A-Za-z0-9._~+/=-]+", re.IGNORECASE)
_MAX_DECODINGS = 8


def _decoded(token: str) -> str | None:
    """``token`` percent-decoded until nothing changes (double encoding too); None when it never settles."""
    for _ in range(_MAX_DECODINGS):
        decoded = unquote(token, errors="replace")
        if decoded == token:
            return token
        token = decoded
    return None


def _mask_path(path: str) -> str:
    """One address path (``/tables/…``, ``/groups/…``) with its secret segments replaced by ``****``."""
    segments = path.split("/")
    words = [s.lower() for s in segments]
    first = 2 if len(words) > 2 and words[1] == "api" else 1
    if len(words) > first and words[first] == "tables":
        for i in range(first + 2, len(segments)):
            if words[i - 1] in _TABLE_SECRET_WORDS and segments[i]:
                segments[i] = MASK
    elif len(words) > first + 1 and words[first] == "groups" and segments[first + 1] not in ("", *_GROUP_PAGES):
        segments[first + 1] = MASK
    return "/".join(segments)


def _mask_decoded(text: str) -> str:
    out, at = [], 0
    for start in _PATH_START.finditer(text):
        path = _PATH.match(text, start.end())
        if path is None or path.start() < at:
            continue
        out += [text[at:path.start()], _mask_path(path.group())]
        at = path.end()
    return "".join(out) + text[at:]


def _mask_token(match: re.Match) -> str:
    token = match.group()
    decoded = _decoded(token)
    if decoded is None:
        return MASK  # encoded over and over: nobody can tell what it holds
    masked = _mask_decoded(decoded)
    if masked == decoded:
        return token  # no secret: written as it came
    return quote(masked, safe=_SAFE)


def mask(text: str) -> str:
    if _MAYBE.search(text):
        text = _TOKEN.sub(_mask_token, text)
    # A bearer token, should a header ever be logged.
    return _BEARER.sub(rf"\g<1>{MASK}", text)


class MaskSecrets(logging.Filter):
    """Rewrites a record's message with its secrets masked (the arguments merged in first, so that a path
    passed as an argument — Django's "Not Found: %s" — is masked too). Never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 — a malformed record is logged as it is, not lost
            return True
        masked = mask(message)
        if masked != message or record.args:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)  # the formatter keeps it
        if record.exc_text:
            record.exc_text = mask(record.exc_text)
        return True
