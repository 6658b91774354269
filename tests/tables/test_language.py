"""The request's language: one helper (:func:`companion.web.http.lang`) that every page and API answer asks."""

import ast
from pathlib import Path

from django.utils import translation

import companion
from companion.web import http


def test_lang_is_fr_or_en():
    with translation.override("en"):
        assert http.lang() == "en"
    with translation.override("en-gb"):
        assert http.lang() == "en"
    with translation.override("fr"):
        assert http.lang() == "fr"
    with translation.override(None):  # no language active (a management command)
        assert http.lang() == "fr"


def test_no_module_keeps_a_lang_helper_of_its_own():
    root = Path(companion.__file__).parent
    copies = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == "_lang":
                copies.append(f"{path.relative_to(root)}:{node.lineno}")
    assert not copies, copies
