#!/bin/sh
# Runs gymbell's tests: Swift unit tests, then the end-to-end tests against the real daemon and CLI
# on a private D-Bus session bus. `scripts/test.sh unit` or `scripts/test.sh e2e` runs one part.
# Needs no session bus or display of its own: every test starts what it needs.
set -eu
cd "$(dirname "$0")/.."
part="${1:-all}"
./scripts/install-deps.sh
swift build
./scripts/build-locale.sh
status=0
if [ "$part" = all ] || [ "$part" = unit ]; then
  swift test || status=1
fi
if [ "$part" = all ] || [ "$part" = e2e ]; then
  GYMBELL_BIN="$(swift build --show-bin-path)/gymbell" /usr/bin/python3 -m pytest tests/e2e -q -p no:cacheprovider || status=1
fi
exit $status
