#include "terranav/nav/surface_cost.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace terranav::nav {
namespace {

// Pieces shorter than this many cells are dropped: a segment through a
// vertex meets its cut lines at parameters a rounding error apart.
constexpr double kSliverCells = 1e-9;

// The cuts of one family of parallel lines (x = k, z = k or x - z = k) along
// the segment, in increasing parameter t.
struct CutLines {
  double origin;   // the family's coordinate at t = 0
  double inverse;  // 1 / its change over the segment
  double next_t;   // +inf when no line lies ahead
  double k;        // the line at next_t
  double step;     // +1 or -1

  CutLines(double from, double delta) noexcept : origin(from) {
    if (delta > 0.0) {
      step = 1.0;
      k = std::floor(from) + 1.0;
    } else if (delta < 0.0) {
      step = -1.0;
      k = std::ceil(from) - 1.0;
    } else {
      step = 0.0;
      k = 0.0;
      inverse = 0.0;
      next_t = std::numeric_limits<double>::infinity();
      return;
    }
    inverse = 1.0 / delta;
    next_t = (k - origin) * inverse;
  }
  // Moves past the line at next_t when it lies within `t + eps`.
  bool pass(double t, double eps) noexcept {
    if (next_t > t + eps) return false;
    k += step;
    next_t = (k - origin) * inverse;
    return true;
  }
};

}  // namespace

std::string_view to_string(SurfaceFault fault) noexcept {
  switch (fault) {
    case SurfaceFault::None:
      return "none";
    case SurfaceFault::TooSteep:
      return "too_steep";
    case SurfaceFault::Blocked:
      return "blocked";
    case SurfaceFault::OutsideTiles:
      return "outside_tiles";
    case SurfaceFault::Squeeze:
      return "squeeze";
  }
  return "unknown";
}

SurfaceCost::SurfaceCost(const Heightmap& heightmap, const TerrainGraph& graph,
                         const CostModel& model)
    : heightmap_(heightmap), graph_(graph), model_(model), max_slope_(graph.config().max_slope) {
  if (model.kind == CostModelKind::Seed) {
    throw Error(
        "surface cost: the seed model counts steps, not metres: it is not defined on the "
        "surface (use reference, tobler or uphill-downhill)");
  }
  validate(model, graph.tile_count());
  if (!(Tiling(heightmap, graph.config().tile_size) == graph.tiling())) {
    throw Error("surface cost: the graph does not tile this heightmap");
  }
}

bool SurfaceCost::on_map(const Vec3& p) const noexcept {
  return p.x >= 0.0 && p.z >= 0.0 && p.x <= heightmap_.extent_x() && p.z <= heightmap_.extent_z();
}

bool SurfaceCost::squeezed(double x, double z) const noexcept {
  // (x, z): a lattice point in samples; only tile corners can squeeze.
  const int t = graph_.config().tile_size;
  const auto sx = static_cast<std::int64_t>(x);
  const auto sz = static_cast<std::int64_t>(z);
  if (sx % t != 0 || sz % t != 0) return false;
  const int ci = static_cast<int>(sx / t);
  const int cj = static_cast<int>(sz / t);
  const auto blocked = [&](int i, int j) {
    return graph_.contains({i, j}) && graph_.blocked(graph_.id({i, j}));
  };
  return (blocked(ci - 1, cj - 1) && blocked(ci, cj)) ||
         (blocked(ci, cj - 1) && blocked(ci - 1, cj));
}

