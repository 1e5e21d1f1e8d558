#!/usr/bin/env bash
# Fuzzes the native core with cargo-fuzz (libFuzzer): every target for
# FUZZ_SECONDS (default 15). Each target reads two corpus directories:
#   fuzz/corpus-grown/<target>/  where libFuzzer writes new inputs (not in git;
#                                it grows from run to run on this machine);
#   fuzz/corpus/<target>/        the small seed corpus in git, which changes
#                                only by hand.
# A fresh clone starts from the seeds alone. libFuzzer first runs every input
# of both directories, however long that takes, and only then checks the time,
# so a large grown corpus lengthens the run: delete fuzz/corpus-grown/ to start
# from the seeds again.
# Needs the nightly toolchain; without it the run is skipped with a message,
# since no other toolchain can be fetched here.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
seconds="${FUZZ_SECONDS:-15}"
if ! rustup toolchain list | grep -q '^nightly'; then
  echo "fuzz: skipped, no nightly toolchain (rustup toolchain install nightly)"
  exit 0
fi
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
# No sanitizer: the core is safe Rust, and the targets look for panics,
# invalid JSON, nondeterminism and names outside the session. The dev profile
# builds fastest and keeps overflow checks; long runs use -O (tests/README.md).
cargo +nightly fuzz build --sanitizer none --dev
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
for target in bridges sessions schemas queries; do
  mkdir -p "corpus-grown/$target"
  echo "fuzz: $target for ${seconds} s"
  rc=0
  # The first directory receives the new inputs.
  cargo +nightly fuzz run --sanitizer none --dev "$target" "corpus-grown/$target" "corpus/$target" -- \
    -max_total_time="$seconds" -print_final_stats=1 >"$logs/$target.log" 2>&1 || rc=$?
  grep -E '^(Done|stat::number_of_executed_units)' "$logs/$target.log" || true
  if [ "$rc" != 0 ]; then
    tail -40 "$logs/$target.log"
    echo "fuzz: $target failed (the input is in fuzz/artifacts/$target)"
    exit 1
  fi
done
