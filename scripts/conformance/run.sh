#!/usr/bin/env bash
# Runs MPJ Express's mpiJava test suite on the shim and prints a table (test, np, pass/fail/excluded,
# reason). Usage: scripts/conformance/run.sh DIR [--only SUBSTRING] [--timeout SECONDS] [--csv FILE]
# DIR holds the suite's test/mpi (a checkout of MPJ Express's test folder); nothing is fetched.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
[ $# -ge 1 ] || { echo "usage: scripts/conformance/run.sh DIR [--only SUBSTRING] [--timeout SECONDS] [--csv FILE]" >&2; exit 2; }
dir="$(cd "$1" && pwd)"; shift
cd "$root"
./bamboo run --help >/dev/null   # builds the shim and the launcher on first use (or when sources changed)
exec java scripts/conformance/Conformance.java "$dir" "$@"
