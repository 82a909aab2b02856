// navcli path: one query, printed as one JSON object, optionally drawn.
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "command_options.hpp"
#include "commands.hpp"
#include "path_export.hpp"
#include "path_lines.hpp"
#include "provenance.hpp"
#include "stopwatch.hpp"
#include "surface_raster.hpp"
#include "terrain_options.hpp"
#include "terrain_png.hpp"
#include "terranav/nav/cost_surface.hpp"
#include "terranav/nav/surface_cost.hpp"
#include "text_output.hpp"

namespace terranav::navcli {
namespace {

nlohmann::ordered_json path_array(const std::vector<nav::TileCoord>& tiles) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const nav::TileCoord t : tiles) out.push_back(nlohmann::ordered_json::array({t.i, t.j}));
  return out;
}

/// The last query's open and closed sets as TileMarks.
std::vector<TileMark> search_marks(const nav::AStar& astar, std::size_t tile_count) {
  std::vector<TileMark> marks(tile_count, TileMark::None);
  for (std::size_t k = 0; k < tile_count; ++k) {
    switch (astar.state(nav::TileId{static_cast<std::uint32_t>(k)})) {
      case nav::NodeState::Open:
        marks[k] = TileMark::Open;
        break;
      case nav::NodeState::Closed:
        marks[k] = TileMark::Closed;
        break;
      case nav::NodeState::Unvisited:
        break;
    }
  }
  return marks;
}

/// Adds the path's measures on the surface and the provenance to `out`,
/// writes the requested files (GeoJSON, CSV, then PNG with `marks`) and
/// prints `out`. The files come first, so a failed write leaves stdout empty.
void finish_path(nlohmann::ordered_json out, const PathOptions& options,
                 const LoadedTerrain& loaded, const BuiltTerrain& built,
                 const nav::PathResult& result, const std::vector<TileMark>& marks) {
  const nav::CostModel& model = built.cost_model();
  const bool found = result.status == nav::SearchStatus::Found;
  // The path on the surface (docs/continuous-model.md); the seed model has
  // no cost there.
  const nav::Heightmap& heightmap = built.terrain().heightmap();
  std::optional<nav::SurfaceCost> ruler;
  if (model.kind != nav::CostModelKind::Seed) ruler.emplace(heightmap, built.graph(), model);
  nav::SurfaceMeasure m;
  if (found && ruler) {
    m = ruler->polyline(result.waypoints);
    out["length_m"] = rounded(m.length_m, 6);
    out["ascent_m"] = rounded(m.ascent_m, 6);
    out["descent_m"] = rounded(m.descent_m, 6);
    out["surface_cost"] = m.cost;
    out["surface_fault"] = nav::to_string(m.fault);
  }
  const Provenance provenance = make_provenance(options.terrain, options.cost);
  out["provenance"] = provenance_json(provenance);

  // Never with the seed model (parse_path_options refuses it), so the
  // ruler is there.
  if (options.geojson || options.csv) {
    const std::optional<nav::Georeference>& geo = loaded.terrain.georeference;
    const std::vector<PathVertex> vertices =
        found ? path_vertices(result.waypoints, heightmap, *ruler, geo) : std::vector<PathVertex>{};
    if (options.geojson) {
      const PathSummary summary{.status = result.status,
                                .measure = m,
                                .model = cost_model_json(options.cost),
                                .kind = model.kind};
      write_geojson(*options.geojson, path_feature(vertices, summary, geo, provenance));
    }
    if (options.csv) write_path_csv(*options.csv, vertices, model.kind, provenance);
  }
  std::fputs(json_line(out).c_str(), stdout);
  if (options.png) {
    write_terrain_png(*options.png, built.graph(), result.tiles, marks,
                      options.png_scale.value_or(default_png_scale(built.graph())));
  }
}

/// path --from-surface: the path traced back on a cost surface file.
int run_surface_path(const PathOptions& options) {
  require_geotiff("--from-surface");
  const LoadedTerrain loaded(options.terrain, options.cost);
  const BuiltTerrain built(loaded, options.terrain.config, options.cost);
  const nav::TerrainGraph& graph = built.graph();
  const std::vector<double> cost =
      read_tile_raster(*options.from_surface, graph.tiles_wide(), graph.tiles_deep());
  const auto start = Clock::now();
  const nav::PathResult result =
      nav::trace_cost_surface(graph, built.cost_model(), cost, options.to, *options.from_surface);
  const double time_us = elapsed_us(start, Clock::now());
  const bool found = result.status == nav::SearchStatus::Found;
  nlohmann::ordered_json out = {
      {"status", nav::to_string(result.status)},
      {"cost", found ? nlohmann::ordered_json(result.cost) : nlohmann::ordered_json(nullptr)},
      {"time_us", rounded(time_us, 3)},
      {"build_ms", rounded(built.build_ms(), 3)},
      {"path", path_array(result.tiles)}};
  out["path_m"] = metres_array(result.waypoints);
  finish_path(std::move(out), options, loaded, built, result, {});
  return 0;
}

}  // namespace

int run_path(Flags& flags) {
  const PathOptions options = parse_path_options(flags);
  if (options.rwalk) return run_rwalk_path(options);
  if (options.from_surface) return run_surface_path(options);
  const TerrainOptions& terrain_options = options.terrain;
  const CostOptions& cost_options = options.cost;
  nav::SearchOptions search = options.search;
  const nav::TileCoord from = options.from;
  const nav::TileCoord to = options.to;
  const bool show_sets = options.show_sets;

  if (search.heuristic == nav::Heuristic::Octile &&
      cost_options.model.kind == nav::CostModelKind::Seed) {
    std::fputs(
        "navcli: note: the octile heuristic overestimates the seed cost model in the seed's own "
        "unscaled form (1 + slope per step of any length); terranav scales it by the model's "
        "smallest step cost, so results stay optimal\n",
        stderr);
  }

  const LoadedTerrain loaded(terrain_options, cost_options);
  const BuiltTerrain graph(loaded, terrain_options.config, cost_options);
  search.cost = graph.cost_model();
  nav::AStar astar(graph.graph(), graph.sets(), &graph.terrain().heightmap());
  const auto start = Clock::now();
  const nav::PathResult result = astar.find_path(from, to, search);
  const double time_us = elapsed_us(start, Clock::now());

  const bool found = result.status == nav::SearchStatus::Found;
  nlohmann::ordered_json out = {
      {"status", nav::to_string(result.status)},
      {"cost", found ? nlohmann::ordered_json(result.cost) : nlohmann::ordered_json(nullptr)},
      {"expanded", result.expanded},
      {"generated", result.generated},
      {"heap_operations", result.heap_operations},
      {"time_us", rounded(time_us, 3)},
      {"build_ms", rounded(graph.build_ms(), 3)},
      {"path", path_array(result.tiles)}};
  out["path_m"] = metres_array(result.waypoints);
  const std::vector<TileMark> marks =
      show_sets ? search_marks(astar, graph.graph().tile_count()) : std::vector<TileMark>{};
  finish_path(std::move(out), options, loaded, graph, result, marks);
  return 0;
}

}  // namespace terranav::navcli
