"""Many queries on threads answer exactly what one query at a time does."""

import numpy as np
import pytest


def random_pairs(t, count, seed):
    rng = np.random.default_rng(seed)
    return np.column_stack([
        rng.integers(0, t.tiles_wide, count), rng.integers(0, t.tiles_deep, count),
        rng.integers(0, t.tiles_wide, count), rng.integers(0, t.tiles_deep, count)])


@pytest.mark.parametrize("threads", [0, 1, 3])
@pytest.mark.parametrize("keywords", [{}, {"cost": "tobler"}, {"any_angle": True}])
def test_find_paths_equals_find_path(dem, threads, keywords):
    pairs = random_pairs(dem, 24, seed=threads)
    results = dem.find_paths(pairs, threads=threads, **keywords)
    assert len(results) == len(pairs)
    statuses = set()
    for (i0, j0, i1, j1), batch in zip(pairs.tolist(), results):
        single = dem.find_path((i0, j0), (i1, j1), **keywords)
        statuses.add(single.status)
        assert batch.status == single.status
        assert batch.cost == single.cost
        assert batch.path.tolist() == single.path.tolist()
        assert batch.expanded == single.expanded
        assert batch.length_m == single.length_m
    assert "found" in statuses


def test_find_paths_of_nothing_is_empty(dem):
    assert dem.find_paths(np.zeros((0, 4), dtype=np.int64)) == []


def test_searches_release_the_gil(dem):
    # While a batch searches on another thread, this one keeps running: the
    # longest pause between its steps stays far below the batch's time (it
    # would be all of it if the search held the GIL).
    import threading
    import time

    # A batch long enough to tell, however fast the machine: 256 pairs took
    # under 50 ms on one CI run.
    for count in (256, 1024, 4096):
        pairs = random_pairs(dem, count, seed=7)
        worker = threading.Thread(target=dem.find_paths, args=(pairs,), kwargs={"threads": 1})
        started = time.perf_counter()
        worker.start()
        steps = [started]
        while worker.is_alive():
            steps.append(time.perf_counter())
        worker.join()
        duration = time.perf_counter() - started
        if duration > 0.05:
            break
    assert duration > 0.05, "too short a batch to tell"
    assert max(np.diff(steps)) < 0.5 * duration
