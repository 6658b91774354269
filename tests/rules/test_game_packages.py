"""Each game lives in the package its slug names: ``companion/games/<slug with _ for ->/``."""

import importlib

from companion.games import registry


def test_the_package_is_the_slug_with_underscores():
    assert registry.info("super-bataille").package == "super_bataille"
    assert registry.info("belote-a-trois").package == "belote_a_trois"
    assert registry.info("rami").package == "rami"
    assert registry.package_name("tarot-tare") == "tarot_tare"


def test_every_game_is_found_in_its_own_package():
    for slug, info in registry.catalog().items():
        module = importlib.import_module(f"companion.games.{info.package}")
        assert module.INFO is info, slug
        assert registry.folder(slug).name == info.package
