#include "terranav/engine/render/lod_selection.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <span>
#include <string>
#include <utility>

namespace terranav::engine {
namespace {

// Morphing towards the next level runs over [kMorphStart, kMorphEnd] x the morph range
// (terrain_lod.vert): complete a little before the range so pieces of the
// next level, whose boxes lie beyond it, meet fully morphed vertices.
// The top level never morphs.
constexpr float kFar = 1e30f;

double surface_on_grid(double h00, double h10, double h01, double h11, double fx, double fz) {
  if (fx >= fz) return h00 + fx * (h10 - h00) + fz * (h11 - h10);  // triangle A
  return h00 + fz * (h01 - h00) + fx * (h11 - h01);                // triangle B
}

/// The six clip-space planes of m (Gribb & Hartmann), as (normal, d) with
/// inside where dot(normal, p) + d >= 0.
std::array<glm::dvec4, 6> frustum_planes(const glm::dmat4& m) {
  const glm::dvec4 r0(m[0][0], m[1][0], m[2][0], m[3][0]);
  const glm::dvec4 r1(m[0][1], m[1][1], m[2][1], m[3][1]);
  const glm::dvec4 r2(m[0][2], m[1][2], m[2][2], m[3][2]);
  const glm::dvec4 r3(m[0][3], m[1][3], m[2][3], m[3][3]);
  return {r3 + r0, r3 - r0, r3 + r1, r3 - r1, r3 + r2, r3 - r2};
}

enum class Frustum { Outside, Crossing, Inside };

/// Where the box lies against the planes.
Frustum frustum_test(const std::array<glm::dvec4, 6>& planes, const LodBox& box) {
  Frustum result = Frustum::Inside;
  for (const glm::dvec4& p : planes) {
    // The box corners farthest along the plane's normal and against it.
    const glm::dvec3 far(p.x >= 0.0 ? box.max.x : box.min.x, p.y >= 0.0 ? box.max.y : box.min.y,
                         p.z >= 0.0 ? box.max.z : box.min.z);
    if (p.x * far.x + p.y * far.y + p.z * far.z + p.w < 0.0) return Frustum::Outside;
    const glm::dvec3 near(p.x >= 0.0 ? box.min.x : box.max.x, p.y >= 0.0 ? box.min.y : box.max.y,
                          p.z >= 0.0 ? box.min.z : box.max.z);
    if (p.x * near.x + p.y * near.y + p.z * near.z + p.w < 0.0) result = Frustum::Crossing;
  }
  return result;
}

/// Display-frame distance from `eye` to the nav box scaled by `e` in y.
double box_distance(const LodBox& box, const glm::dvec3& eye, double e) {
  const glm::dvec3 lo(box.min.x, box.min.y * e, box.min.z);
  const glm::dvec3 hi(box.max.x, box.max.y * e, box.max.z);
  return glm::length(glm::clamp(eye, lo, hi) - eye);
}

}  // namespace

double error_distance(double scaled_error, double eye_above) {
  const double a = scaled_error;
  if (eye_above <= 0.0) return a;
  // a sqrt(1 - h^2 / d^2) <= d  <=>  d^4 - a^2 d^2 + a^2 h^2 >= 0: always when
  // a <= 2h, else beyond the larger root (where the ratio decreases with d).
  const double h = eye_above;
  if (a <= 2.0 * h) return 0.0;
  return std::sqrt((a * a + std::sqrt(a * a * a * a - 4.0 * a * a * h * h)) / 2.0);
}

double grid_deviation(const nav::Heightmap& heightmap, int stride, int x, int z) {
  const int w = heightmap.width();
  const int d = heightmap.depth();
  int gx = x / stride * stride;
  int gz = z / stride * stride;
  if (gx == w - 1 && gx > 0) gx -= stride;  // the last column belongs to the cell before
  if (gz == d - 1 && gz > 0) gz -= stride;
  const int cx = std::min(gx + stride, w - 1);
  const int cz = std::min(gz + stride, d - 1);
  const double fx = static_cast<double>(x - gx) / (cx - gx);
  const double fz = static_cast<double>(z - gz) / (cz - gz);
  const double coarse = surface_on_grid(heightmap.at(gx, gz), heightmap.at(cx, gz),
                                        heightmap.at(gx, cz), heightmap.at(cx, cz), fx, fz);
  return std::abs(heightmap.at(x, z) - coarse);
}

namespace {

/// The largest grid_deviation(heightmap, stride, x, z) over samples
/// [x0, x1] x [z0, z1], x0 and z0 on the grid, x1 and z1 on it or on the
/// map's last column and row: cell by cell, each sample taken once (those
/// on a cell's border with the cell after it, which gives the same value),
/// without grid_deviation's divisions. O(samples).
double grid_error(const nav::Heightmap& heightmap, int stride, int x0, int z0, int x1, int z1) {
  const std::span<const float> h = heightmap.heights();
  const auto row = [&](int z) {
    return h.data() + static_cast<std::size_t>(z) * static_cast<std::size_t>(heightmap.width());
  };
  double largest = 0.0;
  for (int gz = z0; gz < z1; gz += stride) {
    const int cz = std::min(gz + stride, z1);
    const double inv_dz = 1.0 / (cz - gz);
    const float* r0 = row(gz);
    const float* r1 = row(cz);
    for (int z = gz; z < cz || (z == cz && cz == z1); ++z) {
      const double fz = (z - gz) * inv_dz;
      const float* r = row(z);
      for (int gx = x0; gx < x1; gx += stride) {
        const int cx = std::min(gx + stride, x1);
        const double inv_dx = 1.0 / (cx - gx);
        const double h00 = r0[gx];
        const double h10 = r0[cx];
        const double h01 = r1[gx];
        const double h11 = r1[cx];
        for (int x = gx; x < cx || (x == cx && cx == x1); ++x) {
          const double fx = (x - gx) * inv_dx;
          largest = std::max(largest, std::abs(r[x] - surface_on_grid(h00, h10, h01, h11, fx, fz)));
        }
      }
    }
  }
  return largest;
}

}  // namespace

int default_patch_cells(int width, int depth) {
  constexpr double kMaxNodes = 1 << 18;
  int cells = 4;
  while (std::ceil((width - 1.0) / cells) * std::ceil((depth - 1.0) / cells) > kMaxNodes) {
    cells *= 2;
  }
  return cells;
}

LodQuadtree::LodQuadtree(const nav::Heightmap& heightmap)
    : LodQuadtree(heightmap, default_patch_cells(heightmap.width(), heightmap.depth())) {}

LodQuadtree::LodQuadtree(const nav::Heightmap& heightmap, int patch_cells)
    : patch_cells_(patch_cells),
      width_(heightmap.width()),
      depth_(heightmap.depth()),
      spacing_(heightmap.spacing()) {
  if (patch_cells < 2 || (patch_cells & (patch_cells - 1)) != 0) {
    throw nav::Error("LodQuadtree: patch_cells must be a power of two >= 2, got " +
                     std::to_string(patch_cells));
  }
  const int cells = std::max(width_, depth_) - 1;
  for (int level = 0;; ++level) {
    const int size = patch_cells << level;
    Level l;
    l.nodes_wide = (width_ - 1 + size - 1) / size;
    l.nodes_deep = (depth_ - 1 + size - 1) / size;
    const auto n = static_cast<std::size_t>(l.nodes_wide) * static_cast<std::size_t>(l.nodes_deep);
    l.min_h.assign(n, 0.0f);
    l.max_h.assign(n, 0.0f);
    l.error.assign(n, 0.0f);
    l.next_error.assign(n, 0.0f);
    l.morph_error.assign(n, 0.0);
    levels_.push_back(std::move(l));
    if (size >= cells) break;
  }
  update(heightmap, {0, 0, width_, depth_});
}

void LodQuadtree::compute_node(const nav::Heightmap& heightmap, int level, int nx, int nz) {
  Level& l = levels_[static_cast<std::size_t>(level)];
  const int size = patch_cells_ << level;
  const int x0 = nx * size;
  const int z0 = nz * size;
  const int x1 = std::min(x0 + size, width_ - 1);
  const int z1 = std::min(z0 + size, depth_ - 1);
  const auto k = static_cast<std::size_t>(nz) * static_cast<std::size_t>(l.nodes_wide) +
                 static_cast<std::size_t>(nx);
  // The node's own grid's error is its children's next-grid errors: the
  // same samples against the same grid.
  double error = 0.0;
  float lo = std::numeric_limits<float>::max();
  float hi = std::numeric_limits<float>::lowest();
  if (level > 0) {
    // Extremes and error from the four children where they exist.
    const Level& c = levels_[static_cast<std::size_t>(level - 1)];
    for (int cz = 2 * nz; cz <= 2 * nz + 1 && cz < c.nodes_deep; ++cz) {
      for (int cx = 2 * nx; cx <= 2 * nx + 1 && cx < c.nodes_wide; ++cx) {
        const auto ck = static_cast<std::size_t>(cz) * static_cast<std::size_t>(c.nodes_wide) +
                        static_cast<std::size_t>(cx);
        lo = std::min(lo, c.min_h[ck]);
        hi = std::max(hi, c.max_h[ck]);
        error = std::max(error, static_cast<double>(c.next_error[ck]));
      }
    }
  } else {
    for (int z = z0; z <= z1; ++z) {
      for (int x = x0; x <= x1; ++x) {
        lo = std::min(lo, heightmap.at(x, z));
        hi = std::max(hi, heightmap.at(x, z));
      }
    }
  }
  l.min_h[k] = lo;
  l.max_h[k] = hi;
  // The next level's grid's error over the node: the grid its vertices
  // morph into (the top level never morphs).
  const double next =
      level + 1 < levels() ? grid_error(heightmap, 2 << level, x0, z0, x1, z1) : 0.0;
  l.error[k] = static_cast<float>(error);
  l.next_error[k] = static_cast<float>(next);
  l.morph_error[k] = std::max<double>(l.next_error[k], l.error[k] * kMorphEnd / kMorphStart);
}

void LodQuadtree::update(const nav::Heightmap& heightmap, nav::SampleRect rect) {
  rect.x0 = std::max(rect.x0, 0);
  rect.z0 = std::max(rect.z0, 0);
  rect.x1 = std::min(rect.x1, width_);
  rect.z1 = std::min(rect.z1, depth_);
  if (rect.empty()) return;
  for (int level = 0; level < levels(); ++level) {
    Level& l = levels_[static_cast<std::size_t>(level)];
    const int size = patch_cells_ << level;
    // Nodes span samples [n * size, (n + 1) * size] (a boundary sample
    // belongs to both neighbours) and depend on those samples only.
    const auto first = [&](int s) { return std::max(s / size - 1, 0); };
    const auto last = [&](int s, int n) { return std::min(s / size, n - 1); };
    for (int nz = first(rect.z0); nz <= last(rect.z1 - 1, l.nodes_deep); ++nz) {
      for (int nx = first(rect.x0); nx <= last(rect.x1 - 1, l.nodes_wide); ++nx) {
        compute_node(heightmap, level, nx, nz);
      }
    }
    l.max_error = 0.0;
    for (const float e : l.error) l.max_error = std::max(l.max_error, static_cast<double>(e));
    l.relief = 0.0;
    for (std::size_t n = 0; n < l.min_h.size(); ++n) {
      l.relief = std::max(l.relief, static_cast<double>(l.max_h[n] - l.min_h[n]));
    }
  }
}

double LodQuadtree::level_error(int level) const {
  return levels_.at(static_cast<std::size_t>(level)).max_error;
}

LodBox LodQuadtree::bounds(int level, int x0, int z0) const {
  const Level& l = levels_.at(static_cast<std::size_t>(level));
  const int size = patch_cells_ << level;
  const auto k = static_cast<std::size_t>(z0 / size) * static_cast<std::size_t>(l.nodes_wide) +
                 static_cast<std::size_t>(x0 / size);
  const int x1 = std::min(x0 + size, width_ - 1);
  const int z1 = std::min(z0 + size, depth_ - 1);
  return {{x0 * spacing_, l.min_h[k], z0 * spacing_}, {x1 * spacing_, l.max_h[k], z1 * spacing_}};
}

int LodQuadtree::nodes_wide(int level) const {
  return levels_.at(static_cast<std::size_t>(level)).nodes_wide;
}

int LodQuadtree::nodes_deep(int level) const {
  return levels_.at(static_cast<std::size_t>(level)).nodes_deep;
}

double LodQuadtree::node_error(int level, int x0, int z0) const {
  const Level& l = levels_.at(static_cast<std::size_t>(level));
  const int size = patch_cells_ << level;
  return l.error[static_cast<std::size_t>(z0 / size) * static_cast<std::size_t>(l.nodes_wide) +
                 static_cast<std::size_t>(x0 / size)];
}

namespace {

/// error_scale's terms for one view, applied to many boxes.
class ErrorScale {
 public:
  ErrorScale(const OrbitCamera& camera, Viewport viewport, double max_error_px)
      : aspect_(static_cast<double>(std::max(viewport.width, 1)) / std::max(viewport.height, 1)),
        tan_half_(std::tan(camera.fov_y / 2.0)),
        numerator_(camera.vertical_exaggeration * std::max(viewport.height, 1) /
                   (2.0 * tan_half_ * max_error_px)) {}

