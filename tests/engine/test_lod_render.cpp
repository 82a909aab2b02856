// The level-of-detail terrain against the full-resolution mesh, rendered
// with EGL surfaceless: on-screen height error within a pixel, the same
// picture within a colour tolerance, far fewer triangles; after an edit too.
#include <algorithm>
#include <cstdlib>
#include <vector>

#include <gtest/gtest.h>

#include "app/bench.hpp"
#include "app/resource_paths.hpp"
#include "terranav/engine/gl/offscreen_target.hpp"
#include "terranav/engine/platform/egl_context.hpp"
#include "terranav/engine/render/lod_error.hpp"
#include "terranav/engine/render/renderer.hpp"
#include "terranav/terrain_io/procedural.hpp"

namespace terranav::engine {
namespace {

const Viewport kViewport{320, 180};

nav::Terrain procedural_terrain() {
  // Gentle relief: far enough away a coarser grid is within a pixel.
  return {nav::procedural_heightmap(
              {.size = 257, .seed = 5, .spacing_m = 30.0, .relief_m = 200.0, .octaves = 4}),
          4,
          {}};
}

OrbitCamera low_camera(const nav::Heightmap& h) {
  const OrbitCamera start = default_camera(h, kViewport);
  const double x = 0.45 * h.extent_x();
  const double z = 0.55 * h.extent_z();
  OrbitCamera c = looking_at(start, {x, h.surface_height(x, z), z}, 0.3 * start.distance);
  c.pitch = 0.3;
  c.yaw = 0.5;
  return c;
}

/// Fraction of pixels where some channel differs by more than `tolerance`.
double differing(const Image& a, const Image& b, int tolerance) {
  int count = 0;
  for (int y = 0; y < a.height; ++y) {
    for (int x = 0; x < a.width; ++x) {
      const auto p = a.at(x, y);
      const auto q = b.at(x, y);
      for (std::size_t c = 0; c < 3; ++c) {
        if (std::abs(p[c] - q[c]) > tolerance) {
          ++count;
          break;
        }
      }
    }
  }
  return static_cast<double>(count) / (a.width * a.height);
}

struct Frame {
  Image image;
  std::int64_t triangles = 0;
  LodError error;
};

Frame render(Renderer& renderer, const World& world, const OrbitCamera& camera,
             const OffscreenTarget& target) {
  target.bind();
  Frame f;
  f.triangles = renderer.draw_terrain(world, camera, kViewport);
  f.image = target.read();
  f.error = lod_error(world.heightmap(), camera, kViewport,
                      terrain_depth(renderer, world, camera, kViewport));
  return f;
}

TEST(LodRender, MatchesTheFullMeshWithinAPixelWithFewerTriangles) {
  const EglContext context;
  const OffscreenTarget target(kViewport);
  World world(procedural_terrain(), {});
  Renderer renderer(app::shader_dir(), world, true);
  const OrbitCamera views[] = {default_camera(world.heightmap(), kViewport),
                               low_camera(world.heightmap())};
  for (const OrbitCamera& camera : views) {
    renderer.set_lod(true, world);
    const Frame lod = render(renderer, world, camera, target);
    renderer.set_lod(false, world);
    const Frame full = render(renderer, world, camera, target);
    EXPECT_GT(lod.error.pixels, kViewport.width * kViewport.height / 4);
    EXPECT_LE(lod.error.max_px, 1.0);
    EXPECT_LE(full.error.max_px, 0.1);  // the measure's own noise
    EXPECT_EQ(full.triangles, 2 * 256 * 256);
    EXPECT_LT(lod.triangles * 3, full.triangles);
    // The same picture but for the odd pixel along a silhouette.
    EXPECT_LT(differing(lod.image, full.image, 12), 0.01);
  }
}

// The app's `--procedural 1025` terrain (steep: 133 m of relief on 1 km,
// shown exaggerated) along the bench's camera path: every frame within a
// pixel and covering what the full mesh covers. Morphing by display
// distance, the vertex shader needs the exaggeration; without it this map
// showed 1.4 px. The frames draw thousands of pieces, on a software
// renderer in several batches between flushes (TerrainLod::draw), so a
// batch drawn from the wrong instances leaves holes.
TEST(LodRender, WithinAPixelAlongTheBenchPath) {
  const EglContext context;
  const OffscreenTarget target(kViewport);
  World world({nav::procedural_heightmap({.size = 1025}), 1, {}}, {});
  Renderer renderer(app::shader_dir(), world, true);
  std::int64_t most = 0;
  for (const OrbitCamera& camera : app::bench_cameras(world.heightmap(), kViewport, 16)) {
    renderer.set_lod(true, world);
    const Frame lod = render(renderer, world, camera, target);
    renderer.set_lod(false, world);
    const Frame full = render(renderer, world, camera, target);
    EXPECT_LE(lod.error.max_px, 1.0) << "yaw " << camera.yaw << " pitch " << camera.pitch;
    EXPECT_NEAR(lod.error.pixels, full.error.pixels, full.error.pixels / 200)
        << "yaw " << camera.yaw << " pitch " << camera.pitch;
    most = std::max(most, lod.triangles);
  }
  EXPECT_GT(most, 3 * 512 * 32);  // pieces of 4 x 4 cells in four batches of 512 or fewer
}

TEST(LodRender, FollowsATerrainEdit) {
  const EglContext context;
  const OffscreenTarget target(kViewport);
  World world(procedural_terrain(), {});
  Renderer renderer(app::shader_dir(), world, true);
  const OrbitCamera camera = default_camera(world.heightmap(), kViewport);
  const Frame before = render(renderer, world, camera, target);
  // A 300 m block in the middle of the map.
  const nav::SampleRect rect{110, 110, 140, 150};
  std::vector<float> heights(30 * 40, world.heightmap().max_height() + 300.0f);
  world.edit([&](nav::NavTerrain& t) { return t.set_heights(rect, heights); });
  const Frame after = render(renderer, world, camera, target);
  EXPECT_LE(after.error.max_px, 1.0);
  EXPECT_GT(differing(before.image, after.image, 12), 0.005);
}

// A small edit through terrain_changed: only its texels (LOD) or rows (full
// mesh) go up, and the picture is the one a renderer built after the edit
// draws.
class SubRectangle : public testing::TestWithParam<bool> {};

TEST_P(SubRectangle, UpdateDrawsWhatARebuildDraws) {
  const bool lod = GetParam();
  const EglContext context;
  const OffscreenTarget target(kViewport);
  World world(procedural_terrain(), {});
  Renderer renderer(app::shader_dir(), world, lod);
  const OrbitCamera camera = default_camera(world.heightmap(), kViewport);
  render(renderer, world, camera, target);
  const nav::SampleRect rect{61, 93, 84, 101};
  std::vector<float> heights;
  for (int z = rect.z0; z < rect.z1; ++z) {
    for (int x = rect.x0; x < rect.x1; ++x) {
      heights.push_back(world.heightmap().at(x, z) + static_cast<float>(10 * (x % 5) + 150));
    }
  }
  world.edit([&](nav::NavTerrain& t) { return t.set_heights(rect, heights); });
  renderer.terrain_changed(world, rect);
  const Frame updated = render(renderer, world, camera, target);
  EXPECT_LE(updated.error.max_px, 1.0);
  Renderer fresh(app::shader_dir(), world, lod);
  const Frame rebuilt = render(fresh, world, camera, target);
  EXPECT_EQ(updated.triangles, rebuilt.triangles);
  EXPECT_EQ(differing(updated.image, rebuilt.image, 0), 0.0);
}

INSTANTIATE_TEST_SUITE_P(LodRender, SubRectangle, testing::Values(true, false),
                         [](const testing::TestParamInfo<bool>& p) {
                           return std::string(p.param ? "Lod" : "FullMesh");
                         });

// Without multisampling the picture is the same but for edge pixels.
TEST(LodRender, SamePictureWithoutMultisampling) {
  const EglContext context;
  const OffscreenTarget multisampled(kViewport, 4);
  const OffscreenTarget plain(kViewport, 0);
  EXPECT_EQ(plain.samples(), 0);
  EXPECT_GE(multisampled.samples(), 2);
  World world(procedural_terrain(), {});
  Renderer renderer(app::shader_dir(), world, true);
  const OrbitCamera camera = low_camera(world.heightmap());
  const Frame a = render(renderer, world, camera, multisampled);
  const Frame b = render(renderer, world, camera, plain);
  EXPECT_EQ(a.triangles, b.triangles);
  EXPECT_LT(differing(a.image, b.image, 12), 0.02);
  EXPECT_GT(differing(a.image, b.image, 0), 0.0);  // multisampling did something
}

}  // namespace
}  // namespace terranav::engine