// Calls piece(l, dh, multiplier, fault) for every piece of a -> b in order
// and corner() for every tile corner between two diagonally opposite blocked
// tiles that it passes; either returns false to stop. Returns false when
// stopped or when an end is off the map.
template <class Piece, class Corner>
bool SurfaceCost::walk(const Vec3& a, const Vec3& b, Piece piece, Corner corner) const noexcept {
  if (!on_map(a) || !on_map(b)) return false;
  const double s = heightmap_.spacing();
  const double x0 = a.x / s;
  const double z0 = a.z / s;
  const double dx = b.x / s - x0;
  const double dz = b.z / s - z0;
  const double cells = std::hypot(dx, dz);
  const auto lattice_corner = [&](double t) {
    const double x = x0 + dx * t;
    const double z = z0 + dz * t;
    const double rx = std::round(x);
    const double rz = std::round(z);
    return std::abs(x - rx) <= kSliverCells && std::abs(z - rz) <= kSliverCells && squeezed(rx, rz);
  };
  if (lattice_corner(0.0) && !corner()) return false;
  if (cells == 0.0) return true;

  const int width = heightmap_.width();
  const int depth = heightmap_.depth();
  const float* const h = heightmap_.heights().data();
  const Tiling& tiling = graph_.tiling();
  const int t = tiling.tile_size();
  const int tw = tiling.tiles_wide();
  const int td = tiling.tiles_deep();
  const MultiplierLayer* const layer = model_.tile_multipliers;
  const double metres = cells * s;
  const double eps = kSliverCells / cells;

  CutLines xs(x0, dx);
  CutLines zs(z0, dz);
  CutLines us(x0 - z0, dx - dz);
  double t0 = 0.0;
  for (;;) {
    const double t1 = std::min({xs.next_t, zs.next_t, us.next_t, 1.0});
    if (t1 - t0 > eps) {
      const double tm = 0.5 * (t0 + t1);
      const double mx = std::max(x0 + dx * tm, 0.0);
      const double mz = std::max(z0 + dz * tm, 0.0);
      const int sx = static_cast<int>(mx);
      const int sz = static_cast<int>(mz);
      const int cx = std::min(sx, width - 2);
      const int cz = std::min(sz, depth - 2);
      const std::size_t row = static_cast<std::size_t>(cz) * static_cast<std::size_t>(width);
      const double h00 = h[row + static_cast<std::size_t>(cx)];
      const double h11 = h[row + static_cast<std::size_t>(width + cx + 1)];
      double gx;
      double gz;
      if (mx - cx >= mz - cz) {  // triangle A: (x,z), (x+1,z), (x+1,z+1)
        const double h10 = h[row + static_cast<std::size_t>(cx + 1)];
        gx = h10 - h00;
        gz = h11 - h10;
      } else {  // triangle B: (x,z), (x+1,z+1), (x,z+1)
        const double h01 = h[row + static_cast<std::size_t>(width + cx)];
        gx = h11 - h01;
        gz = h01 - h00;
      }
      const double span = t1 - t0;
      const double l = metres * span;
      const double dh = (gx * dx + gz * dz) * span;
      const int ti = t == 1 ? sx : sx / t;
      const int tj = t == 1 ? sz : sz / t;
      SurfaceFault fault = SurfaceFault::None;
      double multiplier = 1.0;
      if (ti >= tw || tj >= td) {
        fault = SurfaceFault::OutsideTiles;
      } else {
        const TileId tile{static_cast<std::uint32_t>(tj) * static_cast<std::uint32_t>(tw) +
                          static_cast<std::uint32_t>(ti)};
        if (graph_.blocked(tile)) {
          fault = SurfaceFault::Blocked;
        } else if (std::abs(dh) > max_slope_ * l) {
          fault = SurfaceFault::TooSteep;
        }
        if (layer != nullptr) multiplier = layer->at(tile);
      }
      if (!piece(l, dh, multiplier, fault)) return false;
    }
    if (t1 >= 1.0) break;
    const bool cut_x = xs.pass(t1, eps);
    const bool cut_z = zs.pass(t1, eps);
    us.pass(t1, eps);
    // A lattice point lies on an x and a z line at once (or on one of them
    // for a segment along the other).
    const bool lattice = cut_x ? cut_z || dz == 0.0 : cut_z && dx == 0.0;
    if (lattice && lattice_corner(t1) && !corner()) return false;
    t0 = t1;
  }
  return !lattice_corner(1.0) || corner();
}

void SurfaceCost::add_segment(const Vec3& a, const Vec3& b, SurfaceMeasure& m) const noexcept {
  const auto note = [&m](SurfaceFault fault) {
    if (m.fault == SurfaceFault::None) m.fault = fault;
  };
  const bool walked = walk(
      a, b,
      [&](double l, double dh, double multiplier, SurfaceFault fault) {
        note(fault);
        m.cost += base_edge_cost(model_, l, dh, max_slope_) * multiplier;
        m.length_m += l;
        m.ascent_m += std::max(dh, 0.0);
        m.descent_m += std::max(-dh, 0.0);
        m.steepest = std::max(m.steepest, std::abs(dh) / l);
        return true;
      },
      [&] {
        note(SurfaceFault::Squeeze);
        return true;
      });
  if (!walked) note(SurfaceFault::OutsideTiles);
}

SurfaceMeasure SurfaceCost::polyline(std::span<const Vec3> points) const noexcept {
  SurfaceMeasure m;
  if (points.size() == 1 && !on_map(points[0])) m.fault = SurfaceFault::OutsideTiles;
  for (std::size_t k = 1; k < points.size(); ++k) add_segment(points[k - 1], points[k], m);
  return m;
}

double SurfaceCost::segment_cost(const Vec3& a, const Vec3& b, double limit) const noexcept {
  double cost = 0.0;
  const bool walked = walk(
      a, b,
      [&](double l, double dh, double multiplier, SurfaceFault fault) {
        cost += base_edge_cost(model_, l, dh, max_slope_) * multiplier;
        return fault == SurfaceFault::None && cost <= limit;
      },
      [] { return false; });
  return walked ? cost : std::numeric_limits<double>::infinity();
}

bool SurfaceCost::feasible(const Vec3& a, const Vec3& b) const noexcept {
  return walk(
      a, b, [](double, double, double, SurfaceFault fault) { return fault == SurfaceFault::None; },
      [] { return false; });
}

}  // namespace terranav::nav
