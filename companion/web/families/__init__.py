"""Form readers several games share (a family's fields, typed cards, banker seats…), each a module of public
functions that the games' ``form.py`` modules call; none names a game."""
