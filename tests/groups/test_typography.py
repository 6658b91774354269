"""The French space before a colon belongs to the translated string, never to the group pages' templates.

"Ligne 2 : …" is French, "Line 2: …" English: a colon typed outside {% translate %} would show the French space
on English pages too.
"""

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from merge_translations import parse  # noqa: E402

# The chart templates the group page includes (they sit with the tables, whose sheets draw them too).
TEMPLATES = sorted((ROOT / "templates/groups").glob("*.html")) + [ROOT / "templates/tables/_chart.html",
                                                                  ROOT / "templates/tables/_chart_svg.html"]
FRENCH_SPACE = re.compile(r"\s[:;?!](\s|$)")


def untranslated_text(source: str) -> str:
    """What a template shows that no {% translate %} or {% blocktranslate %} goes through."""
    source = re.sub(r"{% blocktranslate.*?{% endblocktranslate %}", " ", source, flags=re.S)
    source = re.sub(r"{%.*?%}|{{.*?}}|{#.*?#}", " ", source, flags=re.S)
    return re.sub(r"<[^>]*>", "", source)


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.name)
def test_no_colon_is_typed_outside_a_translated_string(template):
    text = untranslated_text(template.read_text(encoding="utf-8"))
    assert [m.group(0) for m in FRENCH_SPACE.finditer(text)] == []


def test_the_english_of_the_groups_has_no_space_before_a_colon():
    entries = [e for e in parse((ROOT / "locale/en/parts/groups.po").read_text(encoding="utf-8")) if e.get("msgid")]
    english = [v for e in entries for k, v in e.items() if k.startswith("msgstr")]
    assert english and [v for v in english if FRENCH_SPACE.search(v)] == []


def test_a_line_problem_is_translated_whole_with_its_colon():
    entries = {e["msgid"]: e.get("msgstr") for e in parse((ROOT / "locale/en/parts/groups.po").read_text(encoding="utf-8"))
               if e.get("msgid")}
    assert entries["Ligne %(n)s : %(message)s"] == "Line %(n)s: %(message)s"
