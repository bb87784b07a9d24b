#!/usr/bin/env bash
# Type-checks each program of Corpus/FoundationModels against the built Ristretto module, two ways:
#   mechanical — the original with `import FoundationModels` changed to `import Ristretto` and each
#                line marked `// [macro]` deleted (nothing written in their place);
#   ported     — Corpus/FoundationModels/Ported/<program>.swift, the same edits plus one extension
#                per `@Generable` type (checked by Ported/check-edits.sh).
# Prints the errors per program. The ported programs also run, on a fake model, in the
# FoundationModelsCorpusTests target (swift test --filter CorpusProgramsTests).
# Usage: swift build && scripts/fm-corpus.sh [--json PATH]
set -euo pipefail
cd "$(dirname "$0")/.."
modules=.build/debug/Modules
[ -f "$modules/Ristretto.swiftmodule" ] || { echo "build first: swift build" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
json=""
[ "${1:-}" = "--json" ] && json=$2

errors_in() {  # file, module name -> number of compiler errors
  swiftc -typecheck -swift-version 6 -I "$modules" -module-name "$2" "$1" > "$work/$2.log" 2>&1 || true
  [ -n "${SHOW_ERRORS:-}" ] && grep ': error:' "$work/$2.log" | sed "s|$work/||" | sort -u | head -40 >&2
  grep -c ': error:' "$work/$2.log" || true
}

total=0; mechanical_clean=0; ported_clean=0; rows=()
printf '%-40s %7s %11s %7s\n' program macros mechanical ported
for file in Corpus/FoundationModels/P*.swift; do
  name=$(basename "$file" .swift)
  macros=$(grep -c '// \[macro\]' "$file" || true)
  sed -e 's/^import FoundationModels$/import Ristretto/' -e '/\/\/ \[macro\]/d' "$file" > "$work/$name.swift"
  mechanical=$(errors_in "$work/$name.swift" "$name")
  ported=$(errors_in "Corpus/FoundationModels/Ported/$name.swift" "${name}_ported")
  printf '%-40s %7d %11d %7d\n' "$name" "$macros" "$mechanical" "$ported"
  total=$((total + 1))
  [ "$mechanical" -eq 0 ] && mechanical_clean=$((mechanical_clean + 1))
  [ "$ported" -eq 0 ] && ported_clean=$((ported_clean + 1))
  rows+=("{\"program\":\"$name\",\"macroLines\":$macros,\"mechanicalErrors\":$mechanical,\"portedErrors\":$ported}")
done
echo "type-check: $mechanical_clean of $total with the macro lines only deleted, $ported_clean of $total ported"
if [ -n "$json" ]; then (IFS=,; echo "[${rows[*]}]") > "$json"; echo "wrote $json"; fi
