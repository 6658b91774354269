"""Reading rulebook pages back: the model tables they show, their ids and headings (stdlib html.parser only)."""

from __future__ import annotations

from html.parser import HTMLParser


class _Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables: list[dict] = []  # {"key", "caption", "head": [...], "rows": [[...], ...]}
        self.ids: list[str] = []
        self.headings: list[tuple[str, str, str]] = []  # (tag, id, text)
        self.links: list[tuple[str, str]] = []  # (href, text)
        self._table: dict | None = None
        self._part = ""
        self._cell: list[str] | None = None
        self._row: list[str] | None = None
        self._heading: tuple[str, str, list[str]] | None = None
        self._link: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(a["id"])
        if tag in ("h1", "h2", "h3", "h4"):
            self._heading = (tag, a.get("id", ""), [])
        if tag == "a":
            self._link = (a.get("href", ""), [])
        if tag == "table" and "data-table" in a:
            self._table = {"key": a["data-table"], "caption": "", "head": [], "rows": []}
        if self._table is None:
            return
        if tag in ("caption", "thead", "tbody"):
            self._part = tag
            if tag == "caption":
                self._cell = []
        elif tag == "tr":
            self._row = []
        elif tag in ("th", "td"):
            self._cell = []

    def handle_endtag(self, tag):
        if self._heading and tag == self._heading[0]:
            self.headings.append((tag, self._heading[1], " ".join("".join(self._heading[2]).split())))
            self._heading = None
        if tag == "a" and self._link:
            self.links.append((self._link[0], " ".join("".join(self._link[1]).split())))
            self._link = None
        if self._table is None:
            return
        if tag == "caption":
            self._table["caption"] = "".join(self._cell or []).strip()
            self._cell = None
        elif tag in ("th", "td") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if self._part == "thead":
                self._table["head"] = self._row
            else:
                self._table["rows"].append(self._row)
            self._row = None
        elif tag == "table":
            self.tables.append(self._table)
            self._table = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._heading:
            self._heading[2].append(data)
        if self._link:
            self._link[1].append(data)


def read(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    page.close()
    return page
