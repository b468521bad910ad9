# mockls — `make run` and `make test` are the two commands a new user needs (see README.md).
# Both work on a fresh Debian machine with only Swift installed: missing system packages are installed with apt.

SHELL        := /bin/bash
SWIFT        ?= swift
PYTHON       ?= python3
PREFIX       ?= /usr/local
VENV         := .venv
PY           := $(VENV)/bin/python
SWIFT_FLAGS  ?=
# Release builds on Linux link the Swift runtime and Foundation into the binary: `make install`'s mockls runs with no
# Swift toolchain beside it (only glibc, libstdc++ and json-c), starts in 7 ms instead of 11, and takes about 3% less
# time to its first coverage lenses (Benchmarks/README.md). Apple's platforms ship the runtime, and SwiftPM refuses
# the flag there. Every release build into .build/release takes it: builds with other flags would rebuild each other's
# modules.
RELEASE_FLAGS := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib)
DEBUG_BIN     = .build/debug/mockls
RELEASE_BIN   = .build/release/mockls
FUZZ_BIN      = .build/release/mockls-fuzz
# The parse differential of `make test` and the size of a `make fuzz` run.
DIFFERENTIAL_EDITS ?= 20000
FUZZ_RUNS     ?= 1000000
FUZZ_SURFACES ?= messages graphql swift workspace fixtures
FUZZ_BUILD    := .build-fuzz
# Every run's count of inputs, appended (date, surface, inputs, commit or seed): the totals per surface are summed.
# `mockls-fuzz run SURFACE --ledger .build-fuzz/ledger.tsv` (the random driver) adds to it too.
FUZZ_LEDGER   := $(FUZZ_BUILD)/ledger.tsv
SOAK_COUNT    ?= 1000000

# apt as root, or through sudo when there is one.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build release run test test-swift test-protocol test-differential test-release fuzz bench bench-soak bench-instructions install uninstall brew-install deps editor-deps python-env clean

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

## System packages: json-c (the message path's JSON library) and pkg-config (which SwiftPM uses to find it), from
## Homebrew on macOS and apt elsewhere.
deps:
ifeq ($(shell uname -s),Darwin)
	@brew list json-c >/dev/null 2>&1 && brew list pkg-config >/dev/null 2>&1 || brew install json-c pkg-config
else
	$(call apt_install_missing,libjson-c-dev pkg-config)
endif

## The real editors the editor set-ups are proven in (Tests/protocol/test_editors.py), tmux, in which the
## README's pictures are taken from Neovim (Examples/screenshots), Ruby, which runs the Homebrew formula, and Node
## with Debian's TypeScript, which run the VS Code extension's own logic (Tests/editors/vscode_check.js); gdb, which
## reads the line a test crashed on when the runtime oracle runs it on Apollo's own runtime (Tests/protocol/runtime_oracle.py).
editor-deps:
	$(call apt_install_missing,neovim emacs-nox elpa-eglot elpa-lsp-mode tmux ruby nodejs node-typescript gdb patch)

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps
	$(SWIFT) build -c release --product mockls $(RELEASE_FLAGS) $(SWIFT_FLAGS)

## A scripted LSP session against the bundled Examples/ workspace.
run: build python-env
	$(PY) Examples/scripted-session.py
	@echo; echo "# mockls check on the example workspace (it finds the tests that would crash: exit status 1)"
	$(DEBUG_BIN) check --workspace Examples/Bookshelf; test $$? -eq 1

