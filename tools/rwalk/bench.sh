#!/usr/bin/env bash
# tools/rwalk/bench.sh [RUNS]: GRASS r.walk against terranav on the default
# 1025 x 1025 DEM (data/lothian_borders_utm30n_90m_1025.png, value * 0.1 -
# 500 m) as a GeoTIFF at 90 m and at 60 x 90 m (docs/rwalk.md section 10),
# and on a 3601 x 3601 version of it (bilinear, about 25.6 m, the size of an
# SRTM 1" tile), from the centre sample, friction 0, 8 and 16 neighbours.
# r.walk is timed alone (the r.walk call, median of RUNS, default 5) inside a
# location made from the GeoTIFF; terranav as the whole command `navcli
# cost-surface --compat r.walk` (process start, GeoTIFF in, surface, GeoTIFF
# out; wall time, median of RUNS), each run of it right after a run of
# r.walk, so that both meet the same load, and each after a `sync`, so that
# neither is charged for writing back the other's output; the surface alone from
# bench/walking_time_bench beside it (on every core, as navcli). Prints a
# table: raster, neighbours, r.walk ms, navcli ms, ratio, surface ms, and
# the CPU time (user + sys, median of the same runs) of r.walk and of
# navcli: on a shared machine the wall times wander with the load, the CPU
# times much less. Without GRASS it
# says so and times terranav only (the GeoTIFFs then need GDAL's
# gdal_translate).
# The GeoTIFFs go to ${TMPDIR:-/tmp}/terranav_rwalk_bench (not committed).
# Needs build/release/bin/navcli and walking_time_bench (cmake --build
# build/release --target navcli walking_time_bench). The machine should be
# quiet: check `uptime` first.
set -euo pipefail

cd "$(dirname "$0")/../.."
readonly root=$PWD
readonly runs=${1:-5}
readonly png=$root/data/lothian_borders_utm30n_90m_1025.png
readonly bench=$root/build/release/bin/walking_time_bench
readonly navcli=$root/build/release/bin/navcli
readonly out=${TMPDIR:-/tmp}/terranav_rwalk_bench
for tool in "$bench" "$navcli"; do
  if [[ ! -x $tool ]]; then
    echo "bench.sh: $tool is missing; build it first (cmake --build build/release" \
      "--target navcli walking_time_bench)" >&2
    exit 2
  fi
done
have_grass=0
command -v grass >/dev/null && have_grass=1
mkdir -p "$out"

# The GeoTIFFs (placed at E 500000, N 6200000, UTM 30N, as the fixtures).
if [[ ! -f $out/dem_90m.tif || ! -f $out/dem_60x90m.tif || ! -f $out/dem_3601.tif ]]; then
  if [[ $have_grass == 1 ]]; then
    cat >"$out/make.sh" <<EOF
