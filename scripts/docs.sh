#!/usr/bin/env bash
# Builds the DocC documentation of every library module with the toolchain's own tools: symbol
# graphs extracted from the modules `swift build` made (no rebuild, no plugin package), then
# `docc convert` with each module's catalog (Sources/<Module>/<Module>.docc) where it has one.
# Fails on any warning: a broken symbol link, an undocumented parameter, an unresolvable article.
# Usage: swift build && scripts/docs.sh [OUTPUT_DIR]   (default .build/documentation)
set -euo pipefail
cd "$(dirname "$0")/.."
modules=.build/debug/Modules
[ -f "$modules/Ristretto.swiftmodule" ] || { echo "build first: swift build" >&2; exit 1; }
output=${1:-.build/documentation}
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
target=$(swiftc -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
mkdir -p "$output"
status=0
for module in Ristretto RistrettoRules RistrettoTesting RistrettoServer RistrettoLlama; do
  mkdir -p "$graphs/$module"
  swift symbolgraph-extract -module-name "$module" -I "$modules" -target "$target" \
    -output-dir "$graphs/$module" -minimum-access-level public
  catalog=()
  [ -d "Sources/$module/$module.docc" ] && catalog=("Sources/$module/$module.docc")
  log="$graphs/$module.log"
  rc=0
  docc convert "${catalog[@]}" --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.ristretto.$module" \
    --output-path "$output/$module" --warnings-as-errors > "$log" 2>&1 || rc=$?
  problems=$(grep -ciE "^(warning|error)" "$log" || true)
  echo "$module: $problems problems"
  if [ "$rc" -ne 0 ] || [ "$problems" -ne 0 ]; then
    cat "$log" >&2
    status=1
  fi
done
exit $status
