# The two commands of the README's Quick start are `make lessons` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
export PYTHONHASHSEED := 0

.PHONY: setup lessons test test-fast figures html bench clean

setup:            ## virtual environment, pinned requirements, gamelib, Graphviz
	scripts/setup.sh

ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

lessons: setup    ## set up, then open JupyterLab on the lessons
	$(VENV)/bin/jupyter lab $(ROOT_FLAG) notebooks/00-start-here.ipynb

test:             ## set up (with Chromium), run every test (unit, notebooks, browser), export the lessons as HTML
	scripts/setup.sh --browser
	$(PY) -m pytest
	GAMELIB_QUICK=1 EXECUTED=build/executed/quick scripts/export_html.sh

test-fast:        ## the tests without notebooks and the browser
	$(PY) -m pytest -m "not e2e and not slow" --ignore=tests/test_notebooks.py

figures: setup    ## regenerate every figure in figures/
	$(PY) -m gamelib figures

html: setup       ## execute every lesson and export it as HTML to build/html/
	scripts/export_html.sh

bench: setup      ## run the benchmarks (prints ratios against baselines)
	$(PY) benchmarks/run_all.py

.PHONY: lite
lite:             ## build the course as a static website (JupyterLite, runs in the browser) in build/lite/
	python3 scripts/build_lite.py

clean:
	rm -rf build .pytest_cache
