import subprocess
import sys


def test_the_rules_package_imports_nothing_from_django():
    code = (
        "import sys\n"
        "import companion.kernel\n"
        "from companion.games import registry\n"
        "for slug in registry.catalog(): registry.info(slug)\n"
        "for game in registry.scored().values(): game.new_sheet(game.info.min_players)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(bad)\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={"PATH": "/usr/bin:/bin"}, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
