PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run play test bench clean

$(BIN)/.installed: pyproject.toml
	$(PY) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e .
	touch $@

$(BIN)/.installed-dev: $(BIN)/.installed
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

run: $(BIN)/.installed
	$(BIN)/python -m bot run

play: $(BIN)/.installed
	$(BIN)/python -m bot play

test: $(BIN)/.installed-dev
	$(BIN)/python -m pytest

bench: $(BIN)/.installed
	$(BIN)/python -m benchmarks.moves --game terra-turrium

clean:
	rm -rf $(VENV) *.egg-info
