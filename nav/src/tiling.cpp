#include "terranav/nav/tiling.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace terranav::nav {
namespace {

std::int64_t floor_div(std::int64_t a, std::int64_t b) noexcept {
  return a / b - (a % b != 0 && (a < 0) != (b < 0) ? 1 : 0);
}

// Tiles [first, last) along one axis of `count` tiles of t samples whose
// centre reads a sample in [s0, s1). Tile k's centre (k+0.5) t lies between
// samples k t + t/2 and k t + t/2 + 1 (t/2 rounded down).
std::pair<std::int32_t, std::int32_t> tiles_along(std::int32_t s0, std::int32_t s1, int t,
                                                  int count) noexcept {
  const std::int64_t half = t / 2;
  const std::int64_t first = -floor_div(-(std::int64_t{s0} - half - 1), t);  // ceil
  const std::int64_t last = floor_div(std::int64_t{s1} - 1 - half, t) + 1;
  return {static_cast<std::int32_t>(std::max<std::int64_t>(first, 0)),
          static_cast<std::int32_t>(std::min<std::int64_t>(last, count))};
}

}  // namespace

Tiling::Tiling(const Heightmap& heightmap, int tile_size) : tile_size_(tile_size) {
  // Within kTileSizeLimit: a side is at most kMaxHeightmapDimension samples.
  const int max_tile = std::min(heightmap.width(), heightmap.depth()) - 1;
  if (tile_size < 1 || tile_size > max_tile) {
    throw Error("tiling: tile_size " + std::to_string(tile_size) + " outside 1.." +
                std::to_string(max_tile) + " for a " + std::to_string(heightmap.width()) + "x" +
                std::to_string(heightmap.depth()) + " heightmap");
  }
  tiles_wide_ = (heightmap.width() - 1) / tile_size;
  tiles_deep_ = (heightmap.depth() - 1) / tile_size;
  tile_metres_ = tile_size * heightmap.spacing();
}

TileRect Tiling::clip(TileRect tiles) const noexcept {
  const TileRect r{std::max(tiles.i0, 0), std::max(tiles.j0, 0), std::min(tiles.i1, tiles_wide_),
                   std::min(tiles.j1, tiles_deep_)};
  return r.empty() ? TileRect{} : r;
}

std::optional<TileCoord> Tiling::tile_at(double x_m, double z_m) const noexcept {
  // The negated comparison also rejects NaN.
  if (!(x_m >= 0.0 && x_m < tiles_wide_ * tile_metres_ && z_m >= 0.0 &&
        z_m < tiles_deep_ * tile_metres_)) {
    return std::nullopt;
  }
  // The division may round up to TW (or TD) just below the far edge.
  return TileCoord{std::min(static_cast<std::int32_t>(x_m / tile_metres_), tiles_wide_ - 1),
                   std::min(static_cast<std::int32_t>(z_m / tile_metres_), tiles_deep_ - 1)};
}

TileRect Tiling::tiles_reading(SampleRect samples) const noexcept {
  if (samples.empty()) return {};
  const auto [i0, i1] = tiles_along(samples.x0, samples.x1, tile_size_, tiles_wide_);
  const auto [j0, j1] = tiles_along(samples.z0, samples.z1, tile_size_, tiles_deep_);
  const TileRect r{i0, j0, i1, j1};
  return r.empty() ? TileRect{} : r;
}

TileRect Tiling::tiles_touching(SampleRect samples) const noexcept {
  if (samples.empty()) return {};
  // Tile i meets samples [x0, x1) iff i t <= x1 - 1 and (i + 1) t >= x0.
  const auto first = [this](int x0) { return x0 <= 0 ? 0 : (x0 - 1) / tile_size_; };
  const auto last = [this](int x1) { return (x1 - 1) / tile_size_ + 1; };
  const TileRect r =
      clip({first(samples.x0), first(samples.z0), last(samples.x1), last(samples.z1)});
  return r.empty() ? TileRect{} : r;
}

}  // namespace terranav::nav
