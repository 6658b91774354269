"""What the tests of a real server process share: a free port, and one API request as a phone sends it."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port: int, method: str, path: str, body=None, token=None, key=None,
            timeout: float = 10, headers: dict | None = None) -> tuple[int, dict, bytes]:
    """(status, headers, body) of one API request as a phone sends it (its token, its Idempotency-Key, any other
    ``headers``: If-None-Match…); raises what urllib raises when the server gives no answer."""
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json", **(headers or {})})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    if key:
        req.add_header("Idempotency-Key", key)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()
