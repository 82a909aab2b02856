// An independent, deliberately plain implementation of the reference model's
// edges (docs/reference-model.md) straight from heightmap samples, in double,
// to check TerrainGraph and the searches against. Shares no code with nav.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "terranav/nav/heightmap.hpp"

namespace terranav::test {

/// The model evaluated tile by tile on demand: O(1) per edge, no tables.
class ReferenceEdges {
 public:
  /// `blocked`: empty or tw * td flags (tw, td as in the model).
  ReferenceEdges(const nav::Heightmap& hm, int t, double max_slope, double k,
                 std::vector<std::uint8_t> blocked = {})
      : hm_(hm), t_(t), max_slope_(max_slope), k_(k), blocked_(std::move(blocked)) {
    tw_ = (hm.width() - 1) / t;
    td_ = (hm.depth() - 1) / t;
  }

  int tiles_wide() const { return tw_; }
  int tiles_deep() const { return td_; }

  /// Bilinear height at sample coordinates ((i+0.5)t, (j+0.5)t), written as
  /// the weighted sum of the four corners.
  double centre_height(int i, int j) const {
    const double sx = (i + 0.5) * t_;
    const double sz = (j + 0.5) * t_;
    const int x = static_cast<int>(std::floor(sx));
    const int z = static_cast<int>(std::floor(sz));
    const double fx = sx - x;
    const double fz = sz - z;
    return (1 - fx) * (1 - fz) * hm_.at(x, z) + fx * (1 - fz) * hm_.at(x + 1, z) +
           (1 - fx) * fz * hm_.at(x, z + 1) + fx * fz * hm_.at(x + 1, z + 1);
  }

  bool blocked(int i, int j) const {
    return !blocked_.empty() && blocked_[static_cast<std::size_t>(j * tw_ + i)] != 0;
  }
  bool inside(int i, int j) const { return i >= 0 && j >= 0 && i < tw_ && j < td_; }

  /// Cost of the edge (i, j) -> (i + di, j + dj), |di|, |dj| <= 1, not both 0;
  /// nullopt when the model has no such edge.
  std::optional<double> cost(int i, int j, int di, int dj) const {
    const int ni = i + di;
    const int nj = j + dj;
    if (!inside(i, j) || !inside(ni, nj) || blocked(i, j) || blocked(ni, nj)) return std::nullopt;
    const bool diagonal = di != 0 && dj != 0;
    if (diagonal && (blocked(ni, j) || blocked(i, nj))) return std::nullopt;
    const double s = hm_.spacing();
    const double d = diagonal ? t_ * s * std::sqrt(2.0) : t_ * s;
    const double slope = std::fabs(centre_height(ni, nj) - centre_height(i, j)) / d;
    if (slope > max_slope_) return std::nullopt;
    return d * (1 + k_ * slope);
  }

 private:
  const nav::Heightmap& hm_;
  int t_;
  double max_slope_;
  double k_;
  std::vector<std::uint8_t> blocked_;
  int tw_ = 0;
  int td_ = 0;
};

/// Deterministic blocked mask with roughly `fraction` of n tiles set.
inline std::vector<std::uint8_t> random_mask(std::size_t n, double fraction, std::uint32_t seed) {
  std::uint32_t state = seed * 2654435761u + 1u;
  std::vector<std::uint8_t> mask(n);
  for (auto& m : mask) {
    state = state * 1664525u + 1013904223u;  // Numerical Recipes LCG
    m = (state >> 8) % 1000 < fraction * 1000 ? 1 : 0;
  }
  return mask;
}

}  // namespace terranav::test
