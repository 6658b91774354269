"""The rulebook's entries: Markdown files per game and language, rendered once and cached.

Each game's file ``companion/games/<package>/rulebook/<lang>.md`` has a ``# Title`` line, then the nine sections of :data:`SECTION_KEYS` as
``## key`` lines, in that order. A line holding only ``{{table:<key>}}`` is replaced by the rules model's
:class:`RuleTable` of that key, and ``{{value:<key>}}`` anywhere in the text by the model's value of that key
(:meth:`GameInfo.value`), so the rulebook shows the very numbers the score sheet uses. An unknown key is left
visible, logged and reported in :attr:`Entry.problems` (the content tests fail on it).

Rendering walks the Markdown tree once and also cuts the entry into *passages* (a section's opening text, then
one passage per sub-heading) that the search index is built from. Nothing here imports Django: the views wrap
the HTML, the benchmark and tests can load entries directly.
"""

from __future__ import annotations

import logging
import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

from companion.games import registry
from companion.kernel.errors import UnknownGame
from companion.kernel.game import GameInfo, RuleTable
from companion.kernel.text import LANGUAGES, T, Text, signed

log = logging.getLogger(__name__)

# Each game's rulebook texts are in its own folder (companion/games/<package>/rulebook/<lang>.md); the common page
# in this app's guide/<lang>.md.
GUIDE_DIR = Path(__file__).resolve().parent / "guide"

SECTION_KEYS = ("short", "players", "cards", "deal", "play", "scoring", "end", "variants", "disputes")
SECTION_TITLES: dict[str, Text] = {
    "short": T("En bref", "In short"),
    "players": T("Joueurs et matériel", "Players and cards"),
    "cards": T("Ordre et valeur des cartes", "Card order and values"),
    "deal": T("La donne", "The deal"),
    "play": T("Déroulement du jeu", "How a turn goes"),
    "scoring": T("Fin de donne et décompte", "End of a deal and scoring"),
    "end": T("Fin de partie", "End of the game"),
    "variants": T("Variantes et règles maison", "Variants and house rules"),
    "disputes": T("Points litigieux", "Disputed points"),
}
# Short labels for the jump menu at the top of an entry (it must fit a 360 px screen).
SECTION_MENU: dict[str, Text] = {
    "short": T("En bref", "Short"),
    "players": T("Joueurs", "Players"),
    "cards": T("Cartes", "Cards"),
    "deal": T("Donne", "Deal"),
    "play": T("Jeu", "Play"),
    "scoring": T("Marque", "Scoring"),
    "end": T("Fin", "End"),
    "variants": T("Variantes", "Variants"),
    "disputes": T("Litiges", "Disputes"),
}
# Model tables that no ``{{table:…}}`` line places are still shown, at the end of this section.
UNPLACED_TABLES_SECTION = "cards"
# Whether Atout keeps the score of a game is said at the end of this section, from the registry (never by hand).
SHEET_NOTE_SECTION = "players"
SHEET_NOTES: dict[bool, Text] = {
    True: T("Atout tient la feuille de marque de ce jeu : ouvrez une nouvelle table, il compte les points pour vous.",
            "Atout keeps the score sheet of this game: open a new table and it counts the points for you."),
    False: T("Atout n'a pas encore de feuille de marque pour ce jeu : notez les points sur papier.",
             "Atout has no score sheet for this game yet: keep the score on paper."),
}
# The rulebook's common page, "how Atout counts": the conventions every game page relies on (first dealer…).
GUIDE = "_atout"

_SECTION_LINE = re.compile(r"^##[ \t]+(\S+)[ \t]*$", re.M)
_TITLE_LINE = re.compile(r"\A\s*#[ \t]+(.+?)[ \t]*$", re.M)
_TABLE_LINE = re.compile(r"^\{\{table:([a-z0-9_]+)\}\}$")
_EXPLICIT_ANCHOR = re.compile(r"\{#([A-Za-z0-9_-]+)\}")
VALUE_PATTERN = r"\{\{value:([a-z0-9_]+)\}\}"


def section_anchor(key: str) -> str:
    return f"section-{key}"


def norm_lang(lang: str | None) -> str:
    return "en" if (lang or "fr").lower().startswith("en") else "fr"


@dataclass(frozen=True)
class Heading:
    anchor: str
    title: str
    level: int


@dataclass(frozen=True)
class Passage:
    """A piece of an entry the search can point to: a section's opening text or one sub-heading's text."""

    section: str
    anchor: str
    title: str  # the sub-heading, or the section title for a section's opening text
    text: str  # plain text, tables included


