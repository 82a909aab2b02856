// The reference terrain graph (docs/reference-model.md): tiles of t x t cells,
// tile-centre heights, 8 slope-dependent edge costs per tile in flat arrays.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {

/// Parameters of the reference model; the defaults are the model's.
struct GraphConfig {
  /// Cells per tile side. [Limits: 1 <= t <= min(W, D) - 1] [Units: cells]
  int tile_size = 1;
  /// Steepest walkable edge, rise over run; an edge with slope == max exists.
  /// [Limits: >= 0, finite] [Units: metres per metre]
  double max_slope = 0.6;
  /// k in cost = d * (1 + k * slope). [Limits: >= 0, finite] [Units: none]
  double slope_weight = 1.0;
};

/// Edge directions, clockwise from east in the nav frame (x right, z down).
/// Opposite direction = (d + 4) % 8; odd directions are diagonal.
inline constexpr int kDirections = 8;
inline constexpr std::array<int, kDirections> kDirDx = {1, 1, 0, -1, -1, -1, 0, 1};
inline constexpr std::array<int, kDirections> kDirDz = {0, 1, 1, 1, 0, -1, -1, -1};

/// Tiles and their 8-connected edges, built once from a heightmap.
///
/// Layout: parallel flat arrays indexed by TileId (`j * TW + i`): tile-centre
/// height, blocked flag, an 8-bit edge mask, and `costs[id * 8 + dir]`.
/// The graph copies what it needs; it does not keep the heightmap.
class TerrainGraph {
 public:
  /// Builds tiles and edges per the reference model:
  ///   TW = floor((W-1)/t), TD = floor((D-1)/t);
  ///   H(i, j) = bilinear height at sample ((i+0.5)t, (j+0.5)t);
  ///   d = t*s (cardinal) or t*s*sqrt(2) (diagonal); slope = |dH| / d;
  ///   the edge exists iff neither end is blocked, slope <= max_slope, and for
  ///   a diagonal both cardinal tiles it passes between are unblocked;
  ///   cost = d * (1 + k * slope), symmetric.
  /// `blocked`: empty, or TW*TD flags (non-zero = blocked).
  /// Throws Error for a config outside its limits, or a blocked mask of the
  /// wrong size. O(TW * TD).
  TerrainGraph(const Heightmap& heightmap, const GraphConfig& config,
               std::span<const std::uint8_t> blocked = {});

  const GraphConfig& config() const noexcept { return config_; }
  int tiles_wide() const noexcept { return tiles_wide_; }
  int tiles_deep() const noexcept { return tiles_deep_; }
  std::size_t tile_count() const noexcept { return heights_.size(); }
  /// Tile side in metres (t * s).
  double tile_metres() const noexcept { return tile_metres_; }

  bool contains(TileCoord c) const noexcept {
    return c.i >= 0 && c.j >= 0 && c.i < tiles_wide_ && c.j < tiles_deep_;
  }
  TileId id(TileCoord c) const noexcept {
    return TileId{static_cast<std::uint32_t>(c.j) * static_cast<std::uint32_t>(tiles_wide_) +
                  static_cast<std::uint32_t>(c.i)};
  }
  TileCoord coord(TileId t) const noexcept {
    const auto w = static_cast<std::uint32_t>(tiles_wide_);
    return {static_cast<std::int32_t>(index(t) % w), static_cast<std::int32_t>(index(t) / w)};
  }

  /// Tile-centre height H, metres.
  double tile_height(TileId t) const noexcept { return heights_[index(t)]; }
  /// Tile centre in the nav frame: ((i+0.5) t s, H, (j+0.5) t s), metres.
  Vec3 tile_centre(TileId t) const noexcept;
  bool blocked(TileId t) const noexcept { return blocked_[index(t)] != 0; }
  /// Bit d is set iff the edge in direction d exists.
  std::uint8_t edge_mask(TileId t) const noexcept { return edge_mask_[index(t)]; }
  bool has_edge(TileId t, int dir) const noexcept { return (edge_mask_[index(t)] >> dir) & 1u; }
  /// Cost of the edge in direction dir (metres, weighted); +infinity if absent.
  float edge_cost(TileId t, int dir) const noexcept {
    return costs_[static_cast<std::size_t>(index(t)) * kDirections + static_cast<std::size_t>(dir)];
  }
  /// The 8 edge costs of t indexed by direction, as edge_cost gives them; one
  /// contiguous row, so a search can prefetch it.
  std::span<const float, kDirections> edge_costs(TileId t) const noexcept {
    return std::span<const float, kDirections>(
        costs_.data() + static_cast<std::size_t>(index(t)) * kDirections, kDirections);
  }
  /// Neighbour in direction dir; only meaningful when has_edge(t, dir).
  TileId neighbour(TileId t, int dir) const noexcept {
    return TileId{static_cast<std::uint32_t>(static_cast<std::int64_t>(index(t)) +
                                             kDirDz[static_cast<std::size_t>(dir)] * tiles_wide_ +
                                             kDirDx[static_cast<std::size_t>(dir)])};
  }
  /// Walkable = not blocked and at least one edge.
  bool walkable(TileId t) const noexcept { return !blocked(t) && edge_mask(t) != 0; }

  /// Tile containing nav position (x_m, z_m); none outside the tiled area
  /// [0, TW*t*s) x [0, TD*t*s) (the last partial tile row/column of samples,
  /// when (W-1) % t != 0, belongs to no tile).
  std::optional<TileCoord> tile_at(double x_m, double z_m) const noexcept;

  /// Smallest possible cost per metre of horizontal distance (1 in the
  /// reference model): the scale that keeps the octile heuristic admissible.
  double min_cost_per_metre() const noexcept { return 1.0; }

 private:
  GraphConfig config_;
  int tiles_wide_ = 0;
  int tiles_deep_ = 0;
  double tile_metres_ = 0.0;
  std::vector<float> heights_;
  std::vector<std::uint8_t> blocked_;
  std::vector<std::uint8_t> edge_mask_;
  std::vector<float> costs_;
};

}  // namespace terranav::nav
