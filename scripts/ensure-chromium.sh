#!/usr/bin/env bash
# Playwright drives Debian's Chromium headless shell (no browser download on this network; the
# dashboard prints PDFs with the full Chromium), and the class QR
# test reads the PDF with poppler's pdfinfo and pdftoppm. Install them when we can (root),
# otherwise say how.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ] && command -v pdfinfo >/dev/null && command -v pdftoppm >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "[test] Chromium or poppler-utils is missing: installing Chromium, Thai fonts and poppler-utils with apt-get…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-thai-tlwg fonts-noto-core poppler-utils >/dev/null
else
  echo "[test] /usr/bin/chromium or poppler-utils (pdfinfo, pdftoppm) is missing. Install them with:" >&2
  echo "       sudo apt-get install -y chromium chromium-headless-shell fonts-thai-tlwg fonts-noto-core poppler-utils" >&2
  exit 1
fi
