#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit + API tests (vitest, real database), then the e2e suite
# (Playwright, JS on and off) against a fresh production build.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stage-times.sh
# The times are printed whether the run passes or fails (a failed stage's time included).
trap 'stage_report "npm test"' EXIT
stage typecheck && ./node_modules/.bin/tsc --noEmit
stage lint && ./node_modules/.bin/eslint --max-warnings 0 .
stage "unit + API tests" && ./node_modules/.bin/vitest run
stage build && NODE_ENV=production ./node_modules/.bin/remix build && node server/build.mjs
stage e2e && bash scripts/ensure-chromium.sh && ./node_modules/.bin/playwright test
