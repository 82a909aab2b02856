// The minimap and the order markers in a headless frame (EGL surfaceless):
// found pixel by pixel where the geometry says they are.
#include <cmath>
#include <cstdlib>

#include <gtest/gtest.h>

#include "app/headless.hpp"
#include "app/resource_paths.hpp"
#include "pixel_checks.hpp"
#include "terranav/engine/render/renderer.hpp"
#include "terranav/engine/ui/minimap.hpp"
#include "test_worlds.hpp"

namespace terranav::engine {
namespace {

using test::near_colour;

/// Pixels of `colour` within `radius` px of `centre`.
int count_near(const Image& image, glm::dvec2 centre, double radius, glm::vec3 colour) {
  int found = 0;
  for (int y = static_cast<int>(centre.y - radius); y <= static_cast<int>(centre.y + radius); ++y) {
    for (int x = static_cast<int>(centre.x - radius); x <= static_cast<int>(centre.x + radius);
         ++x) {
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      if (glm::length(glm::dvec2(x + 0.5, y + 0.5) - centre) > radius) continue;
      found += near_colour(image.at(x, y), colour, 8) ? 1 : 0;
    }
  }
  return found;
}

class MinimapRenderTest : public ::testing::Test {
 protected:
  MinimapRenderTest()
      : world(test::small_terrain(), {}), camera(default_camera(world.heightmap(), viewport)) {}

  glm::dvec2 pixel_of(nav::TileCoord tile) const {
    return project(camera, viewport, world.graph().tile_centre(world.graph().id(tile))).value();
  }

  Viewport viewport{960, 540};
  World world;
  OrbitCamera camera;
};

TEST_F(MinimapRenderTest, MapInTheBottomRightCornerWithTheUnitDot) {
  app::Script script;
  script.select_all = true;
  const app::HeadlessRun on = app::run_headless(world, camera, viewport, script, app::shader_dir());
  const MinimapLayout layout = minimap_layout(world.heightmap(), viewport);
  // 320 x 320 m: 200 x 200 px, 10 px from the right and bottom edges.
  ASSERT_DOUBLE_EQ(layout.origin.x, 750.0);
  ASSERT_DOUBLE_EQ(layout.origin.y, 330.0);
  const nav::Vec3 unit = world.unit(UnitId{0}).unit.position();
  const glm::dvec2 dot = minimap_pixel(layout, unit.x, unit.z);
  EXPECT_TRUE(near_colour(on.image.at(static_cast<int>(dot.x), static_cast<int>(dot.y)),
                          kSelectedColour, 12));
  // The flat ground away from the spike and the dot shows the hillshade's
  // flat colour: the lowest of the ramp under the flat light.
  const Image flat = minimap_image(world.heightmap(), 200, 200);
  const glm::dvec2 ground = minimap_pixel(layout, 40.0, 300.0);
  const auto expected = flat.at(20, 187);
  const auto got = on.image.at(static_cast<int>(ground.x), static_cast<int>(ground.y));
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(got[c], expected[c], 6) << "channel " << c;
  // Without the minimap that corner is the 3D terrain (or sky), not the dot.
  World other(test::small_terrain(), {});
  const app::HeadlessRun off = app::run_headless(other, camera, viewport, script, app::shader_dir(),
                                                 {.overlay = true, .minimap = false});
  EXPECT_FALSE(near_colour(off.image.at(static_cast<int>(dot.x), static_cast<int>(dot.y)),
                           kSelectedColour, 12));
}

TEST_F(MinimapRenderTest, TargetRingWhereTheOrderWent) {
  app::Script script;
  script.select_all = true;
  const nav::TileCoord goal{12, 10};
  script.clicks = {pixel_of(goal)};
  const app::HeadlessRun run =
      app::run_headless(world, camera, viewport, script, app::shader_dir(), {.overlay = false});
  ASSERT_TRUE(world.last_order());
  ASSERT_EQ(world.last_order()->status, OrderStatus::Ordered);
  const glm::dvec2 hit = project(camera, viewport, *world.last_order()->hit).value();
  EXPECT_GT(count_near(run.image, hit, kMarkerRadiusPx + 2.0, kTargetColour), 40);
  EXPECT_EQ(count_near(run.image, hit, kMarkerRadiusPx + 2.0, kRefusedColour), 0);
  // Nowhere far from it.
  EXPECT_EQ(count_near(run.image, pixel_of({20, 24}), kMarkerRadiusPx, kTargetColour), 0);
}

TEST_F(MinimapRenderTest, RedCrossWhereAnOrderWasRefused) {
  app::Script script;
  script.select_all = true;
  script.clicks = {pixel_of(test::kSpikeTile)};
  const app::HeadlessRun run =
      app::run_headless(world, camera, viewport, script, app::shader_dir(), {.overlay = false});
  ASSERT_TRUE(world.last_order());
  ASSERT_EQ(world.last_order()->status, OrderStatus::InvalidGoal);
  const glm::dvec2 hit = project(camera, viewport, *world.last_order()->hit).value();
  EXPECT_GT(count_near(run.image, hit, kMarkerRadiusPx + 2.0, kRefusedColour), 20);
  EXPECT_EQ(count_near(run.image, hit, kMarkerRadiusPx + 2.0, kTargetColour), 0);
}

TEST_F(MinimapRenderTest, PathsOffDrawsNoPath) {
  app::Script script;
  script.select_all = true;
  script.clicks = {pixel_of({12, 10})};
  script.frames = 30;
  const app::HeadlessRun off =
      app::run_headless(world, camera, viewport, script, app::shader_dir(),
                        {.overlay = false, .minimap = false, .paths = false});
  ASSERT_TRUE(world.unit(UnitId{0}).unit.moving());
  int magenta = 0;
  for (int y = 0; y < off.image.height; ++y) {
    for (int x = 0; x < off.image.width; ++x)
      magenta += near_colour(off.image.at(x, y), kPathColour, 8);
  }
  EXPECT_EQ(magenta, 0);
  World other(test::small_terrain(), {});
  const app::HeadlessRun on =
      app::run_headless(other, camera, viewport, script, app::shader_dir(), {.overlay = false});
  int shown = 0;
  for (int y = 0; y < on.image.height; ++y) {
    for (int x = 0; x < on.image.width; ++x)
      shown += near_colour(on.image.at(x, y), kPathColour, 8);
  }
  EXPECT_GT(shown, 20);
}

}  // namespace
}  // namespace terranav::engine
