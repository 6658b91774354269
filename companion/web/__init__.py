"""The Django-side kit below the pages and the game folders: how a game folder's web parts are found, the pieces
of a round-entry form, the HTTP helpers the JSON routes share. It imports neither the pages nor any game."""
