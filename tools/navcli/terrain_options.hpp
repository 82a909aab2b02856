// The flags every navcli command shares: where the terrain comes from
// (--map or --procedural), how its graph is built, which cost model prices
// the edges and how the search runs. Parsed up front, so a bad flag is
// reported before anything is loaded.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "flags.hpp"
#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/influence_field.hpp"
#include "terranav/nav/nav_terrain.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/terrain_classes.hpp"
#include "terranav/nav/terrain_graph.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace terranav::navcli {

/// Usage text of the shared flags, for --help.
extern const char* const kTerrainOptionsUsage;

/// --map FILE [--nodata error|fill|block] [--resample square] | --procedural
/// SIZE [--seed S] [--smoothing N], --spacing, --height-scale (the relief of
/// a procedural map), --tile-size, --max-slope, --topology, --corner-cutting.
struct TerrainOptions {
  nav::TerrainRequest request;
  nav::GraphConfig config;
  /// The .scen map column: the map's file name, or "procedural-SIZE-seed-S".
  std::string label;
};
TerrainOptions take_terrain_options(Flags& flags);

/// --cost, --slope-weight, --uphill-weight, --downhill-weight,
/// --class-table with --classes FILE or --class-bands, --influence (repeatable).
struct CostOptions {
  /// Kind and weights; tile multipliers are filled in by BuiltTerrain.
  nav::CostModel model;
  std::vector<nav::TerrainClass> class_table;
  std::filesystem::path class_image;
  std::vector<nav::HeightBand> class_bands;
  std::vector<nav::InfluencePoint> influence;
};
CostOptions take_cost_options(Flags& flags);

/// The heuristic a query uses unless --heuristic says: octile, or knight on
/// Knight16.
nav::Heuristic default_heuristic(nav::Topology topology);

/// --heuristic (default_heuristic), --weight, --greedy,
/// --any-angle, --climb-bound.
nav::SearchOptions take_search_options(Flags& flags, nav::Topology topology);

/// The loaded terrain and, with --class-table, its class map: loaded once,
/// shared by every NavTerrain a command builds from it (sweep builds one per
/// graph configuration).
struct LoadedTerrain {
  /// Throws nav::Error for a load or class-map failure.
  LoadedTerrain(const TerrainOptions& terrain_options, const CostOptions& cost_options);

  nav::Terrain terrain;
  std::optional<nav::ClassMap> classes;
};

/// A NavTerrain for one graph configuration, with the cost options' classes
/// and influence points, and the cost model with its multiplier layer.
class BuiltTerrain {
 public:
  /// Throws nav::Error for a bad config, class map, influence point or cost
  /// model.
  BuiltTerrain(const LoadedTerrain& loaded, nav::GraphConfig config,
               const CostOptions& cost_options);

  nav::NavTerrain& terrain() noexcept { return *terrain_; }
  const nav::NavTerrain& terrain() const noexcept { return *terrain_; }
  const nav::TerrainGraph& graph() const noexcept { return terrain_->graph(); }
  const nav::ConnectedSets& sets() const noexcept { return terrain_->sets(); }
  /// The cost model with the terrain's multiplier layer.
  const nav::CostModel& cost_model() const noexcept { return model_; }
  /// Wall time of building the NavTerrain (graph, connected sets, picking
  /// quadtree, multipliers), milliseconds.
  double build_ms() const noexcept { return build_ms_; }

 private:
  std::unique_ptr<nav::NavTerrain> terrain_;  // not movable: held by pointer
  nav::CostModel model_;
  double build_ms_ = 0.0;
};

}  // namespace terranav::navcli
