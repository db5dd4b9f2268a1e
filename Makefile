# browsy — every command sets up what it needs first, from nothing but python3, make and node/npm.
PYTHON ?= python3
UV_VERSION ?= 0.13.9
UV := .tools/bin/uv
RUN := $(UV) run --no-sync
# The TypeScript tests spawn the real `browsy serve` from the uv virtualenv.
JS_ENV := PATH="$(CURDIR)/.venv/bin:$$PATH" BROWSY_BIN="$(CURDIR)/.venv/bin/browsy"

.PHONY: setup setup-py setup-js test lint pytest jstest demo serve bench schemas clean

$(UV):
	$(PYTHON) -m venv .tools
	.tools/bin/pip install --quiet --disable-pip-version-check "uv==$(UV_VERSION)"

setup-py: $(UV)
	$(UV) sync --all-packages --all-extras --quiet

setup-js:
	npm ci --no-audit --no-fund --loglevel=error

setup: setup-py setup-js

lint: setup-py
	$(RUN) ruff check .

pytest: setup-py
	$(RUN) pytest

jstest: setup
	$(JS_ENV) npm test

test: lint pytest jstest

demo: setup-py
	$(RUN) python -m browsy_engine.demo

serve: setup-py
	$(RUN) browsy serve

schemas: setup-py
	$(RUN) browsy schemas

bench: setup
	$(RUN) python benchmarks/run_all.py

clean:
	rm -rf .tools .venv .pytest_cache node_modules packages/*/node_modules packages/*/dist
