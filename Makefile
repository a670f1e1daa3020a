# tilegames — the two commands: `make lab` and `make test`.
# Everything a fresh machine needs is installed from here (CI runs as root).

PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed-stamp
CHROMIUM ?= /usr/bin/chromium

.PHONY: lab test lint unit notebooks bench install chromium clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev,dask]"
	touch $(STAMP)

install: $(STAMP)

## make lab: create .venv, install, open JupyterLab at the project's root:
## the lessons (notebooks/) and the course (exercises/) are both a click away
LAB_FLAGS ?= $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: install
	$(VENV)/bin/jupyter lab $(LAB_FLAGS) .

## make test: lint, doctests, unit + property tests, notebooks (nbval), browser tests
NOTEBOOK_DIRS = $(wildcard notebooks exercises)

# CI=1: the notebooks skip their million-game cells under test (they are for a live session)
test: install chromium lint
	CI=1 $(PY) -m pytest --doctest-modules tilegames tests $(NOTEBOOK_DIRS) \
	    --nbval-lax --nbval-current-env -p no:cacheprovider

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

unit: install
	$(PY) -m pytest --doctest-modules tilegames tests -m "not browser"

## Debian's chromium for the browser tests (not Playwright's download)
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  echo "installing Debian's chromium for the browser tests"; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends chromium; \
	fi

## make notebooks: re-execute the committed notebooks in place (widget state stripped);
## FULL=1 also runs their million-game cells (minutes on all cores). Then the course:
## the teacher's sources are re-executed and the students' copies regenerated from them (nbgrader)
notebooks: install
	$(if $(FULL),,CI=1) $(PY) scripts/execute_notebooks.py $(wildcard notebooks/*.ipynb exercises/source/*/*.ipynb)
	$(PY) scripts/course.py release
	$(PY) scripts/make_cards.py

## make bench: throughput figures as JSON
bench: install
	@for b in benchmarks/*.py; do $(PY) $$b; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build *.egg-info
