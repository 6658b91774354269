"""Defects 10 and 11 and the CSP header: secrets kept out of caches, Referers and logs; /healthz; cookies."""

import io
import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from django.conf import settings
from django.db import DatabaseError
from django.test import override_settings

from companion.logmask import MaskSecrets, mask
from tests.factories import GroupFactory, GroupTableFactory, TableFactory
from tests.security.helpers import gunicorn_access_line

ROOT = Path(__file__).resolve().parent.parent.parent
pytestmark = pytest.mark.django_db

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
       "base-uri 'none'; frame-ancestors 'none'; form-action 'self'")


def test_edit_pages_and_group_pages_are_never_stored(client):
    table = TableFactory(rounds=[{"tricks": [4, 3, 5, 1]}])
    group = GroupFactory()
    group_table = GroupTableFactory(group=group)
    edit = f"/tables/{table.id}/edit/{table.edit_token}/"
    for url in (edit, edit + "share/", f"/tables/{table.id}/edit/{table.edit_token}/rounds/1/",
                f"/groups/{group.id}/", f"/groups/{group.id}/players/", f"/groups/{group.id}/export.csv",
                f"/tables/{group_table.id}/edit/{group_table.edit_token}/"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == "no-store", url
    # The read-only link holds no secret: phones may revalidate it as before.
    assert "no-store" not in client.get(f"/tables/{table.id}/").get("Cache-Control", "")


def test_the_api_answer_with_a_token_is_never_stored(client):
    response = client.post("/api/tables", json.dumps({"game": "barbu", "players": ["Ana", "Bea", "Cid", "Dan"]}),
                           content_type="application/json")
    assert response.status_code == 201 and "edit_token" in response.json()
    assert response["Cache-Control"] == "no-store"


def test_the_referrer_policy_sends_the_origin_only():
    # "same-origin" would send the whole edit URL to this very site with every stylesheet and htmx request.
    assert settings.SECURE_REFERRER_POLICY == "strict-origin"


def test_referrer_policy_header(client):
    table = TableFactory()
    assert client.get(f"/tables/{table.id}/edit/{table.edit_token}/")["Referrer-Policy"] == "strict-origin"


@pytest.mark.parametrize(("line", "masked"), [
    ("GET /tables/AbC123/edit/tok_EN-123456789012345678/ HTTP/1.1",
     "GET /tables/AbC123/edit/****/ HTTP/1.1"),
    ("POST /tables/AbC123/edit/tokEN/rounds/3/delete/", "POST /tables/AbC123/edit/****/rounds/3/delete/"),
    ("Not Found: /groups/Zx9-_abcdefghijklmnopq/players/", "Not Found: /groups/****/players/"),
    ("https://atout.example/groups/Zx9abc/export.csv", "https://atout.example/groups/****/export.csv"),
    ("GET /groups/new/ and /groups/import/", "GET /groups/new/ and /groups/import/"),
    ("GET /groups/newcomer/", "GET /groups/****/"),
    ("Authorization: Bearer abc.DEF-123", "Authorization: Bearer ****"),
    ("GET /tables/AbC123/ HTTP/1.1", "GET /tables/AbC123/ HTTP/1.1"),  # a read link is meant to be shared
    # The edit page's poll, every second from every phone holding the edit link.
    ("GET /tables/AbC123/edit/tok_EN-1234/live/ HTTP/1.1", "GET /tables/AbC123/edit/****/live/ HTTP/1.1"),
    ("GET /tables/AbC123/live/ HTTP/1.1", "GET /tables/AbC123/live/ HTTP/1.1"),
])
def test_mask(line, masked):
    assert mask(line) == masked


@pytest.mark.parametrize(("line", "masked"), [
    # Spellings that open the edit page (the server decodes the path before routing) or get a 404 logged with the
    # token. Each is masked as its decoded address.
    ("GET /tables/T1/edit%2FSECRETtok/ HTTP/1.1", "GET /tables/T1/edit/****/ HTTP/1.1"),
    ("GET /tables/T1/edit%2fSECRETtok/live/ HTTP/1.1", "GET /tables/T1/edit/****/live/ HTTP/1.1"),
    ("GET /tables/T1/%65dit/SECRETtok/ HTTP/1.1", "GET /tables/T1/edit/****/ HTTP/1.1"),
    ("GET /tables/T1/edit/%53%45%43RETtok/ HTTP/1.1", "GET /tables/T1/edit/****/ HTTP/1.1"),
    ("Not Found: /tables/T1/EDIT/SECRETtok/", "Not Found: /tables/T1/EDIT/****/"),
    ("GET /tables/T1/Seat/SECRETtok/live/", "GET /tables/T1/Seat/****/live/"),
    ("GET /%67roups/SECRETgrp/ HTTP/1.1", "GET /groups/****/ HTTP/1.1"),
    ("GET /GROUPS/SECRETgrp/export.csv", "GET /GROUPS/****/export.csv"),
    # Encoded twice: decoded until nothing changes.
    ("GET /tables/T1/%2565dit/SECRETtok/", "GET /tables/T1/edit/****/"),
    # A Referer (scheme and host first) and an address in a query value.
    ("https://atout.example/tables/T1/edit%2FSECRETtok/", "https://atout.example/tables/T1/edit/****/"),
    ("GET /i18n/setlang/?next=%2Ftables%2FT1%2Fedit%2FSECRETtok%2F&x=1", "GET /i18n/setlang/?next=/tables/T1/edit/****/&x=1"),
    # A decoded line break or quote is written encoded again: one log line stays one line.
    ("GET /tables/T1/edit/SECRETtok/%0A%22x%22/ HTTP/1.1", "GET /tables/T1/edit/****/%0A%22x%22/ HTTP/1.1"),
    # Nothing to mask: kept exactly as it came, encoding included.
    ("GET /tables/T1/%6Cive/ HTTP/1.1", "GET /tables/T1/%6Cive/ HTTP/1.1"),
    ("GET /rules/chasse-c%C5%93ur/ HTTP/1.1", "GET /rules/chasse-c%C5%93ur/ HTTP/1.1"),
    # File paths in a traceback are not addresses: the group rule leaves them alone.
    ('  File "/srv/atout/companion/groups/views.py", line 12, in group_page',
     '  File "/srv/atout/companion/groups/views.py", line 12, in group_page'),
    ("companion/groups/templates/groups/group.html", "companion/groups/templates/groups/group.html"),
])
def test_mask_after_decoding_by_the_routes_shape(line, masked):
    assert mask(line) == masked


def test_a_traceback_through_the_groups_app_keeps_its_file_paths():
    """The group-id masking leaves file paths alone: ``companion/groups/views.py`` must not become ``companion/groups/****.py``."""
    record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "Internal Server Error: %s",
                               ("/groups/SECRETgroup/",), None)
    filename = str(ROOT / "companion" / "groups" / "views.py")
    try:
        exec(compile("raise ValueError('boom')", filename, "exec"))  # noqa: S102 — a frame in that file
    except ValueError:
        record.exc_info = sys.exc_info()
    assert MaskSecrets().filter(record)
    text = logging.Formatter().format(record)
    assert f'File "{filename}"' in text and "/groups/****/" in text and "SECRET" not in text


