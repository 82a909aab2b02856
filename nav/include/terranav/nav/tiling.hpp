// The tiling of a heightmap (docs/reference-model.md, "Tiles"): which tiles
// there are, where their centres lie, which tile holds a point, and which
// tiles read which samples. Every part of nav that tiles a heightmap asks
// this one type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {

/// Tiles of t x t cells over a W x D heightmap of spacing s:
///   TW = floor((W-1)/t), TD = floor((D-1)/t), tile (i, j) has TileId j*TW + i;
///   its centre is at fractional sample coordinates ((i+0.5) t, (j+0.5) t),
///   i.e. nav position ((i+0.5) t s, (j+0.5) t s).
/// When (W-1) % t != 0 the last partial column (row) of cells belongs to no
/// tile. A small value type; it does not keep the heightmap.
class Tiling {
 public:
  /// Throws Error when tile_size is outside 1..min(W, D)-1. O(1).
  Tiling(const Heightmap& heightmap, int tile_size);

  /// Cells per tile side (t).
  int tile_size() const noexcept { return tile_size_; }
  int tiles_wide() const noexcept { return tiles_wide_; }
  int tiles_deep() const noexcept { return tiles_deep_; }
  std::size_t tile_count() const noexcept {
    return static_cast<std::size_t>(tiles_wide_) * static_cast<std::size_t>(tiles_deep_);
  }
  /// Tile side in metres (t * s).
  double tile_metres() const noexcept { return tile_metres_; }

  /// Every tile: [0, TW) x [0, TD).
  TileRect bounds() const noexcept { return {0, 0, tiles_wide_, tiles_deep_}; }
  bool contains(TileCoord c) const noexcept {
    return c.i >= 0 && c.j >= 0 && c.i < tiles_wide_ && c.j < tiles_deep_;
  }
  /// The part of `tiles` inside bounds() (empty when none is).
  TileRect clip(TileRect tiles) const noexcept;

  /// j * TW + i; c must be inside.
  TileId id(TileCoord c) const noexcept {
    return TileId{static_cast<std::uint32_t>(c.j) * static_cast<std::uint32_t>(tiles_wide_) +
                  static_cast<std::uint32_t>(c.i)};
  }
  TileCoord coord(TileId t) const noexcept {
    const auto w = static_cast<std::uint32_t>(tiles_wide_);
    return {static_cast<std::int32_t>(index(t) % w), static_cast<std::int32_t>(index(t) / w)};
  }

  /// Centre of tile column (or row) k in metres along x (or z): (k+0.5) t s.
  double centre_metres(int k) const noexcept { return (k + 0.5) * tile_metres_; }
  /// Centre of tile column (or row) k as a fractional sample coordinate:
  /// (k+0.5) t. The tile-centre height is Heightmap::bilinear there.
  double centre_sample(int k) const noexcept { return (k + 0.5) * tile_size_; }

  /// Tile containing nav position (x_m, z_m); none outside the tiled area
  /// [0, TW t s) x [0, TD t s) (so none in the partial strip) or for NaN.
  /// O(1).
  std::optional<TileCoord> tile_at(double x_m, double z_m) const noexcept;

  /// The tiles whose centre height reads a sample of `samples`: those whose
  /// bilinear cell (the samples floor(c) and floor(c)+1 around the centre c
  /// along each axis, as Heightmap::bilinear reads them, even at weight 0)
  /// meets `samples`, clipped to bounds(). Changing heights only inside
  /// `samples` changes no tile height outside it. Samples outside the map
  /// are ignored. O(1).
  TileRect tiles_reading(SampleRect samples) const noexcept;

  /// The tiles with a sample of `samples` on a corner of one of their cells
  /// (tile i spans samples i t .. (i + 1) t), clipped to bounds(): what
  /// changing those samples may change, the surface under the tiles
  /// included. Contains tiles_reading(samples). O(1).
  TileRect tiles_touching(SampleRect samples) const noexcept;

  friend bool operator==(const Tiling&, const Tiling&) = default;

 private:
  int tile_size_;
  int tiles_wide_;
  int tiles_deep_;
  double tile_metres_;
};

}  // namespace terranav::nav
