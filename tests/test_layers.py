"""Layers, read from the source: which module may import which (function-local imports included).

Groups build on tables, never the reverse; companion/errors.py sits below every app; no module reaches into
another one's private names (``from x import _name``, ``x._name``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import companion

ROOT = Path(companion.__file__).parent
APPS = ("tables", "groups", "pwa", "rulebook")


def module_name(path: Path) -> str:
    if not path.is_relative_to(ROOT.parent):  # a sample written for a test: a module of its own
        return path.stem
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    base = ROOT.parent.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def imports(path: Path) -> list[tuple[str, str | None, int]]:
    """Every import of the file, anywhere in it: ``(module, imported name or None, line)``, relative ones resolved."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out += [(a.name, None, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out += [(module, a.name, node.lineno) for a in node.names]
    return out


def targets(path: Path) -> set[str]:
    """The modules a file imports: ``from a import b`` counts as ``a.b`` when b is a module."""
    out = set()
    for module, name, _line in imports(path):
        out.add(module)
        if name and is_module(f"{module}.{name}"):
            out.add(f"{module}.{name}")
    return out


def sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def test_the_import_reader_sees_function_local_and_relative_imports(tmp_path):
    sample = ROOT / "tables" / "ledger.py"
    found = targets(sample)
    assert "companion.tables.models" in found  # "from .models import …" at the top
    assert "companion.kernel" in found  # "from companion.kernel import InvalidOptions" inside create_table


def test_tables_never_import_groups():
    bad = [f"{p.relative_to(ROOT)}:{line} {module}" for p in sources("tables") for module, _n, line in imports(p)
           if module == "companion.groups" or module.startswith("companion.groups.")]
    assert not bad, bad


def test_errors_imports_no_app():
    found = targets(ROOT / "errors.py")
    bad = sorted(m for m in found if any(m == f"companion.{a}" or m.startswith(f"companion.{a}.") for a in APPS)
                 or m.endswith(".models"))
    assert not bad, bad


def private_uses(path: Path) -> list[str]:
    """``from x import _name`` and ``x._name`` where x is another module of companion."""
    here = module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    modules: dict[str, str] = {}  # local name → module it is bound to
    out = []
    for module, name, line in imports(path):
        if not module.startswith("companion"):
            continue
        if name and name.startswith("_") and not name.startswith("__") and module != here:
            out.append(f"{line}: from {module} import {name}")
        if name and is_module(f"{module}.{name}"):
            modules[name] = f"{module}.{name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom | ast.Import):
            for a in node.names:
                if a.asname and a.name in modules:
                    modules[a.asname] = modules.pop(a.name)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                and node.attr.startswith("_") and not node.attr.startswith("__")):
            out.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return out


def test_no_module_of_tables_or_groups_uses_another_ones_private_names():
    bad = {}
    for folder in ("tables", "groups"):
        for p in sources(folder):
            rel = str(p.relative_to(ROOT))
            if "/migrations/" in rel:
                continue
            found = private_uses(p)
            if found:
                bad[rel] = found
    assert not bad, bad


def test_the_private_name_reader_finds_one(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from companion.tables.views import _sheet_ctx\nfrom companion.tables import ledger\nledger._locked(1)\n")
    found = private_uses(sample)
    assert any("_sheet_ctx" in use for use in found) and any("_locked" in use for use in found), found


def test_the_table_pages_render_no_template_of_the_groups():
    """A table's page draws its chart with the tables' own template and tag library (the groups reuse them)."""
    templates = ROOT.parent / "templates"
    names = [str(node.value) for p in sources("tables") for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)]
    assert not [n for n in names if n.startswith("groups/")]
    bad = [str(p.relative_to(templates)) for p in (templates / "tables").rglob("*.html")
           if "groups/" in p.read_text(encoding="utf-8") or "group_charts" in p.read_text(encoding="utf-8")]
    assert not bad, bad