def test_djangos_404_warning_masks_a_token_under_a_route_word_in_capitals(client):
    handler = next(h for h in logging.getLogger("django").handlers if any(isinstance(f, MaskSecrets) for f in h.filters))
    stream = io.StringIO()
    table = TableFactory()
    with mock.patch.object(handler, "stream", stream):
        assert client.get(f"/tables/{table.id}/EDIT/{table.edit_token}/").status_code == 404
        assert client.get(f"/tables/{table.id}/%65dit/{table.edit_token}x/").status_code == 403
    logged = stream.getvalue()
    assert "Not Found" in logged and "Forbidden" in logged
    assert table.edit_token not in logged
    assert f"/tables/{table.id}/EDIT/****/" in logged and f"/tables/{table.id}/edit/****/" in logged


def test_django_logging_masks_tokens_and_group_ids(client):
    """Through the project's LOGGING: Django's own "Not Found" and "Forbidden" warnings name the path."""
    handler = next(h for h in logging.getLogger("django").handlers if any(isinstance(f, MaskSecrets) for f in h.filters))
    stream = io.StringIO()
    with mock.patch.object(handler, "stream", stream):
        group = GroupFactory()
        table = TableFactory()
        client.get(f"/groups/{group.id}/nothing/")  # 404
        client.get(f"/tables/{table.id}/edit/{table.edit_token}x/")  # 403, a wrong token
        client.get(f"/tables/{table.id}/edit/{table.edit_token}/rounds/99/")  # 404, the right token
    logged = stream.getvalue()
    assert "Not Found" in logged and "Forbidden" in logged
    assert group.id not in logged
    assert table.edit_token not in logged
    assert "/groups/****/nothing/" in logged and "/edit/****/rounds/99/" in logged


