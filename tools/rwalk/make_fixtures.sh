#!/usr/bin/env bash
# tools/rwalk/make_fixtures.sh: writes the GRASS r.walk parity fixtures under
# tests/data/rwalk/ (docs/rwalk.md, tests/data/rwalk/README.md). Re-runnable:
# every file is made again from data/lothian_borders_utm30n_90m_1025.png.
#   1. Two DEM windows of the PNG (value v -> v * 0.1 - 500 m, its sidecar's
#      rule), with nodata holes and 1-px diagonal nodata walls: 40 x 30
#      samples at 90 m, and 61 x 47 at 60 x 90 m (non-square pixels), and a
#      friction raster for the second with nodata. Float32 GeoTIFFs.
#   2. For each case of cases.tsv, r.walk in a location made from the DEM
#      (docs/rwalk.md section 9), its times exported as Float64 and its
#      outdir as Float32.
# Needs GRASS GIS (grass-core); exit 2 without it.
set -euo pipefail

cd "$(dirname "$0")/../.."
readonly root=$PWD
readonly png=$root/data/lothian_borders_utm30n_90m_1025.png
readonly out=$root/tests/data/rwalk
if ! command -v grass >/dev/null; then
  echo "make_fixtures.sh: GRASS GIS is not installed (apt-get install grass-core)" >&2
  exit 2
fi
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
readonly tif_opts="-c -m -f --quiet --overwrite createopt=COMPRESS=DEFLATE"

# 1. The inputs, in a UTM 30N location; the PNG's pixel (0, 0) is placed at
# E 500000, N 6200000 (nominal: the PNG carries no georeferencing).
cat >"$work/inputs.sh" <<EOF
set -euo pipefail
r.in.gdal -o input=$png output=png --quiet
# 40 x 30 at 90 m: columns 400-439, rows 500-529 of the PNG. A 4 x 5 hole and
# a 1-px anti-diagonal wall (row + col = 30, 1-based) that 8 neighbours leak through.
r.region map=png w=500000 e=592250 n=6200000 s=6107750
g.region w=536000 e=539600 n=6155000 s=6152300 res=90
r.mapcalc --quiet "dem90 = if((row() >= 10 && row() <= 13 && col() >= 25 && col() <= 29) || \\
  (row() + col() == 30 && row() >= 3 && row() <= 25), null(), png * 0.1 - 500)"
r.out.gdal $tif_opts input=dem90 output=$out/dem_90m.tif type=Float32 nodata=-32768
# 61 x 47 at 60 x 90 m: columns 300-360, rows 600-646. A hole, an isolated
# nodata sample and a wall along col - row = 10.
r.region map=png w=500000 e=561500 n=6200000 s=6107750
g.region w=518000 e=521660 n=6146000 s=6141770 ewres=60 nsres=90
r.mapcalc --quiet "dem60x90 = if((row() >= 30 && row() <= 34 && col() >= 40 && col() <= 47) || \\
  (row() == 8 && col() == 5) || (col() - row() == 10 && row() >= 2 && row() <= 40), \\
  null(), png * 0.1 - 500)"
r.out.gdal $tif_opts input=dem60x90 output=$out/dem_60x90m.tif type=Float32 nodata=-32768
# Friction, s/m: a vertical line with a gap (col 35), an anti-diagonal wall
# with a gap (row + col = 50) and isolated samples, all nodata.
r.mapcalc --quiet "fric = if((col() == 35 && row() != 20) || \\
  (row() + col() == 50 && row() != 25 && row() != 26) || (row() == 12 && col() == 9), \\
  null(), 0.1 + 0.02 * ((row() * 7 + col() * 3) % 11))"
r.out.gdal $tif_opts input=fric output=$out/friction_60x90m.tif type=Float32 nodata=-32768
EOF
grass --tmp-location EPSG:32630 --exec bash "$work/inputs.sh"

# 2. r.walk per case: name, DEM, friction (- = constant 0), flags, options,
# starts as column,row samples (0-based) separated by ';'.
cat >"$out/cases.tsv" <<'EOF'
# name	dem	friction	knight	a	b	c	d	slope_factor	lambda	starts
90m_8	dem_90m.tif	-	0	0.72	6.0	1.9998	-1.9998	-0.2125	1	5,10
90m_16	dem_90m.tif	-	1	0.72	6.0	1.9998	-1.9998	-0.2125	1	5,10
60x90m_8	dem_60x90m.tif	-	0	0.72	6.0	1.9998	-1.9998	-0.2125	1	20,30
60x90m_16	dem_60x90m.tif	-	1	0.72	6.0	1.9998	-1.9998	-0.2125	1	20,30
60x90m_friction_16	dem_60x90m.tif	friction_60x90m.tif	1	0.72	6.0	1.9998	-1.9998	-0.2125	0.5	20,30
60x90m_friction_8	dem_60x90m.tif	friction_60x90m.tif	0	0.72	6.0	1.9998	-1.9998	-0.2125	2.5	20,30
60x90m_coeffs_16	dem_60x90m.tif	-	1	0.8	5.0	2.5	-1.5	-0.15	1	20,30
60x90m_two_starts_8	dem_60x90m.tif	-	0	0.72	6.0	1.9998	-1.9998	-0.2125	1	20,30;50,5
EOF
grep -v '^#' "$out/cases.tsv" | while IFS=$'\t' read -r name dem fric knight a b c d sf lambda starts; do
  flags=""
  [[ $knight == 1 ]] && flags="-k"
  cat >"$work/case.sh" <<EOF
set -euo pipefail
r.in.gdal input=$out/$dem output=dem --quiet
g.region raster=dem
eval "\$(g.region -g)"
if [[ "$fric" == - ]]; then
  r.mapcalc --quiet "fric = 0"
else
  r.in.gdal input=$out/$fric output=fric --quiet
fi
# Sample (col, row) -> its centre's E,N.
coords=""
for s in \$(echo "$starts" | tr ';' ' '); do
  col=\${s%,*}; row=\${s#*,}
  coords="\$coords\${coords:+,}\$(python3 -c "print(\$w + (\$col + 0.5) * \$ewres, \$n - (\$row + 0.5) * \$nsres, sep=',')")"
done
r.walk $flags --quiet elevation=dem friction=fric output=time outdir=dir start_coordinates=\$coords \\
  walk_coeff=$a,$b,$c,$d slope_factor=$sf lambda=$lambda
r.out.gdal $tif_opts input=time output=$out/$name.time.tif type=Float64
r.out.gdal $tif_opts input=dir output=$out/$name.dir.tif type=Float32
EOF
  grass --tmp-location "$out/$dem" --exec bash "$work/case.sh" 2>&1 | grep -v -e '^Starting GRASS' \
    -e '^Creating new GRASS' -e '^Cleaning up' -e '^Executing' -e '^Execution of' || true
  echo "make_fixtures.sh: $name"
done
rm -f "$out"/*.aux.xml
du -ch "$out"/*.tif | tail -1
