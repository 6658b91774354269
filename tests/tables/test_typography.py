"""French typography stays in French: the space before a colon belongs to the translated string, never to the page.

"La règle :" is French; "The rule:" is English. A colon typed in a template outside {% translate %} shows the
French space on English pages too, so these templates may not have one, and their English has none.
"""

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from merge_translations import PARTS, parse  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ["games/nain-jaune/entry.html", "games/nain-jaune/extra.html", "games/vicaire/extra.html",
             "games/rami/entry.html", "games/rami/extra.html", "games/rami/lay_checker.html"]
# The English of these templates: the games' own parts (companion/games/<game>/i18n/en.po) and the areas'.
PART_FILES = [p for p in PARTS if p.parent.name == "i18n" and p.parent.parent.name in {"nain_jaune", "vicaire", "rami"}]
def template_path(name: str) -> Path:
    """The file of a template name: ``games/<slug>/<file>`` is in the game's folder, the rest in templates/."""
    if name.startswith("games/"):
        slug, file = name.removeprefix("games/").split("/", 1)
        return ROOT / "companion" / "games" / slug.replace("-", "_") / "templates" / file
    return ROOT / "templates" / name


FRENCH_SPACE = re.compile(r"\s[:;?!](\s|$)")


def untranslated_text(source: str) -> str:
    """What a template shows that no {% translate %} or {% blocktranslate %} goes through."""
    source = re.sub(r"{% blocktranslate.*?{% endblocktranslate %}", " ", source, flags=re.S)
    source = re.sub(r"{%.*?%}|{{.*?}}|{#.*?#}", " ", source, flags=re.S)
    return re.sub(r"<[^>]*>", "", source)


def test_the_check_catches_a_colon_typed_after_a_translated_word():
    assert FRENCH_SPACE.search(untranslated_text('<p>{% translate "La règle" %} : <a href="#x">x</a></p>'))
    assert FRENCH_SPACE.search(untranslated_text("<strong>{{ h.label }}</strong> : {{ h.errors }}"))
    assert not FRENCH_SPACE.search(untranslated_text('<p>{% translate "La règle :" %} <a href="#x">x</a></p>'))


@pytest.mark.parametrize("template", TEMPLATES)
def test_no_colon_is_typed_outside_a_translated_string(template):
    text = untranslated_text(template_path(template).read_text(encoding="utf-8"))
    assert [m.group(0) for m in FRENCH_SPACE.finditer(text)] == []


@pytest.mark.parametrize("part", PART_FILES, ids=lambda p: p.parent.parent.name)
def test_the_english_has_no_space_before_a_colon(part):
    text = part.read_text(encoding="utf-8")
    english = [line for line in text.splitlines() if line.startswith("msgstr")]
    assert english and [line for line in english if FRENCH_SPACE.search(line)] == []


def test_every_string_with_a_colon_in_these_templates_has_its_english():
    english = {}
    for part in PARTS:
        for entry in parse(part.read_text(encoding="utf-8")):
            if entry.get("msgid") and entry.get("msgstr"):
                english[(entry.get("msgctxt"), entry["msgid"])] = entry["msgstr"]
    used = set()
    for template in TEMPLATES:
        source = template_path(template).read_text(encoding="utf-8")
        for double, single, context in re.findall(r"""{% translate (?:"([^"]*)"|'([^']*)')(?: context "([^"]*)")? %}""", source):
            if ":" in double + single:
                used.add((context or None, double + single))
    assert (None, "La règle :") in used
    assert {key: english.get(key) for key in used if FRENCH_SPACE.search(english.get(key) or " : ")} == {}