@dataclass(frozen=True)
class Section:
    key: str
    anchor: str
    title: str
    menu: str
    html: str
    headings: tuple[Heading, ...]


@dataclass(frozen=True)
class Entry:
    slug: str
    lang: str  # the language asked for
    content_lang: str | None  # the language of the text shown (None: no text yet, only the model's data)
    title: str
    sections: tuple[Section, ...]
    passages: tuple[Passage, ...]
    anchors: dict[str, str]  # every anchor of the page -> its heading text
    tables_placed: tuple[str, ...]  # model tables placed by a {{table:…}} line
    tables_missing: tuple[str, ...]  # {{table:…}} keys the model does not have
    problems: tuple[str, ...] = field(default=())  # format problems of the file (wrong or missing sections…)
    values_placed: tuple[str, ...] = ()  # model values placed by {{value:…}}, in order
    values_missing: tuple[str, ...] = ()  # {{value:…}} keys the model does not have
    scored: bool = False  # the game has a score sheet (the players section says so)

    @property
    def fallback(self) -> bool:
        """True when the text shown is in another language than the one asked for (or missing)."""
        return self.content_lang != self.lang


# -- parsing ---------------------------------------------------------------------------------------------------
def parse(text: str) -> tuple[str, dict[str, str], list[str]]:
    """Title, section bodies by key and the format problems of one content file."""
    problems: list[str] = []
    m = _TITLE_LINE.match(text)
    title = m.group(1).strip() if m else ""
    if not title:
        problems.append("the file does not start with a '# Title' line")
    parts = _SECTION_LINE.split(text)
    # parts: [preamble, key1, body1, key2, body2, …]
    keys = parts[1::2]
    bodies = parts[2::2]
    sections: dict[str, str] = {}
    for key, body in zip(keys, bodies, strict=True):
        if key not in SECTION_KEYS:
            problems.append(f"unknown section '## {key}'")
            continue
        if key in sections:
            problems.append(f"section '## {key}' appears twice")
            continue
        sections[key] = body.strip("\n")
    known = [k for k in keys if k in SECTION_KEYS]
    if known != [k for k in SECTION_KEYS if k in known]:
        problems.append("sections are not in the order " + ", ".join(SECTION_KEYS))
    for key in SECTION_KEYS:
        if key not in sections:
            problems.append(f"section '## {key}' is missing")
        elif not sections[key].strip():
            problems.append(f"section '## {key}' is empty")
    return title, sections, problems


def explicit_anchors(text: str) -> list[str]:
    """The ``{#anchor}`` ids written in a content file, in order."""
    return _EXPLICIT_ANCHOR.findall(text)


# -- rendering -------------------------------------------------------------------------------------------------
SCROLL_CUE = T("Faites défiler →", "Scroll sideways →")


def scroll_wrap(table: etree.Element, lang: str) -> etree.Element:
    """A table in a box that scrolls sideways on a narrow screen, with its cue.

    The box fades at the edge where more columns hide (CSS only); ``static/js/rulebook.js`` marks the boxes whose
    table is wider than the screen, which shows the "Faites défiler →" line under them until the end is reached.
    The box can take the focus, so the keyboard scrolls it too.
    """
    caption = table.find("caption")
    label = _text_of(caption) if caption is not None else SCROLL_CUE.get(lang)
    wide = etree.Element("div", {"class": "table-wide"})
    box = etree.SubElement(wide, "div", {"class": "table-scroll", "tabindex": "0", "role": "region", "aria-label": label})
    box.append(table)
    cue = etree.SubElement(wide, "p", {"class": "scroll-cue", "aria-hidden": "true"})
    cue.text = SCROLL_CUE.get(lang)
    return wide


def table_element(table: RuleTable, lang: str) -> etree.Element:
    """The HTML of a model table (cells escaped when serialised), in its sideways-scrolling box."""
    el = etree.Element("table", {"class": "rule-table", "data-table": table.key})
    caption = etree.SubElement(el, "caption")
    caption.text = table.title.get(lang)
    head = etree.SubElement(etree.SubElement(el, "thead"), "tr")
    for col in table.columns:
        th = etree.SubElement(head, "th", {"scope": "col"})
        th.text = table.cell(col, lang)
    body = etree.SubElement(el, "tbody")
    for row in table.rows:
        tr = etree.SubElement(body, "tr")
        for i, value in enumerate(row):
            cell = etree.SubElement(tr, "th", {"scope": "row"}) if i == 0 else etree.SubElement(tr, "td")
            cell.text = table.cell(value, lang)
    return scroll_wrap(el, lang)


