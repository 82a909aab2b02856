"""PathResult.to_geojson: valid JSON whose coordinates land where the path
is, in nav metres or in the GeoTIFF's CRS."""

import json

import numpy as np
import pytest

import terranav
from geotiff import write_geotiff


def round_trip(feature):
    return json.loads(json.dumps(feature))


def test_nav_metres_with_north_up():
    t = terranav.Terrain(np.zeros((4, 5)), spacing=10.0)
    r = t.find_path((0, 0), (3, 2))
    feature = round_trip(r.to_geojson())
    assert feature["type"] == "Feature"
    assert feature["geometry"]["type"] == "LineString"
    assert feature["geometry"]["coordinates"] == [[x, -z] for x, z in r.path_m.tolist()]
    assert feature["geometry"]["coordinates"][0] == [5.0, -5.0]
    assert "crs" not in feature
    props = feature["properties"]
    assert props == {"status": "found", "cost": r.cost, "cost_unit": "m",
                     "length_m": r.length_m, "ascent_m": 0.0, "descent_m": 0.0,
                     "model": "reference"}


def test_one_tile_path_is_a_two_point_line():
    t = terranav.Terrain(np.zeros((3, 3)))
    coordinates = t.find_path((1, 1), (1, 1)).to_geojson()["geometry"]["coordinates"]
    assert [list(c) for c in coordinates] == [[1.5, -1.5], [1.5, -1.5]]


@pytest.fixture
def geotiff_terrain(tmp_path):
    # 6 x 4 samples of 25 m, flat but for a step, in UTM 30N.
    heights = np.full((4, 6), 100.0)
    heights[:, 5] = 95.0
    path = write_geotiff(tmp_path / "dem.tif", heights, origin_e=500000.0,
                         origin_n=4000000.0, pixel_size_m=25.0, epsg=32630)
    try:
        return terranav.Terrain.from_file(path)
    except OSError as e:
        if "lacks GDAL" in str(e):
            pytest.skip("terranav built without GDAL")
        raise


def test_geotiff_keeps_its_georeference(geotiff_terrain):
    t = geotiff_terrain
    assert (t.tiles_wide, t.tiles_deep, t.spacing) == (5, 3, 25.0)
    geo = t.georeference
    assert (geo["origin_e"], geo["origin_n"], geo["pixel_size_m"], geo["epsg"]) == \
        (500000.0, 4000000.0, 25.0, 32630)
    assert "UTM zone 30N" in geo["crs_wkt"]


def test_geotiff_path_lands_on_eastings_and_northings(geotiff_terrain):
    r = geotiff_terrain.find_path((0, 0), (3, 2))
    # Tile (i, j)'s centre is sample (i + 0.5, j + 0.5), whose pixel centre
    # is one more half pixel in: E0 + (i + 1) * 25, N0 - (j + 1) * 25.
    assert r.path_crs[0].tolist() == [500025.0, 3999975.0]
    assert r.path_crs[-1].tolist() == [500100.0, 3999925.0]
    feature = round_trip(r.to_geojson())
    assert feature["geometry"]["coordinates"] == r.path_crs.tolist()
    assert feature["crs"]["properties"]["name"] == "urn:ogc:def:crs:EPSG::32630"
    assert feature["properties"]["length_m"] == pytest.approx(25.0 * (1 + 2 * 2 ** 0.5))


def test_array_terrain_has_no_georeference():
    assert terranav.Terrain(np.zeros((3, 3))).georeference is None


def test_resample_square_gives_square_pixels_of_the_smaller_size(tmp_path):
    # 2 x 4 pixels of 20 x 10 m become 4 x 4 of 10 m; row 0's new centres lie
    # at 0.25, 0.75, 1.25, 1.75 old pixels (bilinear, clamped at the edges).
    heights = np.array([[0.0, 10.0], [20.0, 30.0], [40.0, 50.0], [60.0, 70.0]])
    path = write_geotiff(tmp_path / "tall.tif", heights, origin_e=500000.0,
                         origin_n=4000000.0, pixel_size_m=20.0, epsg=32630,
                         pixel_size_n=10.0)
    with pytest.raises(OSError) as refused:
        terranav.Terrain.from_file(path)
    if "lacks GDAL" in str(refused.value):
        pytest.skip("terranav built without GDAL")
    assert "non-square pixels 20 x 10 m; load it with --resample square" in str(refused.value)
    t = terranav.Terrain.from_file(path, resample="square")
    assert (t.tiles_wide, t.tiles_deep, t.spacing) == (3, 3, 10.0)
    assert t.georeference["pixel_size_m"] == 10.0
    assert list(t.heights[0]) == [0.0, 2.5, 7.5, 10.0]
