"""Defect 9: every /api/ answer is JSON {"errors": [...]}, whatever goes wrong, and the API never asks for CSRF."""

import json

import pytest
from django.test import Client

from companion.tables.models import Event, Table
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db


def _json_errors(response):
    assert response["Content-Type"].startswith("application/json"), (response.status_code, response.content[:200])
    body = response.json()
    assert body["errors"] and all("message" in e and e["message"] for e in body["errors"])
    return body["errors"]


@pytest.fixture
def strict_client():
    """A client that enforces CSRF, as a browser-less attacker or a real phone would meet it."""
    return Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="fr")


@pytest.mark.parametrize(("method", "url", "allow"), [
    ("post", "/api/games", "GET"),
    ("post", "/api/games/barbu", "GET"),
    ("delete", "/api/games/barbu", "GET"),
    ("get", "/api/tables", "POST"),
    ("put", "/api/tables", "POST"),
    ("get", "/api/games/rami/melds", "POST"),
])
def test_a_wrong_method_is_a_json_405_with_allow(strict_client, method, url, allow):
    if method == "get":
        response = strict_client.get(url)
    else:
        response = getattr(strict_client, method)(url, "{}", content_type="application/json")
    assert response.status_code == 405
    assert response["Allow"] == allow
    errors = _json_errors(response)
    assert errors[0]["code"] == "method_not_allowed"
    assert method.upper() in errors[0]["message"] and allow in errors[0]["message"]


def test_post_to_a_table_is_a_json_405_not_the_csrf_page(strict_client):
    table = TableFactory()
    for method in ("post", "put", "delete", "patch"):
        response = getattr(strict_client, method)(f"/api/tables/{table.id}", "{}", content_type="application/json")
        assert response.status_code == 405, method
        assert response["Allow"] == "GET"
        _json_errors(response)


def test_the_api_is_exempt_from_csrf_and_authenticated_by_token(strict_client):
    table = TableFactory()
    response = strict_client.post(f"/api/tables/{table.id}/rounds", json.dumps({"tricks": [4, 3, 5, 1]}),
                                  content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {table.edit_token}")
    assert response.status_code == 201
    # No token, no write: CSRF is not what protects the API. No Authorization header at all is a 401 that names
    # the scheme (RFC 9110 §11.6.1: WWW-Authenticate); a wrong token a 403.
    response = strict_client.post(f"/api/tables/{table.id}/rounds", json.dumps({"tricks": [4, 3, 5, 1]}),
                                  content_type="application/json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == 'Bearer realm="atout"'
    assert _json_errors(response)[0]["code"] == "unauthenticated"
    assert _json_errors(response)[0]["field"] == "Authorization"
    response = strict_client.post(f"/api/tables/{table.id}/rounds", json.dumps({"tricks": [4, 3, 5, 1]}),
                                  content_type="application/json", HTTP_AUTHORIZATION="Bearer wrong")
    assert response.status_code == 403
    assert "WWW-Authenticate" not in response
    assert _json_errors(response)[0]["code"] == "forbidden"
    assert Event.objects.filter(table_id=table.id).count() == 1  # the one round with the right token


def test_an_unknown_api_address_is_a_json_404(strict_client):
    for url in ("/api/nothing-here", "/api/tables/abc/nothing", "/api/tables/bad%20id"):
        response = strict_client.get(url)
        assert response.status_code == 404, url
        _json_errors(response)


def test_a_body_over_one_megabyte_is_a_413_before_it_is_read(strict_client):
    # 1 MB + 1 byte announced: refused from Content-Length alone (the test client sends exactly that body).
    body = b'{"game": "' + b"x" * (1024 * 1024 - 11) + b'"}'
    assert len(body) == 1024 * 1024 + 1
    for url in ("/api/tables", "/api/games/rami/melds"):
        response = strict_client.post(url, body, content_type="application/json")
        assert response.status_code == 413, url
        assert _json_errors(response)[0]["code"] == "too_large"
    # 2.5 MB, which used to be Django's "Requête invalide" (400).
    response = strict_client.post("/api/tables", b"x" * 2_700_000, content_type="application/json")
    assert response.status_code == 413
    assert Table.objects.count() == 0


def test_the_413_does_not_read_the_body():
    """A request whose Content-Length announces 5 MB and whose stream would fail if read."""
    from django.test import RequestFactory

    from companion.middleware import ApiMiddleware

    class Exploding:
        def read(self, *args):
            raise AssertionError("the body was read")

        readline = read

    request = RequestFactory().post("/api/tables", b"", content_type="application/json")
    request.META["CONTENT_LENGTH"] = str(5 * 1024 * 1024)
    request.META["wsgi.input"] = Exploding()
    request._stream = Exploding()
    response = ApiMiddleware(lambda r: pytest.fail("the view was called"))(request)
    assert response.status_code == 413
