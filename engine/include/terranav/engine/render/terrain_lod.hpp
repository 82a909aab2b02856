// The GL side of the terrain's level of detail (CDLOD, F. Strugar 2009, see
// lod_selection.hpp): one grid patch instanced per selected piece, heights
// read in the vertex shader from a full-resolution height texture (colour
// from TerrainColour's), so GPU memory is the heightmap (4 bytes per sample,
// 4 more for the colours) plus one small patch whatever the map's size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "terranav/engine/gl/gl_object.hpp"
#include "terranav/engine/gl/shader_program.hpp"
#include "terranav/engine/render/lod_node_mask.hpp"
#include "terranav/engine/render/lod_selection.hpp"
#include "terranav/engine/view/camera.hpp"
#include "terranav/nav/heightmap.hpp"

namespace terranav::engine {

class TerrainLod {
 public:
  /// Uploads the heights as an R32F texture (W x D texels, nav metres; the
  /// vertex shader reads exact texels), and a patch of patch_cells^2 cells (a
  /// power of two >= 2; default_patch_cells unless given), and builds the quadtree. O(W * D *
  /// levels). Needs a current GL 3.3 core context. Throws nav::Error when W or D exceeds
  /// GL_MAX_TEXTURE_SIZE (16384 on llvmpipe).
  explicit TerrainLod(const nav::Heightmap& heightmap, std::optional<int> patch_cells = {});

  /// After heightmap.set_heights(rect): re-uploads only the texels `rect`
  /// changes and updates the quadtree's nodes over it.
  /// O(rect + nodes touched).
  void update(const nav::Heightmap& heightmap, nav::SampleRect rect);

  /// Selects the pieces for `camera` and draws them: those `mask` marks
  /// (under a tinted tile) with `tinted`, the others with `plain`; both
  /// built from shaders/terrain_lod.vert with their camera-independent
  /// uniforms set. Sets on each u_eye, u_exaggeration, u_heights (texture
  /// unit `height_unit`), u_patch_cells, u_top_level, u_spacing, u_samples,
  /// and per piece its morph ranges at its corners; leaves the last one
  /// used in use. Draws front faces only (a heightmap seen from above hides
  /// its back faces). Returns the selection (pieces, triangles drawn).
  /// O(pieces).
  LodSelection draw(const ShaderProgram& plain, const ShaderProgram& tinted,
                    const LodNodeMask& mask, const OrbitCamera& camera, Viewport viewport,
                    int height_unit, double max_error_px = 1.0) const;

  const LodQuadtree& quadtree() const noexcept { return quadtree_; }

 private:
  LodQuadtree quadtree_;
  int width_;
  int depth_;
  double spacing_;
  Texture heights_;
  VertexArray vao_;
  Buffer grid_;
  Buffer indices_;
  Buffer instances_;
  GLsizei index_count_ = 0;
  std::size_t pieces_per_flush_;  // every piece in one draw on a GPU
};

}  // namespace terranav::engine
