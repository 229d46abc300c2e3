# The two commands of the README. Both install what they need on a bare machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
LOCK := requirements.lock
PIP := $(PY) -m pip install -q --disable-pip-version-check

.PHONY: run test lint bench browser nginx lock

# Every dependency at the version and hashes of the lock; the project itself on top of it.
$(STAMP): pyproject.toml $(LOCK)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip
	$(PIP) --require-hashes -r $(LOCK)
	$(PIP) --no-deps -e .
	touch $(STAMP)

# The lock written anew from pyproject.toml's bounds (newest versions within them).
lock: $(STAMP)
	$(PIP) pip-tools
	$(PY) -m piptools compile -q --upgrade --generate-hashes --allow-unsafe --no-emit-index-url \
	  --no-emit-find-links --extra test --strip-extras -o $(LOCK) pyproject.toml

run: $(STAMP)
	$(PY) -m config.devserver run

# Chromium for the browser tests comes from Debian's package (Playwright cannot download one here).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "Chromium is missing: install Debian's 'chromium' package for the browser tests"; fi; }

# nginx for the test that plays through the proxy (tests/config/test_behind_nginx.py) comes
# from Debian's package too: nginx-light where the release still has it, else nginx. Only
# the binary is used: the test runs its own nginx under a temporary prefix.
nginx:
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null 2>&1 \
	      || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; }; \
	  else echo "nginx is missing: install Debian's 'nginx' package for the test behind the proxy"; fi; }

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

# One pytest process per core (at most four), each with its own test database and Redis
# key prefix; idle ones take the queued tests of a busy one.
TEST_PROCESSES ?= auto
test: $(STAMP) browser nginx lint
	$(PY) -m config.devserver test --numprocesses $(TEST_PROCESSES) --maxprocesses 4 --dist worksteal

# All benchmarks with their defaults, or one: make bench BENCH="rounds --crash-bets 1000"
bench: $(STAMP)
	$(PY) -m config.devserver bench $(BENCH)
