#!/usr/bin/env bash
# Alternates AeronBench between two builds of mpi-shim + mpi-shim-aeron (class directories), so both see
# the same machine load: scripts/aeron-ab.sh A_CLASSES B_CLASSES [ROUNDS] [AeronBench args...]
# e.g. A = the classes of an older commit compiled into /tmp/base/classes, B = this worktree's
# mpi-shim-aeron/target/classes:mpi-shim/target/classes. Prints each run's metric lines prefixed A/B.
# With PINGPONG_C=/tmp/pingpong (scripts/pingpong.c built with mpicc) each round also runs Open MPI's
# shared memory and TCP loopback transports, prefixed C (PINGPONG_C_ARGS: pings windows repeats, default
# "2000 5 3" as AeronBench --quick).
set -euo pipefail
a=$1 b=$2 rounds=${3:-3}
shift 3 || shift $#
m2=${M2_REPO:-$HOME/.m2/repository}
jars=$m2/io/aeron/aeron-client/1.51.0/aeron-client-1.51.0.jar:$m2/io/aeron/aeron-driver/1.51.0/aeron-driver-1.51.0.jar:$m2/org/agrona/agrona/2.6.0/agrona-2.6.0.jar
flags=(--add-exports java.base/jdk.internal.misc=ALL-UNNAMED --add-opens java.base/jdk.internal.misc=ALL-UNNAMED
       --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED)
for ((i = 1; i <= rounds; i++)); do
  for side in A B; do
    cp=$a; [[ $side == B ]] && cp=$b
    echo "# round $i $side $(date -u +%H:%M:%S) load $(cut -d' ' -f1 /proc/loadavg)"
    java "${flags[@]}" -cp "$cp:$jars" bamboo.shim.launch.bench.AeronBench "$@" 2>&1 | sed "s/^/$side /"
  done
  if [[ -n ${PINGPONG_C:-} ]]; then
    root=(); [[ $(id -u) == 0 ]] && root=(--allow-run-as-root)
    for btl in vader:ompi_shm tcp:ompi_tcp; do
      mpirun "${root[@]}" --oversubscribe -np 2 --mca btl "self,${btl%%:*}" "$PINGPONG_C" "${btl##*:}" ${PINGPONG_C_ARGS:-2000 5 3} 2>&1 \
        | sed "s/^/C /"
    done
  fi
done
