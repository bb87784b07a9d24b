#!/usr/bin/env bash
# Fuzzes Ristretto's parsers with libFuzzer under AddressSanitizer.
#
# Usage:
#   scripts/fuzz.sh                 # every target, 60 s each
#   scripts/fuzz.sh TARGET [SECONDS] # one target (or "all")
#   scripts/fuzz.sh --list          # the targets
#   scripts/fuzz.sh --build         # build the harnesses only
#
# How it is built: SwiftPM renames `main` in executable targets, so a harness cannot be a
# SwiftPM product. Instead the library modules are compiled by SwiftPM with
# `-sanitize=fuzzer,address` (coverage instrumentation and ASan, no link) into their own
# scratch path, .build/fuzz, and each harness (Fuzz/<target>.swift, with the shared
# Fuzz/Fuzz*.swift) is compiled by swiftc with -parse-as-library against those modules' object
# files; libFuzzer supplies `main` and calls the harness's `LLVMFuzzerTestOneInput`.
#
# Corpora: Fixtures/fuzz/<target>/seeds (checked in) and Fixtures/fuzz/<target>/crashes (every
# crash found, kept as a regression input) are read; new inputs go to .build/fuzz/corpus/<target>,
# crash artifacts to .build/fuzz/artifacts/<target>/. A crash fails the script. Figures (runs,
# runs per second, slowest input) go to .build/fuzz/results.tsv.
#
# Reproduce one input:  .build/fuzz/bin/<target> Fixtures/fuzz/<target>/crashes/<file>
#
# Environment: FUZZ_FLAGS (extra libFuzzer flags, e.g. -max_len=65536), FUZZ_CONFIGURATION
# (release, the default, or debug).
set -euo pipefail
cd "$(dirname "$0")/.."
# Swift's own crash backtracer would run inside ASan's handler; libFuzzer reports the crash.
export SWIFT_BACKTRACE=enable=no
# No LeakSanitizer: Swift keeps tag bits in the spare bits of enum payload pointers (indirect
# schema nodes, for one), so LSan cannot see that cached values are still reachable and reports
# them at exit. ASan's memory errors are all still reported.
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

TARGETS=(json partial-json json-schema pattern guidance gguf bpe sentencepiece transcript cli server moka-tools)
# Sources a harness compiles in besides Fuzz/Fuzz*.swift (the CLI parser lives in an executable target;
# the served backend's reader is internal to its module; the moka tools and the decoding of their data
# belong to the example, whose bundled-file loading is left out).
declare -A EXTRA_SOURCES=([cli]=Examples/moka/Options.swift [server]="$(echo Sources/RistrettoServer/*.swift)"
  [moka-tools]="Examples/MokaPot/Data/MokaData.swift Examples/MokaPot/Data/MokaData+Validation.swift
    Examples/MokaPot/Data/MokaData+Reading.swift Examples/MokaPot/Data/DataFileReader.swift
    Examples/MokaPot/Data/DataFileReader+Parts.swift Examples/MokaPot/Data/InBackground.swift
    $(echo Examples/MokaPot/Tools/*.swift)")
configuration="${FUZZ_CONFIGURATION:-release}"
scratch=.build/fuzz
bin="$scratch/bin"

if [[ "${1:-}" == "--list" ]]; then
  printf '%s\n' "${TARGETS[@]}"
  exit 0
fi

build() {
  echo "== building the library modules with -sanitize=fuzzer,address ($configuration)" >&2
  swift build -c "$configuration" --scratch-path "$scratch" --target RistrettoTesting \
    -Xswiftc -sanitize=fuzzer,address >&2
  local modules="$scratch/$configuration/Modules" target
  # The package name SwiftPM compiled the modules with, so a harness sees their `package` symbols.
  local package_name
  package_name=$(grep -o '"-package-name","[^"]*"' "$scratch/$configuration.yaml" | head -1 | cut -d'"' -f4)
  local objects=("$scratch/$configuration"/Ristretto.build/*.o "$scratch/$configuration"/RistrettoTesting.build/*.o)
  mkdir -p "$bin"
  for target in "${TARGETS[@]}"; do
    echo "== linking $target" >&2
    swiftc -O -sanitize=fuzzer,address -parse-as-library -use-ld=lld -I "$modules" -package-name "$package_name" \
      Fuzz/Fuzz*.swift "Fuzz/$target.swift" ${EXTRA_SOURCES[$target]:-} "${objects[@]}" -o "$bin/$target"
  done
}

run() {
  local target=$1 seconds=$2
  local seeds="Fixtures/fuzz/$target/seeds" crashes="Fixtures/fuzz/$target/crashes"
  local corpus="$scratch/corpus/$target" artifacts="$scratch/artifacts/$target/"
  rm -rf "$artifacts"
  mkdir -p "$corpus" "$artifacts" "$seeds" "$crashes"
  local log="$scratch/logs/$target.log"
  mkdir -p "$scratch/logs"
  echo "== fuzzing $target for ${seconds}s" >&2
  local status=0
  # -timeout: an input slower than 10 s is a finding (cost must stay linear in the input).
  # -rss_limit_mb: so must memory.
  # shellcheck disable=SC2086
  "$bin/$target" "$corpus" "$seeds" "$crashes" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=4096 -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$artifacts" ${FUZZ_FLAGS:-} >"$log" 2>&1 ||
    status=$?
  local runs speed slowest
  # A crash prints the final figures twice; keep the last.
  runs=$(awk '/^stat::number_of_executed_units/ {v = $2} END {print v}' "$log")
  speed=$(awk '/^stat::average_exec_per_sec/ {v = $2} END {print v}' "$log")
  slowest=$(awk '/^stat::slowest_unit_time_sec/ {v = $2} END {print v}' "$log")
  local found
  found=$(find "$artifacts" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
  runs=${runs:-0} speed=${speed:-0} slowest=${slowest:-0}
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$target" "$seconds" "$runs" "$speed" "$found" "$slowest" >>"$scratch/results.tsv"
  printf '%-14s %6ss %12s runs %8s/s  crashes %s  slowest input %ss\n' "$target" "$seconds" "$runs" "$speed" "$found" "$slowest"
  if [[ $status -ne 0 ]]; then
    echo "$target: libFuzzer exited with $status; the input is in $artifacts, the log in $log:" >&2
    grep -E "ERROR|Fatal error|invariant|SUMMARY|Test unit written" "$log" | head -20 >&2 || true
    return 1
  fi
}

if [[ "${1:-}" == "--build" ]]; then
  build
  exit 0
fi

target="${1:-all}"
seconds="${2:-60}"
if [[ "$target" != "all" ]] && [[ ! " ${TARGETS[*]} " =~ \ $target\  ]]; then
  echo "unknown target '$target'; targets: ${TARGETS[*]}" >&2
  exit 2
fi
build
mkdir -p "$scratch"
failed=0
if [[ "$target" == "all" ]]; then
  for each in "${TARGETS[@]}"; do run "$each" "$seconds" || failed=1; done
else
  run "$target" "$seconds" || failed=1
fi
exit $failed
