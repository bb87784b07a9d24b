#!/usr/bin/env bash
# Checks that every ported program differs from its original only by the allowed edits:
#   1. `import FoundationModels` -> `import Ristretto`;
#   2. every line marked `// [macro]` deleted;
#   3. after one line `// MARK: - Ristretto conformances` (optionally preceded by one blank
#      line), only extensions, comments and blank lines, at most one extension per type, and
#      exactly one extension per `@Generable` line of the original.
# A program whose original has no `@Generable` line may omit the marker; it must then equal
# the mechanically edited original exactly.
# Prints one line per program and exits non-zero if any program fails.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
originals="$(dirname "$here")"
marker='// MARK: - Ristretto conformances'
status=0
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "$1 FAILED: $2"
  status=1
}

shopt -s nullglob
origs=("$originals"/P[0-9][0-9]_*.swift)
if ((${#origs[@]} == 0)); then
  echo "no originals found in $originals" >&2
  exit 2
fi

for orig in "${origs[@]}"; do
  file="$(basename "$orig")"
  name="${file%.swift}"
  port="$here/$file"
  if [[ ! -f "$port" ]]; then
    fail "$name" "no ported file $port"
    continue
  fi

  expected="$tmp/$name.expected"
  sed -e 's/^import FoundationModels$/import Ristretto/' -e '/\/\/ \[macro\]/d' "$orig" >"$expected"
  macro_lines="$(grep -c '// \[macro\]' "$orig" || true)"
  generable_lines="$(grep -c '^[[:space:]]*@Generable.*// \[macro\]' "$orig" || true)"

  marker_count="$(grep -cxF -- "$marker" "$port" || true)"
  if ((marker_count > 1)); then
    fail "$name" "the marker line appears $marker_count times"
    continue
  fi

  prefix="$tmp/$name.prefix"
  tail_part="$tmp/$name.tail"
  if ((marker_count == 0)); then
    cp "$port" "$prefix"
    : >"$tail_part"
    if ((generable_lines > 0)); then
      fail "$name" "no '$marker' line, but the original has $generable_lines @Generable line(s)"
      continue
    fi
  else
    marker_line="$(grep -nxF -- "$marker" "$port" | cut -d: -f1)"
    head -n "$((marker_line - 1))" "$port" >"$prefix"
    tail -n "+$((marker_line + 1))" "$port" >"$tail_part"
    # One blank line is allowed just before the marker.
    if [[ -s "$prefix" && -z "$(tail -n 1 "$prefix")" ]]; then
      lines="$(wc -l <"$prefix")"
      head -n "$((lines - 1))" "$prefix" >"$prefix.trimmed"
      mv "$prefix.trimmed" "$prefix"
    fi
  fi

  if ! diff -u "$expected" "$prefix" >"$tmp/$name.diff"; then
    fail "$name" "the part before the marker differs from the mechanically edited original:"
    sed 's/^/    /' "$tmp/$name.diff"
    continue
  fi

  # Everything after the marker: blank lines, `//` comments, or top-level extensions.
  # An extension starts with `extension Type: ... {` at column 0 and ends at the next line
  # that is exactly `}`; a one-line extension ends with `{}` or `{ ... }`. Lines inside an
  # extension are blank or indented.
  if ! extensions="$(awk -v name="$name" '
    function bad(msg) { printf "%s line %d after the marker: %s\n", name, NR, msg > "/dev/stderr"; failed = 1 }
    {
      if (inside) {
        if ($0 == "}") { inside = 0; next }
        if ($0 != "" && $0 !~ /^[ \t]/) bad("unindented line inside an extension: " $0)
        next
      }
      if ($0 ~ /^[ \t]*$/) next
      if ($0 ~ /^[ \t]*\/\//) next
      if ($0 ~ /^extension [A-Za-z_][A-Za-z0-9_.]*[ \t]*:[^{]*\{[ \t]*$/) {
        type = $0; sub(/^extension /, "", type); sub(/[ \t]*:.*/, "", type)
        print type; inside = 1; next
      }
      if ($0 ~ /^extension [A-Za-z_][A-Za-z0-9_.]*[ \t]*:[^{]*\{.*\}[ \t]*$/) {
        type = $0; sub(/^extension /, "", type); sub(/[ \t]*:.*/, "", type)
        print type; next
      }
      bad("not an extension, comment or blank line: " $0)
    }
    END {
      if (inside) bad("an extension is not closed by a line that is exactly }")
      exit failed
    }
  ' "$tail_part")"; then
    fail "$name" "something after the marker is not an extension"
    continue
  fi

  extension_count=0
  if [[ -n "$extensions" ]]; then
    extension_count="$(printf '%s\n' "$extensions" | wc -l | tr -d ' ')"
    duplicates="$(printf '%s\n' "$extensions" | sort | uniq -d | tr '\n' ' ')"
    if [[ -n "$duplicates" ]]; then
      fail "$name" "more than one extension for: $duplicates"
      continue
    fi
  fi
  if ((extension_count != generable_lines)); then
    fail "$name" "$extension_count extension(s) for $generable_lines @Generable line(s)"
    continue
  fi

  echo "$name ok, $macro_lines macro lines, $extension_count extensions"
done

# A ported program with no original is an error too.
for port in "$here"/P[0-9][0-9]_*.swift; do
  if [[ ! -f "$originals/$(basename "$port")" ]]; then
    fail "$(basename "$port" .swift)" "no original in $originals"
  fi
done

exit "$status"
