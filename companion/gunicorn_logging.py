"""gunicorn's logger with secrets masked (:mod:`companion.logmask`): named by ``gunicorn.conf.py``.

The access log line is built from "atoms" (request line, path, Referer, any header or environ value): each one
``access_log_format`` picks is masked as the line is formatted, whatever the format — only those, not the fifty
others gunicorn gathers for every request (masking them all was a fifth of what a poll cost). Both logs also get
the same filter as Django's logging, which masks the finished line once more.
"""

from __future__ import annotations

from gunicorn.glogging import Logger, SafeAtoms

from .logmask import MaskSecrets, mask


class MaskedAtoms(SafeAtoms):
    """gunicorn's atoms, each masked when the format reads it."""

    def __getitem__(self, k):
        value = super().__getitem__(k)
        return mask(value) if isinstance(value, str) else value


class MaskingLogger(Logger):
    atoms_wrapper_class = MaskedAtoms

    def setup(self, cfg) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            if not any(isinstance(f, MaskSecrets) for f in log.filters):
                log.addFilter(MaskSecrets())
