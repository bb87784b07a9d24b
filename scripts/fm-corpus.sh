#!/usr/bin/env bash
# Type-checks each program of Corpus/FoundationModels against the built Ristretto module
# with the allowed edits applied mechanically: `import FoundationModels` becomes
# `import Ristretto` and each line marked `// [macro]` is deleted (no replacement written).
# Prints the errors per program, and how many of them name a macro-made conformance.
# Usage: swift build && scripts/fm-corpus.sh [--json PATH]
set -euo pipefail
cd "$(dirname "$0")/.."
modules=.build/debug/Modules
[ -f "$modules/Ristretto.swiftmodule" ] || { echo "build first: swift build" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
json=""
[ "${1:-}" = "--json" ] && json=$2
total=0; clean=0; rows=()
printf '%-40s %7s %8s %14s\n' program macros errors "of them Generable"
for file in Corpus/FoundationModels/P*.swift; do
  name=$(basename "$file" .swift)
  macros=$(grep -c '// \[macro\]' "$file" || true)
  sed -e 's/^import FoundationModels$/import Ristretto/' -e '/\/\/ \[macro\]/d' "$file" > "$work/$name.swift"
  swiftc -typecheck -swift-version 6 -I "$modules" -module-name "$name" "$work/$name.swift" > "$work/$name.log" 2>&1 || true
  errors=$(grep -c ': error:' "$work/$name.log" || true)
  generable=$(grep ': error:' "$work/$name.log" | grep -ci 'generable\|ConvertibleFromGeneratedContent\|PartiallyGenerated' || true)
  printf '%-40s %7d %8d %14d\n' "$name" "$macros" "$errors" "$generable"
  total=$((total + 1)); [ "$errors" -eq 0 ] && clean=$((clean + 1))
  rows+=("{\"program\":\"$name\",\"macroLines\":$macros,\"errors\":$errors,\"generableErrors\":$generable}")
  [ -n "${SHOW_ERRORS:-}" ] && grep ': error:' "$work/$name.log" | sed "s|$work/||" | sort | uniq | head -40 || true
done
echo "$clean of $total programs type-check"
if [ -n "$json" ]; then (IFS=,; echo "[${rows[*]}]") > "$json"; echo "wrote $json"; fi
