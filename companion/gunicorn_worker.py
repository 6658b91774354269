"""gunicorn's gthread worker, with each request read whole before a thread takes it, and its own errors in JSON
under ``/api/``. Named by ``gunicorn.conf.py`` (``worker_class``).

A plain gthread worker gives a connection a thread as soon as its first bytes arrive; the thread then blocks
until the request's headers and body are in. Twelve clients announcing a 100-byte body and sending one byte held
every thread of five workers × two, and ``/healthz`` went unanswered. Here the worker's main loop gathers a
request without blocking (headers, then a body of up to :data:`BUFFER_MAX` bytes, ``Content-Length`` or chunked)
and hands it to a thread only once it is whole: slow clients cost a buffer each, not a thread. A request not in
within :setting:`REQUEST_BODY_TIMEOUT` seconds of its first byte is answered ``408`` and closed; a header block
over :data:`HEADERS_MAX` is answered ``431``. A larger body goes to a thread as it comes, and
:mod:`companion.transport` bounds its reads by the same timeout. Production still runs behind a buffering proxy
(README, "Production"): this is the second line.

gunicorn answers a request it cannot parse itself (414 request line too long, 431 header fields too large, 400
for a bad ``Content-Length``), before Django, with an HTML page. Under ``/api/`` the answer is the API's JSON
instead (``{"errors": [{"field", "seat", "code", "message"}]}``), in the request's language, same status.

TLS and HTTP/2 connections (not used: the proxy terminates TLS) are served as the plain gthread worker does.
"""

from __future__ import annotations

import errno
import re
import selectors
import socket
import threading
import time
from collections import deque
from functools import partial

from gunicorn.http.errors import InvalidHeader
from gunicorn.http2 import negotiation
from gunicorn.workers.gthread import ThreadWorker

from .transport import error_body, preferred_language, timeout_answer

# Bodies gathered before a thread takes the request: every JSON endpoint's limit (settings.API_MAX_BODY) and
# any form of the site. A larger one (a history import) is read by its thread, within the body timeout.
BUFFER_MAX = 64 * 1024
# Larger header blocks are refused (nginx's default large_client_header_buffers holds 32 KiB).
HEADERS_MAX = 64 * 1024
_RECV = 64 * 1024

_API_LINE = re.compile(rb"^[!#$%&'*+.^_`|~0-9A-Za-z-]+ +(?:[A-Za-z][A-Za-z0-9+.-]*://[^/\s]*)?/api/")
_HEADER_END = re.compile(rb"\r?\n\r?\n")

# The API's messages for gunicorn's own refusals, by status.
_MESSAGES = {
    400: ("bad_request", "Requête invalide (ligne de requête ou en-têtes illisibles).",
          "Bad request (unreadable request line or headers)."),
    403: ("forbidden", "Accès refusé.", "Access denied."),
    414: ("uri_too_long", "Adresse trop longue.", "Request address too long."),
    417: ("expectation_failed", "En-tête Expect non pris en charge.", "Unsupported Expect header."),
    431: ("headers_too_large", "En-têtes de la requête trop volumineux.", "Request headers too large."),
    500: ("server_error", "Erreur du serveur.", "Server error."),
    501: ("not_implemented", "Codage de transfert non pris en charge.", "Unsupported transfer coding."),
}
_BAD_LENGTH = ("bad_length", "En-tête Content-Length invalide.", "Invalid Content-Length header.")
_REASONS = {408: "Request Timeout", 431: "Request Header Fields Too Large"}


class _Head:
    """What the main loop learnt of a connection's current request from its first bytes."""

    __slots__ = ("api", "lang")

    def __init__(self, api: bool = False, lang: str = "fr"):
        self.api, self.lang = api, lang


def _parse_head(head: bytes) -> tuple[_Head, dict[bytes, list[bytes]]]:
    lines = head.split(b"\n")
    fields: dict[bytes, list[bytes]] = {}
    for line in lines[1:]:
        name, sep, value = line.partition(b":")
        if sep:
            fields.setdefault(name.strip().lower(), []).append(value.strip())
    lang = preferred_language(b",".join(fields.get(b"accept-language", [])).decode("latin-1"))
    return _Head(bool(_API_LINE.match(lines[0])), lang), fields


