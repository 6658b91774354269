"""The request body under gunicorn: read within a deadline, and drained after an early refusal.

Wrapped around the WSGI application by :mod:`companion.wsgi`; it does nothing under any other server (no
``gunicorn.socket`` in the environ: the test client, runserver).

* A body is read whole before Django sees it, within :setting:`REQUEST_BODY_TIMEOUT` seconds of the request's
  start (each read of the socket bounded by what is left): a client that announces 100 bytes and sends one gets
  ``408`` when the time is up, and the thread it held is free. Under ``gunicorn.conf.py``'s worker
  (:mod:`companion.gunicorn_worker`) a body up to 64 KiB is already whole before a thread takes the request;
  this bounds the larger ones, and any body under a plain gthread worker.
* A body the application refuses without reading it (``/api/`` over :setting:`API_MAX_REQUEST`: 413 from
  ``Content-Length``, :mod:`companion.middleware`) is not read first; once the answer is written, up to
  :data:`DRAIN_MAX` bytes of it are read and dropped (within the same timeout), so that a client which sends
  its whole body before reading the answer gets the 413, not a connection reset.
"""

from __future__ import annotations

import io
import json
import socket
import tempfile
import time

# Bodies read first in memory up to this size, then in a temporary file.
IN_MEMORY = 1024 * 1024
# Outside /api/, bodies up to this size are read before the application (the history import takes 16 MiB);
# a larger one is passed on with each read still bounded by the deadline.
READ_FIRST_MAX = 32 * 1024 * 1024
# How much of a body refused unread is read and dropped after the answer.
DRAIN_MAX = 16 * 1024 * 1024
_STEP = 64 * 1024


class BodyTimeout(OSError):
    """The client did not send its body in time. An OSError, so that Django reads it as an unreadable body."""


def preferred_language(header: str | None) -> str:
    """``fr`` or ``en``, whichever an Accept-Language header names first (French without one)."""
    for part in (header or "").split(","):
        tag = part.split(";")[0].strip().lower()
        if tag.startswith("en"):
            return "en"
        if tag.startswith("fr"):
            return "fr"
    return "fr"


def error_body(code: str, fr: str, en: str, lang: str, field: str = "") -> bytes:
    """The API's error shape, ``{"errors": [{"field", "seat", "code", "message"}]}``, as bytes."""
    return json.dumps({"errors": [{"field": field, "seat": None, "code": code,
                                   "message": en if lang == "en" else fr}]}).encode()


TIMEOUT_MESSAGE = ("Requête incomplète : le corps annoncé n'est pas arrivé à temps.",
                   "Incomplete request: the announced body did not arrive in time.")


def timeout_answer(api: bool, lang: str) -> tuple[str, bytes]:
    """(content type, body) of a 408: JSON under /api/, a short page elsewhere."""
    fr, en = TIMEOUT_MESSAGE
    if api:
        return "application/json", error_body("timeout", fr, en, lang)
    text = en if lang == "en" else fr
    return "text/html; charset=utf-8", (f'<!doctype html><html lang="{lang}"><title>408</title>'
                                        f"<p>{text}</p></html>").encode()


class DeadlineInput:
    """``wsgi.input`` whose reads of the socket end by ``deadline``: past it they raise :class:`BodyTimeout`."""

    def __init__(self, stream, sock: socket.socket, deadline: float):
        self.stream, self.sock, self.deadline = stream, sock, deadline

    def _bounded(self, method, *args):
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise BodyTimeout("request body timeout")
        before = self.sock.gettimeout()
        self.sock.settimeout(remaining)
        try:
            return method(*args)
        except TimeoutError as e:  # socket.timeout
            raise BodyTimeout("request body timeout") from e
        finally:
            try:
                self.sock.settimeout(before)
            except OSError:
                pass

    def read(self, size=None):
        return self._bounded(self.stream.read, size)

    def readline(self, size=None):
        return self._bounded(self.stream.readline, size)

    def readlines(self, hint=None):
        return self._bounded(self.stream.readlines, hint)

    def __iter__(self):
        return iter(self.readline, b"")


def _close_socket(sock: socket.socket) -> None:
    """Ends both directions now, so that the worker's own close does not wait on a stalled client."""
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


class _After:
    """The application's answer, then ``after()`` once it is written (WSGI calls ``close`` after the last byte)."""

    def __init__(self, iterable, after):
        self.iterable, self.after = iterable, after

    def __iter__(self):
        return iter(self.iterable)

    def close(self):
        try:
            if hasattr(self.iterable, "close"):
                self.iterable.close()
        finally:
            self.after()


class BodyDeadline:
    def __init__(self, app, timeout: float | None = None):
        self.app = app
        self._timeout = timeout

    @property
    def timeout(self) -> float:
        if self._timeout is None:
            from django.conf import settings

            self._timeout = float(settings.REQUEST_BODY_TIMEOUT)
        return self._timeout

    def __call__(self, environ, start_response):
        sock = environ.get("gunicorn.socket")
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0  # gunicorn refuses such a request before it gets here
        if sock is None or length <= 0:
            return self.app(environ, start_response)
        started = time.monotonic()
        stream = DeadlineInput(environ["wsgi.input"], sock, started + self.timeout)
        api = (environ.get("PATH_INFO") or "").startswith("/api/")
        if length > self._read_first_max(api):
            environ["wsgi.input"] = stream
            return _After(self.app(environ, start_response), lambda: self._drain(stream, length))
        try:
            environ["wsgi.input"] = self._read(stream, length)
        except BodyTimeout:
            kind, body = timeout_answer(api, preferred_language(environ.get("HTTP_ACCEPT_LANGUAGE")))
            start_response("408 Request Timeout", [("Content-Type", kind), ("Content-Length", str(len(body))),
                                                   ("Cache-Control", "no-store")])
            return _After([body], lambda: _close_socket(sock))
        return self.app(environ, start_response)

    @staticmethod
    def _read_first_max(api: bool) -> int:
        if api:
            from django.conf import settings

            return settings.API_MAX_REQUEST
        return READ_FIRST_MAX

    @staticmethod
    def _read(stream: DeadlineInput, length: int):
        out = io.BytesIO() if length <= IN_MEMORY else tempfile.SpooledTemporaryFile(max_size=IN_MEMORY)
        got = 0
        while got < length:
            chunk = stream.read(min(_STEP, length - got))
            if not chunk:
                break  # the client closed early: the application sees what came, as it would have
            out.write(chunk)
            got += len(chunk)
        out.seek(0)
        return out

    def _drain(self, stream: DeadlineInput, length: int) -> None:
        """Reads what is left of a body the application did not read, within the timeout from now."""
        if length > DRAIN_MAX:
            return  # too much to take in: gunicorn closes the connection
        stream.deadline = time.monotonic() + self.timeout
        try:
            while stream.read(_STEP):
                pass
        except OSError:
            _close_socket(stream.sock)
