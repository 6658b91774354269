"""A live server the browser tests can switch off and on again on the same address.

pytest-django's ``live_server`` lives for the whole session; to test what a phone does when the network goes,
the server must really go away (the page's service worker and fetches then fail as they would on a phone) and
come back on the same origin (the service worker and IndexedDB belong to the origin).

Stopping also cuts the connections already open: browsers keep them alive and would otherwise still be served.

``served`` lists every answer sent (method, path, bytes on the wire: status line, headers and body as sent,
so compressed when compressed), whoever asked: the page, its scripts or its service worker.
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass

from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.core.servers.basehttp import ThreadedWSGIServer
from django.db import connections
from django.test.testcases import LiveServerThread


class _CuttableServer(ThreadedWSGIServer):
    # Request threads are joined on close, so none still uses the shared test connection once stopped.
    daemon_threads = False
    block_on_close = True

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()

    def process_request(self, request, client_address):
        with self._lock:
            self._open.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request):
        with self._lock:
            self._open.discard(request)
        super().shutdown_request(request)

    def cut(self) -> None:
        with self._lock:
            sockets = list(self._open)
        for s in sockets:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


@dataclass(frozen=True)
class Served:
    method: str
    path: str
    bytes: int


class _CountingWriter:
    """The response stream of one connection, counting what is written to it."""

    def __init__(self, inner):
        self._inner = inner
        self.count = 0

    def write(self, data):
        self.count += len(data)
        return self._inner.write(data)

    def __getattr__(self, name):
        return getattr(self._inner, name)


class _Thread(LiveServerThread):
    server_class = _CuttableServer
    served: list[Served] | None = None

    def _create_server(self, connections_override=None):
        server = self.server_class((self.host, self.port), _counting_handler(), allow_reuse_address=True,
                                   connections_override=connections_override)
        server.served = self.served
        return server

    def terminate(self):
        if hasattr(self, "httpd"):
            self.httpd.shutdown()
            self.httpd.cut()
            self.httpd.server_close()
        self.join()


def _counting_handler():
    from django.test.testcases import QuietWSGIRequestHandler

    class CountingHandler(QuietWSGIRequestHandler):
        def setup(self):
            super().setup()
            self.wfile = _CountingWriter(self.wfile)

        def handle_one_request(self):
            self.wfile.count = 0
            super().handle_one_request()
            served = getattr(self.server, "served", None)
            if self.wfile.count and served is not None:
                served.append(Served(self.command, self.path, self.wfile.count))

    return CountingHandler


def _plain(app):
    """No static-file interception: the app's own middleware (whitenoise) serves them, as in production."""
    return app


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SwitchableServer:
    """``start()`` / ``stop()`` a live server on one fixed port; ``url`` stays the same."""

    def __init__(self, whitenoise: bool = False):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._static_handler = _plain if whitenoise else StaticFilesHandler
        self._thread: _Thread | None = None
        self.served: list[Served] = []
        # Django's SQLite test database lives in memory: the server thread must share the test's connection.
        self._shared = {}
        for conn in connections.all():
            if conn.vendor == "sqlite" and conn.is_in_memory_db():
                self._shared[conn.alias] = conn

    def start(self) -> None:
        for conn in self._shared.values():
            conn.inc_thread_sharing()
        self._thread = _Thread("127.0.0.1", self._static_handler, connections_override=self._shared or None,
                               port=self.port)
        self._thread.served = self.served
        self._thread.daemon = True
        self._thread.start()
        self._thread.is_ready.wait()
        if self._thread.error:
            raise self._thread.error

    def stop(self) -> None:
        if self._thread is None:
            return
        self._thread.terminate()
        self._thread = None
        for conn in self._shared.values():
            conn.dec_thread_sharing()

    @property
    def running(self) -> bool:
        return self._thread is not None
