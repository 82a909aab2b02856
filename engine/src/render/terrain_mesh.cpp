#include "terranav/engine/render/terrain_mesh.hpp"

#include <algorithm>

namespace terranav::engine {

glm::vec2 sample_gradient(const nav::Heightmap& heightmap, int x, int z) {
  const int x0 = std::max(x - 1, 0);
  const int x1 = std::min(x + 1, heightmap.width() - 1);
  const int z0 = std::max(z - 1, 0);
  const int z1 = std::min(z + 1, heightmap.depth() - 1);
  const auto s = static_cast<float>(heightmap.spacing());
  return {(heightmap.at(x1, z) - heightmap.at(x0, z)) / (static_cast<float>(x1 - x0) * s),
          (heightmap.at(x, z1) - heightmap.at(x, z0)) / (static_cast<float>(z1 - z0) * s)};
}

std::vector<glm::vec3> terrain_vertices(const nav::Heightmap& heightmap, int z0, int z1) {
  const int w = heightmap.width();
  z0 = std::max(z0, 0);
  z1 = std::min(z1, heightmap.depth());
  const auto s = static_cast<float>(heightmap.spacing());
  std::vector<glm::vec3> vertices;
  vertices.reserve(static_cast<std::size_t>(w) * static_cast<std::size_t>(std::max(z1 - z0, 0)));
  for (int z = z0; z < z1; ++z) {
    for (int x = 0; x < w; ++x) {
      vertices.emplace_back(static_cast<float>(x) * s, heightmap.at(x, z),
                            static_cast<float>(z) * s);
    }
  }
  return vertices;
}

std::vector<std::uint32_t> terrain_indices(int width, int depth) {
  std::vector<std::uint32_t> indices;
  indices.reserve(static_cast<std::size_t>(width - 1) * static_cast<std::size_t>(depth - 1) * 6);
  const auto w = static_cast<std::uint32_t>(width);
  for (std::uint32_t z = 0; z + 1 < static_cast<std::uint32_t>(depth); ++z) {
    for (std::uint32_t x = 0; x + 1 < w; ++x) {
      const std::uint32_t v00 = z * w + x;
      const std::uint32_t v10 = v00 + 1;
      const std::uint32_t v01 = v00 + w;
      const std::uint32_t v11 = v01 + 1;
      indices.insert(indices.end(), {v00, v10, v11, v00, v11, v01});
    }
  }
  return indices;
}

}  // namespace terranav::engine
