#!/usr/bin/env python3
"""Walking-time-optimal (Tobler) against distance-and-climb-optimal
(reference) paths on a DEM, and how much of it is connected as the steepest
walkable slope grows.

For N random tile pairs connected at the default max slope (seeded), finds
the least-cost path under each model and prices both on the surface under
both models (Terrain.measure), with their length and ascent; then the
fraction of the same kind of random pairs connected for several max slopes.
Prints two tables and draws them (with a few example routes) into --out.

    PYTHONPATH=build/release/python python3 examples/tobler_vs_reference.py
"""

import argparse
import pathlib
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after the backend)
import numpy as np  # noqa: E402

import terranav  # noqa: E402

DEFAULT_MAP = pathlib.Path(__file__).resolve().parent.parent / "data" / \
    "lothian_borders_utm30n_90m_1025.png"
MODELS = ("reference", "tobler")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", type=pathlib.Path, default=DEFAULT_MAP,
                        help="heightmap (with its .terrain sidecar); default: the sample DEM")
    parser.add_argument("--tile-size", type=int, default=2, help="cells per tile side")
    parser.add_argument("--pairs", type=int, default=200, help="random connected pairs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-slope", type=float, default=0.6,
                        help="max slope of the path comparison (rise over run)")
    parser.add_argument("--slopes", default="0.02,0.03,0.05,0.07,0.1,0.15,0.2,0.3,0.6",
                        help="max slopes of the reachability curve")
    parser.add_argument("--threads", type=int, default=0, help="0: every core")
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("tobler_vs_reference.png"))
    return parser.parse_args()


def random_pairs(terrain, count, rng):
    """count pairs of distinct tiles, a (count, 4) array (i0, j0, i1, j1)."""
    w, d = terrain.tiles_wide, terrain.tiles_deep
    pairs = np.column_stack([rng.integers(0, w, count), rng.integers(0, d, count),
                             rng.integers(0, w, count), rng.integers(0, d, count)])
    return pairs[(pairs[:, 0] != pairs[:, 2]) | (pairs[:, 1] != pairs[:, 3])]


def connected_pairs(terrain, count, rng, threads):
    """count random pairs with a reference path, and those paths."""
    pairs, results = [], []
    while len(pairs) < count:
        batch = random_pairs(terrain, 2 * (count - len(pairs)), rng)
        for pair, r in zip(batch, terrain.find_paths(batch, threads=threads)):
            if r.status == "found" and len(pairs) < count:
                pairs.append(pair)
                results.append(r)
    return np.array(pairs), results


def compare(terrain, pairs, reference_paths, threads):
    """Per pair and per model's optimal path: its cost under both models,
    length and ascent, all on the surface."""
    paths = {"reference": reference_paths,
             "tobler": terrain.find_paths(pairs, threads=threads, cost="tobler")}
    rows = {}
    for found_by, results in paths.items():
        measures = {model: [terrain.measure(r.path_m, cost=model) for r in results]
                    for model in MODELS}
        rows[found_by] = {
            "reference_m": np.array([m["cost"] for m in measures["reference"]]),
            "tobler_s": np.array([m["cost"] for m in measures["tobler"]]),
            "length_m": np.array([m["length_m"] for m in measures["reference"]]),
            "ascent_m": np.array([m["ascent_m"] for m in measures["reference"]]),
        }
    return paths, rows


def reachability(terrain, slopes, count, rng, threads):
    """Fraction of count random tile pairs connected, per max slope."""
    pairs = random_pairs(terrain, count, rng)
    fractions = []
    for slope in slopes:
        t = terranav.Terrain(terrain.heights, spacing=terrain.spacing,
                             tile_size=terrain.tile_size, max_slope=slope)
        results = t.find_paths(pairs, threads=threads)
        fractions.append(np.mean([r.status == "found" for r in results]))
    return fractions