ESSENTIALS = T("L'essentiel des points", "The scoring at a glance")


def essentials_html(info: GameInfo, lang: str) -> str:
    """The game's one-screen summary of its scoring numbers (:attr:`GameInfo.essentials`): its model tables, each
    at ``#essentiel-<key>`` (where the entry form's "?" links lead); empty for a game that names none."""
    out = []
    for key in info.essentials:
        wide = table_element(info.table(key), lang)
        wide.set("id", f"essentiel-{key}")
        out.append(etree.tostring(wide, encoding="unicode", method="html"))
    return "".join(out)


def format_value(value: Any, lang: str) -> str:
    """A model value as the prose shows it: Text in the page's language, whole numbers with a true minus sign."""
    if isinstance(value, Text):
        return value.get(lang)
    return signed(value)


def table_text(table: RuleTable, lang: str) -> str:
    parts = [table.title.get(lang), *(table.cell(c, lang) for c in table.columns)]
    for row in table.rows:
        parts.extend(table.cell(v, lang) for v in row)
    return " ".join(p for p in parts if p)


_STASHED = re.compile("\x02[^\x03]*\x03")  # markdown's placeholders for raw inline HTML


def _text_of(el: etree.Element) -> str:
    return " ".join(_STASHED.sub(" ", "".join(el.itertext())).split())


class _Builder:
    """What one entry's rendering collects across its sections."""

    def __init__(self, info: GameInfo | None, lang: str):
        self.info = info
        self.lang = lang
        self.section = ""
        self.used_ids: set[str] = set()
        self.headings: list[Heading] = []
        self.passages: list[Passage] = []
        self.placed: list[str] = []
        self.missing: list[str] = []
        self.values_placed: list[str] = []
        self.values_missing: list[str] = []

    def model_table(self, key: str) -> RuleTable | None:
        if self.info is None:
            return None
        try:
            return self.info.table(key)
        except KeyError:
            return None

    def model_value(self, key: str) -> tuple[bool, Any]:
        if self.info is None:
            return False, None
        try:
            return True, self.info.value(key)
        except KeyError:
            return False, None

    def unique(self, anchor: str) -> str:
        base, n = anchor, 2
        while anchor in self.used_ids:
            anchor = f"{base}-{n}"
            n += 1
        self.used_ids.add(anchor)
        return anchor


class _EntryTreeprocessor(Treeprocessor):
    def __init__(self, md, builder: _Builder):
        super().__init__(md)
        self.b = builder

    def run(self, root: etree.Element) -> None:
        b = self.b
        key = b.section
        title = SECTION_TITLES[key].get(b.lang)
        current = Passage(key, section_anchor(key), title, "")
        texts: list[str] = []
        headings_here = 0

        def flush():
            b.passages.append(Passage(current.section, current.anchor, current.title, " ".join(t for t in texts if t)))

        for i, el in enumerate(list(root)):
            tag = el.tag
            if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
                if tag in ("h1", "h2"):  # only the nine section lines are h2: demote stray ones
                    el.tag = tag = "h3"
                headings_here += 1
                anchor = el.get("id") or f"{key}-{headings_here}"
                anchor = b.unique(anchor)
                el.set("id", anchor)
                heading = Heading(anchor, _text_of(el), int(tag[1]))
                b.headings.append(heading)
                flush()
                current = Passage(key, anchor, heading.title, "")
                texts = []
            elif tag == "p" and len(el) == 0 and el.text and _TABLE_LINE.match(el.text.strip()):
                table_key = _TABLE_LINE.match(el.text.strip()).group(1)
                table = b.model_table(table_key)
                if table is None:
                    b.missing.append(table_key)
                    log.warning("rulebook %s/%s: no model table %r", b.lang, b.info.slug if b.info else "?", table_key)
                    el.text = ""
                    el.set("class", "missing-table")
                    continue
                b.placed.append(table_key)
                root.remove(el)
                root.insert(i, table_element(table, b.lang))
                texts.append(table_text(table, b.lang))
            elif tag == "table":  # a pipe table written in the text: let it scroll sideways on a phone
                root.remove(el)
                root.insert(i, scroll_wrap(el, b.lang))
                texts.append(_text_of(el))
            else:
                texts.append(_text_of(el))
        flush()


