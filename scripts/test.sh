#!/usr/bin/env bash
# `npm test`: every test of the project. Typecheck, lint, unit tests, the API suite on SQLite and on a
# throwaway PostgreSQL server, then the built app in headless Chromium against the real server.
# Runs every step even after a failure, prints a summary, and exits non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
results=$(mktemp -d)
pgdir=$(mktemp -d)
failed=()
timings=()

cleanup() {
  bash scripts/postgres-server.sh stop "$pgdir" >/dev/null 2>&1 || true
  rm -rf "$pgdir"
}
trap cleanup EXIT

step() {
  local name=$1
  shift
  echo
  echo "=== $name"
  local started=$SECONDS
  if ! "$@"; then
    failed+=("$name")
    echo "=== $name: FAILED"
  fi
  # Each step's time, listed at the end: what to look at first when the suite gets slow.
  timings+=("$(printf '%-20s %4d s' "$name" $((SECONDS - started)))")
}

vitest_run() {
  local root=$1 out=$2
  shift 2
  npx vitest run --root "$root" --reporter=default --reporter=json --outputFile.json="$results/$out.json" "$@"
}

# The PostgreSQL server is made and started (initdb: mostly waits on the disk) while the steps before
# the API suite on it run; its URL, or why it did not start, is read when that step begins.
start_postgres() {
  local port
  port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  bash scripts/postgres-server.sh start "$pgdir" "$port" >"$results/pg-url" 2>"$results/pg-start.log"
}

api_on_postgres() {
  local url
  if ! wait "$pg_starting"; then
    cat "$results/pg-start.log" >&2
    return 1
  fi
  url=$(cat "$results/pg-url")
  echo "PostgreSQL test server: $url"
  TEST_DATABASE_URL=$url vitest_run apps/api api-postgres
}

# The app's build (about 11 CPU-s) runs beside the API suite on PostgreSQL, which leaves part of the
# two cores idle while it waits on its database; its log is shown, and its failure counted, where the
# browser tests begin. No API test reads apps/web/dist or apps/api/dist (their apps serve no-web
# folders; import-stall builds into a folder of its own).
start_build() {
  npm run build >"$results/build.log" 2>&1
}

browser_tests() {
  local built=0
  wait "$build_running" || built=$?
  cat "$results/build.log"
  [ "$built" -eq 0 ] || return 1
  node --import tsx bench/bundle-size.ts --budget || return 1
  local code=0
  PLAYWRIGHT_JSON_OUTPUT_FILE="$results/e2e.json" npx playwright test -c apps/web/playwright.config.ts --reporter=list,json || code=$?
  # The WAS-Tool answers from this run's axe results (docs/accessibility.md).
  node --import tsx apps/web/scripts/was-tool-report.ts || code=1
  return $code
}

step "system packages" bash scripts/ensure-system-deps.sh
start_postgres &
pg_starting=$!
step "typecheck" npm run typecheck
step "lint" npm run lint
step "unit: contract" vitest_run packages/contract contract
step "unit: web" vitest_run apps/web web-unit
step "api: SQLite" vitest_run apps/api api-sqlite
start_build &
build_running=$!
step "api: PostgreSQL" api_on_postgres
step "browser: Chromium" browser_tests

echo
printf '%s\n' "${timings[@]}"
printf '%-20s %4d s\n' "total" "$SECONDS"
node scripts/test-summary.mjs "$results"
summary_status=$?
rm -rf "$results"

if [ ${#failed[@]} -gt 0 ]; then
  printf 'Failed steps: %s\n' "${failed[*]}"
  exit 1
fi
exit $summary_status
