"""The Django-side kit below the pages and the game folders: how a game folder's web parts are found
(:mod:`.parts`), the round-entry form reader (:mod:`.entryforms`: the plain grid, and each game's own converters
found in its ``form.py``) and the form readers several games share (:mod:`.families`), the HTTP helpers the JSON
routes share (:mod:`.http`, :mod:`.openapi`), the line charts of a table and a group (:mod:`.charts`). It names no game and imports neither the pages nor any game: a game
folder's modules are found by name."""
