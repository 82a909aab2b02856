#include "terranav/engine/render/terrain_colour.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "terranav/engine/gl/texture_limit.hpp"

namespace terranav::engine {

TerrainColour::TerrainColour() : texture_(make_texture()) {}

void TerrainColour::set_shading(const nav::Heightmap& heightmap, const TerrainShading& shading) {
  if (!stale_ && shading == shading_ && width_ == heightmap.width() &&
      depth_ == heightmap.depth()) {
    return;
  }
  if (width_ != heightmap.width() || depth_ != heightmap.depth()) {
    require_texture_size("terrain colours", heightmap.width(), heightmap.depth());
    width_ = heightmap.width();
    depth_ = heightmap.depth();
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width_, depth_, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
  }
  shading_ = shading;
  stale_ = false;
  shade(heightmap, {0, 0, width_, depth_});
}

void TerrainColour::shade(const nav::Heightmap& heightmap, nav::SampleRect rect) {
  rect = {std::max(rect.x0 - 1, 0), std::max(rect.z0 - 1, 0), std::min(rect.x1 + 1, width_),
          std::min(rect.z1 + 1, depth_)};
  if (rect.empty()) return;
  // Bands keep the staging memory small on huge maps.
  constexpr int kBandRows = 64;
  glBindTexture(GL_TEXTURE_2D, texture_.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  std::vector<std::uint8_t> band;
  for (int z0 = rect.z0; z0 < rect.z1; z0 += kBandRows) {
    const int z1 = std::min(z0 + kBandRows, rect.z1);
    band.clear();
    shade_samples(heightmap, shading_, {rect.x0, z0, rect.x1, z1}, band);
    glTexSubImage2D(GL_TEXTURE_2D, 0, rect.x0, z0, rect.x1 - rect.x0, z1 - z0, GL_RGBA,
                    GL_UNSIGNED_BYTE, band.data());
  }
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace terranav::engine
