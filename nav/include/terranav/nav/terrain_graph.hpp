// The terrain graph (docs/reference-model.md): tiles of t x t cells, their
// tile-centre heights and an edge mask per tile. Edge costs are not stored:
// a cost model chosen per query (cost_model.hpp) computes them on the fly.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/tiling.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {

/// Which neighbours a tile has.
enum class Topology {
  /// 8-connected: 4 cardinal + 4 diagonal neighbours (the reference model).
  Octile8,
  /// 4-connected: east, south, west, north.
  Cardinal4,
  /// 6-connected hexagons in axial coordinates, tile (i, j) = (q, r):
  /// neighbours (+-1, 0), (0, +-1), (+1, -1), (-1, +1), i.e. the 4 cardinal
  /// directions plus north-east and south-west. Hex distance between tiles is
  /// (|dq| + |dr| + |dq + dr|) / 2 (Red Blob Games, "Hexagonal Grids").
  Hex6,
  /// 16-connected: Octile8 plus the 8 knight's moves (+-2, +-1) and
  /// (+-1, +-2), as GRASS r.walk -k and R's movecost use. A knight's move
  /// passes two tiles, e.g. (1, 0) and (1, 1) on the way to (2, 1); the
  /// corner rule treats them as an Octile8 diagonal treats its two cardinal
  /// tiles.
  Knight16,
};

/// Which diagonal edges of Octile8 and Knight16 (and knight's moves) may
/// pass blocked tiles. A diagonal step passes between the two cardinal tiles
/// it touches; a knight's move through the two tiles it passes.
enum class CornerCutting {
  /// Both tiles must be unblocked (Moving AI's rule; the default).
  Never,
  /// Diagonals and knight's moves ignore the tiles they pass.
  Always,
  /// At least one of the two tiles must be unblocked.
  AtLeastOneFree,
};

/// "octile8", "cardinal4", "hex6", "knight16".
std::string_view to_string(Topology topology) noexcept;
/// Inverse of to_string; throws Error naming the text and the valid names.
Topology parse_topology(std::string_view text);
/// "never", "always", "at-least-one-free".
std::string_view to_string(CornerCutting mode) noexcept;
/// Inverse of to_string; throws Error naming the text and the valid names.
CornerCutting parse_corner_cutting(std::string_view text);

/// Graph parameters; the defaults are the reference model's. The slope
/// weight is part of the cost model, chosen per query (SearchOptions).
struct GraphConfig {
  /// Cells per tile side. [Limits: 1 <= t <= min(W, D) - 1 (kTileSizeLimit)]
  /// [Units: cells]
  int tile_size = 1;
  /// Steepest walkable edge, rise over run; an edge with slope == max exists.
  /// [Limits: kMaxSlopeLimit, 0..100] [Units: metres per metre]
  double max_slope = 0.6;
  Topology topology = Topology::Octile8;
  /// Applies to the diagonals of Octile8 and Knight16 and to knight's moves.
  CornerCutting corner_cutting = CornerCutting::Never;
};

/// Edge directions: 0..7 the octile ones, clockwise from east in the nav
/// frame (x right, z down), odd ones diagonal; 8..15 Knight16's knight's
/// moves, clockwise from (2, 1). The opposite of d is d ^ 4.
inline constexpr int kDirections = 8;
inline constexpr int kKnightDirections = 16;
inline constexpr std::array<int, kKnightDirections> kDirDx = {1, 1, 0,  -1, -1, -1, 0, 1,
                                                              2, 1, -1, -2, -2, -1, 1, 2};
inline constexpr std::array<int, kKnightDirections> kDirDz = {0, 1, 1, 1, 0,  -1, -1, -1,
                                                              1, 2, 2, 1, -1, -2, -2, -1};

/// The two tiles the knight's move in direction dir (8..15) passes, as
/// offsets from its start: (dx, dz) / 2 rounded towards 0, and the rest;
/// for (2, 1), (1, 0) and (1, 1).
constexpr std::array<TileCoord, 2> knight_passes(int dir) noexcept {
  const int dx = kDirDx[static_cast<std::size_t>(dir)];
  const int dz = kDirDz[static_cast<std::size_t>(dir)];
  return {TileCoord{dx / 2, dz / 2}, TileCoord{dx - dx / 2, dz - dz / 2}};
}

