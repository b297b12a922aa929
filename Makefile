# gymbell — build, run, test. `make help` lists the targets.
SWIFT ?= swift
PYTHON ?= /usr/bin/python3
BIN := .build/debug/gymbell

.PHONY: help deps build release run test test-unit test-e2e clean

help:
	@echo "make run        install what is missing, build, run the daemon in the foreground"
	@echo "make test       install what is missing, build, run unit and end-to-end tests"
	@echo "make build      debug build (.build/debug/gymbell)"
	@echo "make release    release build (.build/release/gymbell)"
	@echo "make test-unit  Swift unit tests only"
	@echo "make test-e2e   end-to-end tests only (private D-Bus, recording notification server)"

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: build
	$(BIN) daemon

test: build
	./scripts/test.sh

test-unit: build
	./scripts/test.sh unit

test-e2e: build
	./scripts/test.sh e2e

clean:
	rm -rf .build
