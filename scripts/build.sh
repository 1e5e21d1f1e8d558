#!/usr/bin/env bash
# Builds the wasm and the npm package in pkg/ (node/ and web/ entries).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
cargo build --locked --release --target wasm32-unknown-unknown
wasm=target/wasm32-unknown-unknown/release/toolsearch.wasm
rm -rf pkg/node pkg/web
wasm-bindgen --target nodejs --no-typescript --out-dir pkg/node "$wasm"
wasm-bindgen --target web --no-typescript --out-dir pkg/web "$wasm"
node scripts/entries.mjs
