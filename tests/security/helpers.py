"""What the security tests share: one access-log line as the shipped gunicorn configuration writes it."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent.parent


def gunicorn_access_line(tmp_path, path: str, referer: str) -> str:
    """One access-log line, written by the logger the shipped gunicorn.conf.py names, loaded by gunicorn itself."""
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
    resp = mock.Mock(status="304 Not Modified", sent=0, headers=[])
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": path, "SERVER_PROTOCOL": "HTTP/1.1", "PATH_INFO": path,
               "QUERY_STRING": "", "REMOTE_ADDR": "127.0.0.1", "HTTP_REFERER": referer, "HTTP_USER_AGENT": "phone"}
    logger.access(resp, mock.Mock(headers=[("REFERER", referer)]), environ, timedelta(milliseconds=1))
    for h in logger.access_log.handlers:
        h.flush()
    return (tmp_path / "access.log").read_text()
