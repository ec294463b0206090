# One entry point for players, teachers and CI.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: play test bench screenshots assets clean install-check published-check examples catalogues

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

# The tests' extras (requirements-dev.txt: pytest-xdist, import-linter, Dask for the tournament's
# cluster test); not for playing.
$(DEV_STAMP): $(STAMP) requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(DEV_STAMP)

play: $(STAMP)
	$(PY) main.py $(ARGS)

# ruff's lint rules and mypy's types first (pyproject.toml says which and why; mypy keeps its cache
# in .mypy_cache: 6-10 s cold here, under a second after), then the suite on every core and one
# worker more (pytest-xdist; a worker that runs out of tests takes some of the other's): a fifth of
# the tests' time is spent waiting on the programs they start (a player's time running out, the
# box starting), and the extra worker fills it (2 cores: 158 s with two workers, 145 s with three).
# The bytecode is compiled first, on every core (a fresh clone: each worker would compile the same
# modules as it collects them, 6 s of a core each).
WORKERS ?= $(shell $(PYTHON) -c 'import os; print((os.cpu_count() or 1) + 1)')
test: $(DEV_STAMP)
	$(PY) -m ruff check nimarcade tests tools main.py
	$(PY) -m mypy
	$(PY) -m compileall -q -j 0 nimarcade tests main.py
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -n $(WORKERS) --dist worksteal $(PYTEST_ARGS)

install-check: $(STAMP)
	NIMARCADE_INSTALL_TEST=1 SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q tests/test_install.py

# The published figures too long for every run (0.07's 360 elements at heap 30: about 90 s).
published-check: $(DEV_STAMP)
	NIMARCADE_SLOW_TEST=1 SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q tests/games/takeaway/test_presentation.py

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m nimarcade.bench $(ARGS)

screenshots: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/screenshots.py

# The translation catalogues (CONTRIBUTING.md): Babel extracts the keys the code uses to
# nimarcade/i18n/locale/nimarcade.pot and compiles every .po to its .mo; msgfmt --check when installed.
catalogues: $(DEV_STAMP)
	$(PY) tools/catalogues.py extract
	$(PY) tools/catalogues.py compile
	-command -v msgfmt >/dev/null && $(PY) tools/catalogues.py check

assets: $(STAMP)
	$(PY) tools/make_sounds.py

# The example C player (docs/PROTOCOL.md) and the students' C and Java starters
# (examples/starters/README.md), built with the system's compilers: `make examples`
# (`make examples CC=clang`; NIMPLAYER=elsewhere/nimplayer, STARTER_C=elsewhere/player and
# STARTER_JAVA=elsewhere/ build them somewhere else). The Java starter is built where javac is.
NIMPLAYER     ?= examples/c_player/nimplayer
STARTER_C     ?= examples/starters/c/player
STARTER_JAVA  ?= examples/starters/java
EXAMPLE_FLAGS ?= -std=c99 -Wall -Wextra -O2

examples: $(NIMPLAYER) $(STARTER_C) $(STARTER_JAVA)/Player.class

$(NIMPLAYER): examples/c_player/nimplayer.c
	$(CC) $(EXAMPLE_FLAGS) -o $@ $<

$(STARTER_C): examples/starters/c/player.c
	$(CC) $(EXAMPLE_FLAGS) -o $@ $<

$(STARTER_JAVA)/Player.class: examples/starters/java/Player.java
	@if command -v javac >/dev/null; then javac -d $(STARTER_JAVA) $<; \
	else echo "no javac: the Java starter (examples/starters/java) is not built"; fi

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build *.egg-info
	rm -f examples/c_player/nimplayer examples/starters/c/player examples/starters/java/Player.class
