#!/bin/bash
# SUMMA's Basic loop with per-panel timestamps (Probe.java), on our shim or on MPJ Express's multicore
# device, in a child JVM run exactly as the bench's mpj-express / nocomm-child rows run it (MicroChild /
# MpjChild: an untimed run, then the timed one; JDK 25, ParallelGC, -Xms2g -Xmx2g). Session 12 (summa17).
#
#   scripts/summa-probe/probe.sh setup                  # compile Probe into $S (needs ./bamboo bench apps --help first)
#   scripts/summa-probe/probe.sh ours|mpj [-Dprop=...]  # one child JVM; prints "probe rank R total ... mult ..."
#   scripts/summa-probe/probe.sh ab N OUT "CMD-A" "CMD-B"   # N alternating pairs, timed part only
#   python3 scripts/summa-probe/analyse.py OUT; python3 scripts/summa-probe/pairs-ci.py OUT   # A is "ours", B "mpj"
# Timed use under the exclusive lock: flock -x /tmp/bench.lock scripts/summa-probe/probe.sh ab 20 /tmp/x "..." "..."
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
S=${S:-/tmp/summa-probe}; L=$ROOT/translator/cli/target/lib
J=${J:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
side=$1; shift
case "$side" in
setup)
  mkdir -p $S/ex $S/wdir $S/launcher/bamboo/bench/apps && (cd $S/ex && unzip -q -o $L/bamboo-examples.jar)
  ${J%java}javac --release 17 -cp $L/bamboo-mpi-shim.jar:$S/ex -d $S/ex $ROOT/scripts/summa-probe/Probe.java
  cp $S/ex/bamboo/bench/apps/MpjChild.class $S/launcher/bamboo/bench/apps/ ;;
ours)
  exec $J -XX:+UseParallelGC -Xms2g -Xmx2g "$@" -cp ${SHIM:-$L/bamboo-mpi-shim.jar}:$S/ex \
      bamboo.bench.apps.MicroChild 2 $S/ex summa17.Probe ;;
mpj)
  M=/usr/share/mpj/lib
  MPJ_HOME=/usr/share/mpj exec $J -XX:+UseParallelGC -Xms2g -Xmx2g "$@" -cp $S/launcher:$M/smpdev.jar:$M/xdev.jar:$M/mpjbuf.jar:$M/loader2.jar:$M/starter.jar:$M/mpiExp.jar:$M/runtimecommon.jar:/usr/share/java/log4j-1.2.jar \
      bamboo.bench.apps.MpjChild $S/wdir 2 smpdev useLocalLoader $S/ex summa17.Probe ;;
ab)
  N=$1; OUT=$2; A=$3; B=$4
  for i in $(seq 1 $N); do
    if [ $((i % 2)) = 1 ]; then order="A B"; else order="B A"; fi
    for s in $order; do
      if [ $s = A ]; then echo "== ours $i"; c="$A"; else echo "== mpj $i"; c="$B"; fi
      eval "$c" 2>&1 | sed -n '/timed run/,$p' | grep -E "probe|cpu|rror"
    done
  done > $OUT ;;
*) echo "usage: probe.sh setup | ours|mpj [jvm options] | ab N OUT CMD-A CMD-B" >&2; exit 2 ;;
esac