set -euo pipefail
r.in.gdal -o input=$png output=png --quiet
for size in 90m:92250 60x90m:61500; do
  r.region map=png w=500000 e=\$((500000 + \${size#*:})) n=6200000 s=6107750
  g.region raster=png
  r.mapcalc --quiet --overwrite "dem = png * 0.1 - 500"
  r.out.gdal -c -m -f --quiet --overwrite input=dem output=$out/dem_\${size%:*}.tif type=Float32
done
r.region map=png w=500000 e=592250 n=6200000 s=6107750
g.region raster=png
r.mapcalc --quiet --overwrite "dem = png * 0.1 - 500"
g.region rows=3601 cols=3601
r.resamp.interp --quiet --overwrite input=dem output=dem3601 method=bilinear
r.out.gdal -c -m -f --quiet --overwrite input=dem3601 output=$out/dem_3601.tif type=Float32
EOF
    grass --tmp-location EPSG:32630 --exec bash "$out/make.sh" >/dev/null 2>&1
  elif command -v gdal_translate >/dev/null; then
    for size in 90m:592250 60x90m:561500; do
      gdal_translate -q -a_srs EPSG:32630 -a_ullr 500000 6200000 "${size#*:}" 6107750 \
        -a_scale 0.1 -a_offset -500 "$png" "$out/dem_${size%:*}.tif"
    done
    gdal_translate -q -outsize 3601 3601 -r bilinear "$out/dem_90m.tif" "$out/dem_3601.tif"
  else
    echo "bench.sh: neither GRASS nor gdal_translate is installed; cannot make the GeoTIFFs" >&2
    exit 2
  fi
fi
[[ $have_grass == 1 ]] || echo "bench.sh: GRASS GIS is not installed: timing terranav only"

median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

# "wall_ms cpu_ms" of one run of "$@", its output discarded (also in walk.sh).
timed() {
  local TIMEFORMAT='%3R %3U %3S' t
  t=$({ time "$@" >/dev/null 2>&1; } 2>&1)
  awk '{print $1 * 1000, ($2 + $3) * 1000}' <<<"$t"
}

printf '%-14s %10s %10s %10s %7s %10s %10s %10s\n' raster neighbours r.walk_ms navcli_ms ratio \
  surface_ms r.walk_cpu navcli_cpu
for entry in dem_90m:1025 dem_60x90m:1025 dem_3601:3601; do
  dem=${entry%:*}
  cx=$((${entry#*:} / 2))  # the centre sample
  cy=$cx
  # Lines "TAG wall_ms cpu_ms": r.walk's (tag r, r-k) and navcli's (n, n-k)
  # runs alternate, so that on a shared machine both meet the same load;
  # without GRASS only navcli's.
  cat >"$out/walk.sh" <<EOF
set -euo pipefail
$(declare -f timed)
if [[ $have_grass == 1 ]]; then
  r.in.gdal input=$out/$dem.tif output=dem --quiet
  g.region raster=dem
  r.mapcalc --quiet "zero = 0"
  eval "\$(g.region -g)"
  start=\$(python3 -c "print(\$w + ($cx + 0.5) * \$ewres, \$n - ($cy + 0.5) * \$nsres, sep=',')")
fi
for flags in "" "-k"; do
  topology=\$([[ -z \$flags ]] && echo octile8 || echo knight16)
  for _ in \$(seq $runs); do
    if [[ $have_grass == 1 ]]; then
      sync
      echo "r\$flags \$(timed r.walk \$flags --quiet --overwrite elevation=dem friction=zero \\
        output=time start_coordinates=\$start)"
    fi
    sync
    echo "n\$flags \$(timed "$navcli" cost-surface --compat r.walk --map "$out/$dem.tif" \\
      --from "$cx,$cy" --topology \$topology --out "$out/time.tif")"
  done
done
EOF
  runner=(bash)
  [[ $have_grass == 1 ]] && runner=(grass --tmp-location "$out/$dem.tif" --exec bash)
  runs_out=$("${runner[@]}" "$out/walk.sh" 2>/dev/null | grep -E '^[rn](-k)? [0-9.]+ [0-9.]+$')
  # The median of field $2 of the lines tagged $1 (empty if none).
  field() { awk -v tag="$1" -v f="$2" '$1 == tag {print $f}' <<<"$runs_out" | median; }
  for k in "" "-k"; do
    neighbours=$([[ -z $k ]] && echo 8 || echo 16)
    ours=$(field "n$k" 2)
    ours_cpu=$(field "n$k" 3)
    grass=$(field "r$k" 2)
    grass_cpu=$(field "r$k" 3)
    surface=$("$bench" "$out/$dem.tif" "$neighbours" "$runs" 0 | sed -E 's/.*median ([0-9.]+) ms.*/\1/')
    ratio=-
    [[ -n $grass ]] && ratio=$(python3 -c "print(f'{$grass / $ours:.1f}x')")
    printf '%-14s %10s %10s %10.1f %7s %10s %10s %10s\n' "$dem" "$neighbours" "${grass:--}" "$ours" \
      "$ratio" "$surface" "${grass_cpu:--}" "$ours_cpu"
  done
done
