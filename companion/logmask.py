"""Secrets out of the logs.

An edit token, a seat token and a group id are path segments (``/tables/<id>/edit/<token>/``,
``/tables/<id>/seat/<token>/``, ``/groups/<group id>/``): whoever reads a log line holding one can edit that table,
play that seat's cards (and see its hand) or edit the whole group. :func:`mask` replaces them by ``****``;
:class:`MaskSecrets` applies it to every record of the app's own logging (settings.LOGGING), and
``gunicorn.conf.py`` to the access log. Pure Python, no Django: gunicorn imports it before Django is set up.
"""

from __future__ import annotations

import logging
import re

MASK = "****"
_SECRETS = [
    # An edit link: /tables/<id>/edit/<token>/…
    (re.compile(r"(/edit/)[A-Za-z0-9_-]+"), rf"\g<1>{MASK}"),
    # A seat's own link at a digital table: /tables/<id>/seat/<token>/…
    (re.compile(r"(/seat/)[A-Za-z0-9_-]+"), rf"\g<1>{MASK}"),
    # A group page: /groups/<group id>/… (not /groups/new/ nor /groups/import/, which hold no secret).
    (re.compile(r"(/groups/)(?!(?:new|import)(?:[/?#\s\"']|$))[A-Za-z0-9_-]+"), rf"\g<1>{MASK}"),
    # A bearer token, should a header ever be logged.
    (re.compile(r"(Bearer\s+)[A-Za-z0-9._~+/=-]+", re.IGNORECASE), rf"\g<1>{MASK}"),
]


def mask(text: str) -> str:
    for pattern, replacement in _SECRETS:
        text = pattern.sub(replacement, text)
    return text


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
