#!/usr/bin/env bash
# A/B timing of the nav search at two revisions, in one process.
#   tools/ab_search/ab_search.sh REV_A REV_B [QUERIES] [SIZE]
# REV is a git revision, or "." for the working tree. Both sides answer the
# same QUERIES (default 1000) of the SIZE^2 procedural benchmark world
# (default 1025, t = 1; bench/bench_world.hpp), in turn, timed in thread CPU
# time. Prints "B/A time" (below 1: B is faster); exits 1 if a cost differs.
# Runs of identical code differ by up to ~3 % on a shared machine.
set -euo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: $0 REV_A REV_B [QUERIES] [SIZE]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(git -C "$here" rev-parse --show-toplevel)
for rev in "$1" "$2"; do
  if [[ $rev != . ]] && ! git -C "$root" rev-parse --verify --quiet "$rev^{commit}" >/dev/null; then
    echo "ab_search: $rev is not a revision of this repository (or . for the working tree)" >&2
    exit 2
  fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

read -ra stb_cflags <<<"$(pkg-config --cflags stb)"
read -ra stb_libs <<<"$(pkg-config --libs stb)"
for side in A B; do
  rev=$([[ $side == A ]] && echo "$1" || echo "$2")
  mkdir -p "$work/$side/obj"
  if [[ $rev == . ]]; then
    cp -r "$root/nav" "$root/bench" "$work/$side/"
  else
    git -C "$root" archive "$rev" nav bench | tar -x -C "$work/$side"
  fi
  # Since the nav/terrain_io split the loaders and procedural terrain (which
  # bench_world uses) live in nav/terrain_io; older revisions have none.
  sources=("$work/$side"/nav/src/*.cpp)
  if [[ -d $work/$side/nav/terrain_io/src ]]; then
    # Without GDAL: its stub (gdal_terrain_missing.cpp) stands in for every
    # gdal_*.cpp, which need libgdal.
    for file in "$work/$side"/nav/terrain_io/src/*.cpp; do
      [[ $file == */gdal_* && $file != */gdal_terrain_missing.cpp ]] || sources+=("$file")
    done
  fi
  # g++ -c without -o writes each object into the current folder.
  (cd "$work/$side/obj" &&
    printf '%s\n' "${sources[@]}" "$work/$side/bench/bench_world.cpp" "$here/variant.cpp" |
    xargs -P "$(nproc)" -n 1 g++ -std=c++20 -O3 -DNDEBUG "${stb_cflags[@]}" \
      "-Dterranav=terranav$side" "-DSIDE=$side" "-I$work/$side/nav/include" \
      "-I$work/$side/nav/terrain_io/include" "-I$work/$side/nav/src" "-I$work/$side/bench" -c)
done
# libstb for revisions before the split (later ones compile stb_image in);
# zlib for the PNG checks of later ones.
g++ -O2 "$here/driver.cpp" "$work"/A/obj/*.o "$work"/B/obj/*.o -o "$work/ab" \
  "${stb_libs[@]}" -lnoise -lz
"$work/ab" "${3:-1000}" "${4:-1025}"
