// Terrain level of detail, GL-free: a quadtree over the heightmap and the
// per-frame choice of which nodes to draw at which level, in the style of
// CDLOD (F. Strugar, "Continuous Distance-Dependent Level of Detail for
// Rendering Heightmaps", Journal of Graphics, GPU, and Game Tools 14(4), 2009).
//
// Level L draws a regular grid of `patch_cells` x `patch_cells` cells with a
// stride of 2^L samples, triangulated like nav::Heightmap (diagonal from
// (x, z) to (x+1, z+1)), its vertices at true sample heights. A level-L node
// covers (patch_cells << L) samples per side; level 0 is the full-resolution
// surface. As in CDLOD, a vertex of a level-L piece slides onto the
// level-(L+1) grid (vertex morphing) as its distance from the eye goes from
// kMorphStart to kMorphEnd of a morph range, so levels meet without cracks and change
// without pops. Unlike CDLOD's one range per level, the range is a field
// over the map: F_L, given at the corners of the level-L nodes and
// interpolated bilinearly, made from each node's own geometric errors (so
// smooth ground coarsens sooner than rough ground) and widened until the
// nesting conditions hold (neighbours at most one level apart; a piece's
// edge fully morphed where it meets a coarser one, unmorphed where it meets
// a finer one).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/view/camera.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::engine {

/// One node to draw: samples [x0, x0 + size] x [z0, z0 + size] (clamped to
/// the map when drawn) with a grid stride of 2^level samples: size / 2^level
/// = patch_cells cells per side.
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

/// The morph ranges F_L of one frame, display metres from the eye, stacked
/// by rows: level L's (nodes_wide(L) + 1) x (nodes_deep(L) + 1) corner
/// values start at row first_row[L]; the top level's are huge (it never
/// morphs).
struct LodMorphField {
  int width = 0;
  int height = 0;
  std::vector<int> first_row;
  std::vector<float> values;  ///< width * height, row-major
};

/// The outcome of one selection.
struct LodSelection {
  /// To draw; disjoint, together the visible map, roughly front to back
  /// (children visited nearest the eye first).
  std::vector<LodPiece> pieces;
  std::vector<LodPiece> culled;  ///< tested and outside the view frustum
  LodMorphField field;
  /// Triangles the pieces draw (2 per cell, degenerate ones counted).
  std::int64_t triangles = 0;
};

/// A level-L vertex morphs into the level-(L+1) grid as its display
/// distance from the eye goes from kMorphStart to kMorphEnd x F_L
/// (terrain_lod.vert gets them as uniforms). The window is short since the
/// error stays within the bound all through it (morph_field), so a faster
/// morph moves the image by no more than a pixel, and the nesting widens
/// each level's range by 1 / kMorphStart. [Units: share of F_L]
inline constexpr double kMorphStart = 0.9;
inline constexpr double kMorphEnd = 0.97;

/// Cells per patch side unless given: the smallest power of two >= 4 that
/// leaves at most 2^18 level-0 nodes. On llvmpipe 4 draws 30% fewer
/// triangles than 8 (the default DEM's frame: 12% less CPU), and 8 ~20%
/// fewer than 16; but the morph field costs O(nodes) a frame, which on a
/// GPU is most of the frame on huge maps (docs/terrain-lod.md). O(1).
int default_patch_cells(int width, int depth);

/// The quadtree: per node its height extremes (AABB) and the geometric
/// errors of drawing it at its level and at the next. Memory O(W * D /
/// patch_cells^2).
class LodQuadtree {
 public:
  /// patch_cells: a power of two >= 2. Builds extremes and errors:
  /// O(W * D * levels).
  explicit LodQuadtree(const nav::Heightmap& heightmap, int patch_cells);
  /// With default_patch_cells(W, D).
  explicit LodQuadtree(const nav::Heightmap& heightmap);

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

