PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
UV_VERSION := 0.13.9
# Every install is pinned to the versions the suite (and its pixel tests) was written against. It goes
# through uv (put into the venv by pip: a whole install in some 10 s instead of 45 s with pip alone);
# where uv cannot be had, pip installs the same pins.
install = if [ -x $(BIN)/uv ]; then $(BIN)/uv pip install -q --python $(BIN)/python --compile-bytecode -c constraints.txt $(1); \
	else $(BIN)/python -m pip install -q -c constraints.txt $(1); fi

.PHONY: run play test check bench clean

$(BIN)/python:
	$(PY) -m venv --without-pip $(VENV) || python3 -m venv --without-pip $(VENV)
	$(PY) -m pip --python $(BIN)/python install -q uv==$(UV_VERSION) \
		|| { $(BIN)/python -m ensurepip > /dev/null && $(BIN)/python -m pip install -q --upgrade pip; }

$(BIN)/.installed: pyproject.toml constraints.txt | $(BIN)/python
	$(call install,-e .)
	touch $@

# The development install has everything the bot's has: it counts as that one too.
$(BIN)/.installed-dev: pyproject.toml constraints.txt | $(BIN)/python
	$(call install,-e '.[dev]')
	touch $@ $(BIN)/.installed

run: $(BIN)/.installed
	$(BIN)/python -m bot run

play: $(BIN)/.installed
	$(BIN)/python -m bot play

# Lint, format, types and import contracts; `make test` runs these beside the suite.
check: $(BIN)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# Test processes (pytest-xdist): three on the 2-core machine, so that the end-to-end tests' waiting
# on the bot process overlaps other tests' work (four cost more in start-up than they gain); each
# process's share begins with its part of the end-to-end tests (``tests/conftest.py``).
PYTEST_WORKERS ?= 3

# The checks run beside the tests; their output comes after the tests'. Before the test processes
# start, a collection (in two halves at once) writes the bytecode of the rewritten test modules
# (PYTHONDONTWRITEBYTECODE is cleared for the run), so that each test process reads it instead of
# rewriting every module again (some 18 s of CPU each).
test: $(BIN)/.installed-dev
	@checks=$$(mktemp); \
	$(MAKE) --no-print-directory check > "$$checks" 2>&1 & cpid=$$!; \
	export PYTHONDONTWRITEBYTECODE=; \
	$(BIN)/python -m pytest --collect-only -q tests/bot tests/e2e > /dev/null 2>&1 & wpid=$$!; \
	$(BIN)/python -m pytest --collect-only -q --ignore=tests/bot --ignore=tests/e2e > /dev/null 2>&1; wait $$wpid; \
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal --durations=15; rc=$$?; \
	wait $$cpid; crc=$$?; cat "$$checks"; rm -f "$$checks"; \
	if [ $$crc -ne 0 ]; then echo "make test: the checks (ruff, mypy, import contracts) failed" >&2; exit 1; fi; \
	exit $$rc

bench: $(BIN)/.installed
	$(BIN)/python -m benchmarks.moves --game terra-turrium

clean:
	rm -rf $(VENV) *.egg-info
