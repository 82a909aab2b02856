#!/usr/bin/env bash
# tools/fuzz.sh [SECONDS] [HARNESS...]: builds the fuzz preset (clang,
# libFuzzer, ASan + UBSan) and runs each harness (default: all of fuzz/) for
# SECONDS (default 30) on a working copy of its seed corpus under
# build/fuzz/corpus/<harness> (the repository's fuzz/corpus is only read),
# with its dictionary. Exit status 0 when no harness found anything; 1 when
# one did, after a line per finding: the harness, the input libFuzzer saved
# (build/fuzz/findings/<harness>/...) and the one-line reason. 2 for a bad
# command line or a failed build.
#
# Environment: FUZZ_JOBS harnesses at once (default: the number of cores);
# FUZZ_ARGS extra libFuzzer flags for every harness.
set -euo pipefail

cd "$(dirname "$0")/.."
readonly root=$PWD
readonly all=(fuzz_png fuzz_hgt fuzz_raw fuzz_map fuzz_scen fuzz_sidecar fuzz_flags fuzz_app_options
  fuzz_api fuzz_walking_time fuzz_gdal fuzz_cost_surface fuzz_pairs_csv
  fuzz_raster_grid fuzz_plain_geotiff)

seconds=30
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then
  seconds=$1
  shift
fi
harnesses=("$@")
[[ ${#harnesses[@]} -eq 0 ]] && harnesses=("${all[@]}")
for h in "${harnesses[@]}"; do
  if [[ " ${all[*]} " != *" $h "* ]]; then
    echo "fuzz.sh: unknown harness '$h' (one of: ${all[*]})" >&2
    exit 2
  fi
done

readonly build=$root/build/fuzz
start=$(date +%s)
if ! nice cmake --preset fuzz >"$build.configure.log" 2>&1; then
  cat "$build.configure.log" >&2
  echo "fuzz.sh: configure failed" >&2
  exit 2
fi
targets=()
for h in "${harnesses[@]}"; do targets+=(--target "$h"); done
if ! nice cmake --build --preset fuzz "${targets[@]}"; then
  echo "fuzz.sh: build failed" >&2
  exit 2
fi
echo "fuzz.sh: built in $(($(date +%s) - start)) s"

# The working corpus: the seeds plus whatever earlier runs added.
prepare_corpus() {
  local h=$1 dir=$build/corpus/$1
  mkdir -p "$dir" "$build/findings/$h"
  cp -n "$root/fuzz/corpus/$h/"* "$dir/" 2>/dev/null || true
  if [[ $h == fuzz_hgt && ! -f $dir/generated-1201.hgt ]]; then
    # One valid 3" tile (too big to commit): heights 0..255 m as big-endian
    # int16, and a copy with a few voids (-32768) for the filling code.
    python3 - "$dir" <<'EOF'
import struct, sys
n = 1201
row = b"".join(struct.pack(">h", (x * 7) % 256) for x in range(n))
tile = bytearray(row * n)
open(sys.argv[1] + "/generated-1201.hgt", "wb").write(tile)
for at in (0, 2 * (600 * n + 600), 2 * (n * n - 1)):
    tile[at:at + 2] = b"\x80\x00"
open(sys.argv[1] + "/generated-1201-voids.hgt", "wb").write(tile)
EOF
  fi
}

# Writes the harness's exit status to logs/<harness>.rc.
run_one() {
  local h=$1 dict=() status=0
  [[ -f $root/fuzz/dict/$h.dict ]] && dict=(-dict="$root/fuzz/dict/$h.dict")
  # GDAL checks its own allocations: a huge one a file asks for (65535
  # samples per pixel, say) fails cleanly instead of stopping ASan; ours
  # then throw std::bad_alloc, which the harnesses do not catch (a finding).
  # shellcheck disable=SC2086
  ASAN_OPTIONS=allocator_may_return_null=1${ASAN_OPTIONS:+:$ASAN_OPTIONS} \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    nice "$build/bin/$h" "$build/corpus/$h" "${dict[@]}" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/findings/$h/" ${FUZZ_ARGS:-} >"$build/logs/$h.log" 2>&1 || status=$?
  echo "$status" >"$build/logs/$h.rc"
}

mkdir -p "$build/logs"
for h in "${harnesses[@]}"; do prepare_corpus "$h"; done
jobs_max=${FUZZ_JOBS:-$(nproc)}
for h in "${harnesses[@]}"; do
  while [[ $(jobs -rp | wc -l) -ge $jobs_max ]]; do wait -n || true; done
  run_one "$h" &
done
wait

failed=0
for h in "${harnesses[@]}"; do
  status=$(cat "$build/logs/$h.rc")
  log=$build/logs/$h.log
  # "#123 DONE cov: 456 ft: ... exec/s: 78 ..." (the last status line).
  done_line=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$done_line")
  execs=$(sed -nE 's/.*exec\/s: ([0-9]+).*/\1/p' <<<"$done_line")
  runs=$(sed -nE 's/^#([0-9]+).*/\1/p' <<<"$done_line")
  if [[ $status -eq 0 ]]; then
    printf 'fuzz.sh: %-16s ok       runs %-9s exec/s %-6s cov %s\n' "$h" "${runs:-?}" \
      "${execs:-?}" "${cov:-?}"
    # Inputs slower than 10 s but under -timeout: worth a look, not a failure.
    slowest=$(sed -nE 's/^stat::slowest_unit_time_sec: *([0-9]+)/\1/p' "$log")
    if [[ ${slowest:-0} -ge 5 ]]; then
      echo "    note: slowest input ${slowest} s; slow ones saved as" \
        "$build/findings/$h/slow-unit-*"
    fi
    continue
  fi
  failed=1
  artifact=$(sed -nE 's/.*Test unit written to (.*)$/\1/p' "$log" | tail -n 1)
  reason=$(grep -m1 -E '^(==[0-9]+==ERROR|SUMMARY: |fuzz check failed|.*runtime error:|ALARM: |==[0-9]+== ERROR: libFuzzer)' "$log" ||
    tail -n 1 "$log")
  printf 'fuzz.sh: %-16s FINDING  %s\n    input:  %s\n    reason: %s\n    log:    %s\n' "$h" \
    "(exit $status)" "${artifact:-none saved}" "$reason" "$log"
done
echo "fuzz.sh: done in $(($(date +%s) - start)) s"
exit $failed