def _chunked_end(data: bytes | bytearray, start: int) -> int | None:
    """Where a chunked body that starts at ``start`` ends (after its trailers); None while it is not all there,
    -1 when it cannot be read (gunicorn's parser then says why)."""
    at = start
    while True:
        line_end = data.find(b"\n", at)
        if line_end < 0:
            return None
        try:
            size = int(bytes(data[at:line_end]).split(b";")[0].strip(), 16)
        except ValueError:
            return -1
        at = line_end + 1
        if size == 0:  # the last chunk, then trailer lines and an empty line
            if data[at:at + 2] == b"\r\n":
                return at + 2
            if data[at:at + 1] == b"\n":
                return at + 1
            trailers = _HEADER_END.search(data, at)
            return trailers.end() if trailers else None
        at += size + 2  # the chunk and its CRLF
        if at > len(data):
            return None


class BufferingWorker(ThreadWorker):
    def run(self):
        from django.conf import settings

        self.body_timeout = float(getattr(settings, "REQUEST_BODY_TIMEOUT", 10))
        self.gathering: deque = deque()  # connections whose request is coming in, oldest first
        self._current = threading.local()  # the request a thread serves, for handle_error
        super().run()

    # -- gathering a request in the main loop ------------------------------------------------------------------
    def _gathers(self, conn) -> bool:
        return not (self.cfg.is_ssl or conn.is_http2 or negotiation.prior_knowledge_allowed(self.cfg, conn.client))

    def enqueue_req(self, conn):
        if not self._gathers(conn):
            return super().enqueue_req(conn)
        if not hasattr(conn, "pending_bytes"):
            conn.pending_bytes = bytearray()
            conn.head = _Head()
            conn.continued = False
        if conn.parser is not None:
            # A kept-alive connection: bytes of this request the last one's parser already read come first.
            conn.pending_bytes[:0] = conn.parser.unreader.take_buffered()
        conn.deadline = time.monotonic() + self.body_timeout
        conn.sock.setblocking(False)
        then = self._receive(conn)
        if then is None:
            self.gathering.append(conn)
            self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._on_readable, conn))
        else:
            then()
        return None

    def _on_readable(self, conn, _sock):
        then = self._receive(conn)
        if then is not None:
            self.poller.unregister(conn.sock)
            self.gathering.remove(conn)
            then()

    def _receive(self, conn):
        """Reads what the socket holds. None while the request is not all in, else what to do next: hand it
        to a thread, refuse it, or drop the connection (closed by the client before a byte)."""
        while True:
            try:
                data = conn.sock.recv(_RECV)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                data = b""
            if not data:
                if conn.pending_bytes:  # closed after a part: gunicorn's parser reads what came, and says so
                    return partial(ThreadWorker.enqueue_req, self, conn)
                return partial(self._drop, conn)
            conn.pending_bytes += data
            if len(data) < _RECV:
                break
        verdict = self._verdict(conn)
        if verdict is None:
            return None
        if verdict == 431:
            return partial(self._refuse, conn, 431)
        return partial(ThreadWorker.enqueue_req, self, conn)

    def _drop(self, conn) -> None:
        self.nr_conns -= 1
        conn.close()

    def _verdict(self, conn) -> int | None:
        """None while the request is not all in; 431 for too large a header block; 0 to hand it on."""
        data = conn.pending_bytes
        conn.head = _Head(bool(_API_LINE.match(data)))  # from the request line, until the headers are all in
        end = _HEADER_END.search(data)
        if end is None or end.start() > HEADERS_MAX:
            if end is None and data.find(b"\n") < 0 and len(data) > self.cfg.limit_request_line + 2:
                return 0  # gunicorn answers 414
            if len(data) <= HEADERS_MAX:
                return None
            conn.head, _fields = _parse_head(bytes(data[:HEADERS_MAX]))  # for the answer's language and kind
            return 431
        conn.head, fields = _parse_head(bytes(data[:end.start()]))
        coding = b",".join(fields.get(b"transfer-encoding", [])).lower()
        if b"chunked" in coding:
            body_end = _chunked_end(data, end.end())
            return None if body_end is None and len(data) - end.end() <= BUFFER_MAX else 0
        length = fields.get(b"content-length", [b"0"])
        if len(length) != 1 or not length[0].isdigit():
            return 0  # gunicorn answers 400
        if len(data) >= end.end() + int(length[0]) or int(length[0]) > BUFFER_MAX:
            return 0
        if b"100-continue" in b",".join(fields.get(b"expect", [])).lower() and not conn.continued:
            # The client waits for this before it sends its body. gunicorn's own comes when a thread takes the
            # request: the header is taken out, it has been answered.
            conn.continued = True
            try:
                conn.sock.send(b"HTTP/1.1 100 Continue\r\n\r\n")
            except OSError:
                pass
            conn.pending_bytes[:end.end()] = re.sub(rb"(?im)^expect:[^\n]*\n", b"", bytes(data[:end.end()]))
        return None

    def murder_pending(self):
        super().murder_pending()
        now = time.monotonic()
        while self.gathering and self.gathering[0].deadline <= now:
            conn = self.gathering.popleft()
            try:
                self.poller.unregister(conn.sock)
            except (KeyError, ValueError, OSError):
                pass
            if conn.pending_bytes:
                self.log.info("Request not received within %gs from ip=%s: 408", self.body_timeout,
                              conn.client[0] if isinstance(conn.client, tuple) else conn.client)
                self._refuse(conn, 408)
            else:
                self.nr_conns -= 1
                conn.close()

    def _refuse(self, conn, status: int) -> None:
        """Answers ``status`` from the main loop and closes (never waiting on the client)."""
        self.nr_conns -= 1
        head = conn.head
        if head.api:
            kind = "application/json"
            if status == 408:
                kind, body = timeout_answer(True, head.lang)
            else:
                code, fr, en = _MESSAGES[status]
                body = error_body(code, fr, en, head.lang)
        elif status == 408:
            kind, body = timeout_answer(False, head.lang)
        else:
            kind, body = "text/html; charset=utf-8", b"<!doctype html><title>431</title><p>Request Header Fields Too Large</p>"
        answer = (f"HTTP/1.1 {status} {_REASONS[status]}\r\nConnection: close\r\nContent-Type: {kind}\r\n"
                  f"Content-Length: {len(body)}\r\nCache-Control: no-store\r\n\r\n").encode() + body
        try:
            conn.sock.send(answer)
            conn.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        conn.close()

    # -- in the thread ------------------------------------------------------------------------------------------
    def handle(self, conn):
        pending = getattr(conn, "pending_bytes", None)
        self._current.head = getattr(conn, "head", None)
        if pending:
            conn.sock.setblocking(True)
            conn.init()
            conn.parser.unreader.unread(bytes(pending))
            conn.pending_bytes = bytearray()
            conn.data_ready = True
            conn.continued = False
        return super().handle(conn)

    def handle_error(self, req, client, addr, exc):
        head = getattr(self._current, "head", None)
        path = getattr(req, "path", None)
        api = path.startswith("/api/") if isinstance(path, str) else bool(head and head.api)
        if not api:
            return super().handle_error(req, client, addr, exc)
        capture = _Captured(client)
        super().handle_error(req, capture, addr, exc)
        status = capture.status()
        if status is None:
            return None
        lang = head.lang if head else "fr"
        if isinstance(exc, InvalidHeader) and "CONTENT-LENGTH" in str(exc).upper():
            code, fr, en = _BAD_LENGTH
            body = error_body(code, fr, en, lang, field="Content-Length")
        else:
            code, fr, en = _MESSAGES.get(status) or (str(status), f"Erreur {status}.", f"Error {status}.")
            body = error_body(code, fr, en, lang)
        answer = (f"HTTP/1.1 {status} {capture.reason()}\r\nConnection: close\r\nContent-Type: application/json\r\n"
                  f"Content-Length: {len(body)}\r\n\r\n").encode() + body
        try:
            client.setblocking(False)
            try:
                client.sendall(answer)
            finally:
                client.setblocking(True)
        except OSError as e:
            if e.errno not in (errno.EPIPE, errno.ECONNRESET, errno.EAGAIN):
                self.log.debug("Failed to send error message.")
        return None


class _Captured:
    """Stands for the client's socket while gunicorn writes its HTML error page: keeps the page, sends nothing."""

    def __init__(self, sock):
        self._sock = sock
        self._data = b""

    def __getattr__(self, name):
        return getattr(self._sock, name)

    def send(self, data, *args):
        self._data += bytes(data)
        return len(data)

    def sendall(self, data, *args):
        self._data += bytes(data)

    def _status_line(self) -> list[str]:
        return self._data.split(b"\r\n", 1)[0].decode("latin-1").split(" ", 2)

    def status(self) -> int | None:
        parts = self._status_line()
        return int(parts[1]) if len(parts) >= 2 and parts[1].isdigit() else None

    def reason(self) -> str:
        parts = self._status_line()
        return parts[2] if len(parts) == 3 else ""
