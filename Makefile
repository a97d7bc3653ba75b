PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
# Every install is pinned to the versions the suite (and its pixel tests) was written against.
PIP_INSTALL := $(BIN)/pip install -q -c constraints.txt

.PHONY: run play test check bench clean

$(BIN)/.installed: pyproject.toml constraints.txt
	$(PY) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(PIP_INSTALL) -e .
	touch $@

$(BIN)/.installed-dev: $(BIN)/.installed
	$(PIP_INSTALL) -e '.[dev]'
	touch $@

run: $(BIN)/.installed
	$(BIN)/python -m bot run

play: $(BIN)/.installed
	$(BIN)/python -m bot play

# Lint, format, types and import contracts; `make test` runs these first.
check: $(BIN)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# Test processes (pytest-xdist): one per core by default; PYTEST_WORKERS=4 overlaps the end-to-end
# tests' waiting on the bot process with other tests' work.
PYTEST_WORKERS ?= auto

test: check
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal

bench: $(BIN)/.installed
	$(BIN)/python -m benchmarks.moves --game terra-turrium

clean:
	rm -rf $(VENV) *.egg-info
