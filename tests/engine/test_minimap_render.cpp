// The minimap and the order markers in a headless frame (EGL surfaceless):
// found pixel by pixel where the geometry says they are.
#include <array>
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

  // The same order given on the terrain and on the minimap (over the tile's
  // centre), each with every unit selected.
  std::array<app::Script, 2> orders_to(nav::TileCoord tile) const {
    const nav::Vec3 centre = world.graph().tile_centre(world.graph().id(tile));
    const glm::dvec2 on_map =
        minimap_pixel(minimap_layout(world.heightmap(), viewport), centre.x, centre.z);
    return {app::Script{.select_all = true, .clicks = {{pixel_of(tile)}}},
            app::Script{.select_all = true, .clicks = {{on_map, true}}}};
  }

  // `script` run on a fresh world: the picture without the overlay, its
  // last order and where that order hit on screen.
  struct OrderRun {
    Image image;
    OrderReport order;
    glm::dvec2 hit{0.0};
  };
  OrderRun run_order(const app::Script& script) const {
    World fresh(test::small_terrain(), {});
    OrderRun run{
        app::run_headless(fresh, camera, viewport, script, app::shader_dir(), {.overlay = false})
            .image,
        fresh.last_order().value(), glm::dvec2(0.0)};
    run.hit = project(camera, viewport, run.order.hit.value()).value();
    return run;
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
  const Image flat = minimap_image(world.heightmap(), 200, 200,
                                   static_cast<float>(world.graph().config().max_slope));
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
  for (const app::Script& script : orders_to({12, 10})) {
    const OrderRun run = run_order(script);
    ASSERT_EQ(run.order.status, OrderStatus::Ordered);
    EXPECT_GT(count_near(run.image, run.hit, kMarkerRadiusPx + 2.0, kTargetColour), 40);
    EXPECT_EQ(count_near(run.image, run.hit, kMarkerRadiusPx + 2.0, kRefusedColour), 0);
    // Nowhere far from it.
    EXPECT_EQ(count_near(run.image, pixel_of({20, 24}), kMarkerRadiusPx, kTargetColour), 0);
  }
}

TEST_F(MinimapRenderTest, RedCrossWhereAnOrderWasRefused) {
  for (const app::Script& script : orders_to(test::kSpikeTile)) {
    const OrderRun run = run_order(script);
    ASSERT_EQ(run.order.status, OrderStatus::InvalidGoal);
    EXPECT_GT(count_near(run.image, run.hit, kMarkerRadiusPx + 2.0, kRefusedColour), 20);
    EXPECT_EQ(count_near(run.image, run.hit, kMarkerRadiusPx + 2.0, kTargetColour), 0);
  }
}

TEST_F(MinimapRenderTest, PathsOffDrawsNoPath) {
  app::Script script;
  script.select_all = true;
  script.clicks = {{pixel_of({12, 10})}};
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