## Unit tests, the protocol transcripts and the pytest-lsp client against the real binary, the parse differential, and
## the release binary `make install` installs (built, linked with no Swift runtime library left to load, run);
## last, how many tests need ../shared and were skipped (a lone clone runs every other one).
test: test-swift test-protocol test-differential test-release
	@cat $(SHARED_SKIPS)/* 2>/dev/null || true

# What a test skipped for want of ../shared says (Tests/MocklsTestSupport/SharedFolder.swift, Tests/protocol/shared.py);
# each suite writes its count of those skips here.
SHARED_SKIP_MESSAGE := ../shared is not beside the repository
SHARED_SKIPS        := .build/shared-skips

test-swift: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	@mkdir -p $(SHARED_SKIPS); set -o pipefail; \
	$(SWIFT) test --skip-build --disable-swift-testing $(SWIFT_FLAGS) 2>&1 | tee .build/swift-test.log
	@echo "$$(grep -c 'Test skipped - $(SHARED_SKIP_MESSAGE)' .build/swift-test.log) XCTest tests need ../shared and were skipped" \
	  | tee $(SHARED_SKIPS)/xctest

test-protocol: build python-env editor-deps
	@mkdir -p $(SHARED_SKIPS); set -o pipefail; \
	MOCKLS_BIN=$(DEBUG_BIN) $(PY) -m pytest -q Tests/protocol 2>&1 | tee .build/pytest.log
	@cat .build/runtime-oracle/summary.txt 2>/dev/null || true
	@grep -h "protocol tests need ../shared" .build/pytest.log > $(SHARED_SKIPS)/protocol \
	  || echo "0 protocol tests need ../shared and were skipped" > $(SHARED_SKIPS)/protocol

## The binary `make install` installs, built as `make release` builds it (after the differential's release build, whose
## modules it shares): on Linux no Swift runtime library may be left to load (a build of every product with
## --static-swift-stdlib failed on the test support's XCTest); then it runs.
test-release: release
	@if [ "$$(uname -s)" = Linux ] && ldd $(RELEASE_BIN) | grep -E 'libswift|libFoundation|libdispatch'; then \
	  echo "$(RELEASE_BIN) loads the Swift runtime: RELEASE_FLAGS should link it in" >&2; exit 1; \
	fi
	$(RELEASE_BIN) --version

## The incremental Swift parse against full parses: random edits to every Swift file under ../shared/fixtures and
## Tests/, each version compared with a full parse (needs ../shared); then every input `make fuzz` found
## (Tests/FuzzFindings) replayed, against ../shared's AnimalKingdom or, without it, Examples/Bookshelf.
## Release build: swift-syntax is about 45x slower in debug. Both run against ../shared's fixtures (mockls-fuzz's
## surfaces index its AnimalKingdom API): without it they are skipped, or fail with MOCKLS_REQUIRE_SHARED=1 (CI).
test-differential: deps
	@set -e; $(SWIFT) build -c release --product mockls-fuzz $(RELEASE_FLAGS) $(SWIFT_FLAGS); \
	if [ -d ../shared ]; then \
	  $(FUZZ_BIN) differential --edits $(DIFFERENTIAL_EDITS) --seed 1 --failures .build/differential-failures; \
	elif [ -n "$$MOCKLS_REQUIRE_SHARED" ] && [ "$$MOCKLS_REQUIRE_SHARED" != 0 ]; then \
	  echo "../shared is not beside the repository and MOCKLS_REQUIRE_SHARED=1 requires it: the parse differential cannot run" >&2; exit 1; \
	else \
	  echo "../shared is not beside the repository: the parse differential is skipped; the fuzz findings are replayed against Examples/Bookshelf"; \
	fi; \
	for folder in Tests/FuzzFindings/*/; do \
	  surface=$$(basename $$folder); \
	  timeout 300 $(FUZZ_BIN) replay $$surface $$folder* || { echo "fuzz findings of $$surface: a trap or a hang came back (exit $$?)"; exit 1; }; \
	done