/// Tiles and their edges, built from a heightmap, shared read-only by any
/// number of searches; update() follows terrain edits in place.
///
/// Layout (about 6.1 bytes per tile, 8.1 for Knight16): parallel flat arrays
/// indexed by TileId (`j * TW + i`): tile-centre height as a float relative
/// to height_base(), an 8-bit edge mask, an 8-bit surface mask
/// (surface_mask), for Knight16 the same two for the knight's moves, and a
/// blocked bit. The graph does not keep the heightmap.
class TerrainGraph {
 public:
  /// Builds tiles, edges and surface masks per the reference model:
  ///   tiles as Tiling(heightmap, t): TW = floor((W-1)/t), TD = floor((D-1)/t);
  ///   H(i, j) = bilinear height at sample ((i+0.5)t, (j+0.5)t);
  ///   d = t*s (cardinal), t*s*sqrt(2) (diagonal) or t*s*sqrt(5) (knight's
  ///   move); slope = |dH| / d in double;
  ///   the edge exists iff the topology has it, neither end is blocked,
  ///   slope <= max_slope, and a diagonal of Octile8 or Knight16 or a
  ///   knight's move passes the corner rule.
  /// Edges are symmetric (a -> b iff b -> a).
  /// `blocked`: empty, or TW*TD flags (non-zero = blocked).
  /// Throws Error for a config outside its limits, or a blocked mask of the
  /// wrong size. O(TW * TD).
  TerrainGraph(const Heightmap& heightmap, const GraphConfig& config,
               std::span<const std::uint8_t> blocked = {});

  const GraphConfig& config() const noexcept { return config_; }
  /// The tiles; tiles_wide() to coord() and tile_at() delegate to it.
  const Tiling& tiling() const noexcept { return tiling_; }
  int tiles_wide() const noexcept { return tiling_.tiles_wide(); }
  int tiles_deep() const noexcept { return tiling_.tiles_deep(); }
  std::size_t tile_count() const noexcept { return heights_.size(); }
  /// Tile side in metres (t * s).
  double tile_metres() const noexcept { return tiling_.tile_metres(); }
  bool contains(TileCoord c) const noexcept { return tiling_.contains(c); }
  TileId id(TileCoord c) const noexcept { return tiling_.id(c); }
  TileCoord coord(TileId t) const noexcept { return tiling_.coord(t); }

  /// Tile-centre height H as stored (float precision), metres.
  double tile_height(TileId t) const noexcept { return height_base_ + heights_[index(t)]; }
  /// Tile centre in the nav frame: ((i+0.5) t s, H, (j+0.5) t s), metres.
  Vec3 tile_centre(TileId t) const noexcept;
  bool blocked(TileId t) const noexcept {
    return (blocked_[index(t) / 64] >> (index(t) % 64)) & 1u;
  }
  /// Directions a tile may have: 16 for Knight16, else 8 (of which Cardinal4
  /// and Hex6 use some).
  int directions() const noexcept {
    return config_.topology == Topology::Knight16 ? kKnightDirections : kDirections;
  }
  /// Bit d is set iff the edge in direction d (0..7) exists.
  std::uint8_t edge_mask(TileId t) const noexcept { return edge_mask_[index(t)]; }
  /// Bit k is set iff the knight's move in direction 8 + k exists; 0 unless
  /// Knight16.
  std::uint8_t knight_mask(TileId t) const noexcept {
    return knight_mask_.empty() ? 0 : knight_mask_[index(t)];
  }
  /// Whether the edge in direction dir (0..15) exists.
  bool has_edge(TileId t, int dir) const noexcept {
    return dir < kDirections ? (edge_mask_[index(t)] >> dir) & 1u
                             : (knight_mask(t) >> (dir - kDirections)) & 1u;
  }
  /// Neighbour in direction dir; only meaningful when has_edge(t, dir).
  TileId neighbour(TileId t, int dir) const noexcept {
    return TileId{
        static_cast<std::uint32_t>(static_cast<std::int64_t>(index(t)) +
                                   kDirDz[static_cast<std::size_t>(dir)] * tiling_.tiles_wide() +
                                   kDirDx[static_cast<std::size_t>(dir)])};
  }
  /// Bit d is set iff the edge in direction d exists and the straight
  /// segment between the two tile centres is feasible on the surface
  /// (SurfaceCost, docs/continuous-model.md: every piece within max_slope,
  /// no squeeze between diagonally blocked tiles): the edges an any-angle
  /// search walks, so its grid path is feasible on the surface.
  std::uint8_t surface_mask(TileId t) const noexcept { return surface_mask_[index(t)]; }
  /// Surface masks indexed by TileId.
  std::span<const std::uint8_t> surface_masks() const noexcept { return surface_mask_; }
  /// As knight_mask(), the knight's moves feasible on the surface (as
  /// surface_mask()); 0 unless Knight16.
  std::uint8_t knight_surface_mask(TileId t) const noexcept {
    return knight_surface_mask_.empty() ? 0 : knight_surface_mask_[index(t)];
  }
  /// Knight's moves indexed by TileId, as knight_mask(); empty unless
  /// Knight16.
  std::span<const std::uint8_t> knight_masks() const noexcept { return knight_mask_; }
  /// The knight's moves feasible on the surface, as surface_mask(); empty
  /// unless Knight16.
  std::span<const std::uint8_t> knight_surface_masks() const noexcept {
    return knight_surface_mask_;
  }
  /// Walkable = not blocked and at least one edge.
  bool walkable(TileId t) const noexcept {
    return !blocked(t) && (edge_mask(t) != 0 || knight_mask(t) != 0);
  }

