"""The ground floor: the game registry (loads each game by module name), the rules' protocol and
errors, parameters, levels, turns, the match, the computer's levels, hints and the worker.
Imports no game and never imports pygame."""
