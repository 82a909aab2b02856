// A found path's cost under another cost model: the same route priced as if
// the search had used that model, so one batch of queries compares models
// (e.g. the reference route's walking time under Tobler).
#pragma once

#include <span>

#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/terrain_graph.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {

/// The cost of the grid path `tiles` (start to goal inclusive, as
/// PathResult::tiles) under `model`: the sum, in path order and in double, of
/// TerrainGraph::edge_cost for each consecutive pair, so the same graph,
/// heights and tile multipliers as a search under `model` would use.
/// +infinity when two consecutive tiles are not joined by an edge of the
/// graph (not neighbours in its topology, or no edge there) or `model` drops
/// an edge (Seed at the graph's max slope). 0 for fewer than two tiles.
/// `model` must be valid for the graph (validate()). Units: the model's
/// (metres, seconds or steps; cost_model.hpp). For the model a search used,
/// equals PathResult::cost up to rounding (the search adds the same terms
/// in a different arithmetic form). Any-angle paths are polylines, priced by
/// SurfaceCost::polyline instead. O(tiles.size()).
double price_path(const TerrainGraph& graph, const CostModel& model,
                  std::span<const TileCoord> tiles) noexcept;

}  // namespace terranav::nav
