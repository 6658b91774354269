"""collectstatic minifies Atout's own scripts and stylesheets and nothing else (companion/staticmin.py)."""

from companion.staticmin import minified


def test_a_script_loses_its_comments_and_indentation_but_keeps_its_strings_and_template_literals():
    source = (
        "/* The status line. */\n"
        "(() => {\n"
        "  // a comment\n"
        "  const label = `Donne ${n} ·  deux espaces`;  // kept as written, spaces and all\n"
        '  const s = "a  //  b";\n'
        "  const re = /\\/\\*x/;\n"
        "})();\n"
    )
    out = minified("js/atout/status.js", source)
    assert "comment" not in out and "status line" not in out and "\n  " not in out
    assert "`Donne ${n} ·  deux espaces`" in out and '"a  //  b"' in out and "/\\/\\*x/" in out
    assert len(out) < len(source)


def test_a_stylesheet_is_minified_and_vendored_or_minified_files_are_left_alone():
    css = "/* the sheet */\n.sheet {\n  color: red;\n}\n"
    assert minified("css/atout.css", css) == ".sheet{color:red}"
    assert minified("vendor/htmx-2.0.11.min.js", "var  a = 1;") is None
    assert minified("js/thing.min.js", "var  a = 1;") is None
    assert minified("icons/icon-192.png", "x") is None
