"""When the Awélé scene's workers load the engine's compiled core: the computer's worker prepares it
(compiled, with a cold cache: tens of seconds), then the hint's and the analysis's workers load it
from the compile cache it filled, instead of compiling it three times at once on the same cores;
meanwhile the computer plays in pure Python, and the board says so. Functions of the scene's
services and its game's spec (:class:`~nimarcade.games.awele.scene.scene.AweleScene` calls them)."""
from __future__ import annotations

from typing import Any

from nimarcade.games.awele.engine import core as awele_core


def start_workers(services: Any, spec: Any, demo: bool) -> None:
    """The hint's and the analysis's workers start once the board is on screen and the
    computer's worker has prepared the compiled core (:func:`engine_settled`), and load it
    while the person looks at the board, so that the first hint is as deep as the next ones
    (the computer's own worker is warmed by the app). Not before the first frame: a compiler
    there would share the cores with it (``--game awele`` opens this scene first)."""
    if demo or services.headless or spec.engine.warm_up is None:
        return
    for worker in (services.hint_ai, services.analysis_ai):
        if worker.worker_pid is None and not worker.busy:
            worker.warm_up([spec.engine.warm_up])


def engine_settled(services: Any, spec: Any) -> bool:
    """The computer's worker has no core to prepare, or is done preparing it (ready, or why
    not): the other workers may load it then, from the compile cache it filled, instead of
    compiling it three times at once on the same cores."""
    ai = services.ai
    if spec.engine.warm_up is None or ai.worker_pid is None:
        return True
    return ai.warm_state(spec.engine.warm_up) not in (None, "not loaded", "warming")


def engine_preparing(services: Any, spec: Any, demo: bool) -> bool:
    """The compiled core is being prepared (compiled, with a cold cache: tens of seconds) by
    the computer's worker; the computer plays in pure Python meanwhile, and the board says so."""
    if demo or spec.engine.warm_up is None:
        return False
    state = services.ai.warm_state(spec.engine.warm_up)
    return (state or awele_core.current_state()) == "warming"
