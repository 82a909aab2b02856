#!/usr/bin/env bash
# tools/rwalk/bench.sh [RUNS]: GRASS r.walk against nav::walking_time on the
# default 1025 x 1025 DEM (data/lothian_borders_utm30n_90m_1025.png, value *
# 0.1 - 500 m) as a GeoTIFF at 90 m and at 60 x 90 m (docs/rwalk.md section
# 10), from the centre sample, friction 0, 8 and 16 neighbours. r.walk is
# timed alone (the r.walk call, best of RUNS, default 3) inside a location
# made from the GeoTIFF; terranav by bench/walking_time_bench (the surface
# alone, best and median of RUNS). Prints one line per raster and
# neighbourhood: both times and the ratio. Without GRASS it says so and times
# terranav only (the GeoTIFFs then need GDAL's gdal_translate).
# The GeoTIFFs go to ${TMPDIR:-/tmp}/terranav_rwalk_bench (not committed).
# Needs build/release/bin/walking_time_bench (cmake --build build/release
# --target walking_time_bench).
set -euo pipefail

cd "$(dirname "$0")/../.."
readonly root=$PWD
readonly runs=${1:-3}
readonly png=$root/data/lothian_borders_utm30n_90m_1025.png
readonly bench=$root/build/release/bin/walking_time_bench
readonly out=${TMPDIR:-/tmp}/terranav_rwalk_bench
if [[ ! -x $bench ]]; then
  echo "bench.sh: $bench is missing; build it first (cmake --build build/release" \
    "--target walking_time_bench)" >&2
  exit 2
fi
have_grass=0
command -v grass >/dev/null && have_grass=1
mkdir -p "$out"

# The two GeoTIFFs (placed at E 500000, N 6200000, UTM 30N, as the fixtures).
if [[ ! -f $out/dem_90m.tif || ! -f $out/dem_60x90m.tif ]]; then
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
EOF
    grass --tmp-location EPSG:32630 --exec bash "$out/make.sh" >/dev/null 2>&1
  elif command -v gdal_translate >/dev/null; then
    for size in 90m:592250 60x90m:561500; do
      gdal_translate -q -a_srs EPSG:32630 -a_ullr 500000 6200000 "${size#*:}" 6107750 \
        -a_scale 0.1 -a_offset -500 "$png" "$out/dem_${size%:*}.tif"
    done
  else
    echo "bench.sh: neither GRASS nor gdal_translate is installed; cannot make the GeoTIFFs" >&2
    exit 2
  fi
fi
[[ $have_grass == 1 ]] || echo "bench.sh: GRASS GIS is not installed: timing terranav only"

for dem in dem_90m dem_60x90m; do
  grass_best=()
  if [[ $have_grass == 1 ]]; then
    # r.walk from the centre sample (512, 512), timed alone, best of $runs.
    cat >"$out/walk.sh" <<EOF
set -euo pipefail
r.in.gdal input=$out/$dem.tif output=dem --quiet
g.region raster=dem
r.mapcalc --quiet "zero = 0"
eval "\$(g.region -g)"
start=\$(python3 -c "print(\$w + 512.5 * \$ewres, \$n - 512.5 * \$nsres, sep=',')")
for flags in "" "-k"; do
  best=""
  for _ in \$(seq $runs); do
    t0=\$(date +%s.%N)
    r.walk \$flags --quiet --overwrite elevation=dem friction=zero output=time \\
      start_coordinates=\$start
    t=\$(python3 -c "print(\$(date +%s.%N) - \$t0)")
    best=\$(python3 -c "print(min(x for x in [\$t, \${best:-\$t}]))")
  done
  echo "\$best"
done
EOF
    mapfile -t grass_best < <(grass --tmp-location "$out/$dem.tif" --exec bash "$out/walk.sh" 2>/dev/null |
      grep -E '^[0-9.]+$')
  fi
  for i in 0 1; do
    neighbours=$((8 + 8 * i))
    line=$("$bench" "$out/$dem.tif" "$neighbours" "$runs")
    ours=$(echo "$line" | sed -E 's/.*best ([0-9.]+) ms.*/\1/')
    if [[ -n ${grass_best[$i]:-} ]]; then
      ratio=$(python3 -c "print(f'{${grass_best[$i]} * 1000 / $ours:.1f}')")
      printf '%s: r.walk %.0f ms; %s; r.walk / terranav = %sx\n' "$dem" \
        "$(python3 -c "print(${grass_best[$i]} * 1000)")" "$line" "$ratio"
    else
      echo "$dem: $line"
    fi
  done
done
