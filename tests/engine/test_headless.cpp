// End to end with EGL surfaceless (no X, no GPU): script -> picking -> A* ->
// walking -> one rendered frame, checked pixel by pixel.
#include "app/headless.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "app/resource_paths.hpp"
#include "pixel_checks.hpp"
#include "terranav/engine/platform/egl_context.hpp"
#include "terranav/engine/render/path_ribbon.hpp"
#include "terranav/engine/render/renderer.hpp"
#include "terranav/engine/render/unit_mesh.hpp"
#include "terranav/engine/ui/minimap.hpp"
#include "test_worlds.hpp"

namespace terranav::engine {
namespace {

using test::near_colour;

class HeadlessTest : public ::testing::Test {
 protected:
  HeadlessTest()
      : world(test::small_terrain(), {}), camera(default_camera(world.heightmap(), viewport)) {}

  glm::dvec2 pixel_of(nav::TileCoord tile) const {
    return project(camera, viewport, world.graph().tile_centre(world.graph().id(tile))).value();
  }

  Viewport viewport{480, 270};
  World world;
  OrbitCamera camera;
};

// Path-coloured pixels along the polyline, every 2 m, where the ribbon's
// centre line shows (lifted as path_ribbon lifts it) more than `clear_px`
// from `away` (where the unit marker stands), and samples counted.
struct PathPixels {
  int coloured = 0;
  int checked = 0;
};
PathPixels path_pixels(const Image& image, const World& world, const OrbitCamera& camera,
                       Viewport viewport, std::span<const nav::Vec3> polyline, glm::dvec2 away,
                       double clear_px) {
  PathPixels found;
  const RibbonStyle style;
  for (std::size_t k = 1; k < polyline.size(); ++k) {
    const nav::Vec3& a = polyline[k - 1];
    const nav::Vec3& b = polyline[k];
    const int steps = static_cast<int>(std::hypot(b.x - a.x, b.z - a.z) / 2.0);
    for (int n = 0; n < steps; ++n) {
      const double t = static_cast<double>(n) / steps;
      nav::Vec3 p{a.x + t * (b.x - a.x), 0.0, a.z + t * (b.z - a.z)};
      p.y = world.heightmap().surface_height(p.x, p.z);
      p.y += style.lift_px * metres_per_pixel(camera, viewport, p) / camera.vertical_exaggeration;
      const auto pixel = project(camera, viewport, p);
      if (!pixel || glm::length(*pixel - away) < clear_px || pixel->x < 0.0 || pixel->y < 0.0 ||
          pixel->x >= image.width || pixel->y >= image.height) {
        continue;
      }
      const auto colour = image.at(static_cast<int>(pixel->x), static_cast<int>(pixel->y));
      found.coloured += near_colour(colour, kPathColour, 8) ? 1 : 0;
      ++found.checked;
    }
  }
  return found;
}

// Half way: the path ahead of the unit is drawn, the part walked is not;
// arrived: no path is drawn.
TEST_F(HeadlessTest, OnlyThePathAheadIsDrawn) {
  const nav::TileCoord goal{3, 28};
  // 18 s at 5 m/s: about half of the 180 m.
  const app::Script half_way{.clicks = {{pixel_of(goal)}}, .frames = 18 * 60};
  const app::HeadlessRun run =
      app::run_headless(world, camera, viewport, half_way, app::shader_dir(), {.overlay = false});
  ASSERT_EQ(run.simulation.clicks.size(), 1u);
  EXPECT_EQ(run.simulation.clicks[0].order.status, OrderStatus::Ordered);
  ASSERT_TRUE(world.unit(UnitId{0}).unit.moving());
  ASSERT_EQ(run.image.width, viewport.width);
  ASSERT_EQ(run.image.height, viewport.height);
  int terrain_pixels = 0;
  for (int y = 0; y < run.image.height; ++y) {
    for (int x = 0; x < run.image.width; ++x) {
      terrain_pixels += near_colour(run.image.at(x, y), kClearColour, 2) ? 0 : 1;
    }
  }
  EXPECT_GT(terrain_pixels, run.image.width * run.image.height / 2);

  const nav::Unit& unit = world.unit(UnitId{0}).unit;
  const glm::dvec2 at_unit = project(camera, viewport, unit.position()).value();
  const std::vector<nav::Vec3> ahead =
      remaining_path(unit.path(), unit.next_waypoint(), unit.position());
  std::vector<nav::Vec3> walked(
      unit.path().begin(), unit.path().begin() + static_cast<std::ptrdiff_t>(unit.next_waypoint()));
  walked.push_back(unit.position());
  const PathPixels drawn = path_pixels(run.image, world, camera, viewport, ahead, at_unit, 20.0);
  const PathPixels gone = path_pixels(run.image, world, camera, viewport, walked, at_unit, 20.0);
  EXPECT_GE(drawn.checked, 10);
  EXPECT_GE(gone.checked, 10);
  EXPECT_GE(drawn.coloured, drawn.checked * 9 / 10);
  EXPECT_EQ(gone.coloured, 0);

  const app::Script rest{.frames = 100000, .until_arrived = true};
  const app::HeadlessRun arrived =
      app::run_headless(world, camera, viewport, rest, app::shader_dir(), {.overlay = false});
  EXPECT_EQ(world.unit(UnitId{0}).unit.tile(), goal);
  EXPECT_FALSE(world.unit(UnitId{0}).unit.moving());
  int path_coloured = 0;
  for (int y = 0; y < arrived.image.height; ++y) {
    for (int x = 0; x < arrived.image.width; ++x) {
      path_coloured += near_colour(arrived.image.at(x, y), kPathColour, 8) ? 1 : 0;
    }
  }
  EXPECT_EQ(path_coloured, 0);
}

// The hover preview is drawn in white along the path an order would walk,
// and only with --hover.
TEST_F(HeadlessTest, HoverPreviewIsDrawnAlongThePreviewedPath) {
  const glm::dvec2 hover = pixel_of({3, 28});
  const std::vector<nav::Vec3> path = world.preview(UnitId{0}, unproject(camera, viewport, hover));
  ASSERT_GE(path.size(), 2u);
  const app::HeadlessRun with =
      app::run_headless(world, camera, viewport, {.frames = 1}, app::shader_dir(),
                        {.overlay = false, .hover = hover});
  const app::HeadlessRun without = app::run_headless(world, camera, viewport, {.frames = 1},
                                                     app::shader_dir(), {.overlay = false});
  const glm::dvec2 at_unit =
      project(camera, viewport, world.unit(UnitId{0}).unit.position()).value();
  int white_with = 0;
  int white_without = 0;
  int checked = 0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    for (int n = 0; n < 20; ++n) {
      const double t = n / 20.0;
      nav::Vec3 p{path[k - 1].x + t * (path[k].x - path[k - 1].x), 0.0,
                  path[k - 1].z + t * (path[k].z - path[k - 1].z)};
      p.y = world.heightmap().surface_height(p.x, p.z);
      const glm::dvec2 px = project(camera, viewport, p).value();
      if (glm::length(px - at_unit) < 20.0) continue;  // the unit marker
      if (px.x < 0.0 || px.y < 0.0 || px.x >= viewport.width || px.y >= viewport.height) continue;
      ++checked;
      const auto x = static_cast<int>(px.x);
      const auto y = static_cast<int>(px.y);
      white_with += near_colour(with.image.at(x, y), kPreviewColour, 8) ? 1 : 0;
      white_without += near_colour(without.image.at(x, y), kPreviewColour, 8) ? 1 : 0;
    }
  }
  EXPECT_GE(checked, 20);
  EXPECT_GE(white_with, checked * 8 / 10);
  EXPECT_EQ(white_without, 0);
}

// A right-click on the minimap sends the selection to the map point under
// it: every unit walks there (in formation) from 140 m away.
TEST_F(HeadlessTest, MinimapRightClickSendsTheUnitsThere) {
  const nav::Vec3 goal = world.graph().tile_centre(world.graph().id({6, 26}));
  const glm::dvec2 pixel =
      minimap_pixel(minimap_layout(world.heightmap(), viewport), goal.x, goal.z);
  for (const SceneUnit& u : world.units()) {
    ASSERT_GT(std::hypot(u.unit.position().x - goal.x, u.unit.position().z - goal.z), 100.0);
  }
  const app::Script script{
      .clicks = {{pixel, true}}, .frames = 100000, .time_scale = 8.0, .until_arrived = true};
  const app::HeadlessRun run =
      app::run_headless(world, camera, viewport, script, app::shader_dir(), {.overlay = false});
  ASSERT_FALSE(run.simulation.log.empty());
  EXPECT_EQ(run.simulation.log.front().rfind("minimap click (", 0), 0u)
      << run.simulation.log.front();
  ASSERT_EQ(run.simulation.clicks.size(), 1u);
  EXPECT_EQ(run.simulation.clicks[0].order.status, OrderStatus::Ordered);
  EXPECT_EQ(run.simulation.clicks[0].order.units, world.units().size());
  for (const SceneUnit& u : world.units()) {
    EXPECT_FALSE(u.unit.moving());
    EXPECT_LT(std::hypot(u.unit.position().x - goal.x, u.unit.position().z - goal.z),
              3.0 * kFormationSpacingM)
        << "unit " << static_cast<int>(u.id);
  }
}

// Far away the unit is drawn at its minimum size on screen, not as a speck.
TEST_F(HeadlessTest, TheUnitStaysVisibleFromFarAway) {
  const app::HeadlessRun run = app::run_headless(world, camera, viewport, {.frames = 1},
                                                 app::shader_dir(), {.overlay = false});
  const glm::dvec2 at_unit =
      project(camera, viewport, world.unit(UnitId{0}).unit.position()).value();
  int unit_pixels = 0;
  for (int y = 0; y < run.image.height; ++y) {
    for (int x = 0; x < run.image.width; ++x) {
      const auto c = run.image.at(x, y);
      // Lit yellow: red and green high, blue low.
      if (c[0] > 100 && c[1] > 80 && c[2] < 40 && glm::length(glm::dvec2(x, y) - at_unit) < 30.0) {
        ++unit_pixels;
      }
    }
  }
  // 2 m is 2 pixels here; kMinUnitPixels long, the marker covers dozens.
  EXPECT_LT(
      kUnitLengthM / metres_per_pixel(camera, viewport, world.unit(UnitId{0}).unit.position()),
      3.0);
  EXPECT_GT(unit_pixels, 30);
}

TEST_F(HeadlessTest, OverlayDrawsTextAtTheTopOnly) {
  const app::Script script{.frames = 1};
  const Image without =
      app::run_headless(world, camera, viewport, script, app::shader_dir(), {.overlay = false})
          .image;
  // The text alone: the minimap (bottom-right) has its own test.
  const Image with = app::run_headless(world, camera, viewport, script, app::shader_dir(),
                                       {.overlay = true, .minimap = false})
                         .image;
  int changed_top = 0;
  int changed_bottom = 0;
  for (int y = 0; y < viewport.height; ++y) {
    for (int x = 0; x < viewport.width; ++x) {
      if (with.at(x, y) == without.at(x, y)) continue;
      (y < viewport.height / 2 ? changed_top : changed_bottom)++;
    }
  }
  EXPECT_GT(changed_top, 5000);
  EXPECT_EQ(changed_bottom, 0);
}

TEST(HeadlessErrors, MissingShaderNamesTheFile) {
  const World world(test::small_terrain(), {});
  const EglContext context;
  try {
    Renderer renderer("/nonexistent-shaders", world);
    FAIL() << "no error";
  } catch (const nav::Error& e) {
    EXPECT_STREQ(e.what(), "shader /nonexistent-shaders/terrain.vert: cannot open file");
  }
}

TEST(HeadlessErrors, CompileErrorNamesTheFileAndLine) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "terranav-bad-shaders";
  std::filesystem::create_directories(dir);
  for (const char* name :
       {"terrain.vert", "terrain.frag", "solid.vert", "solid.frag", "debug.vert", "debug.frag"}) {
    std::filesystem::copy_file(app::shader_dir() / name, dir / name,
                               std::filesystem::copy_options::overwrite_existing);
  }
  std::ofstream(dir / "terrain.frag") << "#version 330 core\nvoid main() { oops; }\n";
  const World world(test::small_terrain(), {});
  const EglContext context;
  try {
    Renderer renderer(dir, world);
    FAIL() << "no error";
  } catch (const nav::Error& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("shader " + (dir / "terrain.frag").string() + ": compile error: ", 0), 0u)
        << what;
    EXPECT_EQ(what.find('\n'), std::string::npos);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace terranav::engine
