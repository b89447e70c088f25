#!/usr/bin/env bash
# Playwright drives Debian's Chromium (no browser download on this network). Install it when we
# can (root), otherwise say how.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "[test] /usr/bin/chromium is missing: installing Chromium and Thai fonts with apt-get…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-thai-tlwg fonts-noto-core >/dev/null
else
  echo "[test] /usr/bin/chromium is missing. Install it with:" >&2
  echo "       sudo apt-get install -y chromium fonts-thai-tlwg fonts-noto-core" >&2
  exit 1
fi
