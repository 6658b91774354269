"""Tests take what they share from the helper modules (tests/helpers.py, tests/<area>/helpers.py, the factories),
never from another test module: a test file can then move, or be run alone, without breaking another."""

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
TEST_MODULE = re.compile(r"(^|\.)test_\w+$")


def imported_test_modules(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and TEST_MODULE.search(node.module):
            out.append(f"{node.lineno}: from {'.' * node.level}{node.module}")
        elif isinstance(node, ast.Import):
            out += [f"{node.lineno}: import {a.name}" for a in node.names if TEST_MODULE.search(a.name)]
    return out


def test_the_reader_sees_an_import_of_a_test_module(tmp_path):
    sample = tmp_path / "test_sample.py"
    sample.write_text("from tests.perf.helpers import free_port\nfrom tests.perf.test_killed_server import start\n"
                      "from .test_other import x\n")
    assert imported_test_modules(sample) == ["2: from tests.perf.test_killed_server", "3: from .test_other"]


def test_no_test_module_imports_another():
    found = {str(p.relative_to(TESTS)): imported_test_modules(p) for p in sorted(TESTS.rglob("*.py"))}
    assert not {k: v for k, v in found.items() if v}
