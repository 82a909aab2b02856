// navcli edits: random terrain edits on a NavTerrain, each timed, against a
// full rebuild of the same structures (and, with --check, compared with it).
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "commands.hpp"
#include "progress.hpp"
#include "random_draw.hpp"
#include "stopwatch.hpp"
#include "summary_stats.hpp"
#include "terrain_options.hpp"
#include "text_output.hpp"

namespace terranav::navcli {
namespace {

enum class EditKind { Raise, Lower, Flatten, Block, Unblock, Paint };

/// One random edit of radius `radius` tiles at a uniform place: a stamp, a
/// (2 radius + 1)^2-tile footprint blocked or cleared, or (with classes) a
/// painted square. Heights change by up to a third of the radius in metres,
/// so slopes cross the max slope and edges come and go.
nav::EditResult random_edit(nav::NavTerrain& terrain, int radius, std::mt19937_64& rng) {
  const nav::Tiling& tiling = terrain.tiling();
  const int kinds = terrain.classes() ? 6 : 5;
  const auto kind = static_cast<EditKind>(draw(rng, static_cast<std::size_t>(kinds)));
  const nav::TileCoord c{
      static_cast<int>(draw(rng, static_cast<std::size_t>(tiling.tiles_wide()))),
      static_cast<int>(draw(rng, static_cast<std::size_t>(tiling.tiles_deep())))};
  const nav::TileRect square{c.i - radius, c.j - radius, c.i + radius + 1, c.j + radius + 1};
  const double radius_m = radius * tiling.tile_metres();
  const double x = (c.i + 0.5) * tiling.tile_metres();
  const double z = (c.j + 0.5) * tiling.tile_metres();
  const double amount = radius_m / 3.0 * (0.25 + draw_unit(rng));
  switch (kind) {
    case EditKind::Raise:
    case EditKind::Lower:
      return terrain.stamp(
          {.kind = kind == EditKind::Raise ? nav::StampKind::Raise : nav::StampKind::Lower,
           .x_m = x,
           .z_m = z,
           .radius_m = radius_m,
           .amount_m = amount});
    case EditKind::Flatten:
      return terrain.stamp({.kind = nav::StampKind::Flatten,
                            .x_m = x,
                            .z_m = z,
                            .radius_m = radius_m,
                            .amount_m = terrain.heightmap().surface_height(x, z)});
    case EditKind::Block:
    case EditKind::Unblock:
      return terrain.set_blocked(square, kind == EditKind::Block);
    case EditKind::Paint:
      break;
  }
  const auto classes = terrain.classes()->classes.size();
  return terrain.paint_class(square, static_cast<std::uint8_t>(draw(rng, classes)));
}

}  // namespace

int run_edits(Flags& flags) {
  const TerrainOptions terrain_options = take_terrain_options(flags);
  const CostOptions cost_options = take_cost_options(flags);
  const int count = parse_number<int>("--count", flags.require("--count"));
  if (count < 1) throw UsageError("--count: must be >= 1");
  const int radius = parse_number<int>("--radius", flags.require("--radius"));
  if (radius < 1) throw UsageError("--radius: must be >= 1");
  const auto seed = optional_number<std::uint32_t>(flags, "--seed").value_or(1);
  const bool check = flags.take_switch("--check");
  flags.check_all_taken();

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
  update_us.reserve(static_cast<std::size_t>(count));
  std::uint64_t changed = 0;
  std::uint64_t mismatches = 0;
  Progress progress("edits", static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) {
    const auto start = Clock::now();
    const nav::EditResult edit = random_edit(terrain, radius, rng);
    update_us.push_back(elapsed_us(start, Clock::now()));
    changed += edit.dirty.empty() ? 0 : 1;
    if (check) {
      const std::string difference = nav::first_difference(terrain, terrain.rebuilt());
      if (!difference.empty()) {
        if (mismatches == 0) {
          std::fprintf(stderr, "navcli: edit %d differs from a rebuild: %s\n", k,
                       difference.c_str());
        }
        ++mismatches;
      }
    }
    progress.update(static_cast<std::size_t>(k) + 1);
  }
  progress.finish();

  const double rebuild = percentile(rebuild_ms, 0.5);
  const double p99 = percentile(update_us, 0.99);
  nlohmann::ordered_json summary = {
      {"edits", count},
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
  std::fputs(json_line(summary).c_str(), stdout);
  return mismatches > 0 ? 1 : 0;
}

}  // namespace terranav::navcli