def test_the_edit_pages_poll_is_masked_in_djangos_log(client):
    """``…/edit/<token>/live/``: a wrong token is a 403 that Django logs with the path; the right one in a 500."""
    handler = next(h for h in logging.getLogger("django").handlers if any(isinstance(f, MaskSecrets) for f in h.filters))
    stream = io.StringIO()
    table = TableFactory()
    with mock.patch.object(handler, "stream", stream):
        assert client.get(f"/tables/{table.id}/edit/{table.edit_token}x/live/").status_code == 403
        with mock.patch("companion.tables.views.render_sheet", side_effect=RuntimeError("boom")):
            client.raise_request_exception = False
            assert client.get(f"/tables/{table.id}/edit/{table.edit_token}/live/").status_code == 500
    logged = stream.getvalue()
    assert "Forbidden" in logged and "Internal Server Error" in logged
    assert table.edit_token not in logged
    assert f"/tables/{table.id}/edit/****/live/" in logged


def test_masking_keeps_a_record_with_an_exception():
    record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "Internal Server Error: %s",
                               ("/groups/SECRETid/",), None)
    try:
        raise ValueError("failed on /tables/t/edit/SECRETtoken/")
    except ValueError:
        record.exc_info = sys.exc_info()
    assert MaskSecrets().filter(record)
    text = logging.Formatter().format(record)
    assert "SECRET" not in text and "ValueError" in text and "/groups/****/" in text




def test_gunicorn_access_log_masks_the_edit_pages_poll(tmp_path):
    line = gunicorn_access_line(tmp_path, "/tables/T1/edit/SECRETtoken/live/",
                                 "https://atout.example/tables/T1/edit/SECRETtoken/")
    assert '"GET /tables/T1/edit/****/live/ HTTP/1.1" 304' in line
    assert '"https://atout.example/tables/T1/edit/****/"' in line
    assert "SECRET" not in line


def test_gunicorn_access_log_masks_the_request_line_and_referer(tmp_path):
    """The shipped gunicorn.conf.py, loaded by gunicorn itself, then one access-log line."""
    from datetime import timedelta

    from gunicorn.config import Config

    cfg = Config()
    namespace = {}
    exec(compile((ROOT / "gunicorn.conf.py").read_text(), "gunicorn.conf.py", "exec"), namespace)  # noqa: S102
    for key, value in namespace.items():
        if key in cfg.settings:
            cfg.set(key, value)
    cfg.set("accesslog", str(tmp_path / "access.log"))
    logger = cfg.logger_class(cfg)
    resp = mock.Mock(status="200 OK", sent=512, headers=[])
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": "/tables/T1/edit/SECRETtoken/?x=1", "SERVER_PROTOCOL": "HTTP/1.1",
               "PATH_INFO": "/tables/T1/edit/SECRETtoken/", "QUERY_STRING": "x=1", "REMOTE_ADDR": "127.0.0.1",
               "HTTP_REFERER": "https://atout.example/groups/SECRETgroup/", "HTTP_USER_AGENT": "phone"}
    logger.access(resp, mock.Mock(headers=[("REFERER", environ["HTTP_REFERER"])]), environ, timedelta(milliseconds=3))
    for h in logger.access_log.handlers:
        h.flush()
    line = (tmp_path / "access.log").read_text()
    assert '"GET /tables/T1/edit/****/?x=1 HTTP/1.1" 200 512 "https://atout.example/groups/****/"' in line
    assert "SECRET" not in line


