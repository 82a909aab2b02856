// navcli scen: random start/goal pairs in one connected set, with optimal
// costs from A* with the zero heuristic (Dijkstra), as a Moving AI .scen.
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "command_options.hpp"
#include "commands.hpp"
#include "progress.hpp"
#include "provenance.hpp"
#include "random_draw.hpp"
#include "scen_writer.hpp"
#include "terrain_options.hpp"
#include "terranav/nav/surface_search.hpp"
#include "text_output.hpp"

namespace terranav::navcli {
namespace {

/// Tiles grouped by connected set (a counting sort), so a goal is drawn
/// uniformly from the start's set in O(1). Groups are in order of their
/// sets' lowest tiles, not of set ids (names only, sparse after updates), so
/// a seed draws the same queries whatever the ids.
struct TilesBySet {
  explicit TilesBySet(const nav::TerrainGraph& graph, const nav::ConnectedSets& sets)
      : group_of_set(sets.set_id_bound(), kNoGroup) {
    std::uint32_t groups = 0;
    for (std::uint32_t t = 0; t < graph.tile_count(); ++t) {
      const nav::SetId s = sets.set_of(nav::TileId{t});
      if (s != nav::kNoSet && group_of_set[nav::index(s)] == kNoGroup) {
        group_of_set[nav::index(s)] = groups++;
      }
    }
    first.assign(groups + 1, 0);
    for (std::uint32_t t = 0; t < graph.tile_count(); ++t) {
      const nav::SetId s = sets.set_of(nav::TileId{t});
      if (s != nav::kNoSet) ++first[group_of_set[nav::index(s)] + 1];
    }
    for (std::size_t g = 1; g < first.size(); ++g) first[g] += first[g - 1];
    tiles.resize(first.back());
    std::vector<std::uint32_t> next(first.begin(), first.end() - 1);
    for (std::uint32_t t = 0; t < graph.tile_count(); ++t) {
      const nav::SetId s = sets.set_of(nav::TileId{t});
      if (s != nav::kNoSet) tiles[next[group_of_set[nav::index(s)]]++] = t;
    }
  }
  static constexpr std::uint32_t kNoGroup = 0xFFFFFFFFu;
  /// Group of each set id (below set_id_bound()); kNoGroup for ids not in use.
  std::vector<std::uint32_t> group_of_set;
  /// tiles[first[g] .. first[g + 1]) are the tiles of group g.
  std::vector<std::uint32_t> first;
  std::vector<std::uint32_t> tiles;
};

}  // namespace

int run_scen(Flags& flags) {
  const ScenOptions options = parse_scen_options(flags);
  const TerrainOptions& terrain_options = options.terrain;
  const CostOptions& cost_options = options.cost;
  const int queries = options.queries;
  const std::string& out = options.out;
  const std::uint32_t seed = options.seed;

  const LoadedTerrain loaded(terrain_options, cost_options);
  const BuiltTerrain graph(loaded, terrain_options.config, cost_options);
  const nav::TerrainGraph& g = graph.graph();
  const TilesBySet by_set(g, graph.sets());
  // Starts come from tiles whose set has another tile, so no row is trivial.
  std::vector<std::uint32_t> starts;
  for (std::size_t s = 0; s + 1 < by_set.first.size(); ++s) {
    if (by_set.first[s + 1] - by_set.first[s] < 2) continue;
    starts.insert(starts.end(), by_set.tiles.begin() + by_set.first[s],
                  by_set.tiles.begin() + by_set.first[s + 1]);
  }
  if (starts.empty()) {
    throw std::runtime_error(terrain_options.label + ": no two connected walkable tiles");
  }

  nav::SearchOptions search;
  search.heuristic = nav::Heuristic::Zero;
  search.cost = graph.cost_model();
  nav::AStar astar(g, graph.sets());
  nav::SurfaceSearch reference(graph.terrain().heightmap(), g);
  std::mt19937_64 rng(seed);
  std::vector<nav::ScenarioRow> rows;
  Progress progress("scen", static_cast<std::size_t>(queries));
  // A pair the cost model cannot join (Seed drops edges at slope == max,
  // which the sets keep) is drawn again, a bounded number of times.
  const std::size_t max_draws = 100 * static_cast<std::size_t>(queries);
  for (std::size_t draws = 0; rows.size() < static_cast<std::size_t>(queries); ++draws) {
    if (draws == max_draws) {
      throw std::runtime_error(terrain_options.label + ": found only " +
                               std::to_string(rows.size()) + " connected pairs in " +
                               std::to_string(max_draws) + " draws");
    }
    const nav::TileId start{starts[draw(rng, starts.size())]};
    const std::size_t s = by_set.group_of_set[nav::index(graph.sets().set_of(start))];
    const std::size_t size = by_set.first[s + 1] - by_set.first[s];
    // Uniform over the set without the start itself.
    std::uint32_t pick = by_set.first[s] + draw(rng, size - 1);
    if (by_set.tiles[pick] == nav::index(start)) pick = by_set.first[s + 1] - 1;
    const nav::TileId goal{by_set.tiles[pick]};
    const nav::TileCoord a = g.coord(start);
    const nav::TileCoord b = g.coord(goal);
    double cost = 0.0;
    if (options.any_angle) {
      // The continuous optimum's approximation; a pair the surface does
      // not join (only pieces steeper than max slope between) is drawn again.
      const nav::SurfacePath p = reference.find_path(a, b, search.cost, options.reference_radius);
      if (p.status != nav::SearchStatus::Found) continue;
      cost = p.cost;
    } else {
      const nav::PathResult result = astar.find_path(a, b, search);
      if (result.status != nav::SearchStatus::Found) continue;
      cost = result.cost;
    }
    // The bucket of the cost as written (8 decimals), so a reader agrees.
    const double optimal = std::stod(fixed(cost, 8));
    rows.push_back({.bucket = static_cast<int>(std::floor(optimal / 4.0)),
                    .map = terrain_options.label,
                    .map_width = g.tiles_wide(),
                    .map_height = g.tiles_deep(),
                    .start_x = a.i,
                    .start_y = a.j,
                    .goal_x = b.i,
                    .goal_y = b.j,
                    .optimal = optimal});
    progress.update(rows.size());
  }
  progress.finish();
  write_movingai_scen(out, rows);
  write_meta(out, make_provenance(terrain_options, cost_options, seed));
  return 0;
}

}  // namespace terranav::navcli
