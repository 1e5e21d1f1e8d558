#!/usr/bin/env bash
# Builds the wasm and the npm package in pkg/ (node/ and web/ entries).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
cargo build --locked --release --target wasm32-unknown-unknown
wasm=target/wasm32-unknown-unknown/release/toolsearch.wasm
rm -rf pkg/node pkg/web
# The name and producers sections serve only debuggers and profilers (139 KB of
# the gzipped wasm); TOOLSEARCH_KEEP_NAMES=1 keeps them for profiling.
strip=(--remove-name-section --remove-producers-section)
[ "${TOOLSEARCH_KEEP_NAMES:-0}" = 1 ] && strip=()
wasm-bindgen --target nodejs --no-typescript "${strip[@]}" --out-dir pkg/node "$wasm"
wasm-bindgen --target web --no-typescript "${strip[@]}" --out-dir pkg/web "$wasm"
node scripts/entries.mjs
# The package ships the project's README, license and changelog.
cp README.md LICENSE CHANGELOG.md pkg/
