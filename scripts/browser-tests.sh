#!/usr/bin/env bash
# Browser tests: installs Debian's Chromium and playwright-core if missing, builds the server,
# and runs web/tests with Node's test runner. Screenshots of failures land in web/tests/test-results/.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "installing chromium (Debian package)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
(cd web/tests && npm ci --no-audit --no-fund --loglevel=error)
# The client's unit tests first (node alone: the game's state, the highlight contrast).
(cd web/tests && node --test contrast.test.mjs gamestate.test.mjs analysis.test.mjs)
cargo build -q -p fourhand
(cd web/tests && node --test --test-concurrency=1 browser.test.mjs play.test.mjs reach.test.mjs fit.test.mjs arena.test.mjs swiss.test.mjs review.test.mjs)
