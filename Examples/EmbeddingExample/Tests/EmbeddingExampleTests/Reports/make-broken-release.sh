#!/usr/bin/env bash
# Makes broken-release.sqlite as a person's report is made: the records release 3.2 of the
# podcast app left on their devices (broken-release-device/<scene>.json, account "alice") are
# saved into a fresh database with restorectl, which then writes its redacted export with the
# app's format folders (../Formats). Run from anywhere after `swift build`; then record the
# expectations (RESTORE_RECORD_FORMATS=1 swift test --filter BrokenReleaseReportTests), check
# them, and commit both. Each run draws new placeholders and hash keys, so the bytes differ.
# RESTORECTL names the tool; OUT writes the export elsewhere (a test remakes it in a temporary
# folder), with nothing written here.
set -euo pipefail
cd "$(dirname "$0")"
tool="${RESTORECTL:-$(cd ../../.. && swift build --show-bin-path)/restorectl}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for record in broken-release-device/*.json; do
    scene="$(basename "$record" .json)"
    "$tool" save --db "$work/state.sqlite" --account alice --scene "$scene" --kind podcast --formats ../Formats --state "$record"
done
out="${OUT:-broken-release.sqlite}"
rm -f "$out"
"$tool" export --db "$work/state.sqlite" --redact --out "$out" --formats ../Formats