## libFuzzer on each surface (messages, graphql, swift, workspace, fixtures), FUZZ_RUNS inputs each, then the bounded random
## message stream of one long-lived server with its resident memory (not part of `make test`; see README).
## FUZZ_SURFACES picks surfaces, e.g. `make fuzz FUZZ_SURFACES=swift` (the memory run comes with `messages`).
fuzz: deps
	$(SWIFT) build -c release --scratch-path $(FUZZ_BUILD) --product mockls-fuzz $(SWIFT_FLAGS) \
	  -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -use-ld=lld
	set -e; for surface in $(FUZZ_SURFACES); do \
	  runs=$(FUZZ_RUNS); length=8192; \
	  [ $$surface = swift ] && length=2048; \
	  [ $$surface = workspace ] && runs=$$(( $(FUZZ_RUNS) / 50 )) && length=512; \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$surface $(FUZZ_BUILD)/crashes; \
	  $(FUZZ_BUILD)/release/mockls-fuzz seeds $$surface $(FUZZ_BUILD)/seeds/$$surface; \
	  echo "== libFuzzer: $$surface, $$runs inputs (log: $(FUZZ_BUILD)/$$surface.log)"; \
	  status=0; SWIFT_BACKTRACE=enable=no MOCKLS_FUZZ_DIFFERENCES=$(FUZZ_BUILD)/crashes \
	    $(FUZZ_BUILD)/release/mockls-fuzz libfuzzer $$surface -runs=$$runs -max_len=$$length -timeout=30 \
	    -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/crashes/$$surface- \
	    $(FUZZ_BUILD)/corpus/$$surface $(FUZZ_BUILD)/seeds/$$surface > $(FUZZ_BUILD)/$$surface.log 2>&1 || status=$$?; \
	  grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb|SUMMARY)" $(FUZZ_BUILD)/$$surface.log || true; \
	  executed=$$(sed -n 's/^stat::number_of_executed_units: *//p' $(FUZZ_BUILD)/$$surface.log | tail -1); \
	  printf '%s\t%s\t%s\t%s\n' "$$(date -u +%FT%TZ)" $$surface "$${executed:-0}" "$$(git rev-parse --short HEAD 2>/dev/null)" >> $(FUZZ_LEDGER); \
	  if [ $$status -ne 0 ]; then tail -40 $(FUZZ_BUILD)/$$surface.log; exit $$status; fi; \
	done
	$(if $(filter messages,$(FUZZ_SURFACES)),$(FUZZ_BUILD)/release/mockls-fuzz run messages --inputs 100000 --seed 2 --ledger $(FUZZ_LEDGER))
	@echo "== inputs run so far, per surface (all runs in $(FUZZ_LEDGER); the corpus in $(FUZZ_BUILD)/corpus is kept between runs)"
	@awk -F'\t' '{ total[$$2] += $$3; runs[$$2]++ } END { for (s in total) printf "%-10s %12d inputs in %d runs\n", s, total[s], runs[s] }' $(FUZZ_LEDGER)

## Long sessions of one server (release build): 10⁶ random messages, then 10⁶ keystrokes with a completion after
## each; prints the resident set and completion's latency per tenth, and exits 1 over issue 45's bounds (resident
## under 100 MB at the end, completion's p99 in the last tenth within 1.2x the first's). A benchmark, not a test.
bench-soak: deps
	$(SWIFT) build -c release --product mockls-fuzz $(RELEASE_FLAGS) $(SWIFT_FLAGS)
	$(FUZZ_BIN) soak both --count $(SOAK_COUNT)

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
bench: release python-env
	set -o pipefail; cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark --format markdown --no-progress | tee .build/bench-report.md
	$(PY) Benchmarks/compare_graphql_core.py < Benchmarks/.build/bench-report.md
	MOCKLS_BIN=$(RELEASE_BIN) $(PY) Benchmarks/stdio_round_trips.py
	MOCKLS_BIN=$(RELEASE_BIN) $(PY) Benchmarks/check_throughput.py
	MOCKLS_BIN=$(RELEASE_BIN) $(PY) Benchmarks/app_code_check.py
	MOCKLS_BIN=$(RELEASE_BIN) $(PY) Benchmarks/unused_field_latency.py
	MOCKLS_BIN=$(RELEASE_BIN) $(PY) Benchmarks/fixture_throughput.py
	MOCKLS_BIN=$(RELEASE_BIN) $(PY) Benchmarks/coverage_throughput.py
	MOCKLS_BIN=$(RELEASE_BIN) $(PY) Benchmarks/many_projects.py --files 1000
	MOCKLS_BIN=$(RELEASE_BIN) $(PY) Benchmarks/editor_features.py
	MOCKLS_BIN=$(RELEASE_BIN) $(PY) Benchmarks/snapshot_queries.py
	MOCKLS_BIN=$(RELEASE_BIN) $(PY) Benchmarks/folder_changes.py

## Instructions per request on the reading thread, counted by callgrind (steady where round trips drift with the
## machine's load); uses the ProjectSize workspace that `make bench` writes.
bench-instructions: release python-env
	$(call apt_install_missing,valgrind)
	MOCKLS_BIN=$(RELEASE_BIN) $(PY) Benchmarks/request_instructions.py

