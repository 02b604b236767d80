#!/usr/bin/env bash
# `npm test`: lint, unit, API, build, then the browser tests. The lint (tsc ~60 s, on one core once eslint
# is done) runs beside the build, which fills the other core. No test runs beside it: some of them time
# what a parse or a request takes (a unit test's 10 MB file took 3.7 s beside tsc, under 1 s alone), and the
# browser tests' timed group must have the machine to itself. The lint's output is printed when it ends.
set -uo pipefail
cd "$(dirname "$0")/.."

lint_log=$(mktemp)
npm run --silent lint > "$lint_log" 2>&1 &
lint=$!

npm run --silent build
status=$?

wait "$lint"
lint_status=$?
echo "== lint (tsc and eslint)"
cat "$lint_log"
rm -f "$lint_log"
if [ "$lint_status" -ne 0 ]; then echo "== lint failed"; exit "$lint_status"; fi
if [ "$status" -ne 0 ]; then exit "$status"; fi

npm run --silent test:unit && npm run --silent test:api && npm run --silent test:e2e
