#!/usr/bin/env bash
# Any-angle paths against the continuous optimum, as docs/benchmarks.md
# reports them: for each terrain and cost model, QUERIES random same-set
# pairs with the dense R = 4 reference cost (navcli scen --any-angle, the
# slow part: ~0.2-1 s a query), then navcli bench --any-angle on them (grid
# and any-angle path per query, in one run). Prints one TSV row per terrain
# and model: the bench's summary figures.
#   tools/any_angle_bench.sh [QUERIES] [OUTDIR] [GRAPH FLAGS]
# (defaults 500, build/any_angle, none), e.g. GRAPH FLAGS "--topology knight16
# --heuristic knight". Reference .scen files are kept in OUTDIR and reused
# when present (the reference does not depend on the topology).
set -euo pipefail
queries=${1:-500}
out=${2:-build/any_angle}
read -r -a graph <<< "${3:-}"
tag=$(echo "${3:-}" | tr -c 'a-z0-9\n' '_')
root=$(cd "$(dirname "$0")/.." && pwd)
navcli=$root/build/release/bin/navcli
dem=${TERRANAV_DEM_DIR:-$root/../shared/data/dem}
mkdir -p "$out"

terrains=(
  "lothian|--map $root/data/lothian_borders_utm30n_90m_1025.png"
  "big_tujunga|--map $dem/big_tujunga_utm11n_30m_1197x643.png --spacing 30 --height-scale 6553.5"
  "N55W003|--map $dem/N55W003.hgt"
  "procedural1025|--procedural 1025"
)
# uphill-downhill with k_up = 2, k_down = 0.5 (with both 1 it is the reference model).
models=(reference tobler uphill-downhill)
model_args() {
  if [[ $1 == uphill-downhill ]]; then
    echo "--cost uphill-downhill --uphill-weight 2 --downhill-weight 0.5"
  else
    echo "--cost $1"
  fi
}

printf 'terrain\tmodel\tqueries\tfound\tfailures\tany_infeasible\tworse_than_grid\tgrid_infeasible\tany_p50\tany_p99\tany_max\tbelow_reference\tgrid_p50\tgrid_p99\tmedian_grid_us\tmedian_any_us\ttime_ratio\n'
for entry in "${terrains[@]}"; do
  name=${entry%%|*}
  read -r -a args <<< "${entry#*|}"
  if [[ ${args[0]} == --map && ! -f ${args[1]} ]]; then
    echo "any_angle_bench.sh: skipping $name: ${args[1]} not found (set TERRANAV_DEM_DIR)" >&2
    continue
  fi
  for model in "${models[@]}"; do
    read -r -a cost <<< "$(model_args "$model")"
    scen=$out/$name.$model.$queries.scen
    if [[ ! -f $scen ]]; then
      "$navcli" scen "${args[@]}" "${cost[@]}" --queries "$queries" --any-angle \
        --out "$scen.tmp" 2> /dev/null
      mv "$scen.tmp" "$scen"
    fi
    "$navcli" bench "${args[@]}" "${cost[@]}" "${graph[@]}" --scen "$scen" --any-angle \
        --paths "$out/$name.$model$tag.paths.jsonl" --out "$out/$name.$model$tag.tsv" \
        --summary "$out/$name.$model$tag.summary.json" 2> /dev/null
    python3 -c '
import json, sys
d = json.load(sys.stdin)
keys = ["queries", "found", "failures", "any_infeasible", "worse_than_grid", "grid_infeasible",
        "any_over_reference_p50", "any_over_reference_p99", "any_over_reference_max",
        "below_reference", "grid_over_reference_p50", "grid_over_reference_p99",
        "median_grid_us", "median_any_us", "time_ratio"]
print("\t".join([sys.argv[1], sys.argv[2]] + [str(d[k]) for k in keys]))' "$name" "$model" \
        < "$out/$name.$model$tag.summary.json"
  done
done