def print_tables(rows, slopes, fractions, pairs):
    print("%d pairs; each model's optimal path priced on the surface under both:" % pairs)
    print("%-10s %14s %14s %12s %12s" % ("path", "reference km", "tobler h", "length km",
                                        "ascent m"))
    for found_by, row in rows.items():
        print("%-10s %14.2f %14.3f %12.2f %12.0f" % (
            found_by, row["reference_m"].mean() / 1000, row["tobler_s"].mean() / 3600,
            row["length_m"].mean() / 1000, row["ascent_m"].mean()))
    saved = 1 - rows["tobler"]["tobler_s"] / rows["reference"]["tobler_s"]
    print("Tobler paths save %.1f %% of the walking time (median %.1f %%, max %.1f %%)"
          % (100 * saved.mean(), 100 * np.median(saved), 100 * saved.max()))
    print("(Both paths are optimal on the graph, between tile centres, and priced here on the\n"
          " surface, the ruler every path is measured on: a pair can come out slightly negative.)")
    print("\n%-10s %s" % ("max slope", "pairs connected"))
    for slope, fraction in zip(slopes, fractions):
        print("%-10g %.3f" % (slope, fraction))


def draw(out, terrain, paths, rows, slopes, fractions):
    fig, (routes, scatter, reach) = plt.subplots(1, 3, figsize=(16, 5.2))
    heights = terrain.heights
    s = terrain.spacing / 1000
    image = routes.imshow(heights, cmap="gist_earth", extent=(0, heights.shape[1] * s,
                                                   heights.shape[0] * s, 0))
    for k in range(min(4, len(paths["reference"]))):
        for model, colour in (("reference", "red"), ("tobler", "cyan")):
            xz = paths[model][k].path_m / 1000
            routes.plot(xz[:, 0], xz[:, 1], color=colour, lw=1.6,
                        label=model if k == 0 else None)
    routes.set(title="Example routes", xlabel="x (km)", ylabel="z (km, south)")
    routes.legend(loc="lower right")
    fig.colorbar(image, ax=routes, label="height (m)", shrink=0.8)

    hours = rows["reference"]["tobler_s"] / 3600
    saved = 100 * (1 - rows["tobler"]["tobler_s"] / rows["reference"]["tobler_s"])
    longer = 100 * (rows["tobler"]["reference_m"] / rows["reference"]["reference_m"] - 1)
    scatter.scatter(hours, saved, s=8, label="walking time saved")
    scatter.scatter(hours, longer, s=8, label="reference cost added")
    scatter.axhline(0, color="grey", lw=0.8)
    scatter.set(title="Tobler-optimal path against reference-optimal",
                xlabel="walking time of the reference-optimal path (h)", ylabel="%")
    scatter.legend()

    reach.plot(slopes, fractions, marker="o")
    tile_m = terrain.spacing * terrain.tile_size
    reach.set(title="Random pairs connected (tiles of %g m)" % tile_m, xlabel="max slope (rise / run)",
              ylabel="fraction connected", ylim=(0, 1.02))
    fig.tight_layout()
    fig.savefig(out, dpi=110)


def main():
    args = parse_args()
    started = time.perf_counter()
    rng = np.random.default_rng(args.seed)
    terrain = terranav.Terrain.from_file(args.map, tile_size=args.tile_size,
                                         max_slope=args.max_slope)
    pairs, reference_paths = connected_pairs(terrain, args.pairs, rng, args.threads)
    paths, rows = compare(terrain, pairs, reference_paths, args.threads)
    slopes = [float(v) for v in args.slopes.split(",")]
    fractions = reachability(terrain, slopes, args.pairs, rng, args.threads)
    print_tables(rows, slopes, fractions, len(pairs))
    draw(args.out, terrain, paths, rows, slopes, fractions)
    print("\nwrote %s in %.1f s" % (args.out, time.perf_counter() - started))


if __name__ == "__main__":
    main()
