# browsy — every command sets up what it needs first, from nothing but python3 and make.
PYTHON ?= python3
UV_VERSION ?= 0.13.9
UV := .tools/bin/uv
RUN := $(UV) run --no-sync

.PHONY: setup test lint pytest demo bench clean

$(UV):
	$(PYTHON) -m venv .tools
	.tools/bin/pip install --quiet --disable-pip-version-check "uv==$(UV_VERSION)"

setup: $(UV)
	$(UV) sync --all-packages --quiet

lint: setup
	$(RUN) ruff check .

pytest: setup
	$(RUN) pytest

test: lint pytest

demo: setup
	$(RUN) python -m browsy_engine.demo

bench: setup
	$(RUN) python benchmarks/run_all.py

clean:
	rm -rf .tools .venv .pytest_cache
