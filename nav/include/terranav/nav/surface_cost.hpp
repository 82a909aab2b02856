// The continuous path model (docs/continuous-model.md): the cost and
// feasibility of any straight segment, and so of any polyline, walked on the
// heightmap's triangulated surface. The one ruler on which grid paths,
// any-angle paths and the reference solver are compared.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <string_view>

#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/terrain_graph.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {

/// Why a segment is not walkable on the surface: the first fault met
/// walking it.
enum class SurfaceFault : std::uint8_t {
  None,
  /// A piece's directional slope |dh| / l exceeds the graph's max_slope.
  TooSteep,
  /// A piece's midpoint lies in a blocked tile.
  Blocked,
  /// A point outside the heightmap, or a piece's midpoint outside every
  /// whole tile (the untiled strip beyond the last tile).
  OutsideTiles,
  /// The segment passes a tile corner between two diagonally opposite
  /// blocked tiles.
  Squeeze,
};

/// "none", "too_steep", "blocked", "outside_tiles", "squeeze".
std::string_view to_string(SurfaceFault fault) noexcept;

/// What walking a segment or polyline on the surface measures.
struct SurfaceMeasure {
  /// Sum of the pieces' costs in walking order, in double. [Units: the cost
  /// model's: metres (reference, uphill-downhill), seconds (tobler)]
  double cost = 0.0;
  /// Horizontal length. [Units: metres]
  double length_m = 0.0;
  /// Sums of the pieces' height gains and losses. [Units: metres]
  double ascent_m = 0.0;
  double descent_m = 0.0;
  /// The steepest piece's |dh| / l. [Units: metres per metre]
  double steepest = 0.0;
  /// The first fault met (None: the polyline is feasible).
  SurfaceFault fault = SurfaceFault::None;
  bool feasible() const noexcept { return fault == SurfaceFault::None; }
};

/// Prices straight segments on the surface of `heightmap` (triangles as in
/// heightmap.hpp) under one cost model, with the tiles, blocked flags and
/// max_slope of `graph` (which must tile `heightmap`):
///  - a segment is cut at every cell edge and cell diagonal into pieces,
///    each inside one triangle; pieces shorter than 1e-9 cells are dropped;
///  - a piece of horizontal length l and height change dh costs
///    base_edge_cost(model, l, dh) (reference: l + k |dh|; uphill-downhill:
///    l + k_up max(dh, 0) + k_down max(-dh, 0); tobler: l / (v / 3.6), v = 6
///    exp(-3.5 |dh / l + 0.05|) km/h) times the multiplier of the tile
///    containing its midpoint (a point on a tile boundary belongs to the tile
///    with the larger index, as Tiling::tile_at);
///  - feasible iff every piece has |dh| / l <= max_slope and its midpoint in
///    a whole, unblocked tile, and no point of the segment is a tile corner
///    between two diagonally opposite blocked tiles.
/// Keeps references: heightmap, graph and the model's multiplier layer must
/// outlive it. Any number of threads may use one SurfaceCost.
class SurfaceCost {
 public:
  /// Throws Error for the seed model (it counts steps, not metres: not
  /// defined on the surface), a model invalid for the graph (validate()), or
  /// a graph that does not tile the heightmap. O(1).
  SurfaceCost(const Heightmap& heightmap, const TerrainGraph& graph, const CostModel& model);

  /// Walks the segment a -> b (nav metres, y ignored) and adds its pieces to
  /// `measure` (cost, length, ascent, descent, steepest; fault if none was
  /// set yet). A point outside the heightmap is OutsideTiles and adds
  /// nothing. O(cells crossed).
  void add_segment(const Vec3& a, const Vec3& b, SurfaceMeasure& measure) const noexcept;

  /// The measure of the polyline `points` (nav metres, y ignored), segment
  /// after segment. Fewer than two points: cost 0, feasible iff the point
  /// (if any) is on the heightmap. O(cells crossed).
  SurfaceMeasure polyline(std::span<const Vec3> points) const noexcept;

  /// The cost of segment a -> b, or +infinity when it is infeasible or its
  /// cost exceeds `limit` (the walk stops there: the planner's inner loop).
  /// O(cells crossed).
  double segment_cost(const Vec3& a, const Vec3& b,
                      double limit = std::numeric_limits<double>::infinity()) const noexcept;

  /// Whether segment a -> b is feasible (the walk stops at the first
  /// fault). O(cells crossed).
  bool feasible(const Vec3& a, const Vec3& b) const noexcept;

  const Heightmap& heightmap() const noexcept { return heightmap_; }
  const TerrainGraph& graph() const noexcept { return graph_; }
  const CostModel& model() const noexcept { return model_; }

 private:
  template <class Piece, class Corner>
  bool walk(const Vec3& a, const Vec3& b, Piece piece, Corner corner) const noexcept;
  bool squeezed(double x, double z) const noexcept;
  bool on_map(const Vec3& p) const noexcept;

  const Heightmap& heightmap_;
  const TerrainGraph& graph_;
  CostModel model_;
  double max_slope_;
};

}  // namespace terranav::nav
