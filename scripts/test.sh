#!/usr/bin/env bash
# Every test: native Rust, the stemmer parity check, then Node against the built package.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
cargo test --locked
bash scripts/build.sh
node --test --test-reporter=spec tests/node/ tests/browser/
