// The terrain's colours as an RGBA8 texture, one texel per heightmap sample
// (terrain_shade), filtered bilinearly by terrain.frag: one cheap fetch per
// fragment where shading there took two float fetches and the light's
// arithmetic (on llvmpipe about a third of a frame's time).
#pragma once

#include <optional>

#include "terranav/engine/gl/gl_object.hpp"
#include "terranav/engine/render/terrain_shading.hpp"
#include "terranav/nav/heightmap.hpp"

namespace terranav::engine {

class TerrainColour {
 public:
  /// An empty texture; needs a current GL 3.3 core context.
  TerrainColour();

  /// Shades the whole heightmap when `shading` or the map's size differ
  /// from the last shading, or after invalidate() (O(W * D), about 10 ns a
  /// sample), else nothing. Throws nav::Error when W or D exceeds
  /// GL_MAX_TEXTURE_SIZE (16384 on llvmpipe).
  void set_shading(const nav::Heightmap& heightmap, const TerrainShading& shading);
  /// The next set_shading shades the whole heightmap (after edits anywhere). O(1).
  void invalidate() noexcept { stale_ = true; }
  /// After heightmap.set_heights(rect): shades `rect` and the ring of
  /// samples around it (whose slopes it changes). O(rect).
  void shade(const nav::Heightmap& heightmap, nav::SampleRect rect);

  const Texture& texture() const noexcept { return texture_; }

 private:
  Texture texture_;
  TerrainShading shading_;
  int width_ = 0;
  int depth_ = 0;
  bool stale_ = true;
};

}  // namespace terranav::engine
