"""One module per game: each defines INFO, and GAME when the game has a score sheet."""