  /// Nodes of `level` across and down the map.
  int nodes_wide(int level) const;
  int nodes_deep(int level) const;
  /// Largest vertical distance, nav metres, between the full-resolution
  /// surface and the node's level-L grid surface (0 for L = 0).
  double node_error(int level, int x0, int z0) const;
  /// Pixels per nav metre of height error at display distance 1 for this
  /// view: exaggeration x height / (2 tan(fov_y / 2) cos^2(t) max_error_px),
  /// t the largest angle off the view axis: at the viewport's corners, or
  /// with `box` (nav metres, wholly in front of the eye) at the farthest
  /// corner of its screen rectangle clipped to the viewport. O(1).
  static double error_scale(const OrbitCamera& camera, Viewport viewport, double max_error_px,
                            const LodBox* box = nullptr);

  /// The morph ranges for this view: F_L(c) >= error_distance(K * max(the
  /// level-(L+1) grid's error over the node, kMorphEnd / kMorphStart x the
  /// node's own error), eye height above the node's top) / kMorphEnd for
  /// each level-L node at corner c (K = error_scale for the node's box), so
  /// the next grid, and each blend of it with the node's own in the morph
  /// window, shows only where its error projects to <= max_error_px; then
  /// widened to 1.05 x (the largest F_{L-1} at the corners of the level-L
  /// nodes at c + a level-L node's diagonal) / kMorphStart. O(nodes),
  /// mostly the level-0 nodes (most skip the projection when seen from
  /// above).
  LodMorphField morph_field(const OrbitCamera& camera, Viewport viewport,
                            double max_error_px = 1.0) const;
  /// F_level at sample coordinates (sx, sz), bilinear within the level-L
  /// node containing it (the last one on the far edges); what the vertex
  /// shader computes. O(1).
  double morph_range(const LodMorphField& field, int level, double sx, double sz) const;
  /// morph_range at the piece's corners (x0, z0), (x1, z0), (x0, z1),
  /// (x1, z1), x1 = x0 + size, as floats for the vertex shader: the field's
  /// values at its node's corners. O(1).
  std::array<float, 4> corner_ranges(const LodMorphField& field, const LodPiece& piece) const;

  /// Chooses the pieces for `camera` at `viewport`, CDLOD's LODSelect with
  /// the field: from the root, a node is culled when its box is outside the
  /// frustum, drawn when it is at level 0 or its box is at least the largest
  /// F_{L-1} over it (at its children's corners) from the eye, else split
  /// into its children; below a node wholly inside the frustum no box is
  /// tested. O(nodes) for the field + O(nodes visited): 0.9 ms on the
  /// default DEM from the default camera (bench/engine_bench.cpp
  /// BM_LodSelect).
  LodSelection select(const OrbitCamera& camera, Viewport viewport,
                      double max_error_px = 1.0) const;

 private:
  struct Level {
    int nodes_wide = 0;
    int nodes_deep = 0;
    std::vector<float> min_h;  ///< per node, row-major
    std::vector<float> max_h;
    std::vector<float> error;       ///< per node, nav metres
    std::vector<float> next_error;  ///< the level-(L+1) grid's over the node
    /// Per node: max(the level-(L+1) grid's error over the node,
    /// kMorphEnd / kMorphStart x error), the error its morph range bounds
    /// (the top level's: its own error only; it never morphs).
    std::vector<double> morph_error;
    double max_error = 0.0;
    double relief = 0.0;  ///< largest max_h - min_h of a node, nav metres
  };
  void compute_node(const nav::Heightmap& heightmap, int level, int nx, int nz);

  int patch_cells_;
  int width_;
  int depth_;
  double spacing_;
  std::vector<Level> levels_;
};

/// Smallest display distance d beyond which a vertical error of
/// `scaled_error` / K nav metres projects to at most one K-scaled pixel when
/// the eye is `eye_above` display metres above the point: only the part of a
/// vertical error across the line of sight shows, a sqrt(1 - h^2 / d^2)
/// share, so the condition is scaled_error x sqrt(1 - h^2 / d^2) <= d for
/// every farther d. scaled_error when the eye is not above. O(1).
double error_distance(double scaled_error, double eye_above);

/// Deviation, nav metres, of the full-resolution surface at sample (x, z)
/// from the grid surface of stride `stride` samples (same diagonal split),
/// sampled heights at the grid's vertices; grid vertices beyond the map are
/// clamped to its last row or column. O(1).
double grid_deviation(const nav::Heightmap& heightmap, int stride, int x, int z);

}  // namespace terranav::engine