class _ValueInlineProcessor(InlineProcessor):
    """``{{value:key}}`` → ``<span class="rule-value" data-value="key">65</span>`` (the model's value)."""

    def __init__(self, md, builder: _Builder):
        super().__init__(VALUE_PATTERN, md)
        self.b = builder

    def handleMatch(self, m, data):  # noqa: N802 (markdown's API)
        b = self.b
        key = m.group(1)
        found, value = b.model_value(key)
        if not found:
            b.values_missing.append(key)
            log.warning("rulebook %s/%s: no model value %r", b.lang, b.info.slug if b.info else "?", key)
            el = etree.Element("span", {"class": "missing-value"})
            el.text = AtomicString(m.group(0))
        else:
            b.values_placed.append(key)
            el = etree.Element("span", {"class": "rule-value", "data-value": key})
            el.text = AtomicString(format_value(value, b.lang))
        return el, m.start(0), m.end(0)


class _EntryExtension(Extension):
    def __init__(self, builder: _Builder):
        super().__init__()
        self.builder = builder

    def extendMarkdown(self, md):  # noqa: N802 (markdown's API)
        # Before every other inline pattern (backticks are 190), so nothing reads inside a placeholder.
        md.inlinePatterns.register(_ValueInlineProcessor(md, self.builder), "atout_value", 200)
        # After attr_list (8), which sets explicit ids, and after unescape (0), so the text is final.
        md.treeprocessors.register(_EntryTreeprocessor(md, self.builder), "atout_entry", -1)


def _render(slug: str, lang: str, content_lang: str | None, text: str | None) -> Entry:
    try:
        info: GameInfo | None = registry.info(slug)
    except (UnknownGame, KeyError):
        info = None
    shown_lang = content_lang or lang
    builder = _Builder(info, shown_lang)
    md = markdown.Markdown(extensions=["attr_list", "tables", "sane_lists", _EntryExtension(builder)],
                           output_format="html")
    if text is not None:
        title, bodies, problems = parse(text)
    else:
        title, problems = "", ["no content file"]
        bodies = {"short": info.summary.get(lang) if info else ""}
    if info is not None and not title:
        title = info.names.get(lang)
    builder.used_ids.update(section_anchor(k) for k in SECTION_KEYS)
    htmls: dict[str, str] = {}
    heading_spans: dict[str, tuple[int, int]] = {}
    for key in SECTION_KEYS:
        body = bodies.get(key, "")
        builder.section = key
        start = len(builder.headings)
        md.reset()
        htmls[key] = md.convert(body)
        heading_spans[key] = (start, len(builder.headings))
    # Model tables no line places (or every table, while a game has no text yet) close the "cards" section.
    if info is not None:
        unplaced = [t for t in info.tables if t.key not in builder.placed]
        if unplaced:
            extra = "\n".join(etree.tostring(table_element(t, shown_lang), encoding="unicode", method="html")
                              for t in unplaced)
            htmls[UNPLACED_TABLES_SECTION] += "\n" + extra
            extra_text = " ".join(table_text(t, shown_lang) for t in unplaced)
            for i, p in enumerate(builder.passages):
                if p.anchor == section_anchor(UNPLACED_TABLES_SECTION):
                    builder.passages[i] = Passage(p.section, p.anchor, p.title, f"{p.text} {extra_text}".strip())
    scored = info is not None and info.slug in registry.scored()
    if info is not None:
        note = etree.Element("p", {"class": "sheet-note", "data-sheet": "yes" if scored else "no"})
        note.text = SHEET_NOTES[scored].get(shown_lang)
        htmls[SHEET_NOTE_SECTION] += "\n" + etree.tostring(note, encoding="unicode", method="html")
    problems.extend(f"no model value '{{{{value:{key}}}}}'" for key in dict.fromkeys(builder.values_missing))
    sections = []
    anchors: dict[str, str] = {}
    for key in SECTION_KEYS:
        a, z = heading_spans[key]
        title_text = SECTION_TITLES[key].get(shown_lang)
        anchors[section_anchor(key)] = title_text
        sections.append(Section(key, section_anchor(key), title_text, SECTION_MENU[key].get(shown_lang), htmls[key],
                                tuple(builder.headings[a:z])))
        for h in builder.headings[a:z]:
            anchors[h.anchor] = h.title
    return Entry(slug=slug, lang=lang, content_lang=content_lang, title=title, sections=tuple(sections),
                 passages=tuple(builder.passages),
                 anchors=anchors, tables_placed=tuple(builder.placed), tables_missing=tuple(builder.missing),
                 problems=tuple(problems), values_placed=tuple(builder.values_placed),
                 values_missing=tuple(builder.values_missing), scored=scored)


