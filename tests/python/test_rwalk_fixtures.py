"""terranav.walking_time against GRASS GIS 8.2.1's r.walk itself: every case
of tests/data/rwalk/cases.tsv (made by tools/rwalk/make_fixtures.sh: nodata
holes and walls, 60 x 90 m pixels, friction with nodata, lambda, other
coefficients, two starts), read with geotiff.read_geotiff, not GDAL. The
same nodata samples and the same times, bit for bit, as the C++ parity test
finds."""

import os
import pathlib

import numpy as np
import pytest

import terranav
from geotiff import read_geotiff

FIXTURES = pathlib.Path(os.environ["TERRANAV_SOURCE_DIR"]) / "tests" / "data" / "rwalk"


def cases():
    for line in (FIXTURES / "cases.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            yield line.split("\t")


@pytest.mark.parametrize("case", list(cases()), ids=lambda c: c[0])
def test_every_fixture_matches_grass(case):
    name, dem, friction, knight, a, b, c, d, slope_factor, lam, starts = case
    elevation, ew, ns = read_geotiff(FIXTURES / dem)
    f = None if friction == "-" else read_geotiff(FIXTURES / friction)[0]
    grass, _, _ = read_geotiff(FIXTURES / f"{name}.time.tif")
    time = terranav.walking_time(
        elevation, ew, ns, [[int(v) for v in s.split(",")] for s in starts.split(";")],
        friction=f, walk_coeff=(float(a), float(b), float(c), float(d)),
        slope_factor=float(slope_factor), lambda_=float(lam), knight_moves=knight == "1")
    np.testing.assert_array_equal(np.isnan(time), np.isnan(grass))
    reached = ~np.isnan(grass)
    assert reached.sum() > 0.8 * np.isfinite(elevation).sum()
    np.testing.assert_array_equal(time[reached], grass[reached])
