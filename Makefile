# mockls — `make run` and `make test` are the two commands a new user needs (see README.md).
# Both work on a fresh Debian machine with only Swift installed: missing system packages are installed with apt.

SHELL        := /bin/bash
SWIFT        ?= swift
PYTHON       ?= python3
PREFIX       ?= /usr/local
VENV         := .venv
PY           := $(VENV)/bin/python
SWIFT_FLAGS  ?=
DEBUG_BIN     = .build/debug/mockls
RELEASE_BIN   = .build/release/mockls

# apt as root, or through sudo when there is one.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build release run test test-swift test-protocol bench install uninstall deps editor-deps python-env clean

all: build

# Installs those of the Debian packages $(1) that are missing (after `apt-get update`: a fresh machine has no lists).
define apt_install_missing
	@missing=""; \
	for package in $(1); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

## System packages: json-c (the message path's JSON library) and pkg-config (which SwiftPM uses to find it).
deps:
	$(call apt_install_missing,libjson-c-dev pkg-config)

## The real editors the editor set-ups are proven in (Tests/protocol/test_editors.py).
editor-deps:
	$(call apt_install_missing,neovim emacs-nox elpa-eglot)

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps
	$(SWIFT) build -c release $(SWIFT_FLAGS)

## A scripted LSP session against the bundled Examples/ workspace.
run: build python-env
	$(PY) Examples/scripted-session.py
	@echo; echo "# mockls check on the example workspace (it finds the tests that would crash: exit status 1)"
	$(DEBUG_BIN) check --workspace Examples/Bookshelf; test $$? -eq 1

## Unit tests, then the protocol transcripts and the pytest-lsp client against the real binary.
test: test-swift test-protocol

test-swift: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --disable-swift-testing $(SWIFT_FLAGS)

test-protocol: build python-env editor-deps
	MOCKLS_BIN=$(DEBUG_BIN) $(PY) -m pytest -q Tests/protocol

## Python for the protocol tests: a virtualenv with pytest-lsp (Debian's python3 needs python3-venv for it).
python-env: $(VENV)/.stamp
$(VENV)/.stamp: Tests/protocol/requirements.txt
	@command -v $(PYTHON) >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3 >/dev/null; }
	@$(PYTHON) -m venv $(VENV) >/dev/null 2>&1 || { \
	  rm -rf $(VENV); \
	  echo "Installing: python3-venv"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null && \
	  $(PYTHON) -m venv $(VENV); }
	$(PY) -m pip install -q --disable-pip-version-check -r Tests/protocol/requirements.txt
	@touch $@

## Benchmarks (release build): see Benchmarks/README.md.
bench: deps python-env
	set -o pipefail; cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark --format markdown --no-progress | tee .build/bench-report.md
	$(PY) Benchmarks/compare_graphql_core.py < Benchmarks/.build/bench-report.md

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/mockls

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/mockls

clean:
	rm -rf .build $(VENV) Benchmarks/.build
