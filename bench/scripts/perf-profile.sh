#!/usr/bin/env bash
# CPU profile of the bench's timed runs with Linux perf (kernel, JVM, JIT-compiled code and copy stubs
# alike), then CPU ms per run by thread group and kind of code (bench/scripts/perf-summary.py).
# Usage: bench/scripts/perf-profile.sh OUT RUNS bench-apps-args...   (RUNS: the --repeat given, to divide by)
#   e.g. JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 flock -x /tmp/bench.lock \
#        bench/scripts/perf-profile.sh /tmp/me-prof 10 --app cannon --variants bamboo,nocomm --k 16 --repeat 10
# perf samples the whole machine (-a, 499 Hz): attached to the JVM's threads alone (-p) it cost 0.5-0.7 of
# the 2 cores ("others" in the progress lines), since the bench starts new threads every run. It starts
# at the first timed run (the warm-ups are left out) and stops when the JVM exits. JIT symbols come from
# -XX:+DumpPerfMapAtExit (/tmp/perf-PID.map). PERF_START=TEXT starts at the first progress line holding TEXT
# instead (e.g. "cannon basic (np=4) run 1/" to leave out an earlier application's timed runs). Needs perf (linux-perf) and root or perf_event_paranoid <= 1.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$1"; runs="$2"; shift 2
"$root/bamboo" --version >/dev/null   # build first, outside the measurement
BAMBOO_JAVA_OPTS="-XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit ${BAMBOO_JAVA_OPTS:-}" \
  "$root/bamboo" bench apps "$@" --output "$out" 2> "$out.err" > "$out.log" &
jpid=$!
start="${PERF_START:-run 1/}"   # a progress line's text to start at, e.g. "cannon basic (np=4) run 1/"
while kill -0 "$jpid" 2>/dev/null && ! grep -qF "$start" "$out.err" 2>/dev/null; do sleep 0.05; done
perf record -e cpu-clock -F 499 -a -o "$out.perf" 2> "$out.perf.err" &
ppid=$!
wait "$jpid" || true
kill -INT "$ppid" 2>/dev/null || true
wait "$ppid" || true
python3 "$root/bench/scripts/perf-summary.py" "$out.perf" "$runs" 499
