"""A seat's link (``/tables/<id>/seat/<token>/``) holds a secret like an edit link: masked in every log."""

from __future__ import annotations

import io
import logging
from unittest import mock

import pytest

from companion.logmask import MaskSecrets, mask
from tests.factories import DigitalTableFactory
from tests.security.helpers import gunicorn_access_line

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("line", "masked"), [
    ("GET /tables/AbC123/seat/tok_EN-123456789012345678/ HTTP/1.1", "GET /tables/AbC123/seat/****/ HTTP/1.1"),
    ("GET /tables/AbC123/seat/tokEN/live/", "GET /tables/AbC123/seat/****/live/"),
    ("GET /api/tables/AbC123/play HTTP/1.1", "GET /api/tables/AbC123/play HTTP/1.1"),  # the token is a header
])
def test_mask_seat_links(line, masked):
    assert mask(line) == masked


def test_django_logging_masks_a_seat_token(client):
    handler = next(h for h in logging.getLogger("django").handlers if any(isinstance(f, MaskSecrets) for f in h.filters))
    stream = io.StringIO()
    table = DigitalTableFactory()
    token = table.seat_tokens[0]
    with mock.patch.object(handler, "stream", stream):
        assert client.get(f"/tables/{table.id}/seat/{token}x/").status_code == 403  # logged as Forbidden
    logged = stream.getvalue()
    assert "Forbidden" in logged and token not in logged
    assert f"/tables/{table.id}/seat/****/" in logged


def test_gunicorn_access_log_masks_a_seat_link(tmp_path):
    line = gunicorn_access_line(tmp_path, "/tables/T1/seat/SECRETtoken/", "https://atout.example/tables/T1/seat/SECRETtoken/")
    assert '"GET /tables/T1/seat/****/ HTTP/1.1" 304' in line
    assert "SECRET" not in line
