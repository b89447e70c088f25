#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit + API tests (vitest, real database), then the e2e suite
# (Playwright, JS on and off) against a fresh production build.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck" && ./node_modules/.bin/tsc --noEmit
echo "== lint" && ./node_modules/.bin/eslint --max-warnings 0 .
echo "== unit + API tests" && ./node_modules/.bin/vitest run
echo "== build" && NODE_ENV=production ./node_modules/.bin/remix build && node server/build.mjs
echo "== e2e" && bash scripts/ensure-chromium.sh && ./node_modules/.bin/playwright test
