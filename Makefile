# The README's commands: `make lessons` (the lean lessons set) and `make test` (CI runs it).
VENV ?= .venv
PYTHON ?= python3
PY := $(VENV)/bin/python
UV := $(VENV)/bin/uv
export PYTHONHASHSEED := 0
# Both cores (pytest-xdist); tests/conftest.py keeps each lesson's tests, and each module's,
# in one process, so a lesson is executed once and a served notebook or site is made once.
# The browser tests (e2e) run after the others, one at a time: they time what a student
# sees, and the browser site's build shares the checkout with the wheel builds.
PARALLEL := -n auto --dist loadgroup
FAST_SUITE := -m "not e2e and not slow" --ignore=tests/test_notebooks.py

.PHONY: setup setup-test lessons test test-lite test-fast test-versions lock lock-upgrade wheel \
        figures html bench clean

setup:            ## the lessons set (requirements/lessons.txt), gamelib, Graphviz
	PYTHON=$(PYTHON) VENV=$(VENV) scripts/setup.sh

setup-test:       ## the test set (requirements/test.txt), gamelib, Graphviz
	PYTHON=$(PYTHON) VENV=$(VENV) scripts/setup.sh --test

ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

lessons: setup    ## set up, then open JupyterLab on the lessons
	$(VENV)/bin/jupyter lab $(ROOT_FLAG) notebooks/00-start-here.ipynb

test:             ## the test set with Chromium; every test (unit, notebooks, browser) and the
                  ## HTML export, then the fast suite on the oldest and newest other Pythons
	PYTHON=$(PYTHON) VENV=$(VENV) scripts/setup.sh --browser
	$(PY) -m pytest $(PARALLEL) -m "not e2e" --durations=20
	$(PY) -m pytest -m e2e --durations=10
	GAMELIB_QUICK=1 EXECUTED=build/executed/quick scripts/export_html.sh
	VERSIONS=ends VENV=$(VENV) UV=$(UV) scripts/test_versions.sh

test-lite:        ## every lesson, English and Korean, run with Run All in the browser build, offline (40-60 min)
	GAMELIB_LITE_LESSONS=all $(PY) -m pytest tests/e2e/test_lite.py -k every_lesson

test-fast:        ## the tests without notebooks and the browser
	$(PY) -m pytest $(PARALLEL) $(FAST_SUITE)

test-versions: $(UV) ## the fast suite on every other supported Python found on this machine
	VENV=$(VENV) UV=$(UV) scripts/test_versions.sh

# The lock holds every extra for every supported Python (one file, with markers); the
# sets that setup.sh installs are made from it, so they never disagree with it.
# `make lock` keeps the pins it has and adds what pyproject.toml asks for anew;
# `make lock-upgrade` moves everything to the newest versions that fit.
# The oldest Python is the one requires-python names in pyproject.toml.
OLDEST := $(shell sed -n 's/^requires-python = ">=\([0-9.]*\)".*/\1/p' pyproject.toml)
COMPILE = $(UV) pip compile pyproject.toml --universal --python-version $(OLDEST) --quiet \
          --custom-compile-command "make lock"

$(UV):            # uv comes with the test set
	PYTHON=$(PYTHON) VENV=$(VENV) scripts/setup.sh --test

lock: $(UV)       ## refresh requirements/lock.txt, then requirements/lessons.txt and test.txt from it
	$(COMPILE) $(UPGRADE) --all-extras -o requirements/lock.txt
	$(COMPILE) --extra lessons -c requirements/lock.txt -o requirements/lessons.txt
	$(COMPILE) --extra test -c requirements/lock.txt -o requirements/test.txt

lock-upgrade:     ## the same, moving every pin to the newest version that fits
	$(MAKE) lock UPGRADE=--upgrade

# The wheel needs only `build` (and the setuptools it fetches into its own isolated
# environment): a small environment of its own, not the 1.2 GB test set.
BUILD_VENV ?= .venv-build
BUILD := $(BUILD_VENV)/bin/pyproject-build

$(BUILD):
	$(PYTHON) -m venv $(BUILD_VENV)
	$(BUILD_VENV)/bin/python -m pip install -q --upgrade pip build </dev/null

wheel: $(BUILD)   ## build the wheel and source distribution into dist/ (the lessons inside)
	$(BUILD) --quiet --outdir dist .

figures: setup    ## regenerate every figure in figures/
	$(PY) -m gamelib figures

html: setup       ## execute every lesson and export it as HTML to build/html/
	scripts/export_html.sh

bench: setup-test ## run the benchmarks (prints ratios against baselines; needs open-spiel)
	$(PY) benchmarks/run_all.py

.PHONY: lite
lite: setup       ## build the course as a static website (JupyterLite, runs in the browser) in
                  ## build/lite/, the Korean lessons in its ko/ (built with the lessons set's Babel)
	$(PY) scripts/build_lite.py

.PHONY: wasm
wasm:             ## rebuild the solver's WebAssembly core, gamelib/solver/core.wasm, from core.c (commit both)
	$(PY) scripts/build_wasm.py

clean:
	rm -rf build dist .pytest_cache .venv-3.* .venv-build
