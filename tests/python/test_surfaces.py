"""Cost surfaces on terranav's tiles, and r.walk's walking time on samples,
against find_path and hand-computed times."""

import math

import numpy as np
import pytest

import terranav

MODELS = [
    {"cost": "reference", "slope_weight": 2.0},
    {"cost": "tobler"},
    {"cost": "uphill-downhill", "uphill_weight": 3.0, "downhill_weight": 0.5},
    {"cost": "walking-time"},
    {"cost": "walking-time", "walk_coeff": (0.8, 5.0, 2.5, -1.5), "slope_factor": -0.15},
]


@pytest.fixture(scope="module")
def hills():
    rng = np.random.default_rng(7)
    heights = np.cumsum(rng.normal(0.0, 1.5, (25, 31)), axis=1)
    return terranav.Terrain(heights, spacing=5.0, max_slope=0.5)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: str(sorted(m.items())))
def test_cost_surface_equals_find_path_at_every_goal(hills, model):
    sources = np.array([[3, 4]])
    surface = hills.cost_surface(sources, **model)
    assert surface.shape == (hills.tiles_deep, hills.tiles_wide)
    assert surface.dtype == np.float64
    assert surface[4, 3] == 0.0
    checked = 0
    for i, j in [(0, 0), (29, 23), (15, 10), (7, 20), (29, 0), (2, 5)]:
        r = hills.find_path((3, 4), (i, j), **model)
        if r.status == "found":
            assert surface[j, i] == pytest.approx(r.cost, rel=1e-9)
            checked += 1
        else:
            assert r.status == "unreachable"
            assert math.isnan(surface[j, i])
    assert checked >= 4


def test_cost_surface_from_two_sources_is_the_least_of_each(hills):
    one = hills.cost_surface([[3, 4]], cost="walking-time")
    other = hills.cost_surface([[25, 20]], cost="walking-time")
    both = hills.cost_surface([[3, 4], [25, 20]], cost="walking-time")
    np.testing.assert_array_equal(both, np.fmin(one, other))


def test_unreached_tiles_are_nan_and_backlinks_lead_to_the_source():
    # A wall too steep to climb: the tiles on it (columns 3, 4, at 50 m) and
    # beyond it are NaN.
    heights = np.zeros((5, 7))
    heights[:, 4] = 100.0
    t = terranav.Terrain(heights, spacing=1.0)
    costs, links = t.cost_surface([[0, 0]], backlinks=True)
    assert links.dtype == np.uint8 and links.shape == costs.shape
    assert np.isnan(costs[:, 3:]).all() and (links[:, 3:] == 255).all()
    assert np.isfinite(costs[:, :3]).all()
    assert links[0, 0] == 255
    # (dx, dz) of directions 0..7, clockwise from +x (nav's z points down).
    step = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
    i, j = 2, 3
    while (i, j) != (0, 0):
        dx, dz = step[links[j, i]]
        assert costs[j + dz, i + dx] < costs[j, i]
        i, j = i + dx, j + dz


def ramp():
    """4 x 2 samples rising 5 m per 10 m eastwards: 3 x 1 tiles."""
    x = np.arange(4) * 5.0
    return terranav.Terrain(np.vstack([x, x]), spacing=10.0)


def test_walking_time_on_tiles_by_hand():
    t = ramp()
    up = t.find_path((0, 0), (2, 0), cost="walking-time")
    assert up.cost_unit == "s"
    assert up.cost == pytest.approx(2 * (5 * 6.0 + 10 * 0.72), rel=1e-6)
    # Slope -0.5 < slope_factor: steep, d = -1.9998.
    down = t.find_path((2, 0), (0, 0), cost="walking-time")
    assert down.cost == pytest.approx(2 * (-5 * -1.9998 + 10 * 0.72), rel=1e-6)
    # slope_factor -0.6 makes it moderate: c.
    mild = t.find_path((2, 0), (0, 0), cost="walking-time", walk_coeff=(1.0, 2.0, 0.5, -4.0),
                       slope_factor=-0.6)
    assert mild.cost == pytest.approx(2 * (-5 * 0.5 + 10 * 1.0), rel=1e-6)


