from .rules import GAME, INFO

__all__ = ["GAME", "INFO"]
