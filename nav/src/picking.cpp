#include "terranav/nav/picking.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

namespace terranav::nav {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Node boxes and the cell spans inside a leaf are widened by this fraction of
// the sample spacing (vertically, of the spacing plus the box's largest
// height magnitude), so rounding in the slab test can never skip a cell the
// exact triangle test would hit (it only makes the culling conservative).
constexpr double kPadFraction = 1e-6;
// Barycentric slack of the triangle test: a ray through a shared edge or
// vertex hits at least one of the triangles meeting there.
constexpr double kEdgeEpsilon = 1e-9;
// Hit points within this fraction of a tile outside the tiled area (rounding
// of origin + t * direction) still belong to the edge tile.
constexpr double kTileTolerance = 1e-9;
// Each internal level leaves at most 3 siblings on the stack; a heightmap side
// of at most 65535 cells gives at most 16 levels, so 3 * 16 + 4 entries suffice.
constexpr std::size_t kStackSize = 64;

Vec3 sub(const Vec3& a, const Vec3& b) noexcept {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
Vec3 cross(const Vec3& a, const Vec3& b) noexcept {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
double dot(const Vec3& a, const Vec3& b) noexcept {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

// Moller & Trumbore (1997), both faces: ray parameter of the hit, +inf on a
// miss or when the ray is parallel to the triangle's plane.
double intersect_triangle(const Vec3& o, const Vec3& d, const Vec3& v0, const Vec3& v1,
                          const Vec3& v2) noexcept {
  const Vec3 e1 = sub(v1, v0);
  const Vec3 e2 = sub(v2, v0);
  const Vec3 p = cross(d, e2);
  const double det = dot(e1, p);
  if (det == 0.0) return kInf;
  const double inv = 1.0 / det;
  const Vec3 s = sub(o, v0);
  const double u = dot(s, p) * inv;
  if (u < -kEdgeEpsilon || u > 1.0 + kEdgeEpsilon) return kInf;
  const Vec3 q = cross(s, e1);
  const double v = dot(d, q) * inv;
  if (v < -kEdgeEpsilon || u + v > 1.0 + kEdgeEpsilon) return kInf;
  const double t = dot(e2, q) * inv;
  return t >= 0.0 ? t : kInf;
}

// Narrows [t0, t1] to the ray's interval inside the slab [lo, hi] of one axis.
bool clip_axis(double o, double d, double lo, double hi, double& t0, double& t1) noexcept {
  if (d == 0.0) return o >= lo && o <= hi;
  double a = (lo - o) / d;
  double b = (hi - o) / d;
  if (a > b) std::swap(a, b);
  t0 = std::max(t0, a);
  t1 = std::min(t1, b);
  return t0 <= t1;
}

float round_down(double v) noexcept {
  const auto f = static_cast<float>(v);
  return static_cast<double>(f) > v ? std::nextafter(f, -std::numeric_limits<float>::infinity())
                                    : f;
}
float round_up(double v) noexcept {
  const auto f = static_cast<float>(v);
  return static_cast<double>(f) < v ? std::nextafter(f, std::numeric_limits<float>::infinity()) : f;
}

// Cell index of coordinate v (metres) clamped to [lo, hi]; clamps in double
// first so a far-away coordinate cannot overflow the int conversion.
int cell_of(double v, double spacing, int lo, int hi) noexcept {
  const double c = std::floor(v / spacing);
  return static_cast<int>(std::clamp(c, static_cast<double>(lo), static_cast<double>(hi)));
}

// Tile index along one axis, or -1 outside [0, count) tiles.
int tile_of(double v, double tile_m, int count) noexcept {
  const double tol = kTileTolerance * tile_m;
  if (count == 0 || !(v >= -tol && v <= count * tile_m + tol)) return -1;
  return std::clamp(static_cast<int>(std::floor(v / tile_m)), 0, count - 1);
}

}  // namespace

TerrainQuadtree::TerrainQuadtree(const Heightmap& heightmap, int tile_size, int leaf_cells)
    : heightmap_(heightmap), tiling_(heightmap, tile_size) {
  if (leaf_cells < 1) {
    throw Error("TerrainQuadtree: leaf_cells " + std::to_string(leaf_cells) + " must be >= 1");
  }
  // Halves a cell range at a multiple of leaf_cells so leaves are full-size
  // except at the far edge; returns the split point, or `end` if no split.
  const auto split = [leaf = leaf_cells](std::int32_t begin, std::int32_t end) {
    const std::int32_t leaves = (end - begin + leaf - 1) / leaf;
    return leaves > 1 ? begin + (leaves + 1) / 2 * leaf : end;
  };

  // Breadth-first, so a node's children are appended consecutively.
  nodes_.push_back({0, 0, 0, 0, 0, 0, 0, 0, heightmap.width() - 1, heightmap.depth() - 1, -1, 0});
  for (std::size_t n = 0; n < nodes_.size(); ++n) {
    const Node node = nodes_[n];
    const std::int32_t mx = split(node.x0, node.x1);
    const std::int32_t mz = split(node.z0, node.z1);
    if (mx == node.x1 && mz == node.z1) continue;
    nodes_[n].first_child = static_cast<std::int32_t>(nodes_.size());
    const std::array<std::int32_t, 3> xs = {node.x0, mx, node.x1};
    const std::array<std::int32_t, 3> zs = {node.z0, mz, node.z1};
    for (std::size_t b = 0; b < 2 && zs[b] < node.z1; ++b) {
      for (std::size_t a = 0; a < 2 && xs[a] < node.x1; ++a) {
        nodes_.push_back({0, 0, 0, 0, 0, 0, xs[a], zs[b], xs[a + 1], zs[b + 1], -1, 0});
        ++nodes_[n].child_count;
      }
    }
  }

  // Height boxes bottom-up: children always follow their parent in the array.
  for (std::size_t n = nodes_.size(); n-- > 0;) fit_heights(nodes_[n]);
  // Outward-rounded, padded float boxes in x and z; edits never change them.
  const double s = heightmap.spacing();
  const double pad = kPadFraction * s;
  for (Node& node : nodes_) {
    node.min_x = round_down(node.x0 * s - pad);
    node.min_z = round_down(node.z0 * s - pad);
    node.max_x = round_up(node.x1 * s + pad);
    node.max_z = round_up(node.z1 * s + pad);
  }
}

void TerrainQuadtree::update(SampleRect samples) {
  const SampleRect inside{std::max(samples.x0, 0), std::max(samples.z0, 0),
                          std::min(samples.x1, heightmap_.width()),
                          std::min(samples.z1, heightmap_.depth())};
  if (!inside.empty()) refit(0, inside);
}

void TerrainQuadtree::fit_heights(Node& node) const noexcept {
  float lo = std::numeric_limits<float>::infinity();
  float hi = -lo;
  if (node.first_child >= 0) {
    // The union of the children's (padded) boxes.
    for (std::int32_t c = 0; c < node.child_count; ++c) {
      lo = std::min(lo, nodes_[static_cast<std::size_t>(node.first_child + c)].min_y);
      hi = std::max(hi, nodes_[static_cast<std::size_t>(node.first_child + c)].max_y);
    }
    node.min_y = lo;
    node.max_y = hi;
    return;
  }
  for (std::int32_t z = node.z0; z <= node.z1; ++z) {
    for (std::int32_t x = node.x0; x <= node.x1; ++x) {
      lo = std::min(lo, heightmap_.at(x, z));
      hi = std::max(hi, heightmap_.at(x, z));
    }
  }
  // The pad grows with the magnitude of the leaf's own heights, which the
  // rounding of the slab test at its faces grows with; a pad from the map's
  // height range at build would be too thin once an edit raised heights
  // beyond it. So it stays conservative after any edit, and a refitted box
  // equals a freshly built one.
  const double pad_y = kPadFraction * (heightmap_.spacing() + std::max(std::abs(lo), std::abs(hi)));
  node.min_y = round_down(lo - pad_y);
  node.max_y = round_up(hi + pad_y);
}

void TerrainQuadtree::refit(std::size_t n, SampleRect samples) {
  Node& node = nodes_[n];
  // A node's cells [x0, x1) x [z0, z1) read samples [x0, x1] x [z0, z1].
  if (node.x1 < samples.x0 || node.x0 >= samples.x1 || node.z1 < samples.z0 ||
      node.z0 >= samples.z1) {
    return;
  }
  for (std::int32_t c = 0; c < node.child_count; ++c) {
    refit(static_cast<std::size_t>(node.first_child + c), samples);
  }
  fit_heights(node);
}

std::optional<PickHit> TerrainQuadtree::pick(const Ray& ray) const {
  const Vec3& o = ray.origin;
  const Vec3& d = ray.direction;
  if (!std::isfinite(o.x) || !std::isfinite(o.y) || !std::isfinite(o.z) || !std::isfinite(d.x) ||
      !std::isfinite(d.y) || !std::isfinite(d.z) || (d.x == 0.0 && d.y == 0.0 && d.z == 0.0)) {
    return std::nullopt;
  }
  const double s = heightmap_.spacing();
  const double pad = kPadFraction * s;

  // Ray interval [t0, t1] (t >= 0) inside a node's box.
  const auto enter = [&](const Node& n, double& t0, double& t1) {
    t0 = 0.0;
    t1 = kInf;
    return clip_axis(o.x, d.x, n.min_x, n.max_x, t0, t1) &&
           clip_axis(o.z, d.z, n.min_z, n.max_z, t0, t1) &&
           clip_axis(o.y, d.y, n.min_y, n.max_y, t0, t1);
  };

  double best = kInf;
  // Both triangles of every cell the ray's padded x/z footprint over [ta, tb]
  // touches, one cell row at a time.
  const auto test_leaf = [&](const Node& n, double ta, double tb) {
    for (std::int32_t z = n.z0; z < n.z1; ++z) {
      double lo = ta;
      double hi = tb;
      if (!clip_axis(o.z, d.z, z * s - pad, (z + 1) * s + pad, lo, hi)) continue;
      const double xa = o.x + lo * d.x;
      const double xb = o.x + hi * d.x;
      const int cx0 = cell_of(std::min(xa, xb) - pad, s, n.x0, n.x1 - 1);
      const int cx1 = cell_of(std::max(xa, xb) + pad, s, n.x0, n.x1 - 1);
      for (int x = cx0; x <= cx1; ++x) {
        const Vec3 p00{x * s, heightmap_.at(x, z), z * s};
        const Vec3 p10{(x + 1) * s, heightmap_.at(x + 1, z), z * s};
        const Vec3 p11{(x + 1) * s, heightmap_.at(x + 1, z + 1), (z + 1) * s};
        const Vec3 p01{x * s, heightmap_.at(x, z + 1), (z + 1) * s};
        best = std::min(best, intersect_triangle(o, d, p00, p10, p11));  // triangle A
        best = std::min(best, intersect_triangle(o, d, p00, p11, p01));  // triangle B
      }
    }
  };

  struct Entry {
    std::int32_t node;
    double t0, t1;
  };
  std::array<Entry, kStackSize> stack{};
  std::size_t top = 0;
  double t0 = 0.0;
  double t1 = 0.0;
  if (!enter(nodes_.front(), t0, t1)) return std::nullopt;
  stack[top++] = {0, t0, t1};
  while (top > 0) {
    const Entry e = stack[--top];
    if (e.t0 >= best) continue;
    const Node& n = nodes_[static_cast<std::size_t>(e.node)];
    if (n.first_child < 0) {
      test_leaf(n, e.t0, std::min(e.t1, best));
      continue;
    }
    std::array<Entry, 4> kids{};
    std::size_t k = 0;
    for (std::int32_t c = n.first_child; c < n.first_child + n.child_count; ++c) {
      if (!enter(nodes_[static_cast<std::size_t>(c)], t0, t1) || t0 >= best) continue;
      // Insertion sort by descending entry, so the nearest child is popped first.
      std::size_t at = k++;
      for (; at > 0 && kids[at - 1].t0 < t0; --at) kids[at] = kids[at - 1];
      kids[at] = {c, t0, t1};
    }
    for (std::size_t c = 0; c < k; ++c) stack[top++] = kids[c];
  }
  if (best == kInf) return std::nullopt;

  PickHit hit;
  hit.t = best;
  hit.point = {o.x + best * d.x, o.y + best * d.y, o.z + best * d.z};
  const double tile_m = tiling_.tile_metres();
  const int i = tile_of(hit.point.x, tile_m, tiling_.tiles_wide());
  const int j = tile_of(hit.point.z, tile_m, tiling_.tiles_deep());
  if (i >= 0 && j >= 0) hit.tile = TileCoord{i, j};
  return hit;
}

}  // namespace terranav::nav