  /// For a box whose 8 corners project to `clip` (corner c at x = c & 1,
  /// y = c & 2, z = c & 4 of min, max); reach (1, 1) unless all are in front.
  double of(const std::array<glm::dvec4, 8>& clip) const {
    // At an angle t off the axis a displacement across the line of sight at
    // distance d moves the image by up to f / (d cos^2 t) (depth d cos t, and
    // the radial stretch 1 / cos t); t is at most the half diagonal, or the
    // farthest corner of the box's screen rectangle within the viewport.
    glm::dvec2 lo(1.0);
    glm::dvec2 hi(-1.0);
    for (const glm::dvec4& p : clip) {
      if (!(p.w > 0.0)) return at({1.0, 1.0});
      lo = glm::min(lo, glm::dvec2(p) / p.w);
      hi = glm::max(hi, glm::dvec2(p) / p.w);
    }
    return at(glm::max(glm::abs(glm::clamp(lo, -1.0, 1.0)), glm::abs(glm::clamp(hi, -1.0, 1.0))));
  }

  /// With the farthest screen point at NDC `reach`.
  double at(glm::dvec2 reach) const {
    const double tan_x = reach.x * tan_half_ * aspect_;
    const double tan_y = reach.y * tan_half_;
    return numerator_ * (1.0 + tan_x * tan_x + tan_y * tan_y);
  }

