# tilegames — the two commands: `make lab` and `make test`.
# Everything a fresh machine needs is installed from here (CI runs as root).

PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed-stamp
CHROMIUM ?= /usr/bin/chromium

.PHONY: lab test lint unit installed dist notebooks bench install chromium bubblewrap proxy clean catalogs

# the editable install builds the compiled Maze search in place (setup.py), and adds the
# teacher's kit (course/: tilegames-course) so `tilegames course` works from the checkout
$(STAMP): pyproject.toml setup.py course/pyproject.toml tilegames/maze/_search.c tilegames/maze/csearch.c
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev,dask]"
	$(PY) -m pip install --quiet --no-deps -e course
	touch $(STAMP)

install: $(STAMP) bubblewrap

## make lab: create .venv, install, open JupyterLab at the project's root:
## the lessons (notebooks/) and the course (exercises/) are both a click away
LAB_FLAGS ?= $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: install
	$(VENV)/bin/jupyter lab $(LAB_FLAGS) .

## make test: lint, doctests, unit + property tests, notebooks (nbval), browser tests, and the
## package as a school installs it (tests/test_install.py, marker `installed`: the sdists and
## wheels built, installed in a fresh venv outside the checkout, tested there)
NOTEBOOK_DIRS = $(wildcard notebooks exercises)

# The notebooks run exactly as in a classroom: their big runs sit behind a visible BIG_RUN switch
# (off) or read results files; each notebook's Run All must fit its one-minute budget (conftest.py)
test: install chromium proxy lint
	$(PY) -m pytest --doctest-modules tilegames course/tilegames_course tests $(NOTEBOOK_DIRS) \
	    --nbval-lax --nbval-current-env -p no:cacheprovider --durations=25

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

unit: install
	$(PY) -m pytest --doctest-modules tilegames course/tilegames_course tests -m "not browser and not installed"

## make catalogs: the message catalogs (tilegames/locale/, tilegames.i18n) brought up to date
## with the code: the messages marked _(), ngettext(), N_() (and the Rules fields' docstrings,
## tilegames/i18n_extract.py) extracted (babel.cfg) into the .pot,
## merged into each language's .po (translate the new entries there), the .mo files compiled
## (they are committed: the wheel ships them); then the lessons' and the course's catalogs (one
## per lesson and per assignment, each markdown cell a student reads an entry:
## scripts/lesson_catalogs.py). tests/test_i18n.py fails until all are translated.
CATALOG_DIR = tilegames/locale
catalogs: install
	$(VENV)/bin/pybabel extract -F babel.cfg --add-location=file --sort-by-file --width=100 \
	    --project=tilegames --copyright-holder="the tilegames authors" -o $(CATALOG_DIR)/tilegames.pot .
	$(VENV)/bin/pybabel update -i $(CATALOG_DIR)/tilegames.pot -d $(CATALOG_DIR) -D tilegames \
	    --width=100 --ignore-obsolete
	$(VENV)/bin/pybabel compile -d $(CATALOG_DIR) -D tilegames --statistics
	$(PY) scripts/lesson_catalogs.py

## make installed: only the as-installed tests (build, install outside the checkout, test there)
installed: install proxy
	$(PY) -m pytest tests/test_install.py -m installed -p no:cacheprovider -v

## make dist: the sdists and wheels of tilegames (students) and tilegames-course (the teacher)
dist: install
	rm -rf dist
	$(PY) -m build --outdir dist .
	$(PY) -m build --outdir dist course

## Debian's bubblewrap: the sandbox the students' code is graded in (tilegames_course.grading.sandbox);
## without it the course's autograde refuses ("cannot grade in the sandbox here: ...")
BWRAP ?= /usr/bin/bwrap
bubblewrap:
	@if [ ! -x $(BWRAP) ]; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  echo "installing Debian's bubblewrap for the grading sandbox"; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends bubblewrap; \
	fi

## configurable-http-proxy (npm) for the JupyterHub the tests start (tests/test_hub.py), in .node/;
## Debian's nodejs and npm first if npm is missing
PROXY ?= .node/node_modules/.bin/configurable-http-proxy
proxy:
	@if [ ! -x $(PROXY) ]; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  if ! command -v npm >/dev/null; then \
	    echo "installing Debian's nodejs and npm for JupyterHub's proxy"; \
	    DEBIAN_FRONTEND=noninteractive $$SUDO apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends nodejs npm; \
	  fi; \
	  echo "installing configurable-http-proxy (npm) into .node"; \
	  npm install --prefix .node --no-save --no-audit --no-fund --silent configurable-http-proxy; \
	fi

## Debian's chromium for the browser tests (not Playwright's download)
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  echo "installing Debian's chromium for the browser tests"; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends chromium; \
	fi

## make notebooks: re-execute the committed notebooks in place (pictures stored as PNG so they show
## unrun, widget state stripped). Big runs are regenerated by the commands their results files name,
## or by setting BIG_RUN = True in the notebook. Then the course: the teacher's sources are
## re-executed and the students' copies regenerated from them (nbgrader)
notebooks: install
	$(PY) scripts/execute_notebooks.py $(wildcard notebooks/*.ipynb exercises/class_dashboard.ipynb exercises/source/*/*.ipynb)
	$(PY) scripts/course.py release
	$(PY) scripts/make_cards.py

## make bench: throughput figures as JSON
bench: install
	@for b in benchmarks/*.py; do $(PY) $$b; done

clean:
	rm -rf $(VENV) .node .pytest_cache .ruff_cache build dist *.egg-info course/build course/*.egg-info
	rm -f tilegames/maze/csearch.*.so tilegames/maze/csearch.*.pyd
