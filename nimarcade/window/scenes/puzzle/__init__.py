"""The puzzle screen: a series of « find the winning move » puzzles on the games' own boards."""
from nimarcade.window.scenes.puzzle.scene import PuzzleScene

__all__ = ["PuzzleScene"]
