#!/usr/bin/env bash
# Fails on a break of the public API of the library products that CHANGELOG.md does not
# announce. The baseline is the release commit named in .ci/api-baseline; an announced break is
# one line of .ci/api-breaks.txt (the exact "API breakage: …" message) with its changelog entry.
# The baseline's API is cached in $RISTRETTO_CACHE (default ~/.cache/ristretto), keyed by commit.
# Usage: scripts/api-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=$(tr -d '[:space:]' < .ci/api-baseline)
cache=${RISTRETTO_CACHE:-$HOME/.cache/ristretto}/api-baseline-$baseline
mkdir -p "$cache"
products=(--products Ristretto RistrettoRules RistrettoTesting RistrettoServer)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The comparison tool has been seen to crash now and then without a finding; such a run is
# repeated once. A run that reports a breakage fails at once.
for attempt in 1 2; do
  status=0
  swift package diagnose-api-breaking-changes "$baseline" "${products[@]}" --baseline-dir "$cache" \
    --breakage-allowlist-path .ci/api-breaks.txt > "$log" 2>&1 || status=$?
  grep -E "API breakage|No breaking changes|error:" "$log" || true
  if [ "$status" -eq 0 ]; then exit 0; fi
  if grep -q "API breakage" "$log"; then break; fi
  echo "the comparison ended with status $status and no finding (attempt $attempt)" >&2
done
echo "the public API breaks against $baseline without an announcement, or could not be compared: add the" \
  "change to CHANGELOG.md and its exact message to .ci/api-breaks.txt, or keep the old spelling as deprecated" >&2
tail -20 "$log" >&2
exit 1
