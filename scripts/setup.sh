#!/usr/bin/env bash
# Installs what a fresh machine lacks; every step is a no-op when present.
#   SKIP_BROWSER=1  skip Debian chromium (only the page tests need it)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

rustup target list --installed | grep -qx wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown

# The CLI must be exactly the wasm-bindgen version of Cargo.lock. Not --locked:
# the CLI's own lockfile pins crates the index no longer offers.
want=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $want" ]; then
  cargo install wasm-bindgen-cli --version "=$want" --no-default-features --force
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

# Chromium for the page tests, and CJK fonts so the page's Japanese renders as
# glyphs rather than empty boxes.
if [ "${SKIP_BROWSER:-0}" != 1 ] && { [ ! -x /usr/bin/chromium ] || ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; }; then
  sudo_=""; [ "$(id -u)" = 0 ] || sudo_=sudo
  $sudo_ apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi
