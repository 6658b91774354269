"""Static files minified when ``collectstatic`` gathers them, before whitenoise hashes and compresses them.

Atout's own scripts and stylesheets are written to be read (comments, indentation); what a phone downloads on its
first load needs none of that, and must stay within 60 KB on the wire (tests/browser/test_pwa_budget.py). ``rjsmin``
and ``rcssmin`` only drop comments and whitespace (template literals, strings and regular expressions are kept as they are;
``/*! … */`` comments too); files already minified (``*.min.js``, the vendored libraries) are left alone. In
development (DEBUG) the plain storage serves the files as written. The modules' imports are rewritten to the
hashed names (the patterns of Django's ``support_js_module_import_aggregation``, for Atout's own ``js/`` only).
"""

from __future__ import annotations

import rcssmin
import rjsmin
from django.contrib.staticfiles.storage import HashedFilesMixin
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage


def minified(name: str, text: str) -> str | None:
    """``text`` minified when ``name`` is one of Atout's own .js or .css files, else None."""
    if ".min." in name or name.startswith("vendor/") or "/vendor/" in name:
        return None
    if name.endswith(".js"):
        return rjsmin.jsmin(text, keep_bang_comments=True)
    if name.endswith(".css"):
        return rcssmin.cssmin(text, keep_bang_comments=True)
    return None


class MinifiedManifestStaticFilesStorage(CompressedManifestStaticFilesStorage):
    # Atout's scripts are ES modules (static/js/atout/…): their imports ("./live.js") name the hashed copies too,
    # so that a page never mixes the modules of two versions and every module is served with a long cache life.
    # Only in js/ (Atout's own): a third-party file's imports (django-htmx's extensions) are left as they are.
    patterns = (*CompressedManifestStaticFilesStorage.patterns,
                ("js/*.js", HashedFilesMixin._js_module_import_aggregation_patterns[1]))

    def _save(self, name, content):
        if name.endswith((".js", ".css")):
            if hasattr(content, "seek"):
                content.seek(0)  # the hashed copy's content was read once already, to work out its hash
            raw = content.read()
            try:
                small = minified(name, raw.decode("utf-8"))
            except UnicodeDecodeError:
                small = None
            content = ContentFile(raw if small is None else small.encode("utf-8"))
        return super()._save(name, content)