  /// Horizontal length d of a step in direction dir, metres: t*s (even dir
  /// below 8), t*s*sqrt2 (odd dir below 8) or t*s*sqrt5 (8..15), each
  /// rounded to float precision (relative error <= 2^-24) so that sums of
  /// flat steps are exact in double and A* sees exact ties on flat ground.
  double step_length(int dir) const noexcept {
    return step_length_[dir < kDirections ? dir & 1 : 2];
  }

  /// Cost of the edge from t in direction dir under `model`:
  ///   base_edge_cost(model, step_length(dir), H(to) - H(from), max_slope)
  ///   * (m_from + m_to) / 2,
  /// with the stored heights; +infinity when the edge does not exist or the
  /// model drops it. The model must be valid for this graph (validate()).
  /// O(1).
  double edge_cost(TileId t, int dir, const CostModel& model) const noexcept;

  /// Tile-centre heights minus height_base(), indexed by TileId: the search
  /// reads height differences from here. Metres.
  std::span<const float> relative_heights() const noexcept { return heights_; }
  /// What relative_heights() are relative to: the middle of the height
  /// range, so float keeps the most precision. Metres.
  double height_base() const noexcept { return height_base_; }
  /// Edge masks indexed by TileId.
  std::span<const std::uint8_t> edge_masks() const noexcept { return edge_mask_; }

  /// Tile containing nav position (x_m, z_m): Tiling::tile_at.
  std::optional<TileCoord> tile_at(double x_m, double z_m) const noexcept {
    return tiling_.tile_at(x_m, z_m);
  }

  /// Brings the graph up to date after a terrain edit, in place: heights
  /// changed only in samples whose reading tiles (Tiling::tiles_reading) lie
  /// in `tiles`, and/or blocked flags changed only inside `tiles` (clipped
  /// to the tiling). `heightmap` is the edited one (tiled as before);
  /// `blocked` is the whole current mask (TW*TD flags, or empty = none
  /// blocked), read inside `tiles` only.
  /// Recomputes the tile heights of `tiles` and every edge between tiles
  /// within one tile of `tiles` (two for Knight16; the corner rule reads the
  /// tiles a move passes), in the constructor's arithmetic: edge masks,
  /// surface masks and blocked bits then equal those of a graph built afresh
  /// from the same inputs, bit for bit. (Surface masks read the samples of
  /// the tiles' cells: `tiles` must include every tile with a changed sample
  /// on a corner of one of its cells, as NavTerrain passes.) height_base() stays that of the first
  /// build, so a stored height may differ from a rebuild's by float rounding. Returns the bounding
  /// rectangle of the tiles whose edge mask or blocked bit changed (empty if none; height changes
  /// alone, which change edge costs, are not in it; knight's moves are). Bumps revision(). Throws
  /// Error, before changing anything, for a heightmap that tiles differently (size or spacing) or a
  /// blocked mask of the wrong size. O(tiles in `tiles` grown by one).
  TileRect update(const Heightmap& heightmap, std::span<const std::uint8_t> blocked,
                  TileRect tiles);

  /// Number of update() calls so far (0 after construction): whatever was
  /// derived from the graph (a search's state, connected sets) under an
  /// older revision may be stale.
  std::uint64_t revision() const noexcept { return revision_; }

  /// Bytes held by the graph (its arrays' capacity plus the object).
  std::size_t memory_bytes() const noexcept;

 private:
  // Throws Error unless `blocked` is empty or has one flag per tile.
  void check_mask(std::span<const std::uint8_t> blocked) const;
  // Stores the heights of the tiles of `area` and recomputes every edge
  // between two of its tiles from the blocked bits; mask bits towards
  // tiles outside `area` stay. The constructor passes every tile.
  void compute(const Heightmap& heightmap, TileRect area);

  GraphConfig config_;
  Tiling tiling_;
  // Floats, so the rounding is in the data: GCC 12 at -O2 dropped a double ->
  // float -> double round trip here once it vectorised the pair.
  std::array<float, 3> step_length_{};
  double height_base_ = 0.0;
  std::uint64_t revision_ = 0;
  std::vector<float> heights_;
  std::vector<std::uint8_t> edge_mask_;
  std::vector<std::uint8_t> surface_mask_;
  std::vector<std::uint8_t> knight_mask_;  // Knight16 only, as the two above
  std::vector<std::uint8_t> knight_surface_mask_;
  std::vector<std::uint64_t> blocked_;  // one bit per tile
};

}  // namespace terranav::nav
