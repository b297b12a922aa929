# gymbell — build, run, test. `make help` lists the targets.
SWIFT ?= swift
PYTHON ?= /usr/bin/python3
BIN := .build/debug/gymbell

.PHONY: help deps build release run test test-unit test-e2e test-window test-desktops test-sync dbus-xml clean

help:
	@echo "make run        install what is missing, build, run the daemon in the foreground"
	@echo "make test       install what is missing, build, run every test (unit, e2e, packaging, reliability)"
	@echo "make build      debug build (.build/debug/gymbell and the window, .build/debug/gymbell-window)"
	@echo "make release    release build (.build/release/gymbell)"
	@echo "make test-unit  Swift unit tests only"
	@echo "make test-e2e   end-to-end tests only (private D-Bus, recording notification server)"
	@echo "make test-window  the window under Xvfb, driven through AT-SPI and pointer clicks"
	@echo "make test-desktops  the real-desktop matrix: eleven notification servers, Plasma on X11 and Wayland (tests/desktops/README.md)"
	@echo "make test-sync  two daemons, their history kept in step by two real Syncthing instances (tests/sync)"
	@echo "make dbus-xml   regenerate data/io.github.gymbell.Gymbell1.xml from the control contract"

deps:
	@./scripts/install-deps.sh

# Every module a file imports must be a declared dependency of its target (Package.swift).
IMPORT_CHECK := --explicit-target-dependency-import-check error

build: deps
	$(SWIFT) build $(IMPORT_CHECK)
	./scripts/build-locale.sh

release: deps
	$(SWIFT) build -c release

run: build
	$(BIN) daemon

# scripts/test.sh builds itself, while the desktops' packages install (a fresh machine's ~9 minutes).
test: deps
	./scripts/test.sh

test-unit: build
	./scripts/test.sh unit

test-e2e: build
	./scripts/test.sh e2e

test-window: build
	./scripts/test.sh window

test-desktops: build
	./scripts/test.sh desktops

test-sync: build
	./scripts/test.sh sync

# The control interface's introspection XML comes from Sources/GymbellControl/ControlContract.swift;
# GymbellControlTests fails when the shipped file differs from it.
dbus-xml:
	$(SWIFT) build --product gymbell
	$(BIN) daemon --introspection-xml > data/io.github.gymbell.Gymbell1.xml

clean:
	rm -rf .build

# --- Installing and packaging (docs/packaging.md) ------------------------------------------
# make install [PREFIX=/usr/local] [DESTDIR=…]; make uninstall with the same variables removes
# exactly what install put there (`make install-manifest` lists it). `make deb` builds the two .debs,
# gymbell (daemon, CLI, data) and gymbell-window (the window); install puts both in place.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
DOCDIR ?= $(DATADIR)/doc/gymbell
# Desktops read autostart entries from /etc/xdg/autostart only (XDG_CONFIG_DIRS), so both system
# prefixes use /etc; any other prefix (/opt/gymbell, a staging tree) keeps everything under PREFIX.
SYSCONFDIR ?= $(if $(filter /usr /usr/local,$(PREFIX)),/etc,$(PREFIX)/etc)
AUTOSTARTDIR ?= $(SYSCONFDIR)/xdg/autostart
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
DBUSSERVICEDIR ?= $(DATADIR)/dbus-1/services
DBUSIFACEDIR ?= $(DATADIR)/dbus-1/interfaces
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
# Debian's zsh reads /usr/share/zsh/vendor-completions and /usr/local/share/zsh/site-functions.
ZSHCOMPDIR ?= $(if $(filter /usr,$(PREFIX)),$(DATADIR)/zsh/vendor-completions,$(DATADIR)/zsh/site-functions)
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d
LOCALEDIR ?= $(DATADIR)/locale
# Set STRIP=strip to install a stripped binary (make install-strip does).
STRIP ?=
# PACKAGE=gymbell or PACKAGE=gymbell-window: only that Debian package's files (packaging/install.sh);
# empty, both: a source install has the daemon, the CLI and the window.
PACKAGE ?=
RELEASE_SCRATCH ?= .build-pkg-release
GYMBELL ?= $(RELEASE_SCRATCH)/release/gymbell
GYMBELL_WINDOW ?= $(RELEASE_SCRATCH)/release/gymbell-window
GENERATE_MANUAL ?= $(RELEASE_SCRATCH)/release/generate-manual
MANUAL_DATE ?= $(shell git log -1 --format=%cs 2>/dev/null || date -u +%Y-%m-%d)

