#!/bin/sh
# Retakes docs/report.png, the picture of `gymbell report` in docs/progress.md: the end-to-end test that has
# headless Chromium draw the report of twelve sample weeks keeps its screenshot there once its
# checks (pixels, OCR) pass.
#   scripts/report-screenshot.sh [OUTPUT.png]      (GYMBELL_BIN: the binary, default the debug build)
# Needs: chromium, tesseract-ocr, python3-dbus (scripts/install-deps.sh) and a build (swift build).
set -eu
cd "$(dirname "$0")/.."
out="${1:-docs/report.png}"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
bin="${GYMBELL_BIN:-$(swift build --show-bin-path)/gymbell}"
[ -x "$bin" ] || { echo "report-screenshot: no gymbell binary at $bin (swift build)" >&2; exit 1; }
command -v chromium >/dev/null || { echo "report-screenshot: chromium is not installed (scripts/install-deps.sh)" >&2; exit 1; }
rm -f "$out.new"
GYMBELL_BIN="$bin" GYMBELL_REPORT_SCREENSHOT="$out.new" \
  /usr/bin/python3 -m pytest tests/e2e/test_report.py -q -p no:cacheprovider -k drawn_by_chromium
[ -s "$out.new" ] || { echo "report-screenshot: the test kept no screenshot" >&2; exit 1; }
mv "$out.new" "$out"
echo "report-screenshot: $out ($(wc -c <"$out") bytes)"
