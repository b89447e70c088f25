#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit + API tests (vitest, real database), the byte budgets of the
# fresh production build, then the e2e suite (Playwright, JS on and off) against that build.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stage-times.sh
# The times are printed whether the run passes or fails (a failed stage's time included).
trap 'stage_report "npm test"' EXIT
# Typecheck, lint and the format check side by side: each is one thread, and the machine has two
# cores. All run to the end; any failing fails the stage, its output printed as it came.
stage "typecheck + lint + format"
./node_modules/.bin/tsc --noEmit & typecheck=$!
./node_modules/.bin/eslint --max-warnings 0 . & lint=$!
./node_modules/.bin/prettier --check --log-level warn . & format=$!
status=0
wait "$typecheck" || { echo "== typecheck failed"; status=1; }
wait "$lint" || { echo "== lint failed"; status=1; }
wait "$format" || { echo "== not formatted: npm run format"; status=1; }
[ "$status" = 0 ]
stage "unit + API tests" && ./node_modules/.bin/vitest run
stage build && NODE_ENV=production ./node_modules/.bin/remix build && node server/build.mjs
# Bytes do not depend on the machine: JS per page kind, documents, server-only packages in client
# chunks, against bench/budgets.json (issue 34 §1, docs/decisions/087). Under a minute.
stage "byte budgets" && ./node_modules/.bin/tsx bench/bytes.ts ${BUILD_DIR:+--build "$BUILD_DIR"}
stage e2e && bash scripts/ensure-chromium.sh && ./node_modules/.bin/playwright test