INSTALL_ENV = DESTDIR="$(DESTDIR)" BINDIR="$(BINDIR)" DATADIR="$(DATADIR)" MANDIR="$(MANDIR)" \
	DOCDIR="$(DOCDIR)" USERUNITDIR="$(USERUNITDIR)" AUTOSTARTDIR="$(AUTOSTARTDIR)" \
	DBUSSERVICEDIR="$(DBUSSERVICEDIR)" DBUSIFACEDIR="$(DBUSIFACEDIR)" BASHCOMPDIR="$(BASHCOMPDIR)" \
	ZSHCOMPDIR="$(ZSHCOMPDIR)" FISHCOMPDIR="$(FISHCOMPDIR)" LOCALEDIR="$(LOCALEDIR)" GYMBELL="$(GYMBELL)" GYMBELL_WINDOW="$(GYMBELL_WINDOW)" \
	GENERATE_MANUAL="$(GENERATE_MANUAL)" MANUAL_DATE="$(MANUAL_DATE)" STRIP="$(STRIP)" PACKAGE="$(PACKAGE)"

.PHONY: help-packaging release-static install install-strip install-files uninstall install-manifest deb screenshot test-packaging

help-packaging:
	@echo "make release-static       release build with the Swift runtime linked in ($(GYMBELL))"
	@echo "make install              build, then install under DESTDIR+PREFIX (default PREFIX=/usr/local)"
	@echo "make install-strip        the same with a stripped binary"
	@echo "make uninstall            remove what install installed (same PREFIX/DESTDIR)"
	@echo "make install-manifest     list the files install puts there"
	@echo "make deb                  dist/gymbell_<version>_<arch>.deb and dist/gymbell-window_<version>_<arch>.deb"
	@echo "make screenshot           retake data/screenshots/notification.png (Xvfb + dunst) and the window's"
	@echo "make test-packaging       install, .deb, D-Bus activation and autostart tests"

# Linked by lld as a position-dependent executable: no 1 MB of relative relocations to apply at every
# start and no relocated pages to keep (issue 16: −1.1 MB stripped). No RELR packing, so glibc 2.35
# (Ubuntu 22.04) still runs it; tests/packaging checks the glibc versions it asks for.
# The functions a day's use runs (packaging/symbol-order.txt, from bench/symbol_order.py under
# callgrind) are laid out together at the start of .text, so the pages an idle daemon keeps resident
# hold code it runs, not its neighbours; a function missing from the list only goes after them.
# --no-export-dynamic: SwiftPM exports every symbol of an executable (for tests that import it); the
# shipped one exports only what libraries call back, so its symbol tables shrink from 6 000 entries
# to 500 (−0.45 MB resident at start, −0.5 MB stripped) and every library symbol the dynamic linker
# binds no longer searches them first.
# libstdc++ (the Swift runtime's C++) linked in: the swift driver asks for -lstdc++, which lld finds
# first in STATIC_CXX, where only the archive is; no shared libstdc++.so mapped by the daemon alone
# (1 MB resident, issue 16) for 0.1 MB of code in the binary. GCC's runtime library exception
# allows this for any licence; gymbell's libraries are all C, none passes C++ objects to it.
STATIC_CXX := $(abspath $(RELEASE_SCRATCH))/static-cxx
RELEASE_LINK := -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xswiftc -use-ld=lld -Xswiftc -Xclang-linker -Xswiftc -no-pie \
	-Xlinker --symbol-ordering-file=$(CURDIR)/packaging/symbol-order.txt -Xlinker --no-warn-symbol-ordering \
	-Xlinker --no-export-dynamic -Xlinker -L$(STATIC_CXX)

