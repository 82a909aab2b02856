// The flags every navcli command shares: where the terrain comes from
// (--map or --procedural), how its graph is built, which cost model prices
// the edges and how the search runs. Parsed up front, so a bad flag is
// reported before anything is loaded.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "flags.hpp"
#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/influence_field.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/terrain_classes.hpp"
#include "terranav/nav/terrain_graph.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace terranav::navcli {

/// Usage text of the shared flags, for --help.
extern const char* const kTerrainOptionsUsage;

/// --map FILE | --procedural SIZE [--seed S] [--smoothing N], --spacing,
/// --height-scale (the relief of a procedural map), --tile-size, --max-slope,
/// --topology, --corner-cutting.
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
  /// Kind and weights; tile multipliers are filled in by SearchGraph.
  nav::CostModel model;
  std::vector<nav::TerrainClass> class_table;
  std::filesystem::path class_image;
  std::vector<nav::HeightBand> class_bands;
  std::vector<nav::InfluencePoint> influence;
};
CostOptions take_cost_options(Flags& flags);

/// --heuristic, --weight, --greedy.
nav::SearchOptions take_search_options(Flags& flags);

/// The loaded heightmap with its blocked tiles (the map's own plus impassable
/// terrain classes) and the classes' multipliers: built once, shared by every
/// graph a command builds from it.
struct LoadedTerrain {
  /// Throws nav::Error for a load or class-map failure.
  LoadedTerrain(const TerrainOptions& terrain_options, const CostOptions& cost_options);

  nav::Terrain terrain;
  std::vector<std::uint8_t> blocked;
  /// Class multipliers per tile; empty without classes.
  std::vector<float> class_multipliers;
};

/// Graph, connected sets and per-tile multipliers (classes x influence) for
/// one graph configuration. Not copyable: the cost model points into it.
class SearchGraph {
 public:
  /// Throws nav::Error for a bad config, influence point or cost model.
  SearchGraph(const LoadedTerrain& loaded, nav::GraphConfig config,
              const CostOptions& cost_options);
  SearchGraph(const SearchGraph&) = delete;
  SearchGraph& operator=(const SearchGraph&) = delete;

  const nav::TerrainGraph& graph() const noexcept { return *graph_; }
  const nav::ConnectedSets& sets() const noexcept { return *sets_; }
  /// The cost model with its tile multipliers (valid while this lives).
  const nav::CostModel& cost_model() const noexcept { return model_; }
  /// Wall time of building the graph and its connected sets, milliseconds.
  double build_ms() const noexcept { return build_ms_; }

 private:
  std::optional<nav::TerrainGraph> graph_;
  std::optional<nav::ConnectedSets> sets_;
  std::optional<nav::MultiplierLayer> multipliers_;
  nav::CostModel model_;
  double build_ms_ = 0.0;
};

}  // namespace terranav::navcli
