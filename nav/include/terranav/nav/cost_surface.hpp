// Accumulated-cost surfaces: the least cost of walking from the nearest of
// some source tiles to every tile (GRASS r.cost / r.walk's output), by
// one-to-all Dijkstra (E. W. Dijkstra, "A note on two problems in connexion
// with graphs", Numerische Mathematik 1, 1959), and paths traced back on one.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/terrain_graph.hpp"

namespace terranav::nav {

/// CostSurface::backlink of a source and of an unreached tile.
inline constexpr std::uint8_t kNoBacklink = 0xFF;

/// A cost surface over a graph's tiles, both arrays indexed by TileId.
struct CostSurface {
  /// Least cost from the nearest source, in the cost model's units (metres
  /// for reference, seconds for tobler); 0 at a source, +infinity where no
  /// edge path leads (blocked, unwalkable, another connected set, edges the
  /// model drops).
  std::vector<double> cost;
  /// Direction (0..15, terrain_graph.hpp's kDirDx/kDirDz) from the tile to
  /// the tile it is reached from on a least-cost path; kNoBacklink for
  /// sources and unreached tiles.
  std::vector<std::uint8_t> backlink;
};

/// The cost surface of `graph` under `model` (valid for it) from `sources`
/// (tiles as (column, row); duplicates allowed): cost[t] = min over sources
/// s of the least edge-path cost s -> t, each edge priced source-to-tile by
/// TerrainGraph::edge_cost (so direction-dependent models such as Tobler
/// price the way out from the sources), summed in double along the path.
/// A path traced by backlink sums, edge by edge from the source, to exactly
/// cost[t]. Throws Error for an invalid model, no sources, or a source
/// outside the grid or unwalkable (naming it). O(E log V) for V tiles and
/// E edges: a binary heap with lazy deletion (timings in
/// docs/benchmarks.md).
CostSurface cost_surface(const TerrainGraph& graph, const CostModel& model,
                         std::span<const TileCoord> sources);

/// The tiles from the source to `goal` by following surface.backlink from
/// `goal` (a surface of `graph`); just {goal} at a source, empty when `goal`
/// is outside the grid or unreached. O(path length).
std::vector<TileCoord> follow_backlinks(const TerrainGraph& graph, const CostSurface& surface,
                                        TileCoord goal);

/// A least-cost path to `goal` traced back on the cost values alone (a
/// surface read from a file, without back-links): from the goal, step to
/// the in-neighbour u minimising cost[u] + w(u -> v), which must equal
/// cost[v] within 1e-9 relative, until a tile of cost 0. `cost` has one
/// value per tile (TileId order); NaN and +infinity mean unreached.
/// Returns status Found with tiles (source first), tile-centre waypoints
/// and cost = cost[goal]; InvalidGoal for a goal outside the grid or
/// blocked; Unreachable when cost[goal] is NaN or infinite. Throws Error
/// "<name> has V values, not the graph's N tiles" or "<name> does not match
/// this terrain and cost model at tile (i, j)" when no in-neighbour fits
/// (also for a negative value or a trace longer than the tile count).
/// O(path length * directions).
PathResult trace_cost_surface(const TerrainGraph& graph, const CostModel& model,
                              std::span<const double> cost, TileCoord goal, std::string_view name);

}  // namespace terranav::nav
