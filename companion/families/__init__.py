"""Family cores shared by several games, written once: pure Python."""
