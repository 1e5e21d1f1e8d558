#!/usr/bin/env bash
# Every test: native Rust, the stemmer parity check, Node against the built
# package, then a short bounded fuzzing run of the core (scripts/fuzz.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
cargo test --locked
bash scripts/build.sh
node --test --test-reporter=spec tests/node/ tests/browser/
bash scripts/fuzz.sh
