// An independent r.walk for the walking-time tests, written from
// docs/rwalk.md alone: the step of section 2 over plain (column, row)
// indices with bounds checks, and the least times as the fixed point of
// section 6 by repeated sweeps (Bellman-Ford), no heap, no padding.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <limits>
#include <vector>

#include "terranav/nav/walking_time.hpp"

namespace terranav::test {

/// One r.walk move: (row, column) offset; a knight's move passes p1 and p2.
struct RwalkMove {
  int drow;
  int dcol;
};

/// rwalk.md section 3's order: the 8 neighbours, then the knight's moves.
inline constexpr std::array<RwalkMove, 16> kRwalkMoves = {{{0, -1},
                                                           {0, 1},
                                                           {-1, 0},
                                                           {1, 0},
                                                           {-1, -1},
                                                           {-1, 1},
                                                           {1, 1},
                                                           {1, -1},
                                                           {-2, -1},
                                                           {-2, 1},
                                                           {2, 1},
                                                           {2, -1},
                                                           {-1, -2},
                                                           {-1, 2},
                                                           {1, 2},
                                                           {1, -2}}};

/// The time at (col + dcol, row + drow) through a step from (col, row) whose
/// time is `from`: NaN when the step leaves the grid or meets nodata.
inline double rwalk_step(const nav::WalkingTimeGrid& g, const nav::WalkingTimeOptions& o, int col,
                         int row, RwalkMove m, double from) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const int c = col + m.dcol;
  const int r = row + m.drow;
  if (c < 0 || c >= g.width || r < 0 || r >= g.depth) return nan;
  const auto at = [&](std::span<const double> v, int cc, int rr) {
    return v.empty() ? 0.0 : v[static_cast<std::size_t>(rr) * g.width + cc];
  };
  const double ew = g.ew_res_m;
  const double ns = g.ns_res_m;
  double dist = 0;
  if (m.drow == 0) {
    dist = ew;
  } else if (m.dcol == 0) {
    dist = ns;
  } else if (std::abs(m.drow) == 1 && std::abs(m.dcol) == 1) {
    dist = std::sqrt(ns * ns + ew * ew);
  } else if (std::abs(m.drow) == 2) {
    dist = std::sqrt(4 * ns * ns + ew * ew);
  } else {
    dist = std::sqrt(ns * ns + 4 * ew * ew);
  }
  const double dh = at(g.elevation_m, c, r) - at(g.elevation_m, col, row);
  double move = dh * o.walk.c;
  if (dh / dist >= 0) {
    move = dh * o.walk.b;
  } else if (dh / dist < o.walk.slope_factor) {
    move = dh * o.walk.d;
  }
  const std::span<const double> f = g.friction_s_per_m;
  double fric = (at(f, c, r) + at(f, col, row)) / 2.0;
  if (std::abs(m.drow) + std::abs(m.dcol) == 3) {
    // p1: one step along the long axis; p2: the diagonal beside it.
    const int p1c = std::abs(m.dcol) == 2 ? col + m.dcol / 2 : col;
    const int p1r = std::abs(m.drow) == 2 ? row + m.drow / 2 : row;
    const int p2c = std::abs(m.dcol) == 2 ? col + m.dcol / 2 : col + m.dcol;
    const int p2r = std::abs(m.drow) == 2 ? row + m.drow / 2 : row + m.drow;
    fric = (((at(f, p1c, p1r) + at(f, p2c, p2r)) + at(f, c, r)) + at(f, col, row)) / 4.0;
  }
  if (std::isnan(at(f, c, r))) return nan;
  return ((from + move) + dist * o.walk.a) + (o.lambda * fric) * dist;
}

/// The least times by sweeps until nothing changes; NaN = unreached. A start
/// with nodata elevation or friction keeps 0 and is not left.
inline std::vector<double> rwalk_reference(const nav::WalkingTimeGrid& g,
                                           const nav::WalkingTimeOptions& o) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> t(static_cast<std::size_t>(g.width) * g.depth, inf);
  for (const nav::GridSample s : o.starts)
    t[static_cast<std::size_t>(s.row) * g.width + s.column] = 0;
  const auto nodata = [&](std::size_t k) {
    return std::isnan(g.elevation_m[k]) ||
           (!g.friction_s_per_m.empty() && std::isnan(g.friction_s_per_m[k]));
  };
  const int moves = o.knight_moves ? 16 : 8;
  for (bool changed = true; changed;) {
    changed = false;
    for (int row = 0; row < g.depth; ++row) {
      for (int col = 0; col < g.width; ++col) {
        const std::size_t u = static_cast<std::size_t>(row) * g.width + col;
        if (t[u] == inf || nodata(u)) continue;
        for (int k = 0; k < moves; ++k) {
          const RwalkMove m = kRwalkMoves[k];
          const double cand = rwalk_step(g, o, col, row, m, t[u]);
          if (std::isnan(cand)) continue;  // off the grid or into nodata
          const std::size_t v = static_cast<std::size_t>(row + m.drow) * g.width + (col + m.dcol);
          if (cand < t[v]) {
            t[v] = cand;
            changed = true;
          }
        }
      }
    }
  }
  for (double& x : t) {
    if (x == inf) x = std::numeric_limits<double>::quiet_NaN();
  }
  return t;
}

}  // namespace terranav::test
