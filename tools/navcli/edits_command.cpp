// navcli edits: random terrain edits on a NavTerrain, each timed, against a
// full rebuild of the same structures (and, with --check, compared with it).
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "command_options.hpp"
#include "commands.hpp"
#include "progress.hpp"
#include "provenance.hpp"
#include "random_draw.hpp"
#include "stopwatch.hpp"
#include "summary_stats.hpp"
#include "terrain_options.hpp"
#include "text_output.hpp"

namespace terranav::navcli {
namespace {

enum class EditKind { Raise, Lower, Flatten, Block, Unblock, Paint };

/// One random edit of radius `radius` tiles at a uniform place: a stamp, or
/// a (2 radius + 1)^2-tile square (clipped to the map) blocked, cleared or
/// (with classes) painted.
struct Edit {
  EditKind kind;
  nav::Stamp stamp;
  nav::TileRect square;
  std::uint8_t paint = 0;
};

/// Heights change by a third of the radius in metres on average (slopes of
/// 0.1 to 0.65 at the steepest: edges come and go).
Edit random_edit(const nav::NavTerrain& terrain, int radius, std::mt19937_64& rng) {
  const nav::Tiling& tiling = terrain.tiling();
  const int kinds = terrain.classes() ? 6 : 5;
  Edit edit{static_cast<EditKind>(draw(rng, static_cast<std::size_t>(kinds))), {}, {}};
  const nav::TileCoord c{
      static_cast<int>(draw(rng, static_cast<std::size_t>(tiling.tiles_wide()))),
      static_cast<int>(draw(rng, static_cast<std::size_t>(tiling.tiles_deep())))};
  edit.square = tiling.clip({c.i - radius, c.j - radius, c.i + radius + 1, c.j + radius + 1});
  const double radius_m = radius * tiling.tile_metres();
  const double x = tiling.centre_metres(c.i);
  const double z = tiling.centre_metres(c.j);
  const double amount = radius_m / 3.0 * (0.25 + draw_unit(rng));
  switch (edit.kind) {
    case EditKind::Raise:
    case EditKind::Lower:
      edit.stamp = {edit.kind == EditKind::Raise ? nav::StampKind::Raise : nav::StampKind::Lower, x,
                    z, radius_m, amount};
      break;
    case EditKind::Flatten:
      edit.stamp = {nav::StampKind::Flatten, x, z, radius_m,
                    terrain.heightmap().surface_height(x, z)};
      break;
    case EditKind::Paint:
      edit.paint = static_cast<std::uint8_t>(draw(rng, terrain.classes()->classes.size()));
      break;
    case EditKind::Block:
    case EditKind::Unblock:
      break;
  }
  return edit;
}

nav::EditResult apply(nav::NavTerrain& terrain, const Edit& edit) {
  switch (edit.kind) {
    case EditKind::Raise:
    case EditKind::Lower:
    case EditKind::Flatten:
      return terrain.stamp(edit.stamp);
    case EditKind::Block:
    case EditKind::Unblock:
      return terrain.set_blocked(edit.square, edit.kind == EditKind::Block);
    case EditKind::Paint:
      break;
  }
  return terrain.paint_class(edit.square, edit.paint);
}

/// What an edit may change, saved before it so that it can be undone.
struct Snapshot {
  nav::SampleRect samples;
  std::vector<float> heights;
  nav::TileRect tiles;
  std::vector<std::uint8_t> values;  // blocked flags, or classes for a paint
};

Snapshot snapshot(const nav::NavTerrain& terrain, const Edit& edit) {
  Snapshot saved{{}, {}, edit.square, {}};
  const bool stamp = edit.kind == EditKind::Raise || edit.kind == EditKind::Lower ||
                     edit.kind == EditKind::Flatten;
  if (stamp) {
    saved.samples = nav::stamp_samples(terrain.heightmap(), edit.stamp);
    for (int z = saved.samples.z0; z < saved.samples.z1; ++z) {
      for (int x = saved.samples.x0; x < saved.samples.x1; ++x) {
        saved.heights.push_back(terrain.heightmap().at(x, z));
      }
    }
    return saved;
  }
  const auto tw = static_cast<std::size_t>(terrain.tiling().tiles_wide());
  for (int j = saved.tiles.j0; j < saved.tiles.j1; ++j) {
    for (int i = saved.tiles.i0; i < saved.tiles.i1; ++i) {
      const std::size_t t = static_cast<std::size_t>(j) * tw + static_cast<std::size_t>(i);
      saved.values.push_back(edit.kind == EditKind::Paint ? terrain.classes()->tile_class[t]
                                                          : terrain.blocked()[t]);
    }
  }
  return saved;
}

/// The edit undone: what was saved, written back.
nav::EditResult restore(nav::NavTerrain& terrain, const Edit& edit, const Snapshot& saved) {
  if (!saved.heights.empty()) return terrain.set_heights(saved.samples, saved.heights);
  if (saved.tiles.empty()) return {{}, terrain.revision()};
  return edit.kind == EditKind::Paint ? terrain.paint_classes(saved.tiles, saved.values)
                                      : terrain.set_blocked(saved.tiles, saved.values);
}

}  // namespace

int run_edits(Flags& flags) {
  const EditsOptions options = parse_edits_options(flags);
  const TerrainOptions& terrain_options = options.terrain;
  const CostOptions& cost_options = options.cost;
  const int count = options.count;
  const int radius = options.radius;
  const std::uint32_t seed = options.seed;
  const bool check = options.check;
  const bool revert = options.revert;

  const LoadedTerrain loaded(terrain_options, cost_options);
  BuiltTerrain built(loaded, terrain_options.config, cost_options);
  nav::NavTerrain& terrain = built.terrain();

  // The full rebuild an edit replaces, timed the same way (median of 3).
  std::vector<double> rebuild_ms;
  for (int k = 0; k < 3; ++k) {
    const auto start = Clock::now();
    const nav::NavTerrain fresh = terrain.rebuilt();
    rebuild_ms.push_back(elapsed_us(start, Clock::now()) / 1000.0);
  }

  std::mt19937_64 rng(seed);
  std::vector<double> update_us;
  update_us.reserve(static_cast<std::size_t>(revert ? 2 * count : count));
  std::uint64_t changed = 0;
  std::uint64_t mismatches = 0;
  const auto timed = [&](const auto& change) {
    const auto start = Clock::now();
    const nav::EditResult edit = change();
    update_us.push_back(elapsed_us(start, Clock::now()));
    changed += edit.dirty.empty() ? 0 : 1;
    if (!check) return;
    const std::string difference = nav::first_difference(terrain, terrain.rebuilt());
    if (difference.empty()) return;
    if (mismatches == 0) {
      std::fprintf(stderr, "navcli: update %zu differs from a rebuild: %s\n", update_us.size(),
                   difference.c_str());
    }
    ++mismatches;
  };
  Progress progress("edits", static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) {
    const Edit edit = random_edit(terrain, radius, rng);
    if (revert) {
      const Snapshot saved = snapshot(terrain, edit);
      timed([&] { return apply(terrain, edit); });
      timed([&] { return restore(terrain, edit, saved); });
    } else {
      timed([&] { return apply(terrain, edit); });
    }
    progress.update(static_cast<std::size_t>(k) + 1);
  }
  progress.finish();

  const double rebuild = percentile(rebuild_ms, 0.5);
  const double p99 = percentile(update_us, 0.99);
  nlohmann::ordered_json summary = {
      {"edits", count},
      {"updates", update_us.size()},
      {"changed", changed},
      {"radius_tiles", radius},
      {"update_p50_us", rounded(percentile(update_us, 0.5), 3)},
      {"update_p99_us", rounded(p99, 3)},
      {"update_max_us", rounded(percentile(update_us, 1.0), 3)},
      {"rebuild_ms", rounded(rebuild, 3)},
      {"rebuild_over_p99", rounded(p99 > 0.0 ? rebuild * 1000.0 / p99 : 0.0, 1)},
      {"bytes_per_tile", rounded(static_cast<double>(terrain.memory_bytes()) /
                                     static_cast<double>(terrain.graph().tile_count()),
                                 3)}};
  if (check) summary["mismatches"] = mismatches;
  summary["provenance"] = provenance_json(make_provenance(terrain_options, cost_options, seed));
  std::fputs(json_line(summary).c_str(), stdout);
  return mismatches > 0 ? 1 : 0;
}

}  // namespace terranav::navcli
