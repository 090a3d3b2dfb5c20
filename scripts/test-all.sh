#!/usr/bin/env bash
# npm test: Biome, type check, unit tests, component tests, API tests on PGlite and on PostgreSQL, browser journeys.
# Ends with one line "Summary: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
out=.test-results
rm -rf "$out" && mkdir -p "$out"
export TEST_PG_ADMIN_URL="${TEST_PG_ADMIN_URL:-postgres://postgres:postgres@127.0.0.1:5432/postgres}"
failed_steps=()

step() {
  local name=$1; shift
  echo; echo "=== $name"
  if ! "$@"; then failed_steps+=("$name"); fi
}

pg_ready() {
  node -e "const c=new (require('pg').Client)({connectionString:process.env.TEST_PG_ADMIN_URL});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" 2>/dev/null
}

step "Biome" npx biome check .
step "Type check" npx tsc -p tsconfig.json --noEmit
step "Unit tests" npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$out/unit.json"
step "Component tests (jsdom)" npx vitest run --project web --reporter=default --reporter=json --outputFile.json="$out/web.json"
step "API tests on PGlite" npx vitest run --project api --reporter=default --reporter=json --outputFile.json="$out/api-pglite.json"
if pg_ready; then
  step "API tests on PostgreSQL" env DB_KIND=postgres npx vitest run --project api --reporter=default --reporter=json --outputFile.json="$out/api-postgres.json"
else
  echo; echo "=== API tests on PostgreSQL"
  echo "PostgreSQL is not reachable at $TEST_PG_ADMIN_URL."
  echo "Start it (Debian: pg_ctlcluster --skip-systemctl-redirect 15 main start) or set TEST_PG_ADMIN_URL."
  failed_steps+=("API tests on PostgreSQL (no server)")
fi
step "Build the page" npm run --silent build
step "Bundle budget" node scripts/check-bundle.mjs
step "Browser journeys (Chromium)" env PW_JSON_OUTPUT="$PWD/$out/e2e.json" npx playwright test -c e2e/playwright.config.ts

node scripts/summarize-tests.mjs "$out" "${#failed_steps[@]}"
if [ ${#failed_steps[@]} -gt 0 ]; then
  printf 'Failed step: %s\n' "${failed_steps[@]}"
  exit 1
fi
