#include "terranav/nav/heightmap.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "terranav/nav/limits.hpp"

namespace terranav::nav {

Heightmap::Heightmap(int width, int depth, double spacing_m, std::vector<float> heights_m)
    : width_(width), depth_(depth), spacing_(spacing_m), heights_(std::move(heights_m)) {
  const std::string dims = std::to_string(width) + "x" + std::to_string(depth);
  if (width < 2 || depth < 2 || width > kMaxHeightmapDimension || depth > kMaxHeightmapDimension) {
    throw Error("heightmap: dimensions " + dims + " outside 2.." +
                std::to_string(kMaxHeightmapDimension) + " samples per side");
  }
  const std::size_t samples = static_cast<std::size_t>(width) * static_cast<std::size_t>(depth);
  if (samples > kMaxHeightmapSamples) {
    throw Error("heightmap: " + dims + " samples exceed the limit of " +
                std::to_string(kMaxHeightmapSamples));
  }
  if (heights_.size() != samples) {
    throw Error("heightmap: " + std::to_string(heights_.size()) + " heights given for " + dims +
                " samples");
  }
  check_limit(kSpacingLimit, spacing_m, "heightmap: spacing_m");
  const auto bad = std::find_if_not(heights_.begin(), heights_.end(),
                                    [](float h) { return within(kHeightLimit, h); });
  if (bad != heights_.end()) {
    const auto k = static_cast<std::size_t>(bad - heights_.begin());
    check_limit(kHeightLimit, *bad,
                "heightmap: height at sample (" +
                    std::to_string(k % static_cast<std::size_t>(width)) + ", " +
                    std::to_string(k / static_cast<std::size_t>(width)) + ")");
  }
  blocks_wide_ = (width + kBlock - 1) / kBlock;
  const std::size_t blocks = static_cast<std::size_t>(blocks_wide_) *
                             static_cast<std::size_t>((depth + kBlock - 1) / kBlock);
  block_min_.resize(blocks);
  block_max_.resize(blocks);
  update_extremes({0, 0, width, depth});
}

void Heightmap::update_extremes(SampleRect rect) noexcept {
  const auto w = static_cast<std::size_t>(width_);
  for (int bz = rect.z0 / kBlock; bz < (rect.z1 + kBlock - 1) / kBlock; ++bz) {
    for (int bx = rect.x0 / kBlock; bx < (rect.x1 + kBlock - 1) / kBlock; ++bx) {
      const int x0 = bx * kBlock;
      const int x1 = std::min(x0 + kBlock, width_);
      float lo = at(x0, bz * kBlock);
      float hi = lo;
      for (int z = bz * kBlock; z < std::min((bz + 1) * kBlock, depth_); ++z) {
        const float* row = heights_.data() + static_cast<std::size_t>(z) * w;
        for (int x = x0; x < x1; ++x) {
          lo = std::min(lo, row[x]);
          hi = std::max(hi, row[x]);
        }
      }
      const auto b = static_cast<std::size_t>(bz * blocks_wide_ + bx);
      block_min_[b] = lo;
      block_max_[b] = hi;
    }
  }
  min_ = *std::min_element(block_min_.begin(), block_min_.end());
  max_ = *std::max_element(block_max_.begin(), block_max_.end());
}

void Heightmap::set_heights(SampleRect rect, std::span<const float> heights_m) {
  const auto text = [](SampleRect r) {
    return "[" + std::to_string(r.x0) + ", " + std::to_string(r.x1) + ") x [" +
           std::to_string(r.z0) + ", " + std::to_string(r.z1) + ")";
  };
  if (rect.x0 < 0 || rect.z0 < 0 || rect.x1 > width_ || rect.z1 > depth_ || rect.x0 > rect.x1 ||
      rect.z0 > rect.z1) {
    throw Error("heightmap: set_heights on samples " + text(rect) + ", not within the " +
                std::to_string(width_) + "x" + std::to_string(depth_) + " samples");
  }
  const auto w = static_cast<std::size_t>(rect.x1 - rect.x0);
  const auto d = static_cast<std::size_t>(rect.z1 - rect.z0);
  if (heights_m.size() != w * d) {
    throw Error("heightmap: set_heights got " + std::to_string(heights_m.size()) +
                " heights for the " + std::to_string(w) + "x" + std::to_string(d) + " samples " +
                text(rect));
  }
  const auto bad = std::find_if_not(heights_m.begin(), heights_m.end(),
                                    [](float h) { return within(kHeightLimit, h); });
  if (bad != heights_m.end()) {
    const auto k = static_cast<std::size_t>(bad - heights_m.begin());
    check_limit(kHeightLimit, *bad,
                "heightmap: set_heights: new height at sample (" +
                    std::to_string(static_cast<std::size_t>(rect.x0) + k % w) + ", " +
                    std::to_string(static_cast<std::size_t>(rect.z0) + k / w) + ")");
  }
  if (heights_m.empty()) return;

  for (std::size_t z = 0; z < d; ++z) {
    std::copy_n(heights_m.data() + z * w, w,
                heights_.data() +
                    (static_cast<std::size_t>(rect.z0) + z) * static_cast<std::size_t>(width_) +
                    static_cast<std::size_t>(rect.x0));
  }
  update_extremes(rect);
}

double Heightmap::bilinear(double sx, double sz) const noexcept {
  sx = std::clamp(sx, 0.0, static_cast<double>(width_ - 1));
  sz = std::clamp(sz, 0.0, static_cast<double>(depth_ - 1));
  const int x0 = std::min(static_cast<int>(sx), width_ - 2);
  const int z0 = std::min(static_cast<int>(sz), depth_ - 2);
  const double fx = sx - x0;
  const double fz = sz - z0;
  const double top = at(x0, z0) + fx * (at(x0 + 1, z0) - at(x0, z0));
  const double bottom = at(x0, z0 + 1) + fx * (at(x0 + 1, z0 + 1) - at(x0, z0 + 1));
  return top + fz * (bottom - top);
}

double Heightmap::surface_height(double x_m, double z_m) const noexcept {
  const double sx = std::clamp(x_m / spacing_, 0.0, static_cast<double>(width_ - 1));
  const double sz = std::clamp(z_m / spacing_, 0.0, static_cast<double>(depth_ - 1));
  const int x0 = std::min(static_cast<int>(sx), width_ - 2);
  const int z0 = std::min(static_cast<int>(sz), depth_ - 2);
  const double fx = sx - x0;
  const double fz = sz - z0;
  const double h00 = at(x0, z0);
  const double h11 = at(x0 + 1, z0 + 1);
  if (fx >= fz) {  // triangle A: (x,z), (x+1,z), (x+1,z+1)
    const double h10 = at(x0 + 1, z0);
    return h00 + fx * (h10 - h00) + fz * (h11 - h10);
  }
  const double h01 = at(x0, z0 + 1);  // triangle B: (x,z), (x+1,z+1), (x,z+1)
  return h00 + fz * (h01 - h00) + fx * (h11 - h01);
}

}  // namespace terranav::nav
