#!/usr/bin/env bash
# Builds the wasm and the npm package in pkg/ (node/ and web/ entries).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# Two wasm modules: the library without schema validation (what search,
# describe and assembly need), and the validator (wasm-validator/), which the
# entries load on the first tool_call that validates; it is optimised for size
# (the `validator` profile of Cargo.toml), and so is the library, a little
# less (the `library` profile).
cargo build --locked --profile library --target wasm32-unknown-unknown --no-default-features --features bindings
cargo build --locked --profile validator --target wasm32-unknown-unknown -p toolsearch-validator
target="${CARGO_TARGET_DIR:-target}"
wasm=$target/wasm32-unknown-unknown/library/toolsearch.wasm
validator=$target/wasm32-unknown-unknown/validator/toolsearch_validator.wasm
rm -rf pkg/node pkg/web
# The name and producers sections serve only debuggers and profilers (139 KB of
# the gzipped wasm); TOOLSEARCH_KEEP_NAMES=1 keeps them for profiling.
strip=(--remove-name-section --remove-producers-section)
keep=()
[ "${TOOLSEARCH_KEEP_NAMES:-0}" = 1 ] && strip=() && keep=(-g)
wasm-bindgen --target nodejs --no-typescript "${strip[@]}" --out-dir pkg/node "$wasm"
wasm-bindgen --target web --no-typescript "${strip[@]}" --out-dir pkg/web "$wasm"
wasm-bindgen --target nodejs --no-typescript "${strip[@]}" --out-dir pkg/node --out-name validator "$validator"
wasm-bindgen --target web --no-typescript "${strip[@]}" --out-dir pkg/web --out-name validator "$validator"
node scripts/entries.mjs
# binaryen's -O1 (npm binaryen, a devDependency; Debian's wasm-opt breaks the
# output) after LLVM's optimisation: 9 KB less gzip for the validator and 4 KB
# for the library, where -O2, -O3, -Os and -Oz each gave less; then
# dead-argument elimination and -O1 again: 3.1 KB and 1.3 KB less than -O1
# alone (bench/README.md "Size").
features=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-mutable-globals --enable-reference-types --enable-multivalue)
for module in pkg/web/toolsearch_bg.wasm pkg/web/validator_bg.wasm; do
  node_modules/.bin/wasm-opt -O1 --dae-optimizing -O1 "${keep[@]}" "${features[@]}" "$module" -o "$module"
done
# The package ships the project's README, license and changelog, and docs/:
# the behaviour its declarations cite by section (§), and the pages the README
# links to.
cp README.md LICENSE CHANGELOG.md pkg/
rm -rf pkg/docs && mkdir -p pkg/docs && cp docs/*.md pkg/docs/
# and toolsearch-mcp the license and changelog (its README is its own).
cp LICENSE CHANGELOG.md proxy/
