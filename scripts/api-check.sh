#!/usr/bin/env bash
# Fails on a break of the public API of the library products that CHANGELOG.md does not
# announce. The API of the last release is the listing .ci/api-baseline.txt (public symbols,
# requirements and conformances, read from symbol graphs); an announced break is one line of
# .ci/api-breaks.txt (the exact text after "API break: ") with its changelog entry.
# Usage: swift build && scripts/api-check.sh             compare the built modules with the listing
#        swift build && scripts/api-check.sh --record    write the listing, at a release commit
set -euo pipefail
cd "$(dirname "$0")/.."
modules=${RISTRETTO_MODULES:-.build/debug/Modules}
[ -f "$modules/Ristretto.swiftmodule" ] || { echo "build first: swift build" >&2; exit 1; }
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
target=$(swiftc -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
for module in Ristretto RistrettoRules RistrettoTesting RistrettoServer; do
  swift symbolgraph-extract -module-name "$module" -I "$modules" -target "$target" \
    -output-dir "$graphs" -minimum-access-level public -skip-synthesized-members
done
listing="$graphs/listing.txt"
python3 scripts/api-symbols.py dump "$graphs" > "$listing"
if [ "${1:-}" = "--record" ]; then
  { echo "# public API at $(git rev-parse HEAD)"; cat "$listing"; } > .ci/api-baseline.txt
  echo "recorded $(wc -l < "$listing") lines in .ci/api-baseline.txt"
  exit 0
fi
if python3 scripts/api-symbols.py compare <(grep -v '^#' .ci/api-baseline.txt) "$listing" .ci/api-breaks.txt; then
  echo "no API break against $(head -1 .ci/api-baseline.txt | sed 's/^# public API at //')"
  exit 0
fi
echo "the public API breaks against the last release without an announcement: add the change to" \
  "CHANGELOG.md and the text after 'API break: ' to .ci/api-breaks.txt, or keep the old spelling" \
  "as deprecated" >&2
exit 1
