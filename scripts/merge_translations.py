"""Fill the empty English translations of locale/en/LC_MESSAGES/django.po from locale/en/parts/*.po.

Each area of the app keeps its English in its own parts file, locale/en/parts/<area>.po, and each game the English
of its own templates in its folder, companion/games/<game>/i18n/en.po (so engineers never edit one catalogue at
the same time, and a game's strings move with it); `make messages` runs makemessages, then this script, then compilemessages. Plural entries are
handled too (msgmerge's compendium drops them). Prints how many entries it filled and which are still empty.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "locale/en/LC_MESSAGES/django.po"
PARTS = [*sorted((ROOT / "locale/en/parts").glob("*.po")), *sorted((ROOT / "companion/games").glob("*/i18n/en.po"))]
FIELD = re.compile(r'^(msgid|msgid_plural|msgctxt|msgstr(?:\[\d+\])?) (".*")$')


def _unquote(s: str) -> str:
    """A PO string literal's value (escapes \\ \" \n \t), UTF-8 kept as it is."""
    body, out, i = s[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append({"n": "\n", "t": "\t"}.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def parse(text: str) -> list[dict]:
    """Entries as dicts of field -> value, keeping comment lines under '#'."""
    entries, current, last = [], {"#": []}, None
    for line in text.splitlines():
        if not line.strip():
            if len(current) > 1 or current["#"]:
                entries.append(current)
            current, last = {"#": []}, None
            continue
        if line.startswith("#"):
            current["#"].append(line)
            continue
        m = FIELD.match(line)
        if m:
            last = m.group(1)
            current[last] = _unquote(m.group(2))
        elif line.startswith('"') and last:
            current[last] += _unquote(line)
    if len(current) > 1 or current["#"]:
        entries.append(current)
    return entries


def _quote(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    if "\\n" in escaped[:-2]:
        parts = escaped.split("\\n")
        lines = [p + "\\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
        return '""\n' + "\n".join(f'"{p}"' for p in lines)
    return f'"{escaped}"'


def _is_fuzzy(entry: dict) -> bool:
    return any(c.startswith("#,") and "fuzzy" in c for c in entry["#"])


def _unfuzzy(comment: str) -> str:
    if not comment.startswith("#,"):
        return comment
    flags = [f.strip() for f in comment[2:].split(",") if f.strip() and f.strip() != "fuzzy"]
    return "#, " + ", ".join(flags) if flags else "#,"


def dump(entries: list[dict]) -> str:
    out = []
    for e in entries:
        lines = list(e["#"])
        for key in ("msgctxt", "msgid", "msgid_plural"):
            if key in e:
                lines.append(f"{key} {_quote(e[key])}")
        for key in sorted(k for k in e if k.startswith("msgstr")):
            lines.append(f"{key} {_quote(e[key])}")
        out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


def main() -> int:
    known: dict[tuple, dict] = {}
    for part in PARTS:
        for e in parse(part.read_text(encoding="utf-8")):
            if e.get("msgid"):
                key = (e.get("msgctxt"), e["msgid"])
                strs = {k: v for k, v in e.items() if k.startswith("msgstr") and v}
                if strs and key not in known:
                    known[key] = strs
    entries = parse(CATALOGUE.read_text(encoding="utf-8"))
    filled, missing = 0, []
    for e in entries:
        if not e.get("msgid"):
            continue
        strs = [k for k in e if k.startswith("msgstr")]
        if _is_fuzzy(e):
            # makemessages' guesses from similar strings are never kept: the parts decide.
            e["#"] = [_unfuzzy(c) for c in e["#"] if not c.startswith("#|")]
            e["#"] = [c for c in e["#"] if c.strip() != "#,"]
            for k in strs:
                e[k] = ""
        if all(e[k] for k in strs):
            continue
        source = known.get((e.get("msgctxt"), e["msgid"]))
        if source and all(k in source for k in strs):
            for k in strs:
                e[k] = source[k]
            filled += 1
        else:
            missing.append(e["msgid"])
    CATALOGUE.write_text(dump(entries), encoding="utf-8")
    print(f"filled {filled}; still empty {len(missing)}")
    for m in missing:
        print("  missing:", m)
    return 0


if __name__ == "__main__":
    sys.exit(main())
