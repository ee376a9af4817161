#!/usr/bin/env bash
# Makes a case's database.sql: a restorectl database at the latest schema (or --to N) holding
# the rows in ROWS.sql, dumped with sqlite3 and with the header fields .dump leaves out.
#   Fixtures/tools/dump-with-rows.sh ROWS.sql OUT.sql [SCHEMA_VERSION [USER_VERSION]]
# USER_VERSION lets a dump claim a newer schema than it has (database-newer cases).
set -euo pipefail
rows=$1 out=$2 schema=${3:-} user_version=${4:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
tool="$root/.build/debug/restorectl"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$tool" migrate --db "$tmp/db.sqlite" ${schema:+--to "$schema"} >/dev/null
sqlite3 "$tmp/db.sqlite" < "$rows"
version=$(sqlite3 "$tmp/db.sqlite" 'PRAGMA user_version')
{
    echo "-- Made by Fixtures/tools/dump-with-rows.sh from $(basename "$rows"); see Fixtures/README.md."
    sqlite3 "$tmp/db.sqlite" .dump |
        sed "1a PRAGMA application_id=1381192771;\nPRAGMA user_version=${user_version:-$version};"
} > "$out"