def test_walking_time_refuses_steps_of_no_time():
    with pytest.raises(ValueError, match=r"must be > 0"):
        ramp().find_path((0, 0), (2, 0), cost="walking-time", walk_coeff=(1.0, 2.0, 3.0, -4.0),
                         slope_factor=-0.6)
    with pytest.raises(ValueError, match=r"walk d: must be in"):
        ramp().cost_surface([[0, 0]], cost="walking-time", walk_coeff=(1.0, 2.0, 0.5, 4.0))


def test_walking_time_on_samples_by_hand():
    # One row of 10 m steps: up 5 (b), down 1 (slope -0.1, moderate: c),
    # down 4 (slope -0.4, steep: d); a second row of nodata.
    elevation = np.array([[0.0, 5.0, 4.0, 0.0], [np.nan] * 4])
    time = terranav.walking_time(elevation, 10.0, 10.0, [[0, 0]])
    assert time.shape == (2, 4) and time.dtype == np.float64
    steps = [5 * 6.0 + 7.2, -1 * 1.9998 + 7.2, -4 * -1.9998 + 7.2]
    np.testing.assert_allclose(time[0], np.cumsum([0.0] + steps), rtol=1e-12)
    assert np.isnan(time[1]).all()


def test_walking_time_friction_diagonals_and_two_starts():
    # Flat 3 x 3, 10 m columns and 20 m rows, friction 0.1 s/m, lambda 2:
    # every metre costs 0.72 + 2 * 0.1 s.
    flat = np.zeros((3, 3))
    per_metre = 0.72 + 2 * 0.1
    time = terranav.walking_time(flat, 10.0, 20.0, [[0, 0]], friction=np.full((3, 3), 0.1),
                                 lambda_=2.0)
    diagonal = math.hypot(10.0, 20.0)
    assert time[0, 2] == pytest.approx(20.0 * per_metre, rel=1e-12)
    assert time[2, 0] == pytest.approx(40.0 * per_metre, rel=1e-12)
    assert time[1, 1] == pytest.approx(diagonal * per_metre, rel=1e-12)
    assert time[2, 2] == pytest.approx(2 * diagonal * per_metre, rel=1e-12)
    two = terranav.walking_time(flat, 10.0, 20.0, [[0, 0], [2, 2]])
    assert two[2, 2] == 0.0 and two[0, 0] == 0.0
    assert two[1, 1] == pytest.approx(diagonal * 0.72, rel=1e-12)


def test_walking_time_threads_give_the_same_times():
    # A tall random grid: several stripes per thread (nav's rounds).
    rng = np.random.default_rng(3)
    elevation = rng.uniform(0.0, 50.0, (600, 90))
    one = terranav.walking_time(elevation, 30.0, 25.0, [[40, 200]], threads=1)
    two = terranav.walking_time(elevation, 30.0, 25.0, [[40, 200]], threads=2)
    np.testing.assert_array_equal(one, two)
    assert np.isfinite(one).all()


@pytest.mark.parametrize("keywords, error, text", [
    ({"starts": [[5, 0]]}, ValueError, "start"),
    ({"starts": [[0, 0]], "threads": -1}, ValueError, "threads must be 0"),
    ({"starts": [[0, 0, 1]]}, ValueError, r"starts: expected shape \(K, 2\)"),
    ({"starts": [[0, 0]], "walk_coeff": (0.72, 6.0, 4.0, -1.9998)}, ValueError, "walk"),
    ({"starts": [[0, 0]], "friction": np.zeros((2, 2))}, ValueError, "friction"),
    ({"starts": [[0, 0]], "ew_res": 0.0}, ValueError, ""),
])
def test_walking_time_bad_input(keywords, error, text):
    arguments = {"elevation": np.zeros((3, 3)), "ew_res": 10.0, "ns_res": 10.0}
    arguments.update(keywords)
    with pytest.raises(error, match=text):
        terranav.walking_time(**arguments)
