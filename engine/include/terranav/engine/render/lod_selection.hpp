// Terrain level of detail, GL-free: a quadtree over the heightmap and the
// per-frame choice of which nodes to draw at which level, in the style of
// CDLOD (F. Strugar, "Continuous Distance-Dependent Level of Detail for
// Rendering Heightmaps", Journal of Graphics, GPU, and Game Tools 14(4), 2009).
//
// Level L draws a regular grid of `patch_cells` x `patch_cells` cells with a
// stride of 2^L samples, triangulated like nav::Heightmap (diagonal from
// (x, z) to (x+1, z+1)), its vertices at true sample heights. A level-L node
// covers (patch_cells << L) samples per side; level 0 is the full-resolution
// surface. Each level has a distance range (display metres from the eye):
// level L is drawn up to range(L), and in the last part of that range,
// [morph_start(L), range(L)], its odd vertices slide onto the level-(L+1)
// grid (vertex morphing), so levels meet without cracks and change without
// pops. The ranges follow from a per-level geometric error bound so the
// projected height error stays within `max_error_px` pixels.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/view/camera.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::engine {

/// One piece of terrain to draw: samples [x0, x0 + size] x [z0, z0 + size]
/// (clamped to the map when drawn) with a grid stride of 2^level samples, so
/// size / 2^level cells per side: patch_cells for a whole node, patch_cells/2
/// for a quarter of one (the part of a node whose child is beyond its range).
struct LodPiece {
  int x0 = 0;     ///< first sample column
  int z0 = 0;     ///< first sample row
  int size = 0;   ///< samples per side (a power of two times the cells)
  int level = 0;  ///< 0 = full resolution
  friend bool operator==(const LodPiece&, const LodPiece&) = default;
};

/// Axis-aligned box in nav metres (y = nav height, not exaggerated).
struct LodBox {
  glm::dvec3 min{0.0};
  glm::dvec3 max{0.0};
};

/// The outcome of one selection.
struct LodSelection {
  std::vector<LodPiece> pieces;  ///< to draw; disjoint, together the visible map
  std::vector<LodPiece> culled;  ///< tested and outside the view frustum
  /// Per level, display metres from the eye: morphing towards level L+1
  /// starts at morph_start[L] and is complete at morph_end[L] (<= range).
  /// The top level never morphs (both huge).
  std::vector<double> morph_start;
  std::vector<double> morph_end;
  std::vector<double> range;  ///< level L is used up to range[L]
  /// Triangles the pieces draw (2 per cell, degenerate ones counted).
  std::int64_t triangles = 0;
};

/// The quadtree: per node its height extremes (AABB) and the geometric error
/// of drawing it at its level. Memory O(W * D / patch_cells^2).
class LodQuadtree {
 public:
  /// patch_cells: a power of two >= 2. Builds extremes and errors:
  /// O(W * D * levels).
  explicit LodQuadtree(const nav::Heightmap& heightmap, int patch_cells = 32);

  /// After heightmap.set_heights(rect): recomputes the nodes that contain a
  /// changed sample. O(area of those nodes, summed over levels).
  void update(const nav::Heightmap& heightmap, nav::SampleRect rect);

  int patch_cells() const noexcept { return patch_cells_; }
  /// Levels 0..levels()-1; the top one has a single node over the map.
  int levels() const noexcept { return static_cast<int>(levels_.size()); }
  /// Largest vertical distance, nav metres, between the full-resolution
  /// surface and the level-L grid surface anywhere on the map (0 for L = 0).
  /// Exact: the level-L triangulation is refined by the level-0 one, so the
  /// difference peaks at samples.
  double level_error(int level) const;
  /// Nav-metre box of the node at `level` whose first sample is (x0, z0).
  LodBox bounds(int level, int x0, int z0) const;

  /// Chooses the pieces for `camera` at `viewport`: a node at level L is
  /// split while its box comes within range[L-1] of the eye; nodes whose box
  /// is outside the frustum are culled. range[L] >= K * level_error(L+1)
  /// / 0.8 with K = exaggeration * viewport.height / (2 tan(fov_y / 2) *
  /// cos(half diagonal fov) * max_error_px), so a height error projects to at
  /// most max_error_px pixels; ranges also grow fast enough that neighbouring
  /// pieces differ by at most one level. O(pieces * levels).
  LodSelection select(const OrbitCamera& camera, Viewport viewport,
                      double max_error_px = 1.0) const;

 private:
  struct Level {
    int nodes_wide = 0;
    int nodes_deep = 0;
    std::vector<float> min_h;  ///< per node, row-major
    std::vector<float> max_h;
    std::vector<float> error;  ///< per node, nav metres
    double max_error = 0.0;
  };
  void compute_node(const nav::Heightmap& heightmap, int level, int nx, int nz);

  int patch_cells_;
  int width_;
  int depth_;
  double spacing_;
  std::vector<Level> levels_;
};

/// Deviation, nav metres, of the full-resolution surface at sample (x, z)
/// from the grid surface of stride `stride` samples (same diagonal split),
/// sampled heights at the grid's vertices; grid vertices beyond the map are
/// clamped to its last row or column. O(1).
double grid_deviation(const nav::Heightmap& heightmap, int stride, int x, int z);

}  // namespace terranav::engine
