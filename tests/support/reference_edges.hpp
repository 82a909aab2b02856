// An independent, deliberately plain implementation of the graph's edges
// (docs/reference-model.md, plus topologies, corner rules and the cost
// models of cost_model.hpp) straight from heightmap samples, in double, to
// check TerrainGraph and the searches against. Shares no code with nav: it
// uses nav's types only to name the options.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <vector>

#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/terrain_graph.hpp"

namespace terranav::test {

/// The model evaluated tile by tile on demand: O(1) per edge, no tables.
class ReferenceEdges {
 public:
  /// `blocked`: empty or tw * td flags (tw, td as in the model). k is the
  /// reference slope weight used by cost(i, j, di, dj).
  ReferenceEdges(const nav::Heightmap& hm, int t, double max_slope, double k,
                 std::vector<std::uint8_t> blocked = {},
                 nav::Topology topology = nav::Topology::Octile8,
                 nav::CornerCutting corner = nav::CornerCutting::Never)
      : hm_(hm),
        t_(t),
        max_slope_(max_slope),
        k_(k),
        blocked_(std::move(blocked)),
        topology_(topology),
        corner_(corner) {
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

  /// Whether the topology has the move (di, dj): |di|, |dj| <= 1, not both
  /// 0, or a knight's move {|di|, |dj|} = {1, 2}.
  bool has_move(int di, int dj) const {
    const bool diagonal = di != 0 && dj != 0;
    if (knight(di, dj)) return topology_ == nav::Topology::Knight16;
    if (std::abs(di) > 1 || std::abs(dj) > 1 || (di == 0 && dj == 0)) return false;
    switch (topology_) {
      case nav::Topology::Octile8:
      case nav::Topology::Knight16:
        return true;
      case nav::Topology::Cardinal4:
        return !diagonal;
      case nav::Topology::Hex6:
        return !diagonal || di == -dj;  // axial (+1, -1) and (-1, +1)
    }
    return false;
  }

  /// Whether the edge (i, j) -> (i + di, j + dj) exists: a move of the
  /// topology, both ends inside and unblocked, the corner rule for the
  /// diagonals of Octile8 and Knight16 (the two cardinal neighbours) and for
  /// knight's moves (the two tiles the straight line between the centres
  /// crosses), slope <= max_slope.
  bool has_edge(int i, int j, int di, int dj) const {
    const int ni = i + di;
    const int nj = j + dj;
    if (!has_move(di, dj) || !inside(i, j) || !inside(ni, nj) || blocked(i, j) || blocked(ni, nj)) {
      return false;
    }
    const bool diagonal = di != 0 && dj != 0;
    if (diagonal && topology_ != nav::Topology::Hex6) {
      // A diagonal passes its cardinal neighbours; a knight's move (2, 1)
      // crosses x = 1/2 at z = 1/4 and x = 3/2 at z = 3/4: tiles (1, 0), (1, 1).
      int ai = ni, aj = j, bi = i, bj = nj;
      if (std::abs(di) == 2) {
        ai = bi = i + di / 2;
        aj = j;
        bj = nj;
      } else if (std::abs(dj) == 2) {
        aj = bj = j + dj / 2;
        ai = i;
        bi = ni;
      }
      const int free_sides = (blocked(ai, aj) ? 0 : 1) + (blocked(bi, bj) ? 0 : 1);
      if (corner_ == nav::CornerCutting::Never && free_sides < 2) return false;
      if (corner_ == nav::CornerCutting::AtLeastOneFree && free_sides < 1) return false;
    }
    return std::fabs(centre_height(ni, nj) - centre_height(i, j)) / length(di, dj) <= max_slope_;
  }

  /// Reference cost d * (1 + k * slope) of the edge; nullopt without it.
  std::optional<double> cost(int i, int j, int di, int dj) const {
    if (!has_edge(i, j, di, dj)) return std::nullopt;
    const double d = length(di, dj);
    return d * (1 + k_ * std::fabs(centre_height(i + di, j + dj) - centre_height(i, j)) / d);
  }

  /// Cost of the edge under `model` (its multipliers indexed j * tw + i);
  /// nullopt without the edge or when the model drops it.
  std::optional<double> cost(int i, int j, int di, int dj, const nav::CostModel& model) const {
    if (!has_edge(i, j, di, dj)) return std::nullopt;
    const double d = length(di, dj);
    const double dh = centre_height(i + di, j + dj) - centre_height(i, j);
    const double gradient = dh / d;
    double base = 0.0;
    switch (model.kind) {
      case nav::CostModelKind::Reference:
        base = d * (1 + model.slope_weight * std::fabs(gradient));
        break;
      case nav::CostModelKind::Seed:
        if (std::fabs(gradient) >= max_slope_) return std::nullopt;
        base = 1 + std::fabs(gradient);
        break;
      case nav::CostModelKind::Tobler: {
        const double km_per_hour = 6 * std::exp(-3.5 * std::fabs(gradient + 0.05));
        base = d / (km_per_hour * 1000 / 3600);  // seconds
        break;
      }
      case nav::CostModelKind::UphillDownhill:
        base = d * (1 + model.uphill_weight * (gradient > 0 ? gradient : 0) +
                    model.downhill_weight * (gradient < 0 ? -gradient : 0));
        break;
      case nav::CostModelKind::WalkingTime: {  // docs/rwalk.md section 2
        const nav::WalkCoefficients& w = model.walk;
        const double per_metre_of_dh = gradient >= 0 ? w.b : gradient < w.slope_factor ? w.d : w.c;
        base = dh * per_metre_of_dh + d * w.a;
        break;
      }
    }
    if (!model.tile_multipliers) return base;
    const std::span<const float> m = model.tile_multipliers->values();
    const double from = m[static_cast<std::size_t>(j * tw_ + i)];
    const double to = m[static_cast<std::size_t>((j + dj) * tw_ + i + di)];
    return base * (from + to) / 2;
  }

 private:
  static bool knight(int di, int dj) {
    return std::abs(di) + std::abs(dj) == 3 && di != 0 && dj != 0;
  }
  double length(int di, int dj) const {
    return std::sqrt(static_cast<double>(di * di + dj * dj)) * t_ * hm_.spacing();
  }

  const nav::Heightmap& hm_;
  int t_;
  double max_slope_;
  double k_;
  std::vector<std::uint8_t> blocked_;
  nav::Topology topology_;
  nav::CornerCutting corner_;
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