 private:
  double aspect_;
  double tan_half_;
  double numerator_;
};

}  // namespace

double LodQuadtree::error_scale(const OrbitCamera& camera, Viewport viewport, double max_error_px,
                                const LodBox* box) {
  const ErrorScale scale(camera, viewport, max_error_px);
  if (box == nullptr) return scale.at({1.0, 1.0});
  const glm::dmat4 to_clip = nav_to_clip(camera, viewport);
  std::array<glm::dvec4, 8> clip;
  for (int c = 0; c < 8; ++c) {
    clip[static_cast<std::size_t>(c)] =
        to_clip * glm::dvec4((c & 1) ? box->max.x : box->min.x, (c & 2) ? box->max.y : box->min.y,
                             (c & 4) ? box->max.z : box->min.z, 1.0);
  }
  return scale.of(clip);
}

LodMorphField LodQuadtree::morph_field(const OrbitCamera& camera, Viewport viewport,
                                       double max_error_px) const {
  const double e = camera.vertical_exaggeration;
  const glm::dvec3 eye = eye_position(camera);
  const glm::dmat4 to_clip = nav_to_clip(camera, viewport);
  const ErrorScale scale(camera, viewport, max_error_px);
  const double worst = scale.at({1.0, 1.0});  // K of any box
  const int top = levels() - 1;
  LodMorphField field;
  // Level L's values sit at the corners of its own nodes.
  field.width = nodes_wide(0) + 1;
  for (int level = 0; level <= top; ++level) {
    field.first_row.push_back(field.height);
    field.height += nodes_deep(level) + 1;
  }
  field.values.assign(
      static_cast<std::size_t>(field.width) * static_cast<std::size_t>(field.height), kFar);
  const auto at = [&](int level, int i, int j) -> float& {
    return field
        .values[static_cast<std::size_t>(field.first_row[static_cast<std::size_t>(level)] + j) *
                    static_cast<std::size_t>(field.width) +
                static_cast<std::size_t>(i)];
  };
  std::vector<double> ranges_before;  // node ranges of the rows before and after
  std::vector<double> ranges_after;   // a row of corners
  std::vector<float> row_max;         // the finer field's largest within a row window
  std::vector<float> finer_max;       // and within the window across rows
  for (int level = 0; level < top; ++level) {
    const Level& own = levels_[static_cast<std::size_t>(level)];
    const int size = patch_cells_ << level;
    const double size_m = size * spacing_;
    const double diagonal = std::sqrt(2.0 * size_m * size_m + own.relief * own.relief * e * e);
    // Error: where each node's next-level grid, and every blend of it with
    // the node's own grid, is within the bound. In the morph window a
    // vertex's height is (1 - k) fine + k coarse (terrain_lod.vert), k
    // linear in the distance from 0 at kMorphStart F to 1 at kMorphEnd F:
    // an error (1 - k) e_fine + k e_coarse, within the bound at both ends,
    // hence throughout, when e_coarse projects to a pixel at kMorphEnd F and
    // e_fine at kMorphStart F (both bounded by the across share at the
    // window's end, where it is largest): the node's morph_error. The
    // next level's cells over a node lie within it, so its own errors say
    // all.
    const int cw = own.nodes_wide + 1;
    const auto corner = [cw](int i, int j) {
      return static_cast<std::size_t>(j) * static_cast<std::size_t>(cw) +
             static_cast<std::size_t>(i);
    };
    // A box corner's clip position: its (x, z) at height 0 plus the height
    // along the matrix's y column; computed only for nodes not skipped below.
    const auto ground = [&](int i, int j) {
      return to_clip * glm::dvec4(std::min(i * size, width_ - 1) * spacing_, 0.0,
                                  std::min(j * size, depth_ - 1) * spacing_, 1.0);
    };
    const glm::dvec4 up = to_clip[1];
    // Node row nz's ranges, padded by a zero at each end (no range is below
    // 0): corner (i, j) touches nodes i - 1 and i of rows j - 1 and j,
    // padded entries i and i + 1 of the two rows.
    const auto node_ranges = [&](int nz, double* ranges) {
      std::fill_n(ranges, own.nodes_wide + 2, 0.0);
      if (nz < 0 || nz >= own.nodes_deep) return;
      ++ranges;
      for (int nx = 0; nx < own.nodes_wide; ++nx) {
        const auto n = static_cast<std::size_t>(nz) * static_cast<std::size_t>(own.nodes_wide) +
                       static_cast<std::size_t>(nx);
        // error_distance is 0 below twice the eye's height: most nodes seen
        // from above pass at the viewport's worst K, with no projection.
        const double above = eye.y - own.max_h[n] * e;
        if (above > 0.0 && worst * own.morph_error[n] <= 2.0 * above) continue;
        const std::array<glm::dvec4, 4> base = {ground(nx, nz), ground(nx + 1, nz),
                                                ground(nx, nz + 1), ground(nx + 1, nz + 1)};
        std::array<glm::dvec4, 8> clip;
        for (int c = 0; c < 8; ++c) {
          clip[static_cast<std::size_t>(c)] =
              base[static_cast<std::size_t>((c & 1) | ((c >> 1) & 2))] +
              up * static_cast<double>((c & 2) ? own.max_h[n] : own.min_h[n]);
        }
        ranges[nx] = error_distance(scale.of(clip) * own.morph_error[n], above) / kMorphEnd;
      }
    };
    const auto pw = static_cast<std::size_t>(own.nodes_wide + 2);
    ranges_before.resize(pw);
    ranges_after.resize(pw);
    node_ranges(-1, ranges_before.data());  // zeros
    // Nesting: the finer field at the corners of any level-L node that
    // touches corner (i, j): level-(L-1) corners 2i - 2 .. 2i + 2, and as
    // much in z. The window's largest along rows first, then across them.
    const int finer_wide = level > 0 ? nodes_wide(level - 1) : 0;
    const int finer_deep = level > 0 ? nodes_deep(level - 1) : 0;
    const auto window = [](int centre, int last) {
      return std::pair{std::max(centre - 2, 0), std::min(centre + 2, last)};
    };
    if (level > 0) {
      row_max.resize(corner(0, finer_deep + 1));
      for (int b = 0; b <= finer_deep; ++b) {
        const float* finer = &at(level - 1, 0, b);
        float* out = row_max.data() + corner(0, b);
        // Clamped at the ends (a repeated value leaves a maximum as it is);
        // a tree of maxima, for short dependency chains.
        const auto f = [&](int a) { return finer[std::clamp(a, 0, finer_wide)]; };
        for (int i = 0; i < cw; ++i) {
          const int c = 2 * i;
          out[i] =
              std::max(std::max(std::max(f(c - 2), f(c - 1)), std::max(f(c), f(c + 1))), f(c + 2));
        }
      }
    }
    finer_max.resize(static_cast<std::size_t>(cw));
    for (int j = 0; j <= own.nodes_deep; ++j) {
      node_ranges(j, ranges_after.data());
      const double* r0 = ranges_before.data();
      const double* r1 = ranges_after.data();
      float* out = &at(level, 0, j);
      if (level > 0) {
        const auto [b0, b1] = window(2 * j, finer_deep);
        std::copy_n(row_max.data() + corner(0, b0), cw, finer_max.data());
        for (int b = b0 + 1; b <= b1; ++b) {
          const float* row = row_max.data() + corner(0, b);
          for (int i = 0; i < cw; ++i) {
            finer_max[static_cast<std::size_t>(i)] =
                std::max(finer_max[static_cast<std::size_t>(i)], row[i]);
          }
        }
      }
      for (int i = 0; i < cw; ++i) {
        // Error: the next grid of every node at this corner.
        double range = std::max(std::max(r0[i], r0[i + 1]), std::max(r1[i], r1[i + 1]));
        if (level > 0) {
          range = std::max(
              range, 1.05 *
                         (static_cast<double>(finer_max[static_cast<std::size_t>(i)]) + diagonal) /
                         kMorphStart);
        }
        out[i] = static_cast<float>(range);
      }
      ranges_before.swap(ranges_after);
    }
  }
  return field;
}

std::array<float, 4> LodQuadtree::corner_ranges(const LodMorphField& field,
                                                const LodPiece& piece) const {
  if (piece.level >= levels() - 1) return {kFar, kFar, kFar, kFar};
  // The piece is a node: its corners are the field's.
  const auto width = static_cast<std::size_t>(field.width);
  const float* v = field.values.data() +
                   static_cast<std::size_t>(field.first_row[static_cast<std::size_t>(piece.level)] +
                                            piece.z0 / piece.size) *
                       width +
                   static_cast<std::size_t>(piece.x0 / piece.size);
  return {v[0], v[1], v[width], v[width + 1]};
}

double LodQuadtree::morph_range(const LodMorphField& field, int level, double sx, double sz) const {
  const int top = levels() - 1;
  if (level >= top) return kFar;
  const double size = patch_cells_ << level;
  const int nw = nodes_wide(level);
  const int nd = nodes_deep(level);
  const int i = std::clamp(static_cast<int>(std::floor(sx / size)), 0, nw - 1);
  const int j = std::clamp(static_cast<int>(std::floor(sz / size)), 0, nd - 1);
  const double fx = std::clamp(sx / size - i, 0.0, 1.0);
  const double fz = std::clamp(sz / size - j, 0.0, 1.0);
  const auto v = [&](int a, int b) {
    return static_cast<double>(
        field
            .values[static_cast<std::size_t>(field.first_row[static_cast<std::size_t>(level)] + b) *
                        static_cast<std::size_t>(field.width) +
                    static_cast<std::size_t>(a)]);
  };
  const double bottom = v(i, j) * (1.0 - fx) + v(i + 1, j) * fx;
  const double upper = v(i, j + 1) * (1.0 - fx) + v(i + 1, j + 1) * fx;
  return bottom * (1.0 - fz) + upper * fz;
}

LodSelection LodQuadtree::select(const OrbitCamera& camera, Viewport viewport,
                                 double max_error_px) const {
  LodSelection out;
  out.field = morph_field(camera, viewport, max_error_px);
  const double e = camera.vertical_exaggeration;
  const glm::dvec3 eye = eye_position(camera);
  const auto planes = frustum_planes(nav_to_clip(camera, viewport));
  // Largest F_{level-1} over the node: at its children's 3 x 3 corners
  // (fewer on the map's far edges), since it is bilinear within each child.
  const auto split_range = [&](int level, int nx, int nz) {
    const auto width = static_cast<std::size_t>(out.field.width);
    const int last_i = nodes_wide(level - 1);
    const int last_j = nodes_deep(level - 1);
    const float* rows =
        out.field.values.data() +
        static_cast<std::size_t>(out.field.first_row[static_cast<std::size_t>(level - 1)]) * width;
    float range = 0.0f;
    for (int j = 2 * nz; j <= std::min(2 * nz + 2, last_j); ++j) {
      const float* row = rows + static_cast<std::size_t>(j) * width;
      for (int i = 2 * nx; i <= std::min(2 * nx + 2, last_i); ++i) {
        range = std::max(range, row[i]);
      }
    }
    return static_cast<double>(range);
  };
  const auto visit = [&](const auto& self, int level, int nx, int nz, bool inside) -> void {
    const Level& l = levels_[static_cast<std::size_t>(level)];
    if (nx >= l.nodes_wide || nz >= l.nodes_deep) return;  // beyond the map: nothing
    const int size = patch_cells_ << level;
    const int x0 = nx * size;
    const int z0 = nz * size;
    const auto k = static_cast<std::size_t>(nz) * static_cast<std::size_t>(l.nodes_wide) +
                   static_cast<std::size_t>(nx);
    const LodBox box{{x0 * spacing_, l.min_h[k], z0 * spacing_},
                     {std::min(x0 + size, width_ - 1) * spacing_, l.max_h[k],
                      std::min(z0 + size, depth_ - 1) * spacing_}};
    if (!inside) {
      // A child's box lies within its parent's: inside stays inside.
      const Frustum where = frustum_test(planes, box);
      if (where == Frustum::Outside) {
        out.culled.push_back({x0, z0, size, level});
        return;
      }
      inside = where == Frustum::Inside;
    }
    if (level == 0 || box_distance(box, eye, e) >= split_range(level, nx, nz)) {
      out.pieces.push_back({x0, z0, size, level});
      out.triangles += 2 * static_cast<std::int64_t>(patch_cells_) * patch_cells_;
      return;
    }
    // Nearest child first, the far one last: pieces come out front to back,
    // so the depth test spares the fragment shading of hidden ground.
    const int half = size / 2;
    const int near =
        (eye.x >= (x0 + half) * spacing_ ? 1 : 0) | (eye.z >= (z0 + half) * spacing_ ? 2 : 0);
    for (int q = 0; q < 4; ++q) {
      const int child = q ^ near;
      self(self, level - 1, 2 * nx + child % 2, 2 * nz + child / 2, inside);
    }
  };
  visit(visit, levels() - 1, 0, 0, false);
  return out;
}

}  // namespace terranav::engine
