// Heightmap: W x D height samples in metres on a square grid of spacing s.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "terranav/nav/types.hpp"

namespace terranav::nav {

/// Largest accepted width or depth in samples.
inline constexpr int kMaxHeightmapDimension = 65536;
/// Largest accepted sample count (W * D): 2^28 samples = 1 GiB of floats.
inline constexpr std::size_t kMaxHeightmapSamples = std::size_t{1} << 28;

/// Row-major heights `h[z][x]` in metres (z = row, x = column) with horizontal
/// spacing `spacing()` metres. Sample (x, z) sits at nav position
/// (x * s, h, z * s).
///
/// The rendered and picked surface triangulates each cell (x, z)..(x+1, z+1)
/// along the diagonal from (x, z) to (x+1, z+1):
///   triangle A = (x, z), (x+1, z), (x+1, z+1)   where fx >= fz
///   triangle B = (x, z), (x+1, z+1), (x, z+1)   where fx <  fz
/// (fx, fz = fractional position inside the cell). Picking, the unit's height
/// and the engine's mesh all use this one surface.
class Heightmap {
 public:
  /// Takes `heights_m` (width * depth values, row-major).
  /// Throws Error when width or depth is < 2 or > kMaxHeightmapDimension, the
  /// sample count exceeds kMaxHeightmapSamples, heights_m.size() != width *
  /// depth, spacing_m is outside kSpacingLimit, or a height is outside
  /// kHeightLimit (NaN, infinite, beyond +-1e7 m; naming its sample).
  /// O(W * D).
  Heightmap(int width, int depth, double spacing_m, std::vector<float> heights_m);

  int width() const noexcept { return width_; }
  int depth() const noexcept { return depth_; }
  /// Horizontal distance between neighbouring samples, metres.
  double spacing() const noexcept { return spacing_; }
  /// Sample height in metres; x in [0, W), z in [0, D) (unchecked).
  float at(int x, int z) const noexcept {
    return heights_[static_cast<std::size_t>(z) * static_cast<std::size_t>(width_) +
                    static_cast<std::size_t>(x)];
  }
  std::span<const float> heights() const noexcept { return heights_; }
  /// Lowest and highest sample, metres; exact after set_heights too.
  float min_height() const noexcept { return min_; }
  float max_height() const noexcept { return max_; }

  /// Overwrites the samples of `rect` with `heights_m`, row-major
  /// ((x1-x0) * (z1-z0) values, z = row). Throws Error, before changing
  /// anything, when rect is not within [0, W] x [0, D] with x0 <= x1 and
  /// z0 <= z1, heights_m has another count, or a value is outside kHeightLimit
  /// (naming its sample). An empty rect changes nothing. O(rect + blocks
  /// touched x kBlock^2 + W * D / kBlock^2): the extremes are kept per block
  /// of kBlock x kBlock samples.
  /// Whatever was built from the heightmap (graph, quadtree) must then be
  /// updated for the changed samples.
  void set_heights(SampleRect rect, std::span<const float> heights_m);
  /// Extent of the sampled area in metres: ((W-1) * s, (D-1) * s).
  double extent_x() const noexcept { return (width_ - 1) * spacing_; }
  double extent_z() const noexcept { return (depth_ - 1) * spacing_; }

  /// Bilinear interpolation at fractional sample coordinates (sx, sz),
  /// clamped to the grid. Metres. O(1).
  double bilinear(double sx, double sz) const noexcept;

  /// Height of the triangulated surface (see class comment) at nav position
  /// (x_m, z_m) in metres, clamped to the grid. O(1).
  double surface_height(double x_m, double z_m) const noexcept;

 private:
  int width_;
  int depth_;
  double spacing_;
  std::vector<float> heights_;
  float min_ = 0.0f;
  float max_ = 0.0f;
  // Lowest and highest sample per block of kBlock x kBlock samples, so an
  // edit rescans only the blocks it touched.
  static constexpr int kBlock = 32;
  int blocks_wide_ = 0;
  std::vector<float> block_min_;
  std::vector<float> block_max_;
  void update_extremes(SampleRect rect) noexcept;
};

}  // namespace terranav::nav
