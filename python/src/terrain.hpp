// The terrain behind terranav.Terrain: a NavTerrain built from heights or a
// map file (terrain_io), keeping a GeoTIFF's georeference, and path queries
// on it with their answers measured on the surface.
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "path_answer.hpp"
#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/nav_terrain.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace terranav::python {

/// The walk_coeff keyword, (a, b, c, d) of `walk`. O(1).
inline std::array<double, 4> walk_coeff_of(const nav::WalkCoefficients& walk) {
  return {walk.a, walk.b, walk.c, walk.d};
}

/// The walk_coeff and slope_factor keywords as nav's coefficients
/// (checked later, by nav::validate). O(1).
inline nav::WalkCoefficients walk_coefficients(const std::array<double, 4>& walk_coeff,
                                               double slope_factor) {
  return {.a = walk_coeff[0],
          .b = walk_coeff[1],
          .c = walk_coeff[2],
          .d = walk_coeff[3],
          .slope_factor = slope_factor};
}

/// What the query methods' keywords ask for (query_keywords.hpp).
struct QueryArgs {
  std::string cost = "reference";
  double slope_weight = 1.0;
  double uphill_weight = 1.0;
  double downhill_weight = 1.0;
  /// walking-time's a, b, c, d (s/m) and slope_factor.
  std::array<double, 4> walk_coeff = walk_coeff_of(nav::WalkCoefficients{});
  double slope_factor = nav::WalkCoefficients{}.slope_factor;
  std::optional<std::string> heuristic;
  double weight = 1.0;
  bool any_angle = false;
};

class Terrain {
 public:
  /// Builds the NavTerrain (O(samples)) without holding the GIL. Throws
  /// nav::Error for a bad graph config or blocked mask.
  Terrain(nav::Terrain loaded, nav::GraphConfig config);

  const nav::NavTerrain& nav() const noexcept { return *terrain_; }
  const std::shared_ptr<const nav::Georeference>& georeference() const noexcept {
    return georeference_;
  }

  /// args as nav SearchOptions for this terrain (its multipliers, the
  /// topology's default heuristic). Throws nav::Error naming a bad name or
  /// a weight outside its limits.hpp range.
  nav::SearchOptions search_options(const QueryArgs& args) const;

  /// One query with `search` (from search_options) on `astar` (built on
  /// nav()), measured on the surface. Throws nav::Error for options AStar
  /// refuses (InvalidOptions); O(search).
  PathAnswer find_path(nav::AStar& astar, nav::TileCoord from, nav::TileCoord to,
                       const nav::SearchOptions& search) const;
  /// The same on the terrain's own AStar, or on a fresh one (O(tiles)) while
  /// another thread uses it.
  PathAnswer find_path(nav::TileCoord from, nav::TileCoord to,
                       const nav::SearchOptions& search) const;

 private:
  std::unique_ptr<nav::NavTerrain> terrain_;  // not movable: held by pointer
  std::shared_ptr<const nav::Georeference> georeference_;
  // Kept between find_path calls: building one is O(tiles).
  mutable std::mutex astar_mutex_;
  mutable std::unique_ptr<nav::AStar> astar_;
};

}  // namespace terranav::python
