"""gunicorn's logger with secrets masked (:mod:`companion.logmask`): named by ``gunicorn.conf.py``.

The access log line is built from "atoms" (request line, path, Referer, any header or environ value): every one
of them is masked, whatever ``access_log_format`` picks. The error log gets the same filter as Django's logging.
"""

from __future__ import annotations

from gunicorn.glogging import Logger

from .logmask import MaskSecrets, mask


class MaskingLogger(Logger):
    def setup(self, cfg) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            if not any(isinstance(f, MaskSecrets) for f in log.filters):
                log.addFilter(MaskSecrets())

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {k: mask(v) if isinstance(v, str) else v for k, v in atoms.items()}
