# Set-up and checks. `make demo` and `make test` work on a fresh Debian/Ubuntu machine
# (Python 3.11+): they create .venv and install what they need.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Debian's packages the tests use: a browser for rendering tests.
SYSTEM_PACKAGES := chromium

.PHONY: venv system-deps demo test lint golden results gate clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(STAMP)

venv: $(STAMP)

system-deps:
	@missing=""; for p in $(SYSTEM_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

demo: venv
	$(BIN)/python -m pace_scrapy.demo run --out demo-output

test: venv system-deps
	$(BIN)/ruff check pace_scrapy tests benchmarks spiders
	$(BIN)/ruff format --check pace_scrapy tests benchmarks spiders
	$(BIN)/mypy pace_scrapy benchmarks spiders
	$(BIN)/python -m pytest -q
	$(BIN)/python benchmarks/gate.py --quiet

golden: venv
	$(BIN)/python -m tests.golden.regenerate

clean:
	rm -rf $(VENV) demo-output .pytest_cache .mypy_cache .ruff_cache