# -- loading (cached; a file's modification time is part of the key, so edits show without a restart) ----------
def content_path(slug: str, lang: str) -> Path:
    if slug == GUIDE:
        return GUIDE_DIR / f"{lang}.md"
    return registry.folder(slug) / "rulebook" / f"{lang}.md"


def _mtime(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


@lru_cache(maxsize=256)
def _entry(slug: str, lang: str, folder: str, stamps: tuple[int, ...]) -> Entry:
    order = [lang] + [other for other in LANGUAGES if other != lang]
    for content_lang, stamp in zip(order, stamps, strict=True):
        if stamp:
            try:
                text = content_path(slug, content_lang).read_text(encoding="utf-8")
            except OSError:
                continue
            return _render(slug, lang, content_lang, text)
    return _render(slug, lang, None, None)


def entry(slug: str, lang: str | None = "fr") -> Entry:
    """The entry of a game (``slug`` exactly as in the registry), in ``lang``.

    When the file of that language does not exist yet, the other language's text is used (``fallback``); when
    neither exists, the entry holds the model's summary and tables only (``content_lang is None``).
    """
    lang = norm_lang(lang)
    order = [lang] + [other for other in LANGUAGES if other != lang]
    return _entry(slug, lang, str(content_path(slug, lang).parent), tuple(_mtime(content_path(slug, c)) for c in order))


@dataclass(frozen=True)
class Guide:
    """The common page: a title, an introduction and ``## Heading {#anchor}`` parts, in one language."""

    lang: str
    title: str
    html: str
    headings: tuple[Heading, ...]
    passages: tuple[Passage, ...]


class _GuideTreeprocessor(Treeprocessor):
    """Reads the guide's headings and the text under each, for its menu and the search."""

    def __init__(self, md, title: str):
        super().__init__(md)
        self.title = title
        self.headings: list[Heading] = []
        self.passages: list[Passage] = []

    def run(self, root: etree.Element) -> None:
        anchor, heading_title, texts = "main", self.title, []  # the introduction: the top of the page
        for el in root:
            if el.tag in ("h1", "h2", "h3"):
                if el.tag == "h1":
                    el.tag = "h2"
                if texts:
                    self.passages.append(Passage("guide", anchor, heading_title, " ".join(texts)))
                anchor, heading_title, texts = el.get("id", ""), _text_of(el), []
                if el.tag == "h2":
                    self.headings.append(Heading(anchor, heading_title, 2))
            else:
                texts.append(_text_of(el))
        if texts:
            self.passages.append(Passage("guide", anchor, heading_title, " ".join(texts)))


@lru_cache(maxsize=8)
def _guide(lang: str, stamp: int) -> Guide:
    text = content_path(GUIDE, lang).read_text(encoding="utf-8")
    m = _TITLE_LINE.match(text)
    title = m.group(1).strip() if m else ""
    body = text[m.end():] if m else text
    md = markdown.Markdown(extensions=["attr_list", "tables", "sane_lists"], output_format="html")
    reader = _GuideTreeprocessor(md, title)
    md.treeprocessors.register(reader, "atout_guide", -1)
    html = md.convert(body)
    return Guide(lang, title, html, tuple(reader.headings), tuple(reader.passages))


def guide(lang: str | None = "fr") -> Guide:
    """The rulebook's common page, "Comment Atout compte" / "How Atout counts"."""
    lang = norm_lang(lang)
    return _guide(lang, _mtime(content_path(GUIDE, lang)))


def content_stamp() -> tuple:
    """Changes whenever a content file is added, removed or edited."""
    out: list = [str(registry.GAMES_DIR)]
    for slug in [GUIDE, *registry.catalog()]:
        for lang in LANGUAGES:
            out.append((slug, lang, _mtime(content_path(slug, lang))))
    return tuple(out)


def anchor_title(slug: str, anchor: str, lang: str | None = "fr") -> str | None:
    """The heading text of an anchor in a game's entry (``"plis"`` → ``"Manche 1 : les plis"``), or ``None``.

    The score sheet uses it to label its links to the rules.
    """
    try:
        canonical = registry.resolve(slug)
    except (UnknownGame, ValueError):
        return None
    return entry(canonical, lang).anchors.get(anchor)