def test_gunicorn_masks_each_atom_a_format_picks_even_without_the_line_filter(tmp_path):
    """Atoms are masked as the format reads them: a header, an environ value and the path, in a custom format;
    the line filter is taken off, so that the atoms alone must hold no secret."""
    from datetime import timedelta

    from gunicorn.config import Config

    from companion.logmask import MaskSecrets

    cfg = Config()
    cfg.set("logger_class", "companion.gunicorn_logging.MaskingLogger")
    cfg.set("accesslog", str(tmp_path / "access.log"))
    cfg.set("access_log_format", "%(U)s %({authorization}i)s %({path_info}e)s %({x-missing}i)s")
    logger = cfg.logger_class(cfg)
    for f in [f for f in logger.access_log.filters if isinstance(f, MaskSecrets)]:
        logger.access_log.removeFilter(f)
    resp = mock.Mock(status="200 OK", sent=0, headers=[])
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": "/tables/T1/seat/SECRETseat/", "SERVER_PROTOCOL": "HTTP/1.1",
               "PATH_INFO": "/tables/T1/seat/SECRETseat/", "QUERY_STRING": "", "REMOTE_ADDR": "127.0.0.1"}
    logger.access(resp, mock.Mock(headers=[("AUTHORIZATION", "Bearer SECRETbearer")]), environ,
                  timedelta(milliseconds=1))
    for h in logger.access_log.handlers:
        h.flush()
    line = (tmp_path / "access.log").read_text()
    assert line.strip() == "/tables/T1/seat/****/ Bearer **** /tables/T1/seat/****/ -"


def test_healthz_answers_json_and_checks_the_database(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}
    assert response["Cache-Control"] == "no-store"


def test_healthz_is_a_503_when_the_database_is_down(client):
    with mock.patch("django.db.backends.utils.CursorWrapper.execute", side_effect=DatabaseError("down")):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response.json()["status"] == "error"
    assert response["Retry-After"]


@override_settings(SECURE_SSL_REDIRECT=True)
def test_healthz_is_exempt_from_the_https_redirect(client):
    assert client.get("/healthz").status_code == 200
    assert client.get("/").status_code == 301  # everything else goes to HTTPS


def _production_setting(expression: str) -> str:
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": "s" * 60, "ALLOWED_HOSTS": "atout.example",
           "DJANGO_SETTINGS_MODULE": "companion.settings"}
    env.pop("CONTENT_SECURITY_POLICY", None)
    code = f"import django; django.setup(); from django.conf import settings as s; print(repr({expression}))"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_production_settings():
    assert _production_setting("(s.LANGUAGE_COOKIE_SECURE, s.LANGUAGE_COOKIE_SAMESITE)") == "(True, 'Lax')"
    assert _production_setting("s.SECURE_REDIRECT_EXEMPT") == "['^healthz$']"
    assert _production_setting("s.CONTENT_SECURITY_POLICY") == repr(CSP)


@override_settings(CONTENT_SECURITY_POLICY=CSP, LANGUAGE_COOKIE_SECURE=True)
def test_the_policy_is_sent_and_the_language_cookie_is_secure(client):
    response = client.get("/")
    assert response["Content-Security-Policy"] == CSP
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie["secure"] is True
    assert cookie["samesite"] == "Lax"


def test_a_csrf_failure_is_our_own_page_without_inline_style():
    from django.test import Client

    response = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="fr").post("/groups/new/", {"name": "x"})
    assert response.status_code == 403
    html = response.content.decode()
    assert "Formulaire expiré" in html and "<style" not in html and "style=" not in html
