#include "terranav/engine/render/terrain_mesh.hpp"

#include <cmath>
#include <random>

#include <gtest/gtest.h>

namespace terranav::engine {
namespace {

TEST(TerrainMesh, IndicesSplitEachCellAlongItsMainDiagonal) {
  // 3 x 2 samples: vertices 0 1 2 / 3 4 5, cells (0,0) and (1,0).
  const std::vector<std::uint32_t> expected = {0, 1, 4, 0, 4, 3, 1, 2, 5, 1, 5, 4};
  EXPECT_EQ(terrain_indices(3, 2), expected);
}

TEST(TerrainMesh, VerticesSitOnSamplesAndGradientsAreThePlanes) {
  // Plane h = 0.5 x_m - 0.25 z_m on a 4 x 3 grid, 2 m spacing: every
  // sample's gradient, borders (one-sided differences) included.
  std::vector<float> h;
  for (int z = 0; z < 3; ++z) {
    for (int x = 0; x < 4; ++x) h.push_back(static_cast<float>(0.5 * 2 * x - 0.25 * 2 * z));
  }
  const nav::Heightmap map(4, 3, 2.0, h);
  const std::vector<glm::vec3> v = terrain_vertices(map);
  ASSERT_EQ(v.size(), 12u);
  for (int z = 0; z < 3; ++z) {
    for (int x = 0; x < 4; ++x) {
      const glm::vec3& vertex = v[static_cast<std::size_t>(z * 4 + x)];
      EXPECT_FLOAT_EQ(vertex.x, 2.0f * static_cast<float>(x));
      EXPECT_FLOAT_EQ(vertex.y, map.at(x, z));
      EXPECT_FLOAT_EQ(vertex.z, 2.0f * static_cast<float>(z));
      const glm::vec2 g = sample_gradient(map, x, z);
      EXPECT_NEAR(g.x, 0.5f, 1e-6f);
      EXPECT_NEAR(g.y, -0.25f, 1e-6f);
    }
  }
}

// The drawn surface is the picked one: interpolating the mesh triangle that
// covers a point gives Heightmap::surface_height there.
TEST(TerrainMesh, TrianglesInterpolateToTheNavSurface) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> height(0.0f, 50.0f);
  std::vector<float> h(9 * 7);
  for (float& value : h) value = height(rng);
  const nav::Heightmap map(9, 7, 5.0, h);
  const std::vector<glm::vec3> v = terrain_vertices(map);
  const std::vector<std::uint32_t> idx = terrain_indices(9, 7);
  std::uniform_real_distribution<double> px(0.0, 40.0), pz(0.0, 30.0);
  for (int k = 0; k < 500; ++k) {
    const glm::dvec2 p(px(rng), pz(rng));
    bool found = false;
    for (std::size_t t = 0; t < idx.size() && !found; t += 3) {
      const glm::dvec3 a(v[idx[t]]), b(v[idx[t + 1]]), c(v[idx[t + 2]]);
      // Barycentric coordinates of p in the triangle's x/z projection.
      const double det = (b.z - c.z) * (a.x - c.x) + (c.x - b.x) * (a.z - c.z);
      const double l1 = ((b.z - c.z) * (p.x - c.x) + (c.x - b.x) * (p.y - c.z)) / det;
      const double l2 = ((c.z - a.z) * (p.x - c.x) + (a.x - c.x) * (p.y - c.z)) / det;
      const double l3 = 1.0 - l1 - l2;
      if (l1 < -1e-12 || l2 < -1e-12 || l3 < -1e-12) continue;
      found = true;
      EXPECT_NEAR(l1 * a.y + l2 * b.y + l3 * c.y, map.surface_height(p.x, p.y), 1e-3)
          << "at " << p.x << ", " << p.y;
    }
    EXPECT_TRUE(found);
  }
}

}  // namespace
}  // namespace terranav::engine