# Sets `sudo` to "sudo" when the folder $(1) (or the nearest folder above it that exists, when it is to be created)
# is not writable, and there is a sudo; stops with a hint when there is none.
define sudo_unless_writable
	folder="$(1)"; while [ ! -e "$$folder" ]; do folder=$$(dirname "$$folder"); done; \
	sudo=""; \
	if [ ! -w "$$folder" ]; then \
	  if command -v sudo >/dev/null 2>&1; then \
	    sudo=sudo; echo "$$folder is not writable by $$(id -un): using sudo"; \
	  else \
	    echo "make: $$folder is not writable by $$(id -un) and there is no sudo: make install PREFIX=\$$HOME/.local installs into your home" >&2; \
	    exit 1; \
	  fi; \
	fi
endef

## Installs the release binary into $(PREFIX)/bin (default /usr/local/bin), with sudo when that folder is not
## writable: `make install PREFIX=$HOME/.local` needs none.
install: release
	@bin="$(DESTDIR)$(PREFIX)/bin"; \
	$(call sudo_unless_writable,$(DESTDIR)$(PREFIX)/bin); \
	echo "Installing mockls into $$bin"; \
	$$sudo install -d "$$bin" && $$sudo install -m 755 $(RELEASE_BIN) "$$bin/mockls" || exit 1; \
	[ -z "$(DESTDIR)" ] || exit 0; \
	case ":$$PATH:" in \
	  *":$$bin:"*|*":$$bin/:"*) \
	    found=$$(command -v mockls); \
	    [ "$$found" = "$$bin/mockls" ] || echo "Note: \`mockls\` runs $$found, which comes before $$bin on PATH";; \
	  *) \
	    shown="$$bin"; [ -z "$$HOME" ] || shown="$${bin/#$$HOME/\$$HOME}"; \
	    echo "$$bin is not on your PATH: add it in your shell's profile (~/.profile, ~/.bashrc or ~/.zshrc):"; \
	    echo "  export PATH=\"$$shown:\$$PATH\"";; \
	esac

uninstall:
	@bin="$(DESTDIR)$(PREFIX)/bin"; \
	if [ ! -e "$$bin/mockls" ] && [ ! -L "$$bin/mockls" ]; then echo "mockls is not installed in $$bin"; exit 0; fi; \
	$(call sudo_unless_writable,$(DESTDIR)$(PREFIX)/bin); \
	echo "Removing mockls from $$bin"; \
	$$sudo rm -f "$$bin/mockls" || exit 1; \
	if [ -z "$(DESTDIR)" ] && other=$$(command -v mockls); then echo "Note: another mockls remains on PATH: $$other"; fi

## macOS: installs mockls with Homebrew, built from source (editors/homebrew/mockls.rb), from a tarball of this
## clone's HEAD (commit first: uncommitted changes are not in it), through a local tap `mockls/local`.
BREW_TARBALL = .build/homebrew/mockls-$(VERSION).tar.gz
brew-install: VERSION = $(shell sed -n 's/.*static let string = "\(.*\)".*/\1/p' Sources/Analysis/Version.swift)
brew-install:
	@command -v brew >/dev/null 2>&1 || { echo "brew-install needs Homebrew (https://brew.sh); elsewhere use make install"; exit 2; }
	mkdir -p .build/homebrew
	git archive --format=tar.gz --prefix=mockls-$(VERSION)/ -o $(BREW_TARBALL) HEAD
	tap="$$(brew --repository)/Library/Taps/mockls/homebrew-local"; \
	  [ -d "$$tap" ] || brew tap-new --no-git mockls/local; \
	  mkdir -p "$$tap/Formula" && editors/homebrew/fill-formula.sh $(BREW_TARBALL) "$$tap/Formula/mockls.rb"
	if brew list mockls/local/mockls >/dev/null 2>&1; then brew reinstall --build-from-source mockls/local/mockls; \
	  else brew install --build-from-source mockls/local/mockls; fi

clean:
	rm -rf .build $(VENV) Benchmarks/.build
