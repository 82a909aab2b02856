#include "terrain.hpp"

#include <chrono>
#include <utility>

#include "terranav/nav/limits.hpp"
#include "terranav/nav/surface_cost.hpp"

namespace terranav::python {

Terrain::Terrain(nav::Terrain loaded, nav::GraphConfig config) {
  config.tile_size = loaded.tile_size;
  if (loaded.georeference) {
    georeference_ = std::make_shared<const nav::Georeference>(std::move(*loaded.georeference));
  }
  terrain_ = std::make_unique<nav::NavTerrain>(
      std::move(loaded.heightmap),
      nav::NavTerrainConfig{.graph = config, .blocked = std::move(loaded.blocked)});
}

nav::SearchOptions Terrain::search_options(const QueryArgs& args) const {
  nav::CostModel model;
  model.kind = nav::parse_cost_model(args.cost);
  model.slope_weight = args.slope_weight;
  model.uphill_weight = args.uphill_weight;
  model.downhill_weight = args.downhill_weight;
  model.walk = walk_coefficients(args.walk_coeff, args.slope_factor);
  nav::SearchOptions search;
  search.cost = terrain_->cost_model(model);
  nav::validate(search.cost, terrain_->graph().tile_count());
  // navcli's default: octile rates a knight's move 1 + sqrt2 > sqrt5, so
  // Knight16 gets its own heuristic.
  search.heuristic = args.heuristic ? nav::parse_heuristic(*args.heuristic)
                     : terrain_->graph().config().topology == nav::Topology::Knight16
                         ? nav::Heuristic::Knight
                         : nav::Heuristic::Octile;
  nav::check_limit(nav::kWeightLimit, args.weight);
  search.weight = args.weight;
  if (args.any_angle) search.path_mode = nav::PathMode::AnyAngle;
  return search;
}

PathAnswer Terrain::find_path(nav::AStar& astar, nav::TileCoord from, nav::TileCoord to,
                              const nav::SearchOptions& search) const {
  PathAnswer answer;
  answer.model = search.cost.kind;
  answer.georeference = georeference_;
  const auto start = std::chrono::steady_clock::now();
  answer.result = astar.find_path(from, to, search);
  answer.time_us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
  if (answer.result.status == nav::SearchStatus::Found &&
      search.cost.kind != nav::CostModelKind::Seed) {
    answer.surface = nav::SurfaceCost(terrain_->heightmap(), terrain_->graph(), search.cost)
                         .polyline(answer.result.waypoints);
  }
  return answer;
}

PathAnswer Terrain::find_path(nav::TileCoord from, nav::TileCoord to,
                              const nav::SearchOptions& search) const {
  const auto fresh = [&] {
    return std::make_unique<nav::AStar>(terrain_->graph(), terrain_->sets(),
                                        &terrain_->heightmap());
  };
  const std::unique_lock lock(astar_mutex_, std::try_to_lock);
  if (!lock.owns_lock()) {
    const auto own = fresh();
    return find_path(*own, from, to, search);
  }
  if (!astar_) astar_ = fresh();
  return find_path(*astar_, from, to, search);
}

}  // namespace terranav::python