$(STATIC_CXX)/libstdc++.a:
	@archive="$$(gcc -print-file-name=libstdc++.a 2>/dev/null)"; \
	case "$$archive" in /*) ;; *) archive="$$(clang -print-file-name=libstdc++.a)";; esac; \
	[ -f "$$archive" ] || { echo "make: libstdc++.a not found (apt-get install libstdc++-12-dev)" >&2; exit 1; }; \
	mkdir -p $(STATIC_CXX) && ln -sf "$$archive" $@

# SwiftPM does not know of the ordering file: a binary older than it is removed, so that it is linked anew.
release-static: deps $(STATIC_CXX)/libstdc++.a
	@for product in gymbell gymbell-window; do \
	  binary=$(RELEASE_SCRATCH)/release/$$product; \
	  if [ -e "$$binary" ] && [ packaging/symbol-order.txt -nt "$$binary" ]; then rm -f "$$binary"; fi; \
	done
	$(SWIFT) build -c release --static-swift-stdlib $(RELEASE_LINK) --scratch-path $(RELEASE_SCRATCH) --product gymbell
	$(SWIFT) build -c release --static-swift-stdlib $(RELEASE_LINK) --scratch-path $(RELEASE_SCRATCH) --product generate-manual
	$(SWIFT) build -c release --static-swift-stdlib $(RELEASE_LINK) --scratch-path $(RELEASE_SCRATCH) --product gymbell-window

install: release-static
	@$(MAKE) --no-print-directory install-files

install-strip: release-static
	@$(MAKE) --no-print-directory install-files STRIP=strip

# Installs what is already built; GYMBELL=… installs another binary.
install-files:
	$(INSTALL_ENV) ./packaging/install.sh install

uninstall:
	$(INSTALL_ENV) ./packaging/install.sh uninstall

install-manifest:
	@$(INSTALL_ENV) ./packaging/install.sh manifest

deb: release-static
	./packaging/build-deb.sh

screenshot: build
	GYMBELL_BIN=$(BIN) ./packaging/screenshot.sh
	GYMBELL_BIN=$(BIN) ./packaging/window-screenshot.sh

test-packaging:
	$(PYTHON) -m pytest tests/packaging -q -p no:cacheprovider

# --- benchmarks and reliability suite (issue 6) --------------------------------------------------
.PHONY: bench test-reliability

bench: deps   ## the shipped build (release, static Swift stdlib) and its two .debs, then bench/run.py (~10 min)
	debs="$$(./packaging/build-deb.sh)" && $(PYTHON) bench/run.py --bin "$(GYMBELL)" \
		--deb "$$(echo "$$debs" | grep '/gymbell_')" --window-deb "$$(echo "$$debs" | grep '/gymbell-window_')"

test-reliability: build   ## kill -9 chaos, notification-server faults, fuzzing, security (~4 min)
	GYMBELL_BIN="$$($(SWIFT) build --show-bin-path)/gymbell" PYTHONPATH="$$PWD/tests/support" \
		$(PYTHON) -m pytest tests/reliability -q -p no:cacheprovider -p no_skips_on_ci

# --- the visual check: the real dunst under Xvfb, answered through its menu (tests/desktops) ------
.PHONY: check-desktop
check-desktop: build   ## Xvfb + dunst + the real daemon: screenshots, Snooze/Start through dunst's menu (~25 s)
	GYMBELL_BIN="$$($(SWIFT) build --show-bin-path)/gymbell" $(PYTHON) -m pytest tests/desktops/test_dunst_controls.py -q -p no:cacheprovider
