// A per-tile cost multiplier layer (terrain classes x influence fields) that
// is checked when written, so a query neither validates nor scans it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "terranav/nav/types.hpp"

namespace terranav::nav {

/// One multiplier per tile, TW x TD, row-major like TileId; every value is
/// within kTileMultiplierLimit (1e-6..1e6, limits.hpp). The smallest value is kept up to date per
/// block of kBlock x kBlock tiles, so min() is O(1) and a rectangle write costs O(rect + blocks
/// touched x kBlock^2 + blocks).
class MultiplierLayer {
 public:
  /// Side of a block of tiles with its own minimum. [Units: tiles]
  static constexpr int kBlock = 32;

  /// All 1. Throws Error for tiles_wide or tiles_deep < 1. O(tiles).
  MultiplierLayer(int tiles_wide, int tiles_deep);
  /// Takes TW * TD values. Throws Error for a wrong count, or naming the
  /// first tile (i, j) whose value is outside kTileMultiplierLimit. O(tiles).
  MultiplierLayer(int tiles_wide, int tiles_deep, std::vector<float> values);

  int tiles_wide() const noexcept { return tiles_wide_; }
  int tiles_deep() const noexcept { return tiles_deep_; }
  std::size_t tile_count() const noexcept { return values_.size(); }
  /// Indexed by TileId.
  std::span<const float> values() const noexcept { return values_; }
  float at(TileId t) const noexcept { return values_[index(t)]; }
  /// The smallest multiplier. O(1).
  float min() const noexcept { return min_; }

  /// Sets the tiles of `rect` (inside the layer) to `values`, row-major
  /// over the rect. Throws Error, changing nothing, for a rect outside the
  /// layer, a wrong count, or a value outside kTileMultiplierLimit (naming
  /// its tile).
  void assign(TileRect rect, std::span<const float> values);

  /// Bytes held (values and block minima plus the object).
  std::size_t memory_bytes() const noexcept;

 private:
  void update_blocks(TileRect rect) noexcept;

  int tiles_wide_;
  int tiles_deep_;
  int blocks_wide_;
  std::vector<float> values_;
  std::vector<float> block_min_;
  float min_ = 1.0f;
};

}  // namespace terranav::nav
